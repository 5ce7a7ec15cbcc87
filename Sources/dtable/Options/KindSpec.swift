import DataTableApp
import DataTableKit
import TerminalSurface

/// `COL:KIND[:FORMAT]` (`--type`, and `types` in the config file): a column read and sorted as
/// a kind, a date with its format. Column titles and date formats may hold `:`, so the value
/// keeps every way to split it that names a kind; the titles choose one (`resolve`).
struct KindSpec: OptionValue {
    /// The spec as written.
    var text: String
    /// The splits at each `:` followed by a kind name, first split first (never empty).
    var splits: [(column: String, kind: SortKeyKind?, format: String?)]

    init(_ text: String, option: String) throws(OptionValueError) {
        self.text = text
        splits = ColumnKindSpec.splits(of: text)
        guard !splits.isEmpty else {
            throw OptionValueError("\(option): \(TerminalText.quoted(text, maxWidth: 80)) names no kind; write COL:KIND[:FORMAT] with KIND one of \(ColumnKindSpec.kindList)")
        }
    }

    /// The column and its kind setting (nil for `auto`): the first split whose column is one
    /// of `titles`, else the first split (for its message).
    /// - Throws: `DTableError` naming `option`, for an unknown column, or a format given to a
    ///   kind other than date, an empty format or one with a problem.
    func resolve(titles: [String], option: String) throws -> (column: Int, setting: ColumnKindSetting?) {
        let chosen = splits.first { ColumnReference($0.column).names(in: titles) } ?? splits[0]
        let column = try ColumnReference(chosen.column).resolve(in: titles, option: option)
        if let format = chosen.format {
            guard chosen.kind == .dateTime else {
                throw DTableError("\(option): a format (\(TerminalText.quoted(format, maxWidth: 40))) is for date columns only, in \(TerminalText.quoted(text, maxWidth: 80))")
            }
            guard !format.isEmpty else {
                throw DTableError("\(option): empty date format in \(TerminalText.quoted(text, maxWidth: 80)); write COL:date or COL:date:FORMAT (like %d.%m.%Y)")
            }
            if let problem = DatePattern(format).problem {
                throw DTableError("\(option): \(TerminalText.sanitized(problem)) (in \(TerminalText.quoted(text, maxWidth: 80)))")
            }
        }
        return (column, chosen.kind.map { ColumnKindSetting(kind: $0, datePattern: chosen.format) })
    }
}
