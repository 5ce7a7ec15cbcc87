import TerminalSurface

/// A record's fields and the actions of the cursor's cell, for the program's screens.
extension DataTableView {
    /// The data's columns (not appended button columns) with the values of `source`: what the
    /// record view shows and the edit form edits.
    public func editableFields(of source: Int) -> (titles: [String], values: [String]) {
        // The data's own columns: those of the innermost source (layers add buttons after them).
        let count = min(dataSource.innermostSource.columnCount, dataSource.columnCount)
        return ((0..<count).map { dataSource.title(ofColumn: $0) },
                (0..<count).map { dataSource.value(row: source, column: $0).stringRepresentation })
    }

    /// The actions of the cell under the cursor, when it has buttons.
    func actionNamesOfCursorCell() -> [String]? {
        guard viewport.rowCount > 0, columns.indices.contains(viewport.cursor.column) else { return nil }
        let row = viewport.cursor.row, column = viewport.cursor.column
        return configuredSizingCell(at: DataTableIndexPath(row: row, column: column), sourceRow: sourceRow(forDisplayRow: row),
                                    skippingTextCells: true)?.actionNames
    }
}
