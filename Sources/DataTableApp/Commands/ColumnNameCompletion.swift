import DataTableKit
import Glibc

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
    ///
    /// The lower-cased UTF-8 bytes are compared (`memchr`, `memcmp`): the prompt's hint asks on
    /// every frame, and a file may have a million columns (docs/decisions/0107).
    /// - Complexity: O(columns × title length).
    public func matches(_ text: String) -> [Int] {
        var needle = text.lowercased()
        guard !needle.isEmpty else { return Array(titles.indices) }
        var prefixed: [Int] = [], containing: [Int] = []
        needle.withUTF8 { needle in
            for column in folded.indices {
                var title = folded[column]
                let found = title.withUTF8 { Self.offset(of: needle, in: $0) }
                if found == 0 {
                    prefixed.append(column)
                } else if found != nil {
                    containing.append(column)
                }
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
        let prefixed = found.filter { folded[$0].utf8.starts(with: needle.utf8) }
        if prefixed.count > 1 {
            let shared = sharedPrefix(of: prefixed, atLeast: needle.utf8.count)
            if shared.count > text.count { return shared }
        }
        return titles[first]
    }

    /// Where `needle` first occurs in `hay` (bytes), or nil.
    static func offset(of needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first, let hayStart = hay.baseAddress, let needleStart = needle.baseAddress else { return nil }
        let last = hay.count - needle.count
        var from = 0
        while from <= last {
            guard let hit = memchr(hayStart + from, Int32(first), last - from + 1) else { return nil }
            let at = UnsafeRawPointer(hit) - UnsafeRawPointer(hayStart)
            if memcmp(hayStart + at, needleStart, needle.count) == 0 { return at }
            from = at + 1
        }
        return nil
    }

    /// The longest prefix the titles of `columns` share ignoring case, as written in the first:
    /// their lower-cased bytes compared, stopping once only the `atLeast` bytes they all start
    /// with are left (a million titles starting with "c" cost one comparison each).
    private func sharedPrefix(of columns: [Int], atLeast floor: Int) -> String {
        guard let first = columns.first else { return "" }
        let reference = Array(folded[first].utf8)
        var shared = reference.count
        for column in columns.dropFirst() where shared > floor {
            var common = 0
            for byte in folded[column].utf8 {
                guard common < shared, byte == reference[common] else { break }
                common += 1
            }
            shared = common
        }
        // Back to a whole character, then as many characters of the first title as written.
        while shared > 0 && shared < reference.count && reference[shared] & 0xC0 == 0x80 { shared -= 1 }
        let characters = String(decoding: reference[..<shared], as: UTF8.self).count
        return String(titles[first].prefix(characters))
    }

    /// The title after (or with `backwards`, before) the one at `index` among `matches(base)`,
    /// wrapping around, and its index: repeated Tab presses cycle through the matches.
    public func cycled(from index: Int, base: String, backwards: Bool = false) -> (title: String, index: Int)? {
        let found = matches(base)
        guard !found.isEmpty else { return nil }
        let next = ((index + (backwards ? -1 : 1)) % found.count + found.count) % found.count
        return (titles[found[next]], next)
    }
}
