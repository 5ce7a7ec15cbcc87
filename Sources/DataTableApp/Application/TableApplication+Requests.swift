import DataTableKit
import TerminalSurface

/// What the table asks of the program, as screens: the one mapping from a table's request to
/// the screen that answers it. A new screen is a file in `Screens/` and a case here.
extension TableApplication {
    func outcome(for request: TableRequest) -> ScreenOutcome {
        switch request {
        case .search:
            return .push(PromptScreen(Prompt(kind: .search, isRegex: view.lastSearch?.mode == .regex),
                                      onSubmit: { [unowned self] in submitPrompt($0) }))
        case .filter:
            return .push(PromptScreen(Prompt(kind: .filter, text: view.filter?.query ?? "", isRegex: view.filter?.mode == .regex),
                                      onSubmit: { [unowned self] in submitPrompt($0) }))
        case .filterColumn(let column):
            let title = view.columns.indices.contains(column) ? view.columns[column].title : "column \(column + 1)"
            // Regex mode is remembered from the last column filter, as `/` and `&` remember theirs.
            let wasRegex: Bool = if case .regex = view.columnFilters.last?.predicate { true } else { false }
            return .push(PromptScreen(Prompt(kind: .columnFilter(column: column, title: title), isRegex: wasRegex),
                                      onSubmit: { [unowned self] in submitPrompt($0) }))
        case .commandLine:
            return .push(PromptScreen(Prompt(kind: .command), onSubmit: { [unowned self] in submitPrompt($0) }))
        case .goToColumn:
            let completion = ColumnNameCompletion(titles: view.columns.map(\.title))
            return .push(PromptScreen(Prompt(kind: .goToColumn), completion: completion,
                                      onSubmit: { [unowned self] in submitPrompt($0) }))
        case .filterColumns:
            return .push(PromptScreen(Prompt(kind: .filterColumns, text: view.columnFilter?.query ?? "", isRegex: true),
                                      onSubmit: { [unowned self] in submitPrompt($0) }))
        case .help:
            return .push(HelpScreen())
        case .openRecord(let sourceRow):
            // A picker takes Enter: it keeps the row and dtable quits as with q (asking first
            // about unsaved changes).
            if delegate?.dataTable(view, didActivateRecord: sourceRow) == true {
                return hasUnsavedChanges ? askToQuit() : quitting()
            }
            return .push(RecordScreen(sourceRow: sourceRow))
        case .chooseAction(let names, let row):
            return .push(ActionChoiceScreen(names: names, row: row) { [unowned self] in view.fireAction($0, displayRow: row) })
        case .undo:
            undo()
            return .redraw
        case .reload:
            return reload(discardingChanges: false)
        case .frequency(let column):
            return frequencySheet(of: view, column: column)
        case .summary:
            return summarySheet(of: view)
        case .quit:
            return hasUnsavedChanges ? askToQuit() : quitting()
        case .programCommand(let name):
            return runProgramCommand(named: name)
        }
    }

    /// `R`: the delegate reads the data again, or asks first (`y` reloads, discarding edits).
    func reload(discardingChanges: Bool) -> ScreenOutcome {
        switch delegate?.dataTableReload(view, discardingChanges: discardingChanges) ?? .message("nothing to reload") {
        case .message(let text):
            view.notice = text
            return .redraw
        case .confirm(let question):
            return .push(QuestionScreen(question) { [unowned self] key in
                guard key == .character("y") || key == .character("Y") else {
                    view.notice = "not reloaded"
                    return .redraw
                }
                return reload(discardingChanges: true)
            })
        }
    }

    /// Opens the record view on the cursor's row (`Enter`, the `open` action).
    public func openRecordView() {
        guard view.viewport.rowCount > 0 else { return }
        present(RecordScreen(sourceRow: view.sourceRow(forDisplayRow: view.viewport.cursor.row)))
    }

    /// Opens the edit form on a row (the `edit` action), when the delegate can edit.
    public func openEditForm(sourceRow: Int) {
        guard delegate?.dataTableCanEdit(view) == true else {
            view.notice = "this table cannot be edited"
            return
        }
        present(EditFormScreen(sourceRow: sourceRow) { [unowned self] row, column, text in
            delegate?.dataTable(view, didEditRow: row, column: column, text: text)
        })
    }
}
