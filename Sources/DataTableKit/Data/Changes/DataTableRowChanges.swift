/// How the rows of a data source changed while shown: where each old source row went, and
/// which new rows are new or changed. What a source that reports changes hands the view
/// (`DataTableChangeReporting`, `DataTableView.applyChanges(_:)`).
public struct DataTableRowChanges: Sendable, Equatable {
    /// For every old source row, its new source row (nil: deleted).
    public var newSourceRows: [Int?]
    /// New source rows that were inserted or whose content changed: they are measured and
    /// configured again (the others keep their heights and cells) and flash.
    public var changedRows: Set<Int>
    /// Whether changed and inserted rows flash (as the theme's `flash` says).
    public var animatingDifferences: Bool
    /// How the cells of changed rows are refreshed (configured again, or fresh cells).
    public var refresh: DataTableRowRefresh = .reconfigure

    /// Changes where old source row `i` is now row `newSourceRows[i]` (nil: deleted) and
    /// `changedRows` (new source rows) were inserted or changed.
    public init(newSourceRows: [Int?], changedRows: Set<Int>, animatingDifferences: Bool = true) {
        self.newSourceRows = newSourceRows
        self.changedRows = changedRows
        self.animatingDifferences = animatingDifferences
    }

    /// Changes as above, refreshed and flashing as `options` say (its change rule is the
    /// reporter's to apply: `LiveDataSource.replace(with:changes:options:)` does).
    public init<Model>(newSourceRows: [Int?], changedRows: Set<Int>, options: DataTableApplyOptions<Model>) {
        self.init(newSourceRows: newSourceRows, changedRows: changedRows, animatingDifferences: options.animatingDifferences)
        refresh = options.refresh
    }

    /// Whether nothing changed: every old row is where it was, none is new or changed (rows
    /// added at the end are changed rows). Taking such changes draws no frame.
    public var isEmpty: Bool {
        changedRows.isEmpty && newSourceRows.enumerated().allSatisfy { $0.element == $0.offset }
    }

    /// The changes a difference of identities describes: its items are the source rows in
    /// order, old and new; its insertions and updates are the changed rows.
    /// - Complexity: O(n).
    public init<ID>(_ difference: DataTableDifference<ID>, oldCount: Int, animatingDifferences: Bool = true) {
        var rows = [Int?](repeating: nil, count: oldCount)
        for (new, old) in difference.oldOffsets.enumerated() {
            if let old, old < oldCount { rows[old] = new }
        }
        self.init(newSourceRows: rows, changedRows: Set(difference.insertions).union(difference.updates),
                  animatingDifferences: animatingDifferences)
    }

    /// Rows added after the `oldCount` rows there were, which stay where they are (a file that
    /// grew); `changingLastRow` when the old last row itself grew (a record completed).
    public static func appended(oldCount: Int, newCount: Int, changingLastRow: Bool = false,
                                animatingDifferences: Bool = true) -> DataTableRowChanges {
        var changed = Set(oldCount..<max(oldCount, newCount))
        if changingLastRow && oldCount > 0 { changed.insert(oldCount - 1) }
        return DataTableRowChanges(newSourceRows: (0..<oldCount).map { $0 }, changedRows: changed,
                                   animatingDifferences: animatingDifferences)
    }

    /// These changes followed by `later` (changes of the rows these produced): one step.
    public func followed(by later: DataTableRowChanges) -> DataTableRowChanges {
        let rows = newSourceRows.map { $0.flatMap { $0 < later.newSourceRows.count ? later.newSourceRows[$0] : nil } }
        var changed = later.changedRows
        for row in changedRows {
            if row < later.newSourceRows.count, let new = later.newSourceRows[row] { changed.insert(new) }
        }
        var changes = DataTableRowChanges(newSourceRows: rows, changedRows: changed,
                                          animatingDifferences: animatingDifferences || later.animatingDifferences)
        changes.refresh = refresh == .reload || later.refresh == .reload ? .reload : .reconfigure
        return changes
    }

    /// Rows there were before.
    public var oldCount: Int { newSourceRows.count }
    /// Old rows that are gone.
    public var deletedCount: Int { newSourceRows.reduce(0) { $0 + ($1 == nil ? 1 : 0) } }
}
