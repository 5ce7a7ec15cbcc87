/// A data source with header-only columns after the columns of another: room for cells that
/// draw something other than the data (action buttons). Everything else is the base's.
public final class AppendingColumnsDataSource: LayeredDataSource, DataTableLoading, DataTableRawRecords,
    DataTableColumnSorting, DataTableModelRows {
    /// `base`'s answer; appended columns are empty and not sortable.
    public let base: DataTableDataSource
    /// Titles of the columns after the base's.
    public let appendedTitles: [String]

    /// The base's columns when this source was made: the appended columns stay after them
    /// (columns a loading base finds later, rows wider than its header, are not shown, so
    /// that the buttons keep their column).
    public let baseColumnCount: Int
    /// The base's capabilities, resolved once (nil: the base has none, answer as without).
    private let baseLoading: DataTableLoading?
    private let baseRaw: DataTableRawRecords?
    private let baseSorting: DataTableColumnSorting?
    private let baseModels: DataTableModelRows?

    /// `base`'s columns, then empty columns titled `appendedTitles` (for buttons).
    public init(base: DataTableDataSource, appendedTitles: [String]) {
        self.base = base
        self.appendedTitles = appendedTitles
        self.baseColumnCount = base.columnCount
        self.baseLoading = base as? DataTableLoading
        self.baseRaw = base as? DataTableRawRecords
        self.baseSorting = base as? DataTableColumnSorting
        self.baseModels = base as? DataTableModelRows
    }

    /// Whether `column` is one of the appended, header-only columns.
    public func isAppended(_ column: Int) -> Bool { column >= baseColumnCount }

    /// `base`'s answer; appended columns are empty and not sortable.
    public var columnCount: Int { baseColumnCount + appendedTitles.count }
    /// `base`'s answer; appended columns are empty and not sortable.
    public var rowCount: Int { base.rowCount }
    /// The base's title, or the appended column's.
    public func title(ofColumn column: Int) -> String {
        isAppended(column) ? appendedTitles[column - baseColumnCount] : base.title(ofColumn: column)
    }
    /// The base's value; `.null` in appended columns.
    public func value(row: Int, column: Int) -> DataTableValueType {
        isAppended(column) ? .null : base.value(row: row, column: column)
    }
    /// `base`'s answer; appended columns are empty and not sortable.
    public var loadState: DataTableLoadState? { baseLoading?.loadState }
    /// `base`'s answer; appended columns are empty and not sortable.
    public func text(row: Int, column: Int) -> String { isAppended(column) ? "" : base.text(row: row, column: column) }
    /// `base`'s answer; appended columns are empty and not sortable.
    public func sortText(row: Int, column: Int) -> String { isAppended(column) ? "" : base.sortText(row: row, column: column) }
    /// `base`'s answer; appended columns are empty and not sortable.
    public func sortKeyKind(ofColumn column: Int) -> SortKeyKind? { isAppended(column) ? .text : baseSorting?.sortKeyKind(ofColumn: column) }
    /// The base's fields only: search and filter look at the data, not at buttons.
    public func fields(row: Int) -> [String] { base.fields(row: row) }
    /// The base's bytes; nil in appended columns.
    public func rawField(row: Int, column: Int) -> UnsafeRawBufferPointer? {
        isAppended(column) ? nil : baseRaw?.rawField(row: row, column: column)
    }
    /// The base's reader; nil for appended columns.
    public func makeRawFieldReader(column: Int, rowCount: Int) -> ((Int) -> UnsafeRawBufferPointer)? {
        isAppended(column) ? nil : baseRaw?.makeRawFieldReader(column: column, rowCount: rowCount)
    }
    /// The base's fields; false for appended columns.
    public func readRawFields(column: Int, rows: Range<Int>, into batch: inout RawFieldBatch) -> Bool {
        guard !isAppended(column), let baseRaw else { return false }
        return baseRaw.readRawFields(column: column, rows: rows, into: &batch)
    }
    /// The base's readers; nil for appended columns.
    public func makeRawColumnReader(column: Int, rowCount: Int) -> RawColumnReader? {
        isAppended(column) ? nil : baseRaw?.makeRawColumnReader(column: column, rowCount: rowCount)
    }
    /// `base`'s answer; appended columns are empty and not sortable.
    public func makeRawRecordReader(rowCount: Int) -> RawRecordReader? { baseRaw?.makeRawRecordReader(rowCount: rowCount) }
    /// `base`'s answer; appended columns are empty and not sortable.
    public var notice: String? { baseLoading?.notice }
    /// `base`'s answer; appended columns are empty and not sortable.
    public func checkForChanges() { baseLoading?.checkForChanges() }
    /// Appended columns are never cut; the base says for its own.
    public func isValueCut(row: Int, column: Int) -> Bool { isAppended(column) ? false : baseRaw?.isValueCut(row: row, column: column) ?? false }
}

extension AppendingColumnsDataSource {
    /// `base`'s answer; appended columns are empty and not sortable.
    public func model(atSourceRow row: Int) -> Any { baseModels?.model(atSourceRow: row) ?? row }
    /// The appended columns hold no values: they cannot be sorted.
    public func isColumnSortable(_ column: Int) -> Bool { isAppended(column) ? false : baseSorting?.isColumnSortable(column) ?? true }
}
