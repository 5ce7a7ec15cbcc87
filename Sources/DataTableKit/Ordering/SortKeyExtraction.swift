// How `SortKeyColumn`'s builders split their rows over both cores: the control (progress,
// cancellation), the split (`inParts`, `onBothCores`), and what each part finds besides keys.

/// What one part of `SortKeyColumn.buildNumeric` found.
struct NumericPart {
    var reading: KeyReading
    var anyDouble = false
    var mantissas = MantissaRanges()
}

/// The smallest and largest fixed-point mantissa of each decimal scale (0...18) among a
/// column's values: whether every value fits the largest scale, and the range of the keys
/// (each value brought to that scale) before any key is made.
struct MantissaRanges {
    /// Scales 0...18 (`ValueParsing.Number.fixedPoint`).
    static let scales = 19
    var lows = [Int64](repeating: .max, count: scales)
    var highs = [Int64](repeating: .min, count: scales)

    /// Both parts' values.
    func union(_ other: MantissaRanges) -> MantissaRanges {
        var union = self
        for s in 0..<Self.scales {
            union.lows[s] = min(lows[s], other.lows[s])
            union.highs[s] = max(highs[s], other.highs[s])
        }
        return union
    }

    /// The scales some value has.
    var present: [Int] { (0..<Self.scales).filter { lows[$0] <= highs[$0] } }

    /// Whether the values have at most one scale (no value is multiplied).
    var isUniform: Bool { present.count <= 1 }

    /// What a value of each scale is multiplied by to reach the largest (`10^(largest - s)`).
    var factors: [Int64] {
        let largest = present.last ?? 0
        return (0..<Self.scales).map { $0 <= largest ? ValueParsing.powersOf10[largest - $0] : 1 }
    }

    /// The range of the keys (`OrderedKey.int` of each value at the largest scale): empty when
    /// there are no values, nil when some value overflows at the largest scale.
    var keyRange: KeyRange? {
        let factors = factors
        var range = KeyRange()
        for s in present {
            let (low, lowOverflow) = lows[s].multipliedReportingOverflow(by: factors[s])
            let (high, highOverflow) = highs[s].multipliedReportingOverflow(by: factors[s])
            if lowOverflow || highOverflow { return nil }
            range.add(OrderedKey.int(low))
            range.add(OrderedKey.int(high))
        }
        return range
    }

    /// A part's ranges while its rows are read: plain memory, no array checks per row.
    struct Builder {
        /// Lows of scales 0...18, then their highs.
        let bounds = UnsafeMutablePointer<Int64>.allocate(capacity: 2 * MantissaRanges.scales)

        init() {
            bounds.initialize(repeating: .max, count: MantissaRanges.scales)
            (bounds + MantissaRanges.scales).initialize(repeating: .min, count: MantissaRanges.scales)
        }

        @inline(__always) func add(_ mantissa: Int64, scale: UInt8) {
            let s = Int(scale)
            if mantissa < bounds[s] { bounds[s] = mantissa }
            if mantissa > bounds[MantissaRanges.scales &+ s] { bounds[MantissaRanges.scales &+ s] = mantissa }
        }

        var ranges: MantissaRanges {
            MantissaRanges(lows: Array(UnsafeBufferPointer(start: bounds, count: MantissaRanges.scales)),
                           highs: Array(UnsafeBufferPointer(start: bounds + MantissaRanges.scales, count: MantissaRanges.scales)))
        }

        func deallocate() { bounds.deallocate() }
    }
}

/// How a builder's held values (value rows only) become their keys while they are narrowed
/// (`SortKeyColumn.init(kind:values:nulls:range:strayRanks:control:keying:)`). A type per
/// mapping, so that each narrowing loop is compiled with its own, constants and all.
protocol ValueKeying {
    func key(_ value: UInt64, row: Int) -> UInt64
}

/// Fixed-point mantissas (Int64 bit patterns) as keys.
enum FixedPointKeying {
    /// Every value at the same scale: the mantissa's order-preserving key.
    struct Uniform: ValueKeying {
        @inline(__always) func key(_ value: UInt64, row: Int) -> UInt64 { OrderedKey.int(Int64(bitPattern: value)) }
    }

    /// Values of several scales: each mantissa brought to the largest by its row's factor.
    struct Scaled: ValueKeying {
        let factors: UnsafePointer<Int64>
        let scales: UnsafePointer<UInt8>
        @inline(__always) func key(_ value: UInt64, row: Int) -> UInt64 {
            OrderedKey.int(Int64(bitPattern: value) &* factors[Int(scales[row])])
        }
    }
}

/// What one part of `SortKeyColumn.buildDateTime` found.
struct DateTimePart {
    var reading: KeyReading
    var wholeDays = true, wholeSeconds = true
    /// The smallest and largest value (milliseconds); `earliest > latest` when there is none.
    var earliest = Int64.max, latest = Int64.min
}

/// What one part of `SortKeyColumn.buildBoolean` found.
struct BooleanPart {
    var reading: KeyReading
    var range = KeyRange()
}

/// What one part of `SortKeyColumn.buildText` found.
struct TextPart {
    var nulls: NullMaskBuilder
    var table: TextTable
}

