import TerminalSurface

/// `COL:DETAIL_COL` (`--subtitle`, `--right-detail`): a column and the one shown as its detail.
/// Only the first `:` splits.
struct DetailSpec: OptionValue, Equatable {
    var column: ColumnReference
    var detail: ColumnReference

    init(column: ColumnReference, detail: ColumnReference) {
        self.column = column
        self.detail = detail
    }

    init(_ text: String, option: String) throws(OptionValueError) {
        let (name, rest) = ColumnReference.split(text, at: ":")
        guard let rest, !rest.isEmpty else {
            throw OptionValueError("\(option) \(TerminalText.excerpt(text, maxWidth: 80)): expected COL:DETAIL_COL (the column and the one shown as its detail)")
        }
        column = ColumnReference(name)
        detail = ColumnReference(rest)
    }
}
