import DataTableKit
import TerminalSurface

/// A command the program adds to the table's own (Textual's `BINDINGS` and `action_*`, UIKit's
/// `UIKeyCommand`): a name, the keys that run it by default, a line for the `?` help and what it
/// does. Register it with `TableApplication.register(_:)`: its keys then go through the same
/// `KeyBindings` as the table's (the config file's `[keys]` rebinds it by name), the help lists
/// it in its group, and the `:` line runs it by name (`:sort-by-cpu`, with text after the name
/// as its argument).
public struct ProgramCommand {
    /// The name the `:` line and the config file's `[keys]` use: a letter, then letters, digits,
    /// `-` or `_` (`sort-by-cpu`). It may not be a name of the table's own commands nor a word
    /// the `:` line already has (`w`, `wq`, `x`, `q`).
    public var name: String
    /// The keys that run it unless the user bound others (see `KeyBindings.registerProgramCommand`).
    public var keys: [Key]
    /// One line for the help screen.
    public var summary: String
    /// The help screen's group (a heading above the program's commands).
    public var group: String
    /// What it does; it reads and changes the table through the context.
    public var run: (Context) -> Void

    /// The command `name`, run by `keys`, described by `summary` in the help's `group`.
    public init(_ name: String, keys: [Key] = [], summary: String, group: String = "commands",
                run: @escaping (Context) -> Void) {
        self.name = name
        self.keys = keys
        self.summary = summary
        self.group = group
        self.run = run
    }

    /// What a running command sees and can do: the application and its table, the cursor and
    /// the marked rows, the text typed after its name on the `:` line; a question, a prompt or
    /// quitting afterwards. A frame is drawn after the command runs.
    public final class Context {
        /// The run loop (present a screen of your own with `present(_:)`).
        public let application: TableApplication
        /// Text after the command's name on the `:` line (`:renice 5` gives "5"); empty from a key.
        public let argument: String
        /// What the stack does after the command (a question or prompt it opened, quitting).
        var outcome: ScreenOutcome = .redraw

        init(application: TableApplication, argument: String) {
            self.application = application
            self.argument = argument
        }

        /// The table (set `view.notice` to say something on its status line).
        public var view: DataTableView { application.view }

        /// The cursor's display row and column; nil when the table shows no rows.
        public var cursor: DataTableIndexPath? { view.viewport.rowCount > 0 ? view.viewport.cursor : nil }

        /// The data source's row under the cursor (the display row through sorting and
        /// filtering); nil when the table shows no rows.
        public var cursorSourceRow: Int? { cursor.map { view.sourceRow(forDisplayRow: $0.row) } }

        /// The source rows marked with `m`, in the order they were marked.
        public var markedRows: [Int] { view.markedRows }

        /// Asks `question` on the status line; the next key is the answer.
        public func ask(_ question: String, onAnswer: @escaping (Key) -> Void) {
            outcome = .push(QuestionScreen(question) { [self] key in
                answer { onAnswer(key) }
            })
        }

        /// Opens a prompt on the status line showing `label` and holding `text`; Enter hands
        /// the typed line to `onSubmit`, Esc cancels.
        public func prompt(_ label: String, text: String = "", onSubmit: @escaping (String) -> Void) {
            outcome = .push(PromptScreen(Prompt(kind: .input(label: label), text: text)) { [self] done in
                answer { onSubmit(done.text) }
            })
        }

        /// Quits as `q` does (asking first about unsaved changes).
        public func quit() {
            outcome = application.outcome(for: .quit)
        }

        /// Runs an answer's closure with a fresh outcome (it may ask again, or quit).
        private func answer(_ body: () -> Void) -> ScreenOutcome {
            outcome = .redraw
            body()
            return outcome
        }
    }

    /// Why `name` cannot name a program command, nil when it can.
    static func problem(withName name: String) -> String? {
        guard let first = name.unicodeScalars.first, first.isASCIILetter else {
            return "a command's name starts with a letter: '\(name)'"
        }
        guard name.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }) else {
            return "a command's name is letters, digits, - and _: '\(name)'"
        }
        if ConfigurationFile.command(named: name) != nil { return "'\(name)' names a command of the table" }
        if ["w", "wq", "x", "q"].contains(name) { return "'\(name)' is a word of the : line" }
        return nil
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
