import DataTableKit
import TerminalSurface

/// The columns as an error message lists them (an unknown column in an option or a placeholder).
extension ColumnTitleLookup {
    /// The most titles a message lists; the rest are counted ("… and 999,990 more").
    public static let listedTitleLimit = 20
    /// The most columns one listed title takes; longer titles are cut in the middle with "…".
    public static let listedTitleWidth = 40

    /// `columns` (0-based indexes into `titles`) as one line: each made safe with
    /// `TerminalText.sanitized`, cut to `listedTitleWidth` columns and written by `item`
    /// (index, safe title), joined with ", ", at most `listedTitleLimit` of them, then
    /// "… and N more" with N grouped by thousands. `columns` nil means every column.
    ///
    /// `listing(titles) { "\($0 + 1) \($1)" }` → `1 id, 2 name, … and 999,990 more`.
    /// - Complexity: O(`listedTitleLimit` × `listedTitleWidth`), whatever the number of columns
    ///   or the length of a title.
    public static func listing(_ titles: [String], columns: [Int]? = nil,
                               item: (_ index: Int, _ title: String) -> String) -> String {
        let count = columns?.count ?? titles.count
        let shown = (0..<min(count, listedTitleLimit)).map { k in
            let index = columns?[k] ?? k
            return item(index, TerminalText.excerpt(titles[index], maxWidth: listedTitleWidth))
        }
        var text = shown.joined(separator: ", ")
        if count > shown.count { text += ", … and \(grouped(count - shown.count)) more" }
        return text
    }
}
