import DataTableKit
/// Finding a column by the title a person typed (an option, an action's `{placeholder}`): the
/// exact title first, then the title ignoring case.
public enum ColumnTitleLookup {
    /// What a title lookup found.
    public enum Match: Equatable, Sendable {
        case found(Int)
        /// Several titles match ignoring case (and none exactly): these columns.
        case ambiguous([Int])
        case missing
    }

    /// - Complexity: O(columns).
    public static func match(_ title: String, in titles: [String]) -> Match {
        if let exact = titles.firstIndex(of: title) { return .found(exact) }
        let folded = title.lowercased()
        let matches = titles.indices.filter { titles[$0].lowercased() == folded }
        switch matches.count {
        case 0: return .missing
        case 1: return .found(matches[0])
        default: return .ambiguous(matches)
        }
    }
}
