import TerminalSurface

/// `COL:DETAIL_COL` (`--subtitle`, `--right-detail`): a column and the one shown as its detail.
/// Only the first `:` splits.
struct DetailSpec: Equatable {
    var column: ColumnReference
    var detail: ColumnReference
}

extension DetailSpec: OptionValue {
    init(_ text: String, option: String) throws(OptionValueError) {
        let (name, detail) = ColumnReference.split(text, at: ":")
        guard let detail, !detail.isEmpty else {
            throw OptionValueError("\(option) \(TerminalText.excerpt(text, maxWidth: 80)): expected COL:DETAIL_COL (the column and the one shown as its detail)")
        }
        self.init(column: ColumnReference(name), detail: ColumnReference(detail))
    }
}
