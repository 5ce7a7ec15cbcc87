/// The keys of column filters: `|` asks the program for a filter on the cursor's column, `#`
/// finds and `@` filters like the cursor's cell.
extension TableController {
    /// Runs `.filterColumn`, `.findSameValue` or `.filterSameValue`.
    func performColumnFilter(_ command: TableCommand) -> Response {
        guard !view.columns.isEmpty, view.viewport.rowCount > 0 || command == .filterColumn else {
            view.notice = "no rows"
            return .redraw
        }
        switch command {
        case .filterColumn:
            guard !view.columns.isEmpty else { return .ignored }
            return .request(.filterColumn(view.cursorSourceColumn))
        case .findSameValue:
            view.findSameValue()
        case .filterSameValue:
            view.filterSameValue()
        default:
            return .ignored
        }
        return .redraw
    }
}
