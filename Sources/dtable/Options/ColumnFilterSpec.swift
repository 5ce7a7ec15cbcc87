import DataTableApp
import DataTableKit
import TerminalSurface

/// `COL:FILTER` (`--where`: `price:>30`, `city:=Paris`, `date:2020-01-01..2020-06-30`,
/// `name:smith`). A title may hold `:`, so the column is the text before the first `:` that
/// names one, chosen once the titles are known (`resolve`).
struct ColumnFilterSpec: OptionValue, Equatable {
    /// The spec as written (it holds at least one `:`).
    var text: String

    init(_ text: String, option: String) throws(OptionValueError) {
        guard text.contains(":") else {
            throw OptionValueError("\(option): \(ColumnReference.quoted(text)) needs COL:FILTER, e.g. price:>30")
        }
        self.text = text
    }

    /// The filter over `titles`: the first split whose name is a column, else the first split
    /// (for its message).
    /// - Throws: `DTableError` naming `--where`, for an unknown column or nothing after the `:`.
    func resolve(titles: [String]) throws -> ColumnFilter {
        var colons = text.indices.filter { text[$0] == ":" }
        let first = colons[0]
        colons.removeAll { ColumnTitleLookup.match(String(text[..<$0]), in: titles) == .missing && Int(text[..<$0]) == nil }
        let colon = colons.first ?? first
        let column = try ColumnReference(String(text[..<colon])).resolve(in: titles, option: "--where")
        guard let filter = ColumnFilter(typed: String(text[text.index(after: colon)...]), column: column, isRegex: false) else {
            throw DTableError("--where: nothing to filter by after \(ColumnReference.quoted(String(text[...colon])))")
        }
        return filter
    }
}
