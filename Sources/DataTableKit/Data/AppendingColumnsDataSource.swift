/// A data source with header-only columns after the columns of another: room for cells that
/// draw something other than the data (action buttons). Everything else is the base's.
public final class AppendingColumnsDataSource: LayeredDataSource {
    /// `base`'s answer; appended columns are empty and not sortable.
    public let base: DataTableDataSource
    /// Titles of the columns after the base's.
    public let appendedTitles: [String]

    /// The base's columns when this source was made: the appended columns stay after them
    /// (columns a loading base finds later, rows wider than its header, are not shown, so
    /// that the buttons keep their column).
    public let baseColumnCount: Int

    /// `base`'s columns, then empty columns titled `appendedTitles` (for buttons).
    public init(base: DataTableDataSource, appendedTitles: [String]) {
        self.base = base
        self.appendedTitles = appendedTitles
        self.baseColumnCount = base.columnCount
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
    public var loadState: DataTableLoadState? { base.loadState }
    /// `base`'s answer; appended columns are empty and not sortable.
    public func text(row: Int, column: Int) -> String { isAppended(column) ? "" : base.text(row: row, column: column) }
    /// `base`'s answer; appended columns are empty and not sortable.
    public func sortText(row: Int, column: Int) -> String { isAppended(column) ? "" : base.sortText(row: row, column: column) }
    /// `base`'s answer; appended columns are empty and not sortable.
    public func sortKeyKind(ofColumn column: Int) -> SortKeyKind? { isAppended(column) ? .text : base.sortKeyKind(ofColumn: column) }
    /// The base's fields only: search and filter look at the data, not at buttons.
    public func fields(row: Int) -> [String] { base.fields(row: row) }
    /// The base's bytes; nil in appended columns.
    public func rawField(row: Int, column: Int) -> UnsafeRawBufferPointer? {
        isAppended(column) ? nil : base.rawField(row: row, column: column)
    }
    /// The base's reader; nil for appended columns.
    public func makeRawFieldReader(column: Int, rowCount: Int) -> ((Int) -> UnsafeRawBufferPointer)? {
        isAppended(column) ? nil : base.makeRawFieldReader(column: column, rowCount: rowCount)
    }
    /// `base`'s answer; appended columns are empty and not sortable.
    public func makeRawRecordReader(rowCount: Int) -> RawRecordReader? { base.makeRawRecordReader(rowCount: rowCount) }
    /// `base`'s answer; appended columns are empty and not sortable.
    public var notice: String? { base.notice }
    /// `base`'s answer; appended columns are empty and not sortable.
    public func checkForChanges() { base.checkForChanges() }
    /// Appended columns are never cut; the base says for its own.
    public func isValueCut(row: Int, column: Int) -> Bool { isAppended(column) ? false : base.isValueCut(row: row, column: column) }
}

extension AppendingColumnsDataSource {
    /// `base`'s answer; appended columns are empty and not sortable.
    public func model(atSourceRow row: Int) -> Any { base.model(atSourceRow: row) }
    /// The appended columns hold no values: they cannot be sorted.
    public func isColumnSortable(_ column: Int) -> Bool { isAppended(column) ? false : base.isColumnSortable(column) }
}
