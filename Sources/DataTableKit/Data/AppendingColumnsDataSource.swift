/// A data source with header-only columns after the columns of another: room for cells that
/// draw something other than the data (action buttons). Everything else is the base's.
public final class AppendingColumnsDataSource: LayeredDataSource {
    public let base: DataTableDataSource
    /// Titles of the columns after the base's.
    public let appendedTitles: [String]

    public init(base: DataTableDataSource, appendedTitles: [String]) {
        self.base = base
        self.appendedTitles = appendedTitles
    }

    /// Whether `column` is one of the appended, header-only columns.
    public func isAppended(_ column: Int) -> Bool { column >= base.columnCount }

    public var columnCount: Int { base.columnCount + appendedTitles.count }
    public var rowCount: Int { base.rowCount }
    public func title(ofColumn column: Int) -> String {
        isAppended(column) ? appendedTitles[column - base.columnCount] : base.title(ofColumn: column)
    }
    public func value(row: Int, column: Int) -> DataTableValueType {
        isAppended(column) ? .null : base.value(row: row, column: column)
    }
    public var loadState: DataTableLoadState? { base.loadState }
    public func text(row: Int, column: Int) -> String { isAppended(column) ? "" : base.text(row: row, column: column) }
    public func sortText(row: Int, column: Int) -> String { isAppended(column) ? "" : base.sortText(row: row, column: column) }
    public func sortKeyKind(ofColumn column: Int) -> SortKeyKind? { isAppended(column) ? .text : base.sortKeyKind(ofColumn: column) }
    /// The base's fields only: search and filter look at the data, not at buttons.
    public func fields(row: Int) -> [String] { base.fields(row: row) }
    public func rawField(row: Int, column: Int) -> UnsafeRawBufferPointer? {
        isAppended(column) ? nil : base.rawField(row: row, column: column)
    }
    public func makeRawFieldReader(column: Int, rowCount: Int) -> ((Int) -> UnsafeRawBufferPointer)? {
        isAppended(column) ? nil : base.makeRawFieldReader(column: column, rowCount: rowCount)
    }
    public func makeRawRecordReader(rowCount: Int) -> RawRecordReader? { base.makeRawRecordReader(rowCount: rowCount) }
    public var notice: String? { base.notice }
    public func checkForChanges() { base.checkForChanges() }
    public func isValueCut(row: Int, column: Int) -> Bool { isAppended(column) ? false : base.isValueCut(row: row, column: column) }
}

extension AppendingColumnsDataSource {
    public func model(atSourceRow row: Int) -> Any { base.model(atSourceRow: row) }
    /// The appended columns hold no values: they cannot be sorted.
    public func isColumnSortable(_ column: Int) -> Bool { isAppended(column) ? false : base.isColumnSortable(column) }
}
