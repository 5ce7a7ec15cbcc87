import DataTableKit
import DataTableApp
import TerminalSurface

/// `--columns REGEX` (csvlens): the columns shown when the table opens, those whose titles the
/// regex matches (smart case, as `*` in the viewer).
enum ColumnSelection {
    /// The matcher of `pattern`, checked against `titles`.
    /// - Throws: `DTableError` (exit status 2) for an invalid regex, one that runs out of its
    ///   limits on a title, or one that matches no title (listing the titles).
    static func matcher(_ pattern: String, titles: [String]) throws -> RowMatcher {
        let matcher: RowMatcher
        do {
            matcher = try RowMatcher(query: pattern, mode: .regex)
        } catch {
            throw DTableError("--columns \(TerminalText.quoted(pattern, maxWidth: 60)): \(error)")
        }
        // Every title is matched: one the pattern runs out of its limits on has no answer.
        let matches = titles.map(matcher.matches)
        if matcher.isTooComplex {
            throw DTableError("--columns \(TerminalText.quoted(pattern, maxWidth: 60)): \(RowMatcher.tooComplexMessage)")
        }
        guard matches.contains(true) else {
            let listed = ColumnTitleLookup.listing(titles) { "\($0 + 1) \($1)" }
            throw DTableError("--columns \(TerminalText.quoted(pattern, maxWidth: 60)) matches no column; the columns: \(listed)")
        }
        return matcher
    }
}
