import TerminalSurface

/// `COL[:MAX]` (`--progress`): a column shown as progress bars, out of MAX when given.
struct ProgressSpec {
    var column: ColumnReference
    /// A positive number, or nil for 0-1 or 0-100.
    var maximum: Double?
}

extension ProgressSpec: OptionValue {
    init(_ text: String, option: String) throws(OptionValueError) {
        let (name, maximum) = ColumnReference.split(text, at: ":")
        self.init(column: ColumnReference(name))
        if let maximum {
            guard let value = Double(maximum), value > 0 else {
                throw OptionValueError("\(option) \(TerminalText.excerpt(text, maxWidth: 80)): the maximum after ':' must be a positive number")
            }
            self.maximum = value
        }
    }
}
