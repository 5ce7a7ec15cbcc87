import DataTableApp
import DataTableKit
import TerminalSurface

/// What the buttons of `--action` do: a built-in action, a command, or (any other name) a
/// line of JSON printed on exit, so dtable can pick rows for a script.
enum RowAction {
    /// Built-in actions, matched by name ignoring case (`--action Delete`).
    enum BuiltIn: String, CaseIterable {
        /// Hide the row until the table is written (`u` undoes).
        case delete
        /// Edit the row's fields in a small form.
        case edit
        /// Copy the row as CSV to the clipboard (OSC 52).
        case copy
        /// Open the record view.
        case open
    }

    case builtIn(BuiltIn)
    case command(ActionCommand)
    case pick

    /// The action of `spec`, with its command's placeholders resolved against `titles`.
    /// - Throws: `DTableError` with the option and the reason (a bad quote, an unknown column).
    static func parse(_ spec: ActionSpec, titles: [String]) throws -> (name: String, action: RowAction) {
        let name = spec.name
        if let command = spec.command {
            do {
                return (name, .command(try ActionCommand(name: name, command: command, columnTitles: titles)))
            } catch {
                // The error names the action and lists the columns, made safe (`ActionCommand.printable`).
                throw DTableError("--action \(TerminalText.excerpt(spec.text, maxWidth: 80)): \(error)")
            }
        }
        if let builtIn = BuiltIn(rawValue: name.lowercased()) { return (name, .builtIn(builtIn)) }
        return (name, .pick)
    }
}
