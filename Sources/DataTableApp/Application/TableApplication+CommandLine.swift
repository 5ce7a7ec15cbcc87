import DataTableKit
import TerminalSurface

/// What the lines typed after `/`, `&` and `:` do, and quitting.
extension TableApplication {
    /// A submitted prompt: search, filter, the `:` command line, a column to go to, the
    /// columns to show.
    func submitPrompt(_ done: Prompt) -> ScreenOutcome {
        switch done.kind {
        case .command: return runCommandLine(done.text)
        case .columnFilter(let column, _): return submitColumnFilter(done, column: column)
        case .goToColumn: return goToColumn(named: done.text)
        case .filterColumns:
            view.filterColumnsFromUser(done.text)
            return .redraw
        case .search, .filter: break
        case .input: return .redraw  // a program command's prompt answers through its own closure
        }
        done.startSearchOrFilter(in: view)
        return .redraw
    }

    /// `c`: goes to the column the typed name matches (`ColumnNameCompletion.target`), showing
    /// it when it is hidden.
    func goToColumn(named text: String) -> ScreenOutcome {
        guard !text.isEmpty else { return .redraw }
        guard let column = ColumnNameCompletion(titles: view.columns.map(\.title)).target(text) else {
            view.notice = "no column matches \(TerminalText.quoted(text, maxWidth: 40))"
            return .redraw
        }
        let wasHidden = view.displayColumn(forSourceColumn: column) == nil
        view.goToColumn(column)
        if wasHidden { view.notice = "\(TerminalText.excerpt(view.columns[column].title, maxWidth: 40)) shown again" }
        return .redraw
    }

    /// What `:` does with its line: a row number, `w` (write), `w!` (write over another
    /// program's save, an existing file or a read-only one), `w FILE` (write elsewhere), `q`,
    /// `wq`, `x`, `q!`, or the name of a program command (`register(_:)`) with its argument.
    func runCommandLine(_ line: String) -> ScreenOutcome {
        let text = line.trimmingSpaces
        if let number = Int(text) {
            view.goToRow(number)
            return .redraw
        }
        switch text {
        case "": return .redraw
        case "q": return hasUnsavedChanges ? askToQuit() : quitting()
        case "q!": return .quit  // nothing written, not even the program's output file
        default:
            if let request = Self.writeRequest(text) { return write(request) }
            // A program command by name; the rest of the line is its argument.
            let name = String(text.prefix { $0 != " " })
            if let command = commands.first(where: { $0.name == name }) {
                return run(command, argument: text.dropFirst(name.count).trimmingSpaces)
            }
            let names = commands.isEmpty ? "" : ", or a command: " + commands.map(\.name).joined(separator: ", ")
            view.notice = "unknown command ':\(text)': a row number, w, w!, w FILE, wq, q or q!" + names
            return .redraw
        }
    }

    /// `w`, `w!`, `wq`, `wq!`, `x` with an optional file name after a space; nil for other text.
    static func writeRequest(_ text: String) -> DataTableWriteRequest? {
        let command = text.prefix { $0 != " " }
        let rest = text.dropFirst(command.count).trimmingSpaces
        let overwrites = command.hasSuffix("!")
        let name = overwrites ? command.dropLast() : command
        guard ["w", "wq", "x"].contains(name) else { return nil }
        return DataTableWriteRequest(path: rest.isEmpty ? nil : rest, overwrites: overwrites, quitsAfter: name != "w")
    }

    /// Writes through the delegate; quits afterwards when asked and the write is done (a
    /// delegate still writing in the background ends the run loop itself when it finishes).
    private func write(_ request: DataTableWriteRequest) -> ScreenOutcome {
        guard writeChanges(request) else { return .redraw }
        guard request.quitsAfter, delegate?.dataTableIsBusy(view) != true else { return .redraw }
        return quitting()
    }

    /// The answer to the quit question: w (or y) writes and quits, q (or n) quits, anything
    /// else stays.
    func answerQuitQuestion(_ key: Key) -> ScreenOutcome {
        switch key {
        case .character("w"), .character("y"):
            return write(DataTableWriteRequest(quitsAfter: true))
        case .character("q"), .character("n"), .character("Q"):
            return .quit
        case .control("c"):
            return .quit
        default:
            view.notice = "not quitting"
            return .redraw
        }
    }

    /// Quits unless the delegate keeps the table open (it could not write what it writes on
    /// quit: the status line says why).
    func quitting() -> ScreenOutcome {
        (delegate?.dataTableShouldQuit(view) ?? true) ? .quit : .redraw
    }

    /// Quitting with unsaved edits asks first. A table with no file of its own (standard
    /// input) offers to name one: `w` opens the command line at `:wq `.
    func askToQuit() -> ScreenOutcome {
        guard delegate?.dataTableWritesInPlace(view) ?? true else {
            return .push(QuestionScreen("unsaved changes: w write them to a file, q quit without writing, Esc stay") {
                [unowned self] key in
                switch key {
                case .character("w"), .character("y"):
                    return .push(PromptScreen(Prompt(kind: .command, text: "wq "), onSubmit: { [unowned self] in submitPrompt($0) }))
                default:
                    return answerQuitQuestion(key)
                }
            })
        }
        return .push(QuestionScreen("unsaved changes: w write and quit, q quit without writing, Esc stay") { [unowned self] in
            answerQuitQuestion($0)
        })
    }

    /// Whether there are changes to write (the program's answer; false without one).
    public var hasUnsavedChanges: Bool { delegate?.dataTableHasUnsavedChanges(view) ?? false }

    /// Writes the changes through the delegate; the outcome stays in the status line until
    /// the next message (or Esc). Returns whether it worked (or started, for a delegate that
    /// writes in the background).
    @discardableResult
    public func writeChanges(_ request: DataTableWriteRequest = DataTableWriteRequest()) -> Bool {
        do {
            view.showLastingNotice(try (delegate ?? NoApplicationDelegate.shared).dataTableWriteChanges(view, request))
            return true
        } catch {
            view.showLastingNotice("\(error)")
            return false
        }
    }

    /// Undoes the last edit or deletion (`u`) through the delegate.
    public func undo() {
        view.notice = delegate?.dataTableUndo(view) ?? "nothing to undo"
    }
}
