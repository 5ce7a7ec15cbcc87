/// Told about what the user does with a table (selection, taps, sorts); every method has a
/// default. The program's own questions (edits, undo, writing, quitting, running work) are
/// `TableApplicationDelegate`'s, in DataTableApp.
///
/// Set `DataTableView.delegate` (held weakly). Methods run on the UI thread, between frames.
public protocol DataTableDelegate: AnyObject {
    // MARK: What happened

    /// The cursor moved to another row (`row` is a display row; `sourceRow` the data's row id),
    /// by a key, a click or code. Told once per event (`TableApplication` reports after each
    /// one) or per call of the view's cursor and selection methods; see
    /// `DataTableView.reportSelectionChanges()`.
    func dataTable(_ view: DataTableView, didSelectRow row: Int, sourceRow: Int)
    /// The selected rows changed (marks, Shift-Up/Down, Shift-click, a drag, or code):
    /// `selectedRows` are source rows in the order they were selected, as
    /// `DataTableView.selectedRows`. Told as `didSelectRow` is.
    func dataTable(_ view: DataTableView, didChangeSelection selectedRows: [Int])
    /// A column's header was clicked.
    func dataTable(_ view: DataTableView, didTapHeaderOfColumn column: Int)
    /// An action button was clicked (or fired from the keyboard) on a row.
    func dataTable(_ view: DataTableView, didTapAction action: String, row: Int, sourceRow: Int)
    /// The sort order changed (empty: the data's order).
    func dataTable(_ view: DataTableView, didChangeSort descriptors: [SortDescriptor])
    /// Rows on screen were measured and some heights differ from before.
    func dataTableDidChangeRowHeights(_ view: DataTableView)
}

extension DataTableDelegate {
    /// Default: nothing.
    public func dataTable(_ view: DataTableView, didSelectRow row: Int, sourceRow: Int) {}
    /// Default: nothing.
    public func dataTable(_ view: DataTableView, didChangeSelection selectedRows: [Int]) {}
    /// Default: nothing.
    public func dataTable(_ view: DataTableView, didTapHeaderOfColumn column: Int) {}
    /// Default: nothing (closures the cell keeps still run).
    public func dataTable(_ view: DataTableView, didTapAction action: String, row: Int, sourceRow: Int) {}
    /// Default: nothing.
    public func dataTable(_ view: DataTableView, didChangeSort descriptors: [SortDescriptor]) {}
    /// Default: nothing.
    public func dataTableDidChangeRowHeights(_ view: DataTableView) {}
}

/// An error that is a message for the status line.
public struct DataTableMessage: Error, CustomStringConvertible, Sendable {
    /// The message.
    public var description: String
    /// A message for the status line.
    public init(_ description: String) { self.description = description }
}
