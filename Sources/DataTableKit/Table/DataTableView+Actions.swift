/// Action buttons: a tap (or a key) fires an action for a row.
extension DataTableView {
    /// Fires `action` for the record at `displayRow`: tells the delegate.
    public func fireAction(_ action: String, displayRow: Int) {
        guard displayRow >= 0 && displayRow < viewport.rowCount else { return }
        let source = sourceRow(forDisplayRow: displayRow)
        delegate?.dataTable(self, didTapAction: action, row: displayRow, sourceRow: source)
    }
}
