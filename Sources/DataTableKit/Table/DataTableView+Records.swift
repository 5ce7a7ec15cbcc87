import TerminalSurface

/// A record's fields and the actions of the cursor's cell, for the program's screens.
extension DataTableView {
    /// The data's columns (not appended button columns) with the values of `source`: what the
    /// record view shows and the edit form edits, in display order without hidden columns
    /// (`editableColumns` says which source column each field is).
    public func editableFields(of source: Int) -> (titles: [String], values: [String]) {
        let fields = editableColumns
        return (fields.map { dataSource.title(ofColumn: $0) },
                fields.map { dataSource.value(row: source, column: $0).stringRepresentation })
    }

    /// The source columns of `editableFields(of:)`, in order: the data's own columns (those of
    /// the innermost source; layers add buttons after them) that are shown, in display order;
    /// every data column when none of them is shown.
    public var editableColumns: [Int] {
        let count = min(dataSource.innermostSource.columnCount, dataSource.columnCount)
        let shown = columnOrder.shown.filter { $0 < count }
        return shown.isEmpty ? Array(0..<count) : shown
    }

    /// The actions of the cell under the cursor, when it has buttons.
    func actionNamesOfCursorCell() -> [String]? {
        guard viewport.rowCount > 0, !columns.isEmpty else { return nil }
        let row = viewport.cursor.row, column = cursorSourceColumn
        return configuredSizingCell(at: DataTableIndexPath(row: row, column: column), sourceRow: sourceRow(forDisplayRow: row),
                                    skippingTextCells: true)?.actionNames
    }
}
