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

    /// The values' bytes in parts (the tables that counted them, not copied into one): value
    /// `id` is value `id - partStarts[p]` of part `p`, the last part whose start is at most `id`.
    let parts: [(bytes: [UInt8], offsets: [Int])]
    /// The first id of each part (0 first, ascending).
    let partStarts: [Int]

    /// The bytes the values take (what the table keeps of them).
    var valueBytes: Int { parts.reduce(0) { $0 + $1.bytes.count } }
    /// The rows holding value `id`.
    let counts: [Int]
    /// The ids by count, most frequent first (ties: first appearance first).
    let order: [UInt32]

    /// A table of the values `parts` hold (part `p`'s value `i`: `bytes[offsets[i]..<offsets[i + 1]]`;
    /// ids numbered across the parts in order), `counts[id]` rows holding value `id` (0: left
    /// out), the first of them `firstRows[id]`.
    init(kind: SortKeyKind, format: ValueFormat, total: Int, nullCount: Int, parts: [(bytes: [UInt8], offsets: [Int])],
         counts: [Int], firstRows: [Int]) {
        self.kind = kind
        self.format = format
        self.total = total
        self.nullCount = nullCount
        self.parts = parts
        var start = 0
        self.partStarts = parts.map { part in
            defer { start += part.offsets.count - 1 }
            return start
        }
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
        // The last part starting at or before `id` (a binary search over at most 64 parts).
        var low = 0, high = partStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if partStarts[middle] <= id { low = middle } else { high = middle - 1 }
        }
        let part = parts[low], local = id - partStarts[low]
        let start = part.offsets[local], end = part.offsets[local + 1]
        return part.bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
    }

    /// The ids sorted by count descending, ties by first row (distinct: a row holds one value).
    /// - Complexity: O(d) for d distinct values (an LSD radix sort of (count, first row) keys,
    ///   `RowSorter.radixSort`; 8 bytes an element when both fit 32 bits, else 16).
    static func orderByCount(_ counts: [Int], firstRows: [Int]) -> [UInt32] {
        let n = counts.count
        let maxCount = counts.max() ?? 0, minCount = counts.min() ?? 0, maxRow = firstRows.max() ?? 0
        let rowBits = Int.bitWidth - maxRow.leadingZeroBitCount
        let countBits = Int.bitWidth - (maxCount - minCount).leadingZeroBitCount
        guard n <= Int(UInt32.max), rowBits + countBits <= 64 else {
            return counts.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : firstRows[$0] < firstRows[$1] }
                .map { UInt32(truncatingIfNeeded: $0) }
        }
        func sorted<Element: RadixSortable>(_: Element.Type) -> [UInt32] {
            let a = UnsafeMutablePointer<Element>.allocate(capacity: n)
            let b = UnsafeMutablePointer<Element>.allocate(capacity: n)
            defer { a.deallocate(); b.deallocate() }
            counts.withUnsafeBufferPointer { counts in
                firstRows.withUnsafeBufferPointer { firstRows in
                    for id in 0..<n {
                        let key = UInt64(maxCount - counts[id]) << UInt64(rowBits) | UInt64(firstRows[id])
                        a[id] = Element(key: key, row: UInt32(truncatingIfNeeded: id))
                    }
                }
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
