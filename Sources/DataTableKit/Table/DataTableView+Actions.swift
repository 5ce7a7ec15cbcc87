/// Action buttons: a tap (or a key) fires an action for a row.
extension DataTableView {
    /// Fires `action` for the record at `displayRow`: runs the closure a cell of that row keeps
    /// for it (`DataTableCell.actionHandlers`, `performAction(_:)`), then tells the delegate.
    ///
    /// The cell is configured for the row now, before its closure runs: the cell that showed the
    /// row may have been recycled for another row since, so only a fresh configuration holds the
    /// row's own closure. `column` is the cell's column (a click knows it); nil looks for the
    /// first column whose cell offers the action.
    public func fireAction(_ action: String, displayRow: Int, column: Int? = nil) {
        guard displayRow >= 0 && displayRow < viewport.rowCount else { return }
        let source = sourceRow(forDisplayRow: displayRow)
        cellConfigured(toFire: action, displayRow: displayRow, sourceRow: source, column: column)?.performAction(action)
        delegate?.dataTable(self, didTapAction: action, row: displayRow, sourceRow: source)
    }

    /// A cell of the row configured for it now that offers `action`: the row's cell on screen
    /// (configured again), else the identifier's sizing cell. Nil when no column offers it.
    func cellConfigured(toFire action: String, displayRow: Int, sourceRow source: Int, column: Int?) -> DataTableCell? {
        let candidates = column.map { [$0] } ?? Array(columns.indices)
        for column in candidates where columns.indices.contains(column) {
            let indexPath = DataTableIndexPath(row: displayRow, column: column)
            let cell: DataTableCell
            if let onScreen = cells.onScreen[CellKey(sourceRow: source, column: column)],
               onScreen.reuseIdentifier == cells.provider.reuseIdentifier(for: indexPath) {
                let background = onScreen.backgroundStyle
                onScreen.prepareForReuse()
                configure(onScreen, at: indexPath, sourceRow: source, value: dataSource.value(row: source, column: column),
                          background: background)
                onScreen.configuredWith = nil
                cell = onScreen
            } else if let sizing = configuredSizingCell(at: indexPath, sourceRow: source, skippingTextCells: true) {
                cell = sizing
            } else {
                continue
            }
            if cell.actionNames.contains(action) || cell.actionHandlers[action] != nil { return cell }
        }
        return nil
    }
}
