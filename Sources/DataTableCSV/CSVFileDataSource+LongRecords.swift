import DataTableKit

/// A record too long to parse whole for the screen (`CSVFileDataSource.longRecordBytes`): a
/// million columns, or a field of gigabytes. Its fields are found when a cell asks for one, from
/// the start of every `stride`th field, which one pass over at most the record's first
/// `CSVFileDataSource.displayRecordLimit` bytes recorded (`RowIndexer.fieldStarts`). So what the UI thread reads of a record
/// is bounded, and a frame costs its visible cells, not the record's columns. See
/// docs/decisions/0087-long-records-read-by-field-within-a-window.md.
struct LongRecord {
    /// Fields between recorded starts.
    static let stride = 256
    /// Fields parsed and kept at most (the cells of a few screens).
    static let parsedLimit = 4096

    /// The record's bytes read for display: its start up to `displayRecordLimit` bytes.
    let window: Range<Int>
    /// Where the record ends (its terminator included).
    let recordEnd: Int
    /// Offsets of fields 0, `stride`, 2 × `stride`, … that start inside the window.
    private let starts: [Int]
    /// Fields already parsed, by column.
    private var parsed: [Int: (text: String, value: DataTableValueType, isCut: Bool)] = [:]
    /// Where the field after the last one parsed starts: reading the columns in order (the
    /// record view, a sample) finds each from there, not from a recorded start.
    private var following: (column: Int, start: Int)?

    /// Whether the window holds the whole record.
    var isWhole: Bool { window.upperBound >= recordEnd }

    /// Records where every `stride`th field of `record` starts (one pass over its first
    /// `limit` bytes of `all`).
    init(record: Range<Int>, in all: UnsafeRawBufferPointer, limit: Int, dialect: CSVDialect) {
        window = record.lowerBound..<min(record.upperBound, record.lowerBound + limit)
        recordEnd = record.upperBound
        let lower = window.lowerBound
        starts = RowIndexer.fieldStarts(UnsafeRawBufferPointer(rebasing: all[window]), quote: dialect.quote,
                                        delimiter: dialect.delimiter, every: Self.stride).map { $0 + lower }
    }

    /// Field `column` as shown: its text (cut at `fieldLimit` bytes, with a marker), typed value,
    /// and whether it was cut. A field that starts past the window says so instead of showing
    /// nothing; one that runs past it shows its start.
    mutating func field(_ column: Int, in all: UnsafeRawBufferPointer, dialect: CSVDialect,
                        fieldLimit: Int) -> (text: String, value: DataTableValueType, isCut: Bool) {
        if let known = parsed[column] { return known }
        // The field's bytes: from where the previous column's field ended, else from the last
        // recorded start before it.
        var slice = UnsafeRawBufferPointer(start: nil, count: 0)
        if let following, following.column == column, following.start <= window.upperBound {
            slice = CSVFileDataSource.field(0, in: UnsafeRawBufferPointer(rebasing: all[following.start..<window.upperBound]),
                                            dialect: dialect)
        } else if column / Self.stride < starts.count {
            slice = CSVFileDataSource.field(column % Self.stride,
                                            in: UnsafeRawBufferPointer(rebasing: all[starts[column / Self.stride]..<window.upperBound]),
                                            dialect: dialect)
        }
        following = nil
        if let base = slice.baseAddress, let origin = all.baseAddress {
            let end = base - origin + slice.count
            if end < window.upperBound && all[end] == dialect.delimiter { following = (column + 1, end + 1) }
        }
        let result = parse(slice, in: all, dialect: dialect, fieldLimit: fieldLimit)
        if parsed.count >= Self.parsedLimit { parsed.removeAll(keepingCapacity: true) }
        parsed[column] = result
        return result
    }

    /// The field shown for `slice`, a field's bytes (nil base: not in the window).
    private func parse(_ slice: UnsafeRawBufferPointer, in all: UnsafeRawBufferPointer, dialect: CSVDialect,
                       fieldLimit: Int) -> (text: String, value: DataTableValueType, isCut: Bool) {
        let start = slice.baseAddress.flatMap { base in all.baseAddress.map { base - $0 } }
        guard let start, isWhole || start < window.upperBound else {
            // Not in the window: a field the record does not have, or one past what was read.
            if isWhole { return ("", .null, false) }
            let text = "… [not read: past the first \(ByteSize.formatted(window.count)) of a \(ByteSize.formatted(recordEnd - window.lowerBound)) record]"
            return (text, .string(text), true)
        }
        if !isWhole && start + slice.count >= window.upperBound {
            // The field runs past the window: its first bytes, and how much of it is known.
            let buffer = slice.assumingMemoryBound(to: UInt8.self)
            let kept = CSVReader.Scanner.characterBoundary(in: buffer, atMost: fieldLimit)
            var scanner = CSVReader.Scanner(UnsafeBufferPointer(rebasing: buffer[0..<kept]), dialect: dialect)
            let text = (scanner.nextRecord()?.first ?? "") + "… [\(ByteSize.formatted(kept)) of more than \(ByteSize.formatted(slice.count)) shown]"
            return (text, .string(text), true)
        }
        return slice.withMemoryRebound(to: UInt8.self) { buffer in
            var scanner = CSVReader.Scanner(buffer, dialect: dialect)
            scanner.fieldLimit = fieldLimit
            let text = scanner.nextRecord()?.first ?? ""
            return (text, DataTableValueType(fieldText: text), !scanner.cutColumns.isEmpty)
        }
    }
}
