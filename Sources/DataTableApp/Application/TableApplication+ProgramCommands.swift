import DataTableKit
import TerminalSurface

/// The program's own commands (`ProgramCommand`): registering them into the table's key
/// bindings and running them from a key or the `:` line.
extension TableApplication {
    /// Adds `command` (replacing one of the same name): its keys go into the table's
    /// `KeyBindings` (taken from a built-in command that has them, never from keys the user's
    /// config file gave; see `KeyBindings.registerProgramCommand`), the `?` help lists it under
    /// its group, and the `:` line runs it by name.
    ///
    /// - Precondition: `command.name` is a valid name (see `ProgramCommand.name`).
    public func register(_ command: ProgramCommand) {
        if let problem = ProgramCommand.problem(withName: command.name) { preconditionFailure(problem) }
        commands.removeAll { $0.name == command.name }
        commands.append(command)
        view.configuration.keyBindings.registerProgramCommand(command.name, summary: command.summary,
                                                              group: command.group, keys: command.keys)
    }

    /// Asks `question` on the status line from anywhere in the program (a delegate's callback,
    /// a button's action); the next key goes to `onAnswer` and the question goes away. Inside a
    /// command, `ProgramCommand.Context.ask` does the same.
    public func ask(_ question: String, onAnswer: @escaping (Key) -> Void) {
        present(QuestionScreen(question) { key in
            onAnswer(key)
            return .redraw
        })
    }

    /// Runs the registered command `name` (a key bound to it, or the `:` line).
    func runProgramCommand(named name: String) -> ScreenOutcome {
        guard let command = commands.first(where: { $0.name == name }) else {
            view.notice = "no command \(name) in this program"
            return .redraw
        }
        return run(command, argument: "")
    }

    /// Runs `command` with `argument` (the text after its name on the `:` line).
    func run(_ command: ProgramCommand, argument: String) -> ScreenOutcome {
        let context = ProgramCommand.Context(application: self, argument: argument)
        command.run(context)
        return context.outcome
    }
}
