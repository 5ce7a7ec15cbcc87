import DataTableKit

/// Going to a column by a name typed in part (`c`): which titles a text matches, which column
/// Enter goes to, and what Tab completes the text to.
///
/// Matching ignores case. Titles that start with the text come first, then titles that
/// contain it elsewhere, each group in column order (VisiData's and fzf's "prefix, then
/// substring").
public struct ColumnNameCompletion: Sendable {
    /// The titles, by source column.
    public let titles: [String]
    /// The titles lower-cased, by source column (matched against).
    private let folded: [String]

    /// Completion over `titles` (by source column).
    public init(titles: [String]) {
        self.titles = titles
        self.folded = titles.map { $0.lowercased() }
    }

    /// The columns whose titles match `text`: prefix matches, then substring matches (ignoring
    /// case), each in column order; every column for the empty text.
    /// - Complexity: O(columns × title length).
    public func matches(_ text: String) -> [Int] {
        let needle = text.lowercased()
        guard !needle.isEmpty else { return Array(titles.indices) }
        var prefixed: [Int] = [], containing: [Int] = []
        for (column, title) in folded.enumerated() {
            if title.hasPrefix(needle) {
                prefixed.append(column)
            } else if title.contains(needle) {
                containing.append(column)
            }
        }
        return prefixed + containing
    }

    /// The column Enter goes to for `text`: the title written exactly so, else the title
    /// ignoring case, else the first match (`matches`); nil when nothing matches or the text
    /// is empty.
    public func target(_ text: String) -> Int? {
        guard !text.isEmpty else { return nil }
        if let exact = titles.firstIndex(of: text) { return exact }
        let needle = text.lowercased()
        if let folded = folded.firstIndex(of: needle) { return folded }
        return matches(text).first
    }

    /// What Tab makes of `text`: the one matching title; with several, the longest prefix the
    /// titles starting with `text` share when it is longer than `text`, else the first
    /// matching title (then `next(after:in:)` cycles). nil when no title matches.
    public func completion(of text: String) -> String? {
        let found = matches(text)
        guard let first = found.first else { return nil }
        if found.count == 1 { return titles[first] }
        let needle = text.lowercased()
        let prefixed = found.filter { folded[$0].hasPrefix(needle) }
        if prefixed.count > 1 {
            let shared = Self.commonPrefix(of: prefixed.map { titles[$0] })
            if shared.count > text.count { return shared }
        }
        return titles[first]
    }

    /// The title after (or with `backwards`, before) the one at `index` among `matches(base)`,
    /// wrapping around, and its index: repeated Tab presses cycle through the matches.
    public func cycled(from index: Int, base: String, backwards: Bool = false) -> (title: String, index: Int)? {
        let found = matches(base)
        guard !found.isEmpty else { return nil }
        let next = ((index + (backwards ? -1 : 1)) % found.count + found.count) % found.count
        return (titles[found[next]], next)
    }

    /// The longest prefix (ignoring case, as written in the first title) the titles share.
    static func commonPrefix(of titles: [String]) -> String {
        guard var shared = titles.first.map(Array.init) else { return "" }
        for title in titles.dropFirst() {
            let other = Array(title)
            var n = 0
            while n < shared.count && n < other.count && String(shared[n]).lowercased() == String(other[n]).lowercased() {
                n += 1
            }
            shared.removeSubrange(n...)
        }
        return String(shared)
    }
}
