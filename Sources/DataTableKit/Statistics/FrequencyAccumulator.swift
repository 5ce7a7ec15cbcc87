import Synchronization

/// One thread's counts of a column's values (a part of `FrequencyRounds`): the distinct values
/// (bytes), how many rows hold each and the first of those rows, and the nulls.
///
/// The values start in one table (`single`), found by hash as each row comes: fast while the
/// table stays in the cache. When it grows past `partitionThreshold` distinct values (a
/// mostly-distinct column: each new value would then cost a cache miss on a slot of a large
/// table), the thread asks for the split (`FrequencySplitSignal`) and from then on stages each
/// value (hash, row, bytes; a sequential write) in the buffer of the table by hash it belongs
/// to, until a round's staging limit; the tables' owners intern them (`FrequencyRounds`). Nulls
/// are told once per distinct value in the one table (`FrequencyPartition.nullIDs`), per
/// staged row after the split (docs/decisions/0139-frequency-by-partitions.md).
struct FrequencyAccumulator {
    /// Distinct values in the one table before the split.
    static let partitionThreshold = 1 << 15
    /// Rows of raw fields read at once (`RawFieldBatch`): few enough that their records are
    /// still in the cache when their values are staged (4,096 made mostly-distinct columns
    /// slower, docs/decisions/0156).
    static let batchRows = 256

    /// The one table, until the split (then moved to the tables by hash).
    var single = FrequencyPartition()
    /// Whether this thread stages its values for the tables by hash.
    var isSplit = false
    var nulls = 0
    /// Rows counted (values and nulls).
    var rows = 0
    /// This round's staging buffers, one per table by hash (set while split).
    var staging: UnsafeMutablePointer<FrequencyStaging>?
    /// Tables by hash - 1 (a power of two less one: a hash's low bits pick one).
    let partitionMask: Int
    /// Bytes staged this round, and the most a round stages.
    var staged = 0
    let stagingLimit: Int
    /// Raised when a thread splits, so that the others pause and split too.
    let signal: FrequencySplitSignal

    init(partitionMask: Int, stagingLimit: Int, signal: FrequencySplitSignal) {
        self.partitionMask = partitionMask
        self.stagingLimit = stagingLimit
        self.signal = signal
    }

    /// Counts the rows of `range` (those set in `bitmap`, when given) until they are done, this
    /// round's staging is full, or another thread split while this one had not: returns the
    /// first row not counted (`range.upperBound` when done). `check(counted)` every
    /// `FrequencyCounter.checkInterval` rows reports the rows counted since the last check and
    /// returns whether to stop (cancelled). `dense`: the bitmap sets enough rows that reading
    /// fields a batch of rows at a time, unset rows included, beats reading each set row alone.
    mutating func count(_ range: Range<Int>, bitmap: [UInt64]?, dense: Bool, reading: FieldReading,
                        check: (Int) -> Bool) -> Int {
        var scratch: [UInt8] = []
        scratch.reserveCapacity(256)
        let signal = signal
        if bitmap == nil || dense, let read = reading.batches, let raw = reading.raw {
            var fields = BatchedFields(read: read, raw: raw, end: range.upperBound)
            defer { fields.batch.deallocate() }
            // Two calls: the one without a bitmap compiles to the plain loop.
            guard let bitmap else {
                return Self.forEachRow(range, bitmap: nil, check: check) { row in
                    add(raw: fields.field(row), row: row, reading: reading, scratch: &scratch)
                    return goesOn(signal)
                }
            }
            return Self.forEachRow(range, bitmap: bitmap, check: check) { row in
                add(raw: fields.field(row), row: row, reading: reading, scratch: &scratch)
                return goesOn(signal)
            }
        }
        if let raw = reading.raw {
            return Self.forEachRow(range, bitmap: bitmap, check: check) { row in
                add(raw: raw(row), row: row, reading: reading, scratch: &scratch)
                return goesOn(signal)
            }
        }
        return Self.forEachRow(range, bitmap: bitmap, check: check) { row in
            add(row: row, reading: reading, scratch: &scratch)
            return goesOn(signal)
        }
    }

    /// Whether to count another row this round: staging not full; not split while another
    /// thread has (asked every 16K rows).
    @inline(__always)
    private func goesOn(_ signal: FrequencySplitSignal) -> Bool {
        if isSplit { return staged < stagingLimit }
        return rows & 0x3FFF != 0 || !signal.isRaised
    }

