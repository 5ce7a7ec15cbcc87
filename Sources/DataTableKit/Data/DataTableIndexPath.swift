/// Where a cell is: its row as displayed (after sort and filter) and its column.
public struct DataTableIndexPath: Hashable, Sendable, CustomStringConvertible {
    /// The row's position on display.
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    public var description: String { "[\(row), \(column)]" }
}
