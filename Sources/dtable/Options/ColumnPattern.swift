import DataTableApp
import DataTableKit
import TerminalSurface

/// `--columns REGEX` (csvlens): the columns shown when the table opens, those whose titles the
/// regex matches (smart case, as `*` in the viewer). Compiled once, when parsed.
struct ColumnPattern: OptionValue {
    /// The pattern as written (for messages).
    var text: String
    var matcher: RowMatcher

    init(_ text: String, option: String) throws(OptionValueError) {
        self.text = text
        do {
            matcher = try RowMatcher(query: text, mode: .regex)
        } catch {
            throw OptionValueError("\(option) \(TerminalText.quoted(text, maxWidth: 60)): \(error)")
        }
    }

    /// The matcher, checked against `titles`.
    /// - Throws: `DTableError` (exit status 2) for a regex that runs out of its limits on a
    ///   title, or one that matches no title (listing the titles).
    func matcher(titles: [String]) throws -> RowMatcher {
        // Every title is matched: one the pattern runs out of its limits on has no answer.
        let matches = titles.map(matcher.matches)
        if matcher.isTooComplex {
            throw DTableError("--columns \(TerminalText.quoted(text, maxWidth: 60)): \(RowMatcher.tooComplexMessage)")
        }
        guard matches.contains(true) else {
            let listed = ColumnTitleLookup.listing(titles) { "\($0 + 1) \($1)" }
            throw DTableError("--columns \(TerminalText.quoted(text, maxWidth: 60)) matches no column; the columns: \(listed)")
        }
        return matcher
    }
}
