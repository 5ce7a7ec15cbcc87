import TerminalSurface

/// Mouse events: clicks on headers, cells, section headers and buttons; the wheel.
extension TableController {
    /// A click moves the cursor to the cell under it; the wheel scrolls 3 rows.
    func handleMouse(_ mouse: MouseEvent) -> Response {
        count = nil
        var viewport = view.viewport
        switch mouse.kind {
        case .wheelDown where mouse.modifiers.contains(.shift), .wheelRight:
            viewport.scrollView(columns: 1)
        case .wheelUp where mouse.modifiers.contains(.shift), .wheelLeft:
            viewport.scrollView(columns: -1)
        case .wheelDown:
            viewport.scrollView(rows: 3)
        case .wheelUp:
            viewport.scrollView(rows: -3)
        case .press(.left):
            if let column = view.headerColumn(at: mouse.position) {
                // Same as `s` on that column: ascending, descending, none.
                view.cycleSort(column: column)
                view.delegate?.dataTable(view, didTapHeaderOfColumn: column)
                return .redraw
            }
            guard let indexPath = view.indexPath(at: mouse.position) else { return .ignored }
            if case .header = view.displayRow(at: indexPath.row) {
                // A click on a section's header collapses or expands it (the cursor goes there).
                view.viewport.moveCursor(to: DataTableIndexPath(row: indexPath.row, column: viewport.cursor.column))
                view.toggleSectionAtCursor()
                return .redraw
            }
            if let hit = view.actionHit(at: mouse.position) {
                // Drawn pressed until the button comes up; nothing moves meanwhile (a scroll would
                // put another cell under the pointer), so the release finds the same button.
                view.cells.pressedButton = (hit.key, hit.action)
                return .redraw
            }
            viewport.moveCursor(to: indexPath)
        case .release(.left):
            guard let pressed = view.cells.pressedButton else { return .ignored }
            view.cells.pressedButton = nil
            if let hit = view.actionHit(at: mouse.position), hit.key == pressed.key, hit.action == pressed.action {
                // The row becomes the cursor's; the column stays (a button is not a value).
                view.viewport.moveCursor(to: DataTableIndexPath(row: hit.indexPath.row, column: view.viewport.cursor.column))
                view.fireAction(hit.action, displayRow: hit.indexPath.row,
                                column: view.sourceColumn(forDisplayColumn: hit.indexPath.column))
            }
            return .redraw
        default:
            return .ignored
        }
        if viewport == view.viewport { return .ignored }
        view.viewport = viewport
        return .redraw
    }
}
