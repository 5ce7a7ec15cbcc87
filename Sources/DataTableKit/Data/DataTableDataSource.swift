/// Rows × columns of values: what a table shows.
///
/// Rows are identified by their position in the source (`row` 0..<rowCount), which never
/// changes while the source is open; sorting and filtering reorder a permutation of these
/// ids in the view, never the data. `rowCount` may grow while a file is still being read.
public protocol DataTableDataSource: AnyObject {
    var columnCount: Int { get }
    var rowCount: Int { get }
    /// The title of `column`, shown in the sticky header.
    func title(ofColumn column: Int) -> String
    /// The value at a source row and column.
    func value(row: Int, column: Int) -> DataTableValueType
    /// Progress of a source that loads in the background; nil when everything is there.
    var loadState: DataTableLoadState? { get }
    /// The text of a field, for sort keys, filters and search. Must be safe to call from a
    /// background thread while the UI thread uses the source (no shared caches).
    func text(row: Int, column: Int) -> String
    /// The text a sort compares for a field (thread-safe, like `text`); by default `text`.
    /// Typed tables answer a column's `sortedBy` value here.
    func sortText(row: Int, column: Int) -> String
    /// How a column sorts, when the source knows better than inference from a sample (nil).
    func sortKeyKind(ofColumn column: Int) -> SortKeyKind?
    /// Every field of a row as text (thread-safe, like `text`): one parse for a whole row.
    func fields(row: Int) -> [String]
    /// The field's raw bytes as they stand in the input, CSV quotes included (nil when the source
    /// does not hold raw bytes). Thread-safe; valid as long as the source lives.
    func rawField(row: Int, column: Int) -> UnsafeRawBufferPointer?
    /// A reader of one column's raw fields for rows below `rowCount` (as `rawField`, without the
    /// per-call checks: for reading a whole column once, as sort keys do). nil when the source
    /// holds no raw bytes.
    func makeRawFieldReader(column: Int, rowCount: Int) -> ((Int) -> UnsafeRawBufferPointer)?
    /// A reader of whole records' raw bytes (terminator excluded) for rows below `rowCount`, with
    /// the delimiter and quote bytes to split them: one pass over a row for all its fields.
    func makeRawRecordReader(rowCount: Int) -> RawRecordReader?
    /// Whether `value(row:column:)` holds only the start of a field too long to show whole (its
    /// whole text is `text(row:column:)`): copies and edits must not take the shown value for
    /// the field. UI thread, like `value`. Default false.
    func isValueCut(row: Int, column: Int) -> Bool
    /// A warning about the data for the status line (a file that changed, repaired input).
    var notice: String? { get }
    /// The model a row was made from (`DataTable<T>`); by default the row id itself.
    func model(atSourceRow row: Int) -> Any
    /// Whether a column has values to sort by (header-only columns have none); default true.
    func isColumnSortable(_ column: Int) -> Bool
    /// Looks for changes of the underlying data (called by the run loop a few times a second).
    func checkForChanges()
}

/// A data source over rows of strings held in memory.
public final class StringRowsDataSource: DataTableDataSource {
    /// The column titles (padded to the widest row).
    public let titles: [String]
    /// The rows, as given.
    public private(set) var rows: [[String]]

    /// Rows shorter than `titles` read as empty cells; longer rows widen the table.
    public init(titles: [String], rows: [[String]]) {
        let width = rows.reduce(titles.count) { max($0, $1.count) }
        self.titles = titles + Array(repeating: "", count: width - titles.count)
        self.rows = rows
    }

    /// The titles' count.
    public var columnCount: Int { titles.count }
    /// The rows' count.
    public var rowCount: Int { rows.count }
    /// The title of `column`.
    public func title(ofColumn column: Int) -> String { titles[column] }

    /// The field, typed by inference (a missing field: `.null`).
    public func value(row: Int, column: Int) -> DataTableValueType {
        let fields = rows[row]
        guard column < fields.count else { return .null }
        let text = fields[column]
        return text.isEmpty ? .null : .string(text)
    }
}

/// How far a data source that loads in the background has got.
public struct DataTableLoadState: Hashable, Sendable {
    /// 0...1, or nil when the total is unknown (a stream still arriving).
    public var fraction: Double?
    /// Whether all rows are known.
    public var isComplete: Bool
    /// What it is doing, for the status line ("indexing", "reading stdin").
    public var verb: String
    /// Bytes loaded so far, shown when the fraction is unknown.
    public var loadedBytes: Int?

    /// Progress: `fraction` done (nil: unknown), what is being done and how much was read.
    public init(fraction: Double?, isComplete: Bool, verb: String = "loading", loadedBytes: Int? = nil) {
        self.fraction = fraction
        self.isComplete = isComplete
        self.verb = verb
        self.loadedBytes = loadedBytes
    }

    /// "indexing 42%" or "reading stdin 12.3 MB".
    public var summary: String {
        if let fraction { return "\(verb) \(Int(saturating: fraction * 100))%" }
        let bytes = loadedBytes ?? 0
        let tenths = bytes / 100_000
        return "\(verb) \(tenths / 10).\(tenths % 10) MB"
    }
}

extension DataTableDataSource {
    /// nil: everything is there from the start.
    public var loadState: DataTableLoadState? { nil }
    /// Default: nothing to say.
    public var notice: String? { nil }
    /// Default: the data never changes.
    public func checkForChanges() {}
    /// Default: false (nothing is cut).
    public func isValueCut(row: Int, column: Int) -> Bool { false }
    /// Default: the value's text.
    public func text(row: Int, column: Int) -> String { value(row: row, column: column).stringRepresentation }
    /// Default: the shown text.
    public func sortText(row: Int, column: Int) -> String { text(row: row, column: column) }
    /// Default: the row id itself (no models).
    public func model(atSourceRow row: Int) -> Any { row }
    /// Default: every column sorts.
    public func isColumnSortable(_ column: Int) -> Bool { true }
    /// Default: nil, inferred from the values.
    public func sortKeyKind(ofColumn column: Int) -> SortKeyKind? { nil }
    /// Default: each column's text.
    public func fields(row: Int) -> [String] { (0..<columnCount).map { text(row: row, column: $0) } }
    /// Default: nil, no raw bytes (sorting reads `sortText`).
    public func rawField(row: Int, column: Int) -> UnsafeRawBufferPointer? { nil }
    /// Default: nil, no fast path.
    public func makeRawFieldReader(column: Int, rowCount: Int) -> ((Int) -> UnsafeRawBufferPointer)? { nil }
    /// Default: nil, no fast path.
    public func makeRawRecordReader(rowCount: Int) -> RawRecordReader? { nil }
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

/// A data source that shows another one with something added: columns of buttons
/// (`AppendingColumnsDataSource`), edits (`EditableDataSource`).
public protocol LayeredDataSource: DataTableDataSource {
    var base: DataTableDataSource { get }
}

extension DataTableDataSource {
    /// The data under every layer (a file, rows in memory).
    public var innermostSource: DataTableDataSource {
        var source: DataTableDataSource = self
        while let layered = source as? LayeredDataSource { source = layered.base }
        return source
    }

    /// The outermost layer of type `T` (this source or one under it), if any.
    public func layer<T>(_ type: T.Type) -> T? {
        var source: DataTableDataSource = self
        while true {
            if let found = source as? T { return found }
            guard let layered = source as? LayeredDataSource else { return nil }
            source = layered.base
        }
    }
}

