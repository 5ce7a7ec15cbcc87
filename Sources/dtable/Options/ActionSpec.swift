import TerminalSurface

/// `NAME[=COMMAND]` (`--action`): a button and what it does; the command's placeholders are
/// resolved against the titles once the input is open (`RowAction.parse`).
struct ActionSpec: OptionValue, Equatable {
    /// The option as written (for messages).
    var text: String
    /// The button's name (never empty).
    var name: String
    /// The command after the first `=`, if any.
    var command: String?

    /// The button `name` running `command` (nil: built in, or a pick).
    init(name: String, command: String? = nil) {
        self.text = command.map { name + "=" + $0 } ?? name
        self.name = name
        self.command = command
    }

    init(_ text: String, option: String) throws(OptionValueError) {
        self.text = text
        (name, command) = ColumnReference.split(text, at: "=")
        guard !name.isEmpty else {
            throw OptionValueError("\(option) \(TerminalText.excerpt(text, maxWidth: 80)): the action needs a name, like --action Delete")
        }
    }

    /// Whether the button picks rows (printed on exit): a name that is neither `NAME=COMMAND`
    /// nor built in. Told from the option alone, before the input is open.
    var picksRows: Bool {
        command == nil && RowAction.BuiltIn(rawValue: name.lowercased()) == nil
    }
}
