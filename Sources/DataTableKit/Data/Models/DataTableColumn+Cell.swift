/// A column declares the cell that shows its values: a table of several kinds needs no provider.
extension DataTableColumn {
    /// The column shown in `cell`: a built-in kind (`.badge()`, `.progress(.percent)`,
    /// `.avatar`, `.buttons(["Stop"])`, `.subtitle`, `.rightDetail`, `.sparkline`,
    /// `.histogram`) or `.custom(MyCell.self) { cell, model, context in … }`.
    ///
    /// ```swift
    /// .init("State", \.state).cell(.badge(colors: ["running": .green])),
    /// .init("CPU", \.cpu).cell(.progress(max: 100)),
    /// ```
    ///
    /// A provider given in the table's configuration (`cellSizingMode = .custom(provider:)`)
    /// wins over the columns' cells.
    public func cell(_ cell: DataTableColumnCell<T>) -> Self {
        var column = self
        column.declaredCell = cell
        return column
    }

    /// The column shown in cells of a class of your own, made with `Cell()` and configured by
    /// `configure` with the row's model; the class is named by the closure's first parameter:
    ///
    /// ```swift
    /// .init("User", sortedBy: { $0.name }).cell { (cell: UserCell, user, _) in cell.name = user.name }
    /// ```
    public func cell<Cell: DataTableCell>(
        _ type: Cell.Type = Cell.self, reuseIdentifier: String? = nil,
        configure: @escaping @Sendable (_ cell: Cell, _ model: T, _ context: CellContext) -> Void) -> Self {
        cell(.custom(type, reuseIdentifier: reuseIdentifier, configure: configure))
    }
}