    /// Calls `body` with every row of `range` (those set in `bitmap`, when given), in order,
    /// until it returns false; `check` as `count` describes. Returns the first row not visited
    /// (`range.upperBound` when all were).
    @inline(__always)
    static func forEachRow(_ range: Range<Int>, bitmap: [UInt64]?, check: (Int) -> Bool,
                           _ body: (Int) -> Bool) -> Int {
        guard let bitmap else {
            var row = range.lowerBound
            while row < range.upperBound {
                let start = row, end = min(range.upperBound, row + FrequencyCounter.checkInterval)
                while row < end {
                    let goOn = body(row)
                    row += 1
                    if !goOn {
                        _ = check(row - start)
                        return row
                    }
                }
                if check(end - start) { return row }
            }
            return range.upperBound
        }
        guard !range.isEmpty else { return range.upperBound }
        var sinceCheck = 0
        let firstWord = range.lowerBound >> 6, lastWord = (range.upperBound - 1) >> 6
        for word in firstWord...lastWord {
            var bits = bitmap[word]
            if word == firstWord { bits &= ~0 << UInt64(range.lowerBound & 63) }
            if word == lastWord, range.upperBound & 63 != 0 { bits &= (1 << UInt64(range.upperBound & 63)) - 1 }
            while bits != 0 {
                let row = word << 6 | bits.trailingZeroBitCount
                bits &= bits - 1
                sinceCheck += 1
                if !body(row) {
                    _ = check(sinceCheck)
                    return row + 1
                }
            }
            if sinceCheck >= FrequencyCounter.checkInterval {
                if check(sinceCheck) { return min(range.upperBound, (word + 1) << 6) }
                sinceCheck = 0
            }
        }
        _ = check(sinceCheck)
        return range.upperBound
    }

    /// Counts a row's raw field.
    @inline(__always)
    private mutating func add(raw field: UnsafeRawBufferPointer, row: Int, reading: FieldReading,
                              scratch: inout [UInt8]) {
        // Most fields (not quoted, not long) without the general reader's closures, which copy
        // `reading` (two retains and releases) per call.
        if field.count <= LongField.limit, field.isEmpty || field[0] != reading.quote {
            rows += 1
            return add(value: field, row: row, reading: reading)
        }
        if field.count <= LongField.limit + 1 {
            scratch.removeAll(keepingCapacity: true)
            CSVRawRecord.decodeQuoted(field, quote: reading.quote, into: &scratch)
            rows += 1
            return scratch.withUnsafeBytes { add(value: $0, row: row, reading: reading) }
        }
        Self.withCountedBytes(raw: field, reading: reading, scratch: &scratch) { bytes, longIsNull in
            add(counted: bytes, longIsNull: longIsNull, row: row, reading: reading)
        }
    }

    /// Counts row `row`'s value.
    mutating func add(row: Int, reading: FieldReading, scratch: inout [UInt8]) {
        if let raw = reading.raw { return add(raw: raw(row), row: row, reading: reading, scratch: &scratch) }
        var text = reading.source.text(row: row, column: reading.column)
        text.withUTF8 { utf8 in
            let content = UnsafeRawBufferPointer(utf8)
            guard content.count > LongField.limit else {
                rows += 1
                return add(value: content, row: row, reading: reading)
            }
            Self.withCountedBytes(content: content, reading: reading) { bytes, longIsNull in
                add(counted: bytes, longIsNull: longIsNull, row: row, reading: reading)
            }
        }
    }

    /// Counts a row of counted bytes (`withCountedBytes`).
    @inline(__always)
    private mutating func add(counted bytes: UnsafeRawBufferPointer, longIsNull: Bool, row: Int, reading: FieldReading) {
        rows += 1
        if longIsNull {
            nulls += 1
            return
        }
        add(value: bytes, row: row, reading: reading)
    }

    /// Calls `body` with the bytes row `row`'s field is counted by (`withCountedBytes(raw:...)`).
    @inline(__always)
    static func withCountedBytes(row: Int, reading: FieldReading, scratch: inout [UInt8],
                                 _ body: (UnsafeRawBufferPointer, _ longIsNull: Bool) -> Void) {
        if let raw = reading.raw { return withCountedBytes(raw: raw(row), reading: reading, scratch: &scratch, body) }
        var text = reading.source.text(row: row, column: reading.column)
        text.withUTF8 { withCountedBytes(content: UnsafeRawBufferPointer($0), reading: reading, body) }
    }

