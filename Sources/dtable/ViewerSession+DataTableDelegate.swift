import DataTableKit

/// The table tells the session what the user did with it: a tap on an action button fires it.
extension ViewerSession: DataTableDelegate {
    func dataTable(_ view: DataTableView, didTapAction action: String, row: Int, sourceRow: Int) {
        dispatcher.fire(action, sourceRow: sourceRow)
    }
}
