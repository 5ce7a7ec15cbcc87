/// The distinct values of a column over some rows and how often each occurs: what the frequency
/// table (`F`) shows. Exact: every row is counted, and values are told apart by their bytes.
///
/// Values are kept as bytes (in the arenas the counting tables filled); the `String` of a value is made only
/// when asked (`text(at:)`), so a column of a million distinct values costs no million
/// strings until they are shown. Nulls (empty fields and the null tokens) are one count,
/// `nullCount`, not an entry.
public struct FrequencyTable: Sendable {
    /// The kind the column's values were read as (nulls follow it: `-` is null in numbers only).
    public let kind: SortKeyKind
    /// How the column writes its values (binning reads numbers and dates with it).
    public let format: ValueFormat
    /// The rows counted (values and nulls).
    public let total: Int
    /// The rows whose field is empty or a null token.
    public let nullCount: Int

    /// One counting table's values, as it left them: value `i` is `bytes[offsets[i]..<offsets[i + 1]]`,
    /// held by `counts[i]` rows (0: left out).
    struct Part {
        let bytes: [UInt8]
        let offsets: [Int]
        let counts: [Int]
    }

    /// The values in parts (the tables that counted them, not copied into one): value `id` is
    /// value `id - partStarts[p]` of part `p`, the last part whose start is at most `id`.
    let parts: [Part]
    /// The first id of each part (0 first, ascending).
    let partStarts: [Int]

    /// The bytes the values take (what the table keeps of them).
    var valueBytes: Int { parts.reduce(0) { $0 + $1.bytes.count } }
    /// The ids by count, most frequent first (ties: first appearance first).
    let order: [UInt32]

    /// A table of the values `parts` hold (ids numbered across the parts in order), the first
    /// row of part `p`'s value `i` being `firstRows[p][i]` (the order's tie-break, not kept).
    init(kind: SortKeyKind, format: ValueFormat, total: Int, nullCount: Int, parts: [Part], firstRows: [ArraySlice<Int>]) {
        self.kind = kind
        self.format = format
        self.total = total
        self.nullCount = nullCount
        self.parts = parts
        var start = 0
        self.partStarts = parts.map { part in
            defer { start += part.counts.count }
            return start
        }
        // Values whose rows all turned out null (counted as values first) sort last, and are left out.
        var order = Self.orderByCount(parts.map(\.counts), firstRows: firstRows)
        while let last = order.last, Self.count(ofValue: Int(last), parts: parts, partStarts: partStarts) == 0 {
            order.removeLast()
        }
        self.order = order
    }

    /// The distinct values (nulls not included).
    public var count: Int { order.count }

    /// How many rows hold the `rank`-th most frequent value (0: the most frequent).
    public func count(at rank: Int) -> Int { Self.count(ofValue: Int(order[rank]), parts: parts, partStarts: partStarts) }

    /// The rows holding value `id` of `parts` (first ids `partStarts`).
    private static func count(ofValue id: Int, parts: [Part], partStarts: [Int]) -> Int {
        let part = Self.part(holding: id, partStarts: partStarts)
        return parts[part].counts[id - partStarts[part]]
    }

