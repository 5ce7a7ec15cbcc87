import TerminalSurface

/// The record view, marks, and the hooks for edits the program provides (write, undo).
extension DataTableView {
    /// Opens the record view on the cursor's row (`Enter`).
    public func openRecordView() {
        guard viewport.rowCount > 0 else { return }
        recordViewRow = sourceRow(forDisplayRow: viewport.cursor.row)
        recordScrollOffset = 0
    }

    /// The record view of `recordViewRow`, for drawing.
    func recordView(of source: Int) -> RecordView {
        let (titles, values) = editableFields(of: source)
        let heading = "record \(grouped(viewport.cursor.row + 1)) of \(grouped(viewport.rowCount))"
            + (source != viewport.cursor.row || displayOrder != nil ? " (row \(grouped(source + 1)) in the data)" : "")
        return RecordView(titles: titles, values: values, heading: heading, theme: configuration.theme,
                          isMarked: markedRowSet.contains(source))
    }

    /// Opens the edit form on a row (the `edit` action), when the delegate can edit.
    public func openEditForm(sourceRow: Int) {
        guard delegate?.dataTableCanEdit(self) == true else {
            notice = "this table cannot be edited"
            return
        }
        editForm = EditForm(sourceRow: sourceRow)
    }

    /// The data's columns (not appended button columns) with the values of `source`: what the
    /// record view shows and the edit form edits.
    func editableFields(of source: Int) -> (titles: [String], values: [String]) {
        // The data's own columns: those of the innermost source (layers add buttons after them).
        let count = min(dataSource.innermostSource.columnCount, dataSource.columnCount)
        return ((0..<count).map { dataSource.title(ofColumn: $0) },
                (0..<count).map { dataSource.value(row: source, column: $0).stringRepresentation })
    }

    /// The record on view as one CSV line (for `y` in the record view): the data's fields.
    func recordCSV() -> String {
        guard let source = recordViewRow ?? (viewport.rowCount > 0 ? sourceRow(forDisplayRow: viewport.cursor.row) : nil)
        else { return "" }
        return CSVField.record(editableFields(of: source).values)
    }

    /// The actions of the cell under the cursor, when it has buttons.
    func actionNamesOfCursorCell() -> [String]? {
        guard viewport.rowCount > 0, columns.indices.contains(viewport.cursor.column) else { return nil }
        let row = viewport.cursor.row, column = viewport.cursor.column
        return configuredSizingCell(at: DataTableIndexPath(row: row, column: column), sourceRow: sourceRow(forDisplayRow: row),
                                    skippingTextCells: true)?.actionNames
    }

    /// Whether there are changes to write (the program's answer; false without one).
    public var hasUnsavedChanges: Bool { delegate?.dataTableHasUnsavedChanges(self) ?? false }

    /// Writes the changes through the delegate; the outcome goes to the status line.
    /// Returns whether it worked.
    @discardableResult
    public func writeChanges() -> Bool {
        do {
            notice = try (delegate ?? NoDelegate.shared).dataTableWriteChanges(self)
            return true
        } catch {
            notice = "\(error)"
            return false
        }
    }

    /// Undoes the last edit or deletion (`u`) through the delegate.
    public func undo() {
        notice = delegate?.dataTableUndo(self) ?? "nothing to undo"
    }
}

/// The answers of a table without a delegate (the protocol's defaults).
final class NoDelegate: DataTableDelegate {
    nonisolated(unsafe) static let shared = NoDelegate()
}

