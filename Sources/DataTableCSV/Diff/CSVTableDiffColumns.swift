/// The columns of two versions of a table matched by title: kept, renamed (a title gone and
/// a new title at the same position), added and removed; in the order a comparison shows
/// them (the new version's, each removed column after the kept column it followed).
public struct CSVTableDiffColumns: Sendable, Equatable {
    /// One column of the comparison.
    public enum Column: Sendable, Equatable {
        /// In both versions under the same title.
        case kept(old: Int, new: Int)
        /// In both versions at the same position under another title.
        case renamed(old: Int, new: Int)
        /// Only in the new version.
        case added(new: Int)
        /// Only in the old version.
        case removed(old: Int)

        /// The old version's column, if it has one.
        public var old: Int? {
            switch self {
            case .kept(let old, _), .renamed(let old, _), .removed(let old): return old
            case .added: return nil
            }
        }

        /// The new version's column, if it has one.
        public var new: Int? {
            switch self {
            case .kept(_, let new), .renamed(_, let new), .added(let new): return new
            case .removed: return nil
            }
        }
    }

    /// The old version's titles.
    public let oldTitles: [String]
    /// The new version's titles.
    public let newTitles: [String]
    /// Every column of either version, in the order shown.
    public let columns: [Column]

    /// Matches `newTitles` to `oldTitles`: equal titles in order (the k-th of a repeated title
    /// with the k-th), then an unmatched old and new title at the same position as a rename.
    /// - Complexity: O(columns).
    public init(oldTitles: [String], newTitles: [String]) {
        self.oldTitles = oldTitles
        self.newTitles = newTitles
        var oldByTitle: [String: [Int]] = [:]
        for (column, title) in oldTitles.enumerated().reversed() { oldByTitle[title, default: []].append(column) }
        var oldOfNew = [Int?](repeating: nil, count: newTitles.count)
        var newOfOld = [Int?](repeating: nil, count: oldTitles.count)
        for (column, title) in newTitles.enumerated() {
            if let old = oldByTitle[title]?.popLast() {
                oldOfNew[column] = old
                newOfOld[old] = column
            }
        }
        var renamed = Set<Int>()
        for column in 0..<min(oldTitles.count, newTitles.count) where oldOfNew[column] == nil && newOfOld[column] == nil {
            oldOfNew[column] = column
            newOfOld[column] = column
            renamed.insert(column)
        }
        // Removed columns go after the nearest kept column before them (at the start if none).
        var removedAfter: [Int: [Int]] = [:]
        var lastKept = -1
        for old in 0..<oldTitles.count {
            if let new = newOfOld[old] { lastKept = new } else { removedAfter[lastKept, default: []].append(old) }
        }
        var columns: [Column] = (removedAfter[-1] ?? []).map { .removed(old: $0) }
        for new in 0..<newTitles.count {
            if let old = oldOfNew[new] {
                columns.append(renamed.contains(new) ? .renamed(old: old, new: new) : .kept(old: old, new: new))
            } else {
                columns.append(.added(new: new))
            }
            columns += (removedAfter[new] ?? []).map { .removed(old: $0) }
        }
        self.columns = columns
    }

    /// Whether both versions have the same titles in the same order.
    public var isUnchanged: Bool { oldTitles == newTitles }

    /// The columns in both versions (kept and renamed), as (old, new) pairs in the order shown.
    public var pairs: [(old: Int, new: Int)] {
        columns.compactMap { column in
            switch column {
            case .kept(let old, let new), .renamed(let old, let new): return (old, new)
            case .added, .removed: return nil
            }
        }
    }

    /// A column's title as a comparison shows it: the title when kept, `+title` when added,
    /// `-title` when removed, `old→new` when renamed.
    public func title(of column: Column) -> String {
        switch column {
        case .kept(_, let new): return newTitles[new]
        case .renamed(let old, let new): return "\(oldTitles[old])→\(newTitles[new])"
        case .added(let new): return "+\(newTitles[new])"
        case .removed(let old): return "-\(oldTitles[old])"
        }
    }

    /// Counts of added, removed and renamed columns ("2 columns added, 1 renamed"), or nil when
    /// the columns are the same.
    public var summary: String? {
        var added = 0, removed = 0, renamed = 0
        for column in columns {
            switch column {
            case .added: added += 1
            case .removed: removed += 1
            case .renamed: renamed += 1
            case .kept: break
            }
        }
        let parts = [(added, "added"), (removed, "removed"), (renamed, "renamed")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        guard !parts.isEmpty else { return nil }
        let total = added + removed + renamed
        return "\(total == 1 ? "column" : "columns") " + parts.joined(separator: ", ")
    }
}