/// How a key extraction runs: on one thread or split over both cores, how it reports progress
/// and how it learns that it was cancelled (both closures are called from the extracting
/// threads).
struct ExtractionControl: @unchecked Sendable {
    /// Split the rows in two halves extracted at once (the field reader must be thread-safe).
    var concurrent = false
    /// Polled every `step` rows of each half; true stops the extraction (it returns nil).
    var isCancelled: () -> Bool = { false }
    /// Told of every `step` rows read, by each half.
    var advance: (Int) -> Void = { _ in }
    /// Below this many rows one thread does the work (tests lower it to split tiny inputs).
    var minimumConcurrentRows = concurrentThreshold

    /// One thread, no progress, never cancelled: `extract`'s public entry points.
    static let serial = ExtractionControl()
    /// Rows between two progress reports and cancellation checks.
    static let step = 1 << 16
    /// Below this many rows one thread does the work (a second one costs more than it saves).
    static let concurrentThreshold = 1 << 16

    /// The same split, never cancelled (for the short passes that must finish once begun).
    var uncancellable: ExtractionControl {
        ExtractionControl(concurrent: concurrent, minimumConcurrentRows: minimumConcurrentRows)
    }

    /// Every `step` rows of `rows`: reports them and returns whether to stop.
    @inline(__always) func checkpoint(_ row: Int, of rows: Range<Int>) -> Bool {
        guard (row &- rows.lowerBound) & (Self.step - 1) == Self.step - 1 else { return false }
        advance(Self.step)
        return isCancelled()
    }
}

/// Runs `body` over `0..<count` as one range, or as two halves on two threads at once when
/// `control.concurrent` and the rows are many (split at a multiple of 64 rows, so the halves'
/// bitmap words never overlap). Returns each range with its result in row order, or nil when a
/// part returned nil (cancelled).
func inParts<Part>(count: Int, control: ExtractionControl, _ body: (Range<Int>) -> Part?) -> [(rows: Range<Int>, part: Part)]? {
    guard control.concurrent, count >= max(2, control.minimumConcurrentRows) else {
        return body(0..<count).map { [(0..<count, $0)] }
    }
    let split = (count / 2) & ~63
    let ranges = [0..<split, split..<count]
    let results = UnsafeMutablePointer<Part?>.allocate(capacity: 2)
    results.initialize(repeating: nil, count: 2)
    defer {
        results.deinitialize(count: 2)
        results.deallocate()
    }
    onBothCores { i in results[i] = body(ranges[i]) }
    guard let first = results[0], let second = results[1] else { return nil }
    return [(ranges[0], first), (ranges[1], second)]
}

/// Runs `body(0)` and `body(1)` at once, on the calling thread and a pool worker, and
/// returns when both have. `body` must make its two calls touch disjoint memory (the callers
/// write to different halves of their buffers), which the compiler cannot check: hence the
/// unchecked box.
func onBothCores(_ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
        let box = UncheckedSendableBox(value: body)
        BackgroundWork.forEachPart(2) { box.value($0) }
    }
}

/// The smallest and largest of a set of keys.
struct KeyRange {
    var min = UInt64.max
    var max = UInt64.min

    var isEmpty: Bool { min > max }

    @inline(__always) mutating func add(_ key: UInt64) {
        if key < min { min = key }
        if key > max { max = key }
    }

    func union(_ other: KeyRange) -> KeyRange {
        KeyRange(min: Swift.min(min, other.min), max: Swift.max(max, other.max))
    }

    /// The range of the keys `body` finds over `0..<count`, in parts (see `inParts`).
    static func over(count: Int, control: ExtractionControl, _ body: (Range<Int>) -> KeyRange) -> KeyRange? {
        inParts(count: count, control: control.uncancellable) { body($0) }.map { parts in
            parts.reduce(KeyRange()) { $0.union($1.part) }
        }
    }
}

/// What one part of a numeric, date or boolean extraction found besides the keys: its null and
/// stray rows and the stray texts.
struct KeyReading {
    var nulls: NullMaskBuilder
    var strays = StrayTexts()

    init(count: Int) { nulls = NullMaskBuilder(count: count) }

    /// The readings of the parts as one: bitmaps joined, the later parts' stray texts interned
    /// into the first's and their rows' stray ids in `keys` mapped to the joined ids.
    static func merged(_ parts: [(rows: Range<Int>, reading: KeyReading)], keys: inout [UInt64]) -> KeyReading {
        var merged = parts[0].reading
        for (rows, reading) in parts.dropFirst() {
            merged.nulls.merge(reading.nulls)
            guard reading.nulls.strayCount > 0 else { continue }
            let ids = merged.strays.intern(contentsOf: reading.strays)
            for row in rows where reading.nulls.isStray(row) { keys[row] = UInt64(ids[Int(keys[row])]) }
        }
        return merged
    }
}

/// Milliseconds since the epoch (Int64 bit patterns) as keys, in the column's unit (the
/// divisions by constants, so they compile to multiplications).
enum DateTimeKeying {
    /// Every value a whole day: days.
    struct Days: ValueKeying {
        @inline(__always) func key(_ value: UInt64, row: Int) -> UInt64 { OrderedKey.int(Int64(bitPattern: value) / 86_400_000) }
    }

    /// Every value a whole second: seconds.
    struct Seconds: ValueKeying {
        @inline(__always) func key(_ value: UInt64, row: Int) -> UInt64 { OrderedKey.int(Int64(bitPattern: value) / 1000) }
    }

    /// Milliseconds as they are.
    struct Milliseconds: ValueKeying {
        @inline(__always) func key(_ value: UInt64, row: Int) -> UInt64 { OrderedKey.int(Int64(bitPattern: value)) }
    }
}