    /// The last part starting at or before value `id` (a binary search over at most 64 parts).
    private static func part(holding id: Int, partStarts: [Int]) -> Int {
        var low = 0, high = partStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if partStarts[middle] <= id { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The `rank`-th most frequent value's text (invalid UTF-8 shown as U+FFFD): a value longer
    /// than `LongField.limit` (1 KiB) as its first bytes and `…` (see `longValueKey(at:)`).
    /// - Complexity: O(length of the value).
    public func text(at rank: Int) -> String {
        withBytes(at: rank) { LongField.text($0) }
    }

    /// The key a filter keeps the `rank`-th most frequent value by, when it is longer than
    /// `LongField.limit` (kept as its first bytes, its length and SHA-256); nil for a value kept
    /// whole (`text(at:)` is the value).
    public func longValueKey(at rank: Int) -> LongFieldKey? {
        withBytes(at: rank) { LongField.isKey($0) ? LongField.identity(ofKey: $0) : nil }
    }

    /// The `rank`-th most frequent value read as a number or date in the table's kind and
    /// format (dates in milliseconds since 1970; nil for what does not read so, and for text
    /// and booleans).
    public func value(at rank: Int) -> Double? {
        withBytes(at: rank) { bytes in
            LongField.isKey(bytes) ? LongField.value(ofKey: bytes) : Self.value(of: bytes, kind: kind, format: format)
        }
    }

    /// A field's content read as a number (integers and decimals) or a date (milliseconds), as
    /// `value(at:)` reads it; nil otherwise (NaN included).
    static func value(of bytes: UnsafeRawBufferPointer, kind: SortKeyKind, format: ValueFormat) -> Double? {
        switch kind {
        case .integer, .decimal: return ValueParsing.decimal(bytes, format: format).flatMap { $0.isNaN ? nil : $0 }
        case .dateTime: return ValueParsing.dateTime(bytes, format: format).map { Double($0) }
        case .boolean, .text: return nil
        }
    }

    /// Calls `body` with the `rank`-th most frequent value's bytes, as the field holds them
    /// (CSV quoting undone), or its key when it is longer than `LongField.limit`.
    public func withBytes<R>(at rank: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let id = Int(order[rank])
        let index = Self.part(holding: id, partStarts: partStarts)
        let part = parts[index], local = id - partStarts[index]
        let start = part.offsets[local], end = part.offsets[local + 1]
        return part.bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
    }

    /// The ids sorted by count descending, ties by first row (distinct: a row holds one value),
    /// for values numbered across parts in order (part `p`'s value `i`: `counts[p][i]` rows, the
    /// first `firstRows[p][i]`).
    /// - Complexity: O(d) for d distinct values (an LSD radix sort of (count, first row) keys,
    ///   `RowSorter.radixSort`; 8 bytes an element when both fit 32 bits, else 16; of the counts
    ///   alone when the ids are in order of their first rows).
    static func orderByCount(_ counts: [[Int]], firstRows: [ArraySlice<Int>]) -> [UInt32] {
        let n = counts.reduce(0) { $0 + $1.count }
        guard n > 0 else { return [] }
        var maxCount = Int.min, minCount = Int.max
        for part in counts {
            for count in part {
                maxCount = Swift.max(maxCount, count)
                minCount = Swift.min(minCount, count)
            }
        }
        // Ids numbered in order of their first rows (as counting from kept keys numbers them):
        // the sort, stable, needs only the counts.
        var maxRow = 0, previous = -1, inRowOrder = true
        for part in firstRows {
            for row in part {
                maxRow = Swift.max(maxRow, row)
                if row <= previous { inRowOrder = false }
                previous = row
            }
        }
        let rowBits = inRowOrder ? 0 : Int.bitWidth - maxRow.leadingZeroBitCount
        let countBits = Int.bitWidth - (maxCount - minCount).leadingZeroBitCount
        guard n <= Int(UInt32.max), rowBits + countBits <= 64 else {
            let counts = Array(counts.joined()), firstRows = Array(firstRows.joined())
            return counts.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : firstRows[$0] < firstRows[$1] }
                .map { UInt32(truncatingIfNeeded: $0) }
        }
        func sorted<Element: RadixSortable>(_: Element.Type) -> [UInt32] {
            let a = UnsafeMutablePointer<Element>.allocate(capacity: n)
            let b = UnsafeMutablePointer<Element>.allocate(capacity: n)
            defer { a.deallocate(); b.deallocate() }
            var id = 0
            for (counts, firstRows) in zip(counts, firstRows) {
                counts.withUnsafeBufferPointer { counts in
                    firstRows.withUnsafeBufferPointer { firstRows in
                        for i in counts.indices {
                            let key = UInt64(maxCount - counts[i]) << UInt64(rowBits) | (inRowOrder ? 0 : UInt64(firstRows[i]))
                            a[id + i] = Element(key: key, row: UInt32(truncatingIfNeeded: id + i))
                        }
                    }
                }
                id += counts.count
            }
            let result = RowSorter.radixSort(a, b, count: n, keyShift: Element.keyShift, keyBits: rowBits + countBits,
                                             isCancelled: { false })!
            return [UInt32](unsafeUninitializedCapacity: n) { ids, initialized in
                for i in 0..<n { ids[i] = result[i].row }
                initialized = n
            }
        }
        return rowBits + countBits <= 32 ? sorted(PackedKeyRow.self) : sorted(RowSorter.KeyRow.self)
    }
}
