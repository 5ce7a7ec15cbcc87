/// Where a cell is: its row as displayed (after sort and filter) and its column.
public struct DataTableIndexPath: Hashable, Sendable, CustomStringConvertible {
    /// The row's position on display.
    public var row: Int
    /// The column: the data source's for cells and providers; the viewport's cursor counts
    /// display columns (`DataTableView.sourceColumn(forDisplayColumn:)` maps one to the other).
    public var column: Int

    /// The cell at display `row`, `column`.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// `[row, column]`.
    public var description: String { "[\(row), \(column)]" }
}
