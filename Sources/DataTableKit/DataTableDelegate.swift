/// Told about what the user does with a table, and asked about the work the program does
/// around it (edits, writing, commands); every method has a default.
///
/// Set `DataTableView.delegate` (held weakly). Methods run on the UI thread, between frames.
public protocol DataTableDelegate: AnyObject {
    // MARK: What happened

    /// The cursor moved to another row (`row` is a display row; `sourceRow` the data's row id).
    func dataTable(_ view: DataTableView, didSelectRow row: Int, sourceRow: Int)
    /// A column's header was clicked.
    func dataTable(_ view: DataTableView, didTapHeaderOfColumn column: Int)
    /// An action button was clicked (or fired from the keyboard) on a row.
    func dataTable(_ view: DataTableView, didTapAction action: String, row: Int, sourceRow: Int)
    /// The sort order changed (empty: the data's order).
    func dataTable(_ view: DataTableView, didChangeSort descriptors: [SortDescriptor])
    /// Rows on screen were measured and some heights differ from before.
    func dataTableDidChangeRowHeights(_ view: DataTableView)

    // MARK: Edits and writing (the library keeps no data and writes no files)

    /// Whether rows can be edited: the edit form opens only then. Default false.
    func dataTableCanEdit(_ view: DataTableView) -> Bool
    /// A field was changed in the edit form; returns a message for the status line.
    func dataTable(_ view: DataTableView, didEditRow sourceRow: Int, column: Int, text: String) -> String?
    /// `u`: undoes the last edit or deletion; returns a message, nil when there is nothing to undo.
    func dataTableUndo(_ view: DataTableView) -> String?
    /// Whether there are changes not written yet (quitting asks first). Default false.
    func dataTableHasUnsavedChanges(_ view: DataTableView) -> Bool
    /// `:w`: writes the changes; returns a message, throws one on failure.
    func dataTableWriteChanges(_ view: DataTableView) throws -> String
    /// The user quits (not `:q!`, Ctrl-C or a signal); false keeps the table open (the
    /// delegate says why in `notice`). Default true.
    func dataTableShouldQuit(_ view: DataTableView) -> Bool

    // MARK: Work running for the table (commands of actions)

    /// Whether work is running: the run loop then polls often. Default false.
    func dataTableIsBusy(_ view: DataTableView) -> Bool
    /// Asked between events: reports finished work; true when the screen should be redrawn.
    func dataTablePollWork(_ view: DataTableView) -> Bool
    /// Esc: cancels the newest running work; true when there was some.
    func dataTableCancelWork(_ view: DataTableView) -> Bool
}

extension DataTableDelegate {
    /// Default: nothing.
    public func dataTable(_ view: DataTableView, didSelectRow row: Int, sourceRow: Int) {}
    /// Default: nothing.
    public func dataTable(_ view: DataTableView, didTapHeaderOfColumn column: Int) {}
    /// Default: nothing (closures the cell keeps still run).
    public func dataTable(_ view: DataTableView, didTapAction action: String, row: Int, sourceRow: Int) {}
    /// Default: nothing.
    public func dataTable(_ view: DataTableView, didChangeSort descriptors: [SortDescriptor]) {}
    /// Default: nothing.
    public func dataTableDidChangeRowHeights(_ view: DataTableView) {}
    /// Default: false, rows cannot be edited.
    public func dataTableCanEdit(_ view: DataTableView) -> Bool { false }
    /// Default: nil, no message.
    public func dataTable(_ view: DataTableView, didEditRow sourceRow: Int, column: Int, text: String) -> String? { nil }
    /// Default: nil, nothing to undo.
    public func dataTableUndo(_ view: DataTableView) -> String? { nil }
    /// Default: false.
    public func dataTableHasUnsavedChanges(_ view: DataTableView) -> Bool { false }
    /// Default: throws "nothing to write to".
    public func dataTableWriteChanges(_ view: DataTableView) throws -> String { throw DataTableMessage("nothing to write to") }
    /// Default: true.
    public func dataTableShouldQuit(_ view: DataTableView) -> Bool { true }
    /// Default: false.
    public func dataTableIsBusy(_ view: DataTableView) -> Bool { false }
    /// Default: false, nothing to redraw.
    public func dataTablePollWork(_ view: DataTableView) -> Bool { false }
    /// Default: false, nothing was running.
    public func dataTableCancelWork(_ view: DataTableView) -> Bool { false }
}

/// An error that is a message for the status line.
public struct DataTableMessage: Error, CustomStringConvertible, Sendable {
    /// The message.
    public var description: String
    /// A message for the status line.
    public init(_ description: String) { self.description = description }
}
