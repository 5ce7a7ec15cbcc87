/// Rows × columns of values: what a table shows. Counts, titles and values only; what some
/// sources can do besides is a capability protocol of its own, asked for once where it is used
/// (docs/decisions/0098-data-source-capabilities.md): `DataTableLoading` (loads or changes
/// while shown), `DataTableRawRecords` and `RecordScanning` (raw CSV bytes),
/// `DataTableColumnSorting` (how columns sort), `DataTableModelRows` (the models rows were
/// made from). A layer (`LayeredDataSource`) adopts those its base may have and forwards them.
///
/// Rows are identified by their position in the source (`row` 0..<rowCount), which never
/// changes while the source is open; sorting and filtering reorder a permutation of these
/// ids in the view, never the data. `rowCount` may grow while a file is still being read.
///
/// "Values" are the value shown (`value`, UI thread) and its text in the three forms every
/// reader needs off the UI thread: a field's `text`, the `sortText` a sort, filter or summary
/// compares, and a whole row's `fields` in one parse.
public protocol DataTableDataSource: AnyObject {
    /// The number of columns.
    var columnCount: Int { get }
    /// The number of rows (source row ids `0..<rowCount`).
    var rowCount: Int { get }
    /// The title of `column`, shown in the sticky header.
    func title(ofColumn column: Int) -> String
    /// The value at a source row and column.
    func value(row: Int, column: Int) -> DataTableValueType
    /// The text of a field, for sort keys, filters and search. Must be safe to call from a
    /// background thread while the UI thread uses the source (no shared caches).
    func text(row: Int, column: Int) -> String
    /// The text a sort compares for a field (thread-safe, like `text`); by default `text`.
    /// Typed tables answer a column's `sortedBy` value here.
    func sortText(row: Int, column: Int) -> String
    /// Every field of a row as text (thread-safe, like `text`): one parse for a whole row.
    func fields(row: Int) -> [String]
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

extension DataTableDataSource {
    /// Default: the value's text.
    public func text(row: Int, column: Int) -> String { value(row: row, column: column).stringRepresentation }
    /// Default: the shown text.
    public func sortText(row: Int, column: Int) -> String { text(row: row, column: column) }
    /// Default: each column's text.
    public func fields(row: Int) -> [String] { (0..<columnCount).map { text(row: row, column: $0) } }
}
