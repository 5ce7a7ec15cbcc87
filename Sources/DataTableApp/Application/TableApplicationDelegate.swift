import DataTableKit

/// Asked about the program's work around the table: edits, undo, writing, quitting, and work
/// running for it (commands of actions); every method has a default.
///
/// Set `TableApplication.delegate` (held weakly). Methods run on the UI thread, between frames.
/// What the user does with the table itself (selection, taps, sorts) goes to the table's
/// `DataTableDelegate`.
public protocol TableApplicationDelegate: AnyObject {
    // MARK: Edits and writing (the library keeps no data and writes no files)

    /// Whether rows can be edited: the edit form opens only then. Default false.
    func dataTableCanEdit(_ view: DataTableView) -> Bool
    /// A field was changed in the edit form; returns a message for the status line.
    func dataTable(_ view: DataTableView, didEditRow sourceRow: Int, column: Int, text: String) -> String?
    /// `u`: undoes the last edit or deletion; returns a message, nil when there is nothing to undo.
    func dataTableUndo(_ view: DataTableView) -> String?
    /// Whether there are changes not written yet (quitting asks first). Default false.
    func dataTableHasUnsavedChanges(_ view: DataTableView) -> Bool
    /// Whether `:w` alone has a file to write to (false for a table from standard input or
    /// from memory: quitting with changes then offers `:wq FILE` instead of writing).
    func dataTableWritesInPlace(_ view: DataTableView) -> Bool
    /// `:w`, `:w!`, `:w FILE`, `:wq`: writes the changes; returns a message, throws one on
    /// failure. A delegate that writes in the background returns at once and reports through
    /// `dataTableIsBusy`/`dataTablePollWork`; with `request.quitsAfter` it then ends the run
    /// loop itself once the write succeeded (the table quits at once only when not busy).
    func dataTableWriteChanges(_ view: DataTableView, _ request: DataTableWriteRequest) throws -> String
    /// `:w FILE` in a sheet (the frequency table, the summary): writes `sheet`'s view (its
    /// visible columns and shown rows, in display order) to `request.path`; returns a message,
    /// throws one on failure. Default: throws "this program cannot write sheets".
    func dataTable(_ view: DataTableView, writeSheet sheet: DataTableView, _ request: DataTableWriteRequest) throws -> String
    /// The user quits (not `:q!`, or a signal); false keeps the table open (the delegate says
    /// why in `notice`). Default true.
    func dataTableShouldQuit(_ view: DataTableView) -> Bool

    /// `R`: reads the data again (a file changed on disk). `discardingChanges` once the user
    /// agreed to lose unsaved edits. Returns a message for the status line, or a yes/no
    /// question to ask first. Default: "nothing to reload".
    func dataTableReload(_ view: DataTableView, discardingChanges: Bool) -> DataTableReloadAnswer

    /// `Enter` on a record: true when the program took it (a picker that keeps the row, as
    /// a program that prints the picked value): the table then quits as with `q` instead of opening the record
    /// view. Default false.
    func dataTable(_ view: DataTableView, didActivateRecord sourceRow: Int) -> Bool

    // MARK: Work running for the table (commands of actions)

    /// Whether work is running: the run loop then polls often. Default false.
    func dataTableIsBusy(_ view: DataTableView) -> Bool
    /// Asked between events: reports finished work; true when the screen should be redrawn.
    func dataTablePollWork(_ view: DataTableView) -> Bool
    /// Esc: cancels the newest running work; true when there was some.
    func dataTableCancelWork(_ view: DataTableView) -> Bool
}

extension TableApplicationDelegate {
    /// Default: false, rows cannot be edited.
    public func dataTableCanEdit(_ view: DataTableView) -> Bool { false }
    /// Default: nil, no message.
    public func dataTable(_ view: DataTableView, didEditRow sourceRow: Int, column: Int, text: String) -> String? { nil }
    /// Default: nil, nothing to undo.
    public func dataTableUndo(_ view: DataTableView) -> String? { nil }
    /// Default: false.
    public func dataTableHasUnsavedChanges(_ view: DataTableView) -> Bool { false }
    /// Default: true, `:w` alone writes (a delegate that writes nothing says so when asked).
    public func dataTableWritesInPlace(_ view: DataTableView) -> Bool { true }
    /// Default: throws "nothing to write to".
    public func dataTableWriteChanges(_ view: DataTableView, _ request: DataTableWriteRequest) throws -> String {
        throw DataTableMessage("nothing to write to")
    }
    /// Default: throws "this program cannot write sheets".
    public func dataTable(_ view: DataTableView, writeSheet sheet: DataTableView, _ request: DataTableWriteRequest) throws -> String {
        throw DataTableMessage("this program cannot write sheets")
    }
    /// Default: "nothing to reload".
    public func dataTableReload(_ view: DataTableView, discardingChanges: Bool) -> DataTableReloadAnswer {
        .message("nothing to reload")
    }
    /// Default: true.
    public func dataTableShouldQuit(_ view: DataTableView) -> Bool { true }
    /// Default: false, Enter opens the record view.
    public func dataTable(_ view: DataTableView, didActivateRecord sourceRow: Int) -> Bool { false }
    /// Default: false.
    public func dataTableIsBusy(_ view: DataTableView) -> Bool { false }
    /// Default: false, nothing to redraw.
    public func dataTablePollWork(_ view: DataTableView) -> Bool { false }
    /// Default: false, nothing was running.
    public func dataTableCancelWork(_ view: DataTableView) -> Bool { false }
}

/// The answers of an application without a delegate (the protocol's defaults).
final class NoApplicationDelegate: TableApplicationDelegate {
    nonisolated(unsafe) static let shared = NoApplicationDelegate()
}
