/// Where a cell is: its row as displayed (after sort and filter) and its column.
public struct DataTableIndexPath: Hashable, Sendable, CustomStringConvertible {
    /// The row's position on display.
    public var row: Int
    /// The column.
    public var column: Int

    /// The cell at display `row`, `column`.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// `[row, column]`.
    public var description: String { "[\(row), \(column)]" }
}
