import ArgumentParser
import DataTableApp
import TerminalSurface

/// A column named on the command line (`--sort`, `--key`, `--group-by`, the cell kinds…): a
/// header title, or a 1-based number. Any text may be a title, so a reference is checked only
/// against the titles, once the input is open.
struct ColumnReference: ExpressibleByArgument, Equatable {
    /// The reference as written.
    var text: String

    init(_ text: String) { self.text = text }

    init?(argument: String) { self.init(argument) }

    /// The 0-based column this names: a title (exactly, then ignoring case; see
    /// `ColumnTitleLookup`), else a 1-based number.
    /// - Throws: `DTableError`, one line: `option`, the reference and the columns (titles made
    ///   safe for the terminal, at most `ColumnTitleLookup.listedTitleLimit` of them).
    func resolve(in titles: [String], option: String) throws -> Int {
        switch ColumnTitleLookup.match(text, in: titles) {
        case .found(let index):
            return index
        case .ambiguous(let matches):
            let which = ColumnTitleLookup.listing(titles, columns: matches) { "\($0 + 1) \($1)" }
            throw DTableError("\(option): \(Self.quoted(text)) could be any of \(which); write the title exactly or use the number")
        case .missing:
            if let number = Int(text), number >= 1, number <= titles.count { return number - 1 }
            let listing = titles.isEmpty ? "the table has no columns"
                                         : "the columns are: " + ColumnTitleLookup.listing(titles) { "\($0 + 1) \($1)" }
            throw DTableError("\(option): no column \(Self.quoted(text)); \(listing)")
        }
    }

    /// Whether this names a column of `titles` (a title, or a number in range).
    func names(in titles: [String]) -> Bool {
        (try? resolve(in: titles, option: "")) != nil
    }

    /// Text the user wrote, for a message: quoted, made safe, at most 80 columns.
    static func quoted(_ text: String) -> String {
        TerminalText.quoted(text, maxWidth: 80)
    }

    /// `a:b` as (`a`, `b`), `a` as (`a`, nil): only the first `separator` splits.
    static func split(_ text: String, at separator: Character) -> (String, String?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }
}

extension ColumnReference: ExpressibleByStringLiteral {
    init(stringLiteral text: String) { self.init(text) }
}
