/// Data that changes while it is shown, for any data source: changes the program reports
/// (`applyChanges(_:)`) or that a layer of the source reports by itself
/// (`DataTableChangeReporting`, picked up by `refreshFromDataSource()`).
extension DataTableView {
    /// Takes in changes of the data source's rows: the source already holds the new rows, and
    /// `changes` says where each old row went and which rows are new or changed.
    ///
    /// The cursor stays on its record (on a deleted one: on the nearest surviving row, below
    /// first), on the same line of the screen; marks and hidden rows follow their rows; the
    /// sort and the filter run again over the new rows, as jobs (until they finish, rows keep
    /// their old order, new rows at the end); only changed and inserted rows are measured and
    /// configured again; content-fitted columns widen to new values; changed and inserted rows
    /// flash when `changes.animatingDifferences`. With `followsAppendedRows`, a cursor on the
    /// last row moves to the new last row.
    /// - Complexity: O(n) in the rows, plus the sort and the filter run again (off this thread).
    public func applyChanges(_ changes: DataTableRowChanges) {
        guard !changes.isEmpty || dataSource.rowCount != changes.oldCount else { return }  // nothing shown changed
        let wasAtEnd = isCursorOnLastRow
        applyRowChanges(newSourceRow: changes.newSourceRows, changedRows: changes.changedRows,
                        reloadedRows: changes.refresh == .reload ? changes.changedRows : [],
                        flashing: changes.animatingDifferences)
        if wasAtEnd && followsAppendedRows { moveCursorToLastRow() }
    }

    /// Takes the changes a layer of the data source reports (`DataTableChangeReporting`), if
    /// any wait; true when it took some.
    func takeReportedChanges() -> Bool {
        guard let reporter = dataSource.layer(DataTableChangeReporting.self), reporter.hasRowChanges,
              let changes = reporter.takeRowChanges() else { return false }
        applyChanges(changes)
        return !changes.isEmpty || dataSource.rowCount != changes.oldCount
    }

    /// Whether the cursor is on the last row shown (or there are none).
    var isCursorOnLastRow: Bool { viewport.rowCount == 0 || viewport.cursor.row == viewport.rowCount - 1 }

    /// Moves the cursor to the last row shown, keeping its column.
    func moveCursorToLastRow() {
        guard viewport.rowCount > 0 else { return }
        viewport.moveCursor(to: DataTableIndexPath(row: viewport.rowCount - 1, column: viewport.cursor.column))
    }
}
