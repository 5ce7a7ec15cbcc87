/// A data source whose fields are raw CSV bytes it holds (a mapped file): sorts, filters,
/// summaries and printing read those bytes instead of making strings. A job resolves it once
/// when it starts (`source as? DataTableRawRecords`) and takes the text path when it is absent
/// or a reader is nil; a job reading a whole column makes its readers once
/// (`makeRawColumnReader`), so that it reads one version of a source that changes meanwhile.
/// Whole-buffer scans are the separate `RecordScanning`.
public protocol DataTableRawRecords: DataTableDataSource {
    /// The field's raw bytes as they stand in the input, CSV quotes included (nil when the source
    /// does not hold raw bytes). Thread-safe; valid as long as the source lives.
    func rawField(row: Int, column: Int) -> UnsafeRawBufferPointer?
    /// A reader of one column's raw fields for rows below `rowCount` (as `rawField`, without the
    /// per-call checks: for reading a whole column once, as sort keys do). nil when the source
    /// holds no raw bytes.
    func makeRawFieldReader(column: Int, rowCount: Int) -> ((Int) -> UnsafeRawBufferPointer)?
    /// Reads field `column` of each of `rows` (at most `batch.capacity`; rows past the source's
    /// end read as rows with fewer fields) into `batch`, the same bytes `rawField` returns, in
    /// one go: a caller reads a column a batch at a time with no call per row
    /// (`RawFieldBatch.field(_:)`). Thread-safe (each thread its own batch). False when the
    /// source holds no raw bytes (then use `makeRawFieldReader`).
    func readRawFields(column: Int, rows: Range<Int>, into batch: inout RawFieldBatch) -> Bool
    /// `makeRawFieldReader`'s reader and a reader of the same column a batch of rows at a time
    /// (as `readRawFields`), both bound to the records the source holds now: a source that
    /// swaps what it reads (a live source's next version) leaves them reading the version they
    /// were made from, so a job that makes them once reads one version throughout. nil when the
    /// source holds no raw bytes of the column. Default: made from the two methods.
    func makeRawColumnReader(column: Int, rowCount: Int) -> RawColumnReader?
    /// A reader of whole records' raw bytes (terminator excluded) for rows below `rowCount`, with
    /// the delimiter and quote bytes to split them: one pass over a row for all its fields.
    func makeRawRecordReader(rowCount: Int) -> RawRecordReader?
    /// Whether `value(row:column:)` holds only the start of a field too long to show whole (its
    /// whole text is `text(row:column:)`): copies and edits must not take the shown value for
    /// the field. UI thread, like `value`. Default false.
    func isValueCut(row: Int, column: Int) -> Bool
}

extension DataTableRawRecords {
    /// Default: nil, no raw bytes (sorting reads `sortText`).
    public func rawField(row: Int, column: Int) -> UnsafeRawBufferPointer? { nil }
    /// Default: nil, no fast path.
    public func makeRawFieldReader(column: Int, rowCount: Int) -> ((Int) -> UnsafeRawBufferPointer)? { nil }
    /// Default: false, no batches (use `makeRawFieldReader`).
    public func readRawFields(column: Int, rows: Range<Int>, into batch: inout RawFieldBatch) -> Bool { false }
    /// Default: `makeRawFieldReader`'s reader, and `readRawFields` when it reads the column.
    public func makeRawColumnReader(column: Int, rowCount: Int) -> RawColumnReader? {
        guard let field = makeRawFieldReader(column: column, rowCount: rowCount) else { return nil }
        guard readsRawFieldBatches(column: column) else { return RawColumnReader(field: field, batch: nil) }
        return RawColumnReader(field: field) { rows, batch in self.readRawFields(column: column, rows: rows, into: &batch) }
    }
    /// Default: nil, no fast path.
    public func makeRawRecordReader(rowCount: Int) -> RawRecordReader? { nil }
    /// Default: false (nothing is cut).
    public func isValueCut(row: Int, column: Int) -> Bool { false }
}

/// One column's raw fields (CSV quotes included), read a row or a batch of rows at a time from
/// the same records (`DataTableRawRecords.makeRawColumnReader`).
public struct RawColumnReader {
    /// Row `row`'s raw field (as `DataTableRawRecords.makeRawFieldReader`'s reader).
    public let field: (Int) -> UnsafeRawBufferPointer
    /// Reads the fields of `rows` (at most the batch's capacity) into the batch, as
    /// `DataTableRawRecords.readRawFields` does; false once the column can no longer be read
    /// so (edited meanwhile: read `field` instead). nil when the source reads no batches.
    public let batch: ((Range<Int>, inout RawFieldBatch) -> Bool)?

    /// A reader of a row's field and, when the source has one, of a batch of rows' fields.
    public init(field: @escaping (Int) -> UnsafeRawBufferPointer,
                batch: ((Range<Int>, inout RawFieldBatch) -> Bool)?) {
        self.field = field
        self.batch = batch
    }
}

/// Reads records as raw CSV bytes and splits them into raw fields (quotes included).
public struct RawRecordReader {
    /// The field delimiter byte.
    public let delimiter: UInt8
    /// The quote byte.
    public let quote: UInt8
    /// The bytes of a record, without its line terminator.
    public let record: (Int) -> UnsafeRawBufferPointer

    /// A reader of records in this dialect; `record` gives a row's bytes.
    public init(delimiter: UInt8, quote: UInt8, record: @escaping (Int) -> UnsafeRawBufferPointer) {
        self.delimiter = delimiter
        self.quote = quote
        self.record = record
    }

    /// Calls `body` with each field of row `row` in order until it returns true; returns
    /// whether it did. Only the record's first `maxBytes` bytes are read (a field they cut ends
    /// there). Fields are split by `CSVFieldCursor` (quotes toggle whether a delimiter counts).
    /// - Complexity: O(bytes of the record read), one pass.
    @inline(__always)
    public func firstField(ofRow row: Int, readingAtMost maxBytes: Int = .max,
                           where body: (Int, UnsafeRawBufferPointer) -> Bool) -> Bool {
        let whole = record(row)
        let bytes = UnsafeRawBufferPointer(rebasing: whole[..<min(whole.count, maxBytes)])
        return CSVFieldCursor(delimiter: delimiter, quote: quote).firstField(in: bytes) { column, field in
            body(column, UnsafeRawBufferPointer(rebasing: bytes[field]))
        }
    }
}
