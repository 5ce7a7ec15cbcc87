import TerminalSurface

/// `COL[:MAX]` (`--progress`): a column shown as progress bars, out of MAX when given.
struct ProgressSpec: OptionValue {
    var column: ColumnReference
    /// A positive number, or nil for 0-1 or 0-100.
    var maximum: Double?

    init(column: ColumnReference, maximum: Double? = nil) {
        self.column = column
        self.maximum = maximum
    }

    init(_ text: String, option: String) throws(OptionValueError) {
        let (name, rest) = ColumnReference.split(text, at: ":")
        column = ColumnReference(name)
        guard let rest else { return }
        guard let value = Double(rest), value > 0 else {
            throw OptionValueError("\(option) \(TerminalText.excerpt(text, maxWidth: 80)): the maximum after ':' must be a positive number")
        }
        maximum = value
    }
}
