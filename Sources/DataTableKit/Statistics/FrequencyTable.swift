/// The distinct values of a column over some rows and how often each occurs: what the frequency
/// table (`F`) shows. Exact: every row is counted, and values are told apart by their bytes.
///
/// Values are kept as bytes (one arena for all of them); the `String` of a value is made only
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

    /// Value `id`'s bytes are `bytes[offsets[id]..<offsets[id + 1]]`.
    let bytes: [UInt8]
    let offsets: [Int]
    /// The rows holding value `id`.
    let counts: [Int]
    /// The ids by count, most frequent first (ties: first appearance first).
    let order: [UInt32]

    /// A table of the values `bytes` and `offsets` hold, `counts[id]` rows holding value `id`,
    /// the first of them `firstRows[id]` (the ids may come in any order).
    init(kind: SortKeyKind, format: ValueFormat, total: Int, nullCount: Int, bytes: [UInt8], offsets: [Int],
         counts: [Int], firstRows: [Int]) {
        self.kind = kind
        self.format = format
        self.total = total
        self.nullCount = nullCount
        self.bytes = bytes
        self.offsets = offsets
        self.counts = counts
        // Values whose rows all turned out null (counted as values first) are left out.
        var order = Self.orderByCount(counts, firstRows: firstRows)
        while let last = order.last, counts[Int(last)] == 0 { order.removeLast() }
        self.order = order
    }

    /// The distinct values (nulls not included).
    public var count: Int { order.count }

    /// How many rows hold the `rank`-th most frequent value (0: the most frequent).
    public func count(at rank: Int) -> Int { counts[Int(order[rank])] }

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
        let start = offsets[id], end = offsets[id + 1]
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
    }

    /// The ids sorted by count descending, ties by first row (distinct: a row holds one value).
    /// - Complexity: O(d) for d distinct values (an LSD radix sort of (count, first row) keys,
    ///   `RowSorter.radixSort`).
    static func orderByCount(_ counts: [Int], firstRows: [Int]) -> [UInt32] {
        let n = counts.count
        let maxCount = counts.max() ?? 0, minCount = counts.min() ?? 0, maxRow = firstRows.max() ?? 0
        let rowBits = Int.bitWidth - maxRow.leadingZeroBitCount
        let countBits = Int.bitWidth - (maxCount - minCount).leadingZeroBitCount
        guard n <= Int(UInt32.max), rowBits + countBits <= 64 else {
            return counts.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : firstRows[$0] < firstRows[$1] }
                .map { UInt32(truncatingIfNeeded: $0) }
        }
        let a = UnsafeMutablePointer<RowSorter.KeyRow>.allocate(capacity: n)
        let b = UnsafeMutablePointer<RowSorter.KeyRow>.allocate(capacity: n)
        defer { a.deallocate(); b.deallocate() }
        for id in 0..<n {
            let key = UInt64(maxCount - counts[id]) << UInt64(rowBits) | UInt64(firstRows[id])
            a[id] = RowSorter.KeyRow(key: key, row: UInt32(truncatingIfNeeded: id))
        }
        let sorted = RowSorter.radixSort(a, b, count: n, keyShift: 0, keyBits: rowBits + countBits, isCancelled: { false })!
        return (0..<n).map { sorted[$0].row }
    }
}
