/// A data source whose records lie one after another in one buffer of raw CSV bytes (a mapped
/// file): filter and search scan those bytes whole instead of reading rows field by field.
///
/// Optional: the view asks `dataSource as? RecordScanning` and falls back to the field-wise path
/// when the answer is nil. Layers adopt it only when they can say which rows their bytes no
/// longer describe (`EditableDataSource`: edited rows are read as text).
public protocol RecordScanning: AnyObject {
    /// The bytes of rows `0..<rowCount` (at most the rows published so far), or nil when the
    /// source cannot offer them now. Thread-safe; the buffer stays valid while the source lives.
    func makeRecordScan(rowCount: Int) -> RecordScan?
}

/// The raw bytes of a source's records, for scanning: where each row starts, the dialect, and
/// the rows whose bytes do not hold their current values.
public struct RecordScan: @unchecked Sendable {
    /// The buffer every offset refers to (a whole mapped file).
    public let bytes: UnsafeRawBufferPointer
    /// Rows `0..<rowCount` are in the buffer.
    public let rowCount: Int
    /// The offset of row `r`'s first byte, for `r` in `0...rowCount`; `rowStart(rowCount)` is the
    /// end of the last row. Non-decreasing; a row's bytes include its line terminator.
    public let rowStart: @Sendable (Int) -> Int
    /// The field delimiter byte.
    public let delimiter: UInt8
    /// The quote byte.
    public let quote: UInt8
    /// Rows (ascending) whose values are not their bytes (edited): read through the data
    /// source's `fields(row:)` instead.
    public var rowsReadAsText: [Int]

    /// A scan of `rowCount` rows of `bytes` starting at `rowStart` in the given dialect.
    public init(bytes: UnsafeRawBufferPointer, rowCount: Int, rowStart: @escaping @Sendable (Int) -> Int,
                delimiter: UInt8, quote: UInt8, rowsReadAsText: [Int] = []) {
        self.bytes = bytes
        self.rowCount = rowCount
        self.rowStart = rowStart
        self.delimiter = delimiter
        self.quote = quote
        self.rowsReadAsText = rowsReadAsText
    }

    /// The bytes of row `row` without its line terminator (as `RawRecordReader.record`):
    /// trailing CR and LF bytes dropped.
    @inline(__always)
    func record(_ row: Int) -> UnsafeRawBufferPointer {
        let range = recordRange(row)
        return UnsafeRawBufferPointer(rebasing: bytes[range])
    }

    /// The offsets of `record(row)`.
    @inline(__always)
    func recordRange(_ row: Int) -> Range<Int> {
        let lower = min(rowStart(row), bytes.count)
        var upper = min(rowStart(row + 1), bytes.count)
        while upper > lower && (bytes[upper - 1] == 0x0A || bytes[upper - 1] == 0x0D) { upper -= 1 }
        return lower..<max(lower, upper)
    }
}
