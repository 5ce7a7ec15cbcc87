import DataTableKit
import TerminalSurface

/// The format print mode writes (`--format`): `table`, the aligned text of today's print mode
/// (the default), or one of the `TableFormat`s (`csv tsv json jsonl markdown html`; `md` is
/// `markdown`).
struct PrintFormat: Equatable {
    /// nil: the aligned text table.
    var format: TableFormat?
}

extension PrintFormat: OptionValue {
    init(_ text: String, option: String) throws(OptionValueError) {
        let name = text.lowercased()
        if name == "table" || name == "text" {
            self.init(format: nil)
        } else if name == "md" {
            self.init(format: .markdown)
        } else if let format = TableFormat(rawValue: name) {
            self.init(format: format)
        } else {
            throw OptionValueError("\(option) must be table, csv, tsv, json, jsonl, markdown or html, not \(TerminalText.quoted(text, maxWidth: 20))")
        }
    }
}
