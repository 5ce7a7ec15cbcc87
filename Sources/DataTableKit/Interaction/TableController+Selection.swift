/// The selection keys: Shift-Up and Shift-Down extend a range of marked rows from its anchor,
/// `M` unmarks every row (`m`, which marks one row, is a view command).
extension TableController {
    /// Runs a selection command (a count repeats the step: `5` Shift-Down marks five more rows).
    func performSelection(_ command: TableCommand) -> Response {
        switch command {
        case .extendSelectionUp, .extendSelectionDown:
            guard view.viewport.rowCount > 0 else { return .ignored }
            let step = max(1, count ?? 1) * (command == .extendSelectionUp ? -1 : 1)
            view.extendSelection(toRow: view.viewport.cursor.row + step)
            return .redraw
        case .clearSelection:
            let count = view.selectedRows.count
            view.notice = count == 0 ? "no rows marked" : count == 1 ? "1 row unmarked" : "\(grouped(count)) rows unmarked"
            view.clearSelection()
            return .redraw
        default:
            return .ignored
        }
    }
}
