import DataTableApp
import DataTableKit

/// The application asks the session about edits, undo, writing, reloading, quitting and the
/// work running for the table; each answer is the session's (the concern's own file does the
/// work: `+Writing`, `+Sheets`, `+Watching`, `+EchoColumn`). The session's actions open the
/// application's screens (`edit`, `open`).
extension ViewerSession: TableApplicationDelegate {
    /// Connects the session to the application that shows its table.
    func attach(to application: TableApplication) {
        application.delegate = self  // held weakly: the session lives as long as the viewer runs
        dispatcher.application = application
        attachViewCommands(to: application)
        registerDiffCommands(on: application)
    }

    // MARK: Edits

    func dataTableCanEdit(_ view: DataTableView) -> Bool { true }

    func dataTable(_ view: DataTableView, didEditRow row: Int, column: Int, text: String) -> String? {
        guard editable.setField(text, row: row, column: column) else { return nil }
        view.widenColumn(column, toShowSourceRow: row)
        view.invalidateRowHeights()
        view.regroupAfterValuesChanged()
        return "row \(row + 1), \(editable.title(ofColumn: column)): changed (u undoes, \(writeHint))"
    }

    func dataTableUndo(_ view: DataTableView) -> String? {
        guard let operation = editable.undo() else { return nil }
        view.invalidateRowHeights()
        switch operation {
        case .delete(let row):
            view.unhideRow(row)
            return "row \(row + 1) restored"
        case .restore(let row):
            view.hideRow(row)
            return "row \(row + 1) deleted again"
        case .edit(let row, let column, let old, _):
            view.regroupAfterValuesChanged()
            view.goToSourceRow(row)
            return "row \(row + 1), \(editable.title(ofColumn: column)): back to \"\(old)\""
        }
    }

    /// With --output the table is written on quit anyway, and the demo (no input at all) is
    /// made up: nothing to ask. With several files, any file's changes count.
    func dataTableHasUnsavedChanges(_ view: DataTableView) -> Bool {
        hasOwnUnsavedChanges || files?.hasUnsavedChanges(besides: self) == true
    }

    // MARK: Writing, reloading, quitting

    func dataTableWritesInPlace(_ view: DataTableView) -> Bool { files?.writeInPlace ?? writesInPlace }

    /// `:w` and its forms: starts the write in the background and says so.
    func dataTableWriteChanges(_ view: DataTableView, _ request: DataTableWriteRequest) throws -> String {
        // Several files: `:wq`, `:x` and the quit question's w write every file with changes.
        if request.quitsAfter, request.path == nil, let files { return try files.writeAllAndQuit(request) }
        return try startWrite(to: destination(of: request), request)
    }

    func dataTable(_ view: DataTableView, writeSheet sheet: DataTableView, _ request: DataTableWriteRequest) throws -> String {
        try write(sheet, request)
    }

    func dataTableReload(_ view: DataTableView, discardingChanges: Bool) -> DataTableReloadAnswer {
        reloadNow(discardingChanges: discardingChanges)
    }

    /// With `--output`, quitting writes it first (unless it holds the current state): the write
    /// runs in the background and ends the program when it succeeded.
    func dataTableShouldQuit(_ view: DataTableView) -> Bool {
        guard let outputTarget else { return true }
        if outputWritten && !editable.hasUnsavedChanges && writing == nil { return true }
        do {
            view.showLastingNotice(try startWrite(to: .output(outputTarget), DataTableWriteRequest(quitsAfter: true)))
        } catch {
            view.showLastingNotice("\(error)")
        }
        return false
    }

    /// Enter on a record with `--echo-column`: keeps the value to print and lets the table quit.
    func dataTable(_ view: DataTableView, didActivateRecord sourceRow: Int) -> Bool {
        pickEchoedValue(sourceRow: sourceRow)
    }

    // MARK: Work running (commands, the write, the reload)

    func dataTableIsBusy(_ view: DataTableView) -> Bool {
        !dispatcher.running.isEmpty || writing != nil || liveFile.reload != nil || files?.isBusy(besides: self) == true
    }

    func dataTablePollWork(_ view: DataTableView) -> Bool {
        let commands = dispatcher.poll()
        let watched = pollWatching()
        return pollWrite() || commands || watched
    }

    /// Esc: cancels the write first (the target stays untouched), then the reload, then the
    /// newest command.
    func dataTableCancelWork(_ view: DataTableView) -> Bool {
        cancelWrite() || cancelReload() || dispatcher.cancelNewest() || cancelDiff()
    }
}