    /// Calls `body` with the bytes a raw field is counted by: its content (CSV quoting undone in
    /// `scratch`) up to `LongField.limit` bytes, else its key (never copied whole), and whether
    /// such a long content is null (a short one's null test is the caller's).
    @inline(__always)
    static func withCountedBytes(raw field: UnsafeRawBufferPointer, reading: FieldReading, scratch: inout [UInt8],
                                 _ body: (UnsafeRawBufferPointer, _ longIsNull: Bool) -> Void) {
        guard field.count > 0, field[0] == reading.quote else { return withCountedBytes(content: field, reading: reading, body) }
        if field.count > LongField.limit + 1 {
            return LongField.unquoting(
                field, quote: reading.quote, short: { withCountedBytes(content: $0, reading: reading, body) },
                long: { builder, content in withLongKey(builder, content: content, reading: reading, body) })
        }
        scratch.removeAll(keepingCapacity: true)
        CSVRawRecord.decodeQuoted(field, quote: reading.quote, into: &scratch)
        scratch.withUnsafeBytes { withCountedBytes(content: $0, reading: reading, body) }
    }

    /// `withCountedBytes(raw:...)` for a field's content.
    @inline(__always)
    static func withCountedBytes(content: UnsafeRawBufferPointer, reading: FieldReading,
                                 _ body: (UnsafeRawBufferPointer, _ longIsNull: Bool) -> Void) {
        guard content.count > LongField.limit else { return body(content, false) }
        var builder = LongField.Builder()
        builder.append(content)
        withLongKey(builder, content: content, reading: reading, body)
    }

    /// The key of a content longer than `LongField.limit` that `builder` took (`content`: the
    /// content in one piece, when it is; else it cannot be null, a number or a date).
    private static func withLongKey(_ builder: LongField.Builder, content: UnsafeRawBufferPointer?, reading: FieldReading,
                                    _ body: (UnsafeRawBufferPointer, _ longIsNull: Bool) -> Void) {
        if let content, reading.isNull(content) { return body(content, true) }
        let value = content.flatMap { FrequencyTable.value(of: $0, kind: reading.kind, format: reading.format) }
        let key = builder.key(value: value)
        key.withUnsafeBytes { body($0, false) }
    }

    /// One more row (`row`) of a value (its bytes as counted), unless it is null: the one table
    /// tells that once per distinct value (`FrequencyPartition.nullIDs`), staged rows each.
    @inline(__always)
    private mutating func add(value: UnsafeRawBufferPointer, row: Int, reading: FieldReading) {
        let hash = TextTable.hash(value)
        guard isSplit else {
            let (id, isNew) = single.add(value, hash: hash, rows: 1, firstRow: row)
            guard isNew else { return }
            if reading.isNull(value) { single.nullIDs.append(id) }
            if id >= Self.partitionThreshold {
                isSplit = true
                signal.raise()
            }
            return
        }
        if reading.isNull(value) {
            nulls += 1
            return
        }
        staging.unsafelyUnwrapped[Int(truncatingIfNeeded: hash) & partitionMask].stage(value, hash: hash, row: row)
        staged += value.count + FrequencyStaging.header
    }

    /// Raw fields read a batch of `batchRows` rows at a time, from the row asked for; a row the
    /// source no longer gives batches for (its column edited meanwhile) is read alone, as the
    /// reader reads it.
    struct BatchedFields {
        /// `RawColumnReader.batch`, and its `field`.
        let read: (Range<Int>, inout RawFieldBatch) -> Bool
        let raw: (Int) -> UnsafeRawBufferPointer
        /// The rows read end before this one.
        let end: Int
        var batch = RawFieldBatch.allocate(capacity: FrequencyAccumulator.batchRows)
        var batched = true

        /// Whether `counted` rows spread over `spanned` rows are read faster a batch at a time,
        /// the rows between them included, than each alone: at least one row in 16
        /// (docs/decisions/0162). The one rule for a filter's rows and for kept keys' values.
        static func pay(counting counted: Int, spanning spanned: Int) -> Bool { counted * 16 >= spanned }

        /// Row `row`'s raw field (rows asked for in ascending order).
        @inline(__always) mutating func field(_ row: Int) -> UnsafeRawBufferPointer {
            if batched, row >= batch.rows.upperBound || row < batch.rows.lowerBound {
                batched = read(row..<min(row &+ FrequencyAccumulator.batchRows, end), &batch)
            }
            return batched ? batch.field(row) : raw(row)
        }
    }

    /// Moves the one table's null values' rows to `nulls`.
    mutating func settleNulls() { nulls += single.settleNulls() }
}

/// Raised by the first thread whose one table grows past `FrequencyAccumulator.partitionThreshold`.
final class FrequencySplitSignal: Sendable {
    private let raised = Atomic<Bool>(false)

    var isRaised: Bool { raised.load(ordering: .relaxed) }

    func raise() { raised.store(true, ordering: .relaxed) }
}
