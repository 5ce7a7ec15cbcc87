import DataTableKit
import TerminalSurface

/// What the lines typed after `/`, `&` and `:` do, and quitting.
extension TableApplication {
    /// A submitted prompt: search, filter, or the `:` command line.
    func submitPrompt(_ done: Prompt) -> ScreenOutcome {
        if done.kind == .command { return runCommandLine(done.text) }
        if done.kind == .filter && done.text.isEmpty {
            view.startFilter(nil)
            return .redraw
        }
        guard !done.text.isEmpty else { return .redraw }
        do {
            let matcher = try RowMatcher(query: done.text, mode: done.isRegex ? .regex : .substring)
            if done.kind == .search {
                view.startSearch(matcher, forward: true)
            } else {
                view.startFilter(matcher)
            }
        } catch {
            view.notice = "\(error)"
        }
        return .redraw
    }

    /// What `:` does with its line: a row number, `w` (write), `q`, `wq`, `q!`.
    func runCommandLine(_ line: String) -> ScreenOutcome {
        let text = line.trimmingSpaces
        if let number = Int(text) {
            view.goToRow(number)
            return .redraw
        }
        switch text {
        case "": return .redraw
        case "q": return hasUnsavedChanges ? askToQuit() : quitting()
        case "q!": return .quit  // nothing written, not even --output
        case "w", "wq", "x":
            guard writeChanges() else { return .redraw }
            return text == "w" ? .redraw : quitting()
        default:
            view.notice = "unknown command ':\(text)': a row number, w, q, wq or q!"
            return .redraw
        }
    }

    /// The answer to the quit question: w (or y) writes and quits, q (or n) quits, anything
    /// else stays.
    func answerQuitQuestion(_ key: Key) -> ScreenOutcome {
        switch key {
        case .character("w"), .character("y"):
            return writeChanges() ? quitting() : .redraw
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

    /// Quitting with unsaved edits asks first.
    func askToQuit() -> ScreenOutcome {
        .push(QuestionScreen("unsaved changes: w write and quit, q quit without writing, Esc stay") { [unowned self] in
            answerQuitQuestion($0)
        })
    }

    /// Whether there are changes to write (the program's answer; false without one).
    public var hasUnsavedChanges: Bool { delegate?.dataTableHasUnsavedChanges(view) ?? false }

    /// Writes the changes through the delegate; the outcome goes to the status line.
    /// Returns whether it worked.
    @discardableResult
    public func writeChanges() -> Bool {
        do {
            view.notice = try (delegate ?? NoApplicationDelegate.shared).dataTableWriteChanges(view)
            return true
        } catch {
            view.notice = "\(error)"
            return false
        }
    }

    /// Undoes the last edit or deletion (`u`) through the delegate.
    public func undo() {
        view.notice = delegate?.dataTableUndo(view) ?? "nothing to undo"
    }
}
