import DataTableKit

/// How many rows a new version of a file changed, added and removed, for the status line.
public struct CSVReloadSummary: Sendable, Equatable, CustomStringConvertible {
    /// Rows whose content changed (keyed rows with new content, or a row replaced in place).
    public var changed = 0
    /// Rows that are new.
    public var added = 0
    /// Rows that are gone.
    public var removed = 0

    /// Counts of changed, added and removed rows.
    public init(changed: Int = 0, added: Int = 0, removed: Int = 0) {
        self.changed = changed
        self.added = added
        self.removed = removed
    }

    /// "3 changed, 1 added, 2 removed" (counts of 0 left out), or "no rows changed".
    public var description: String {
        let parts = [(changed, "changed"), (added, "added"), (removed, "removed")].filter { $0.0 > 0 }
            .map { "\(grouped($0.0)) \($0.1)" }
        return parts.isEmpty ? "no rows changed" : parts.joined(separator: ", ")
    }
}

/// Which row of one version of a file each row of another version is: the one matching of
/// rows behind the reloads of a watched file and the comparison of two files (`CSVTableDiff`).
public struct CSVRowMatching: Sendable, Equatable {
    /// For every new row, the old row it is (nil: added).
    public var oldRows: [Int?]
    /// For every old row, whether no new row is it (removed).
    public var isRemoved: [Bool]
    /// New rows matched to an old row whose content differs, ascending.
    public var changedRows: [Int]
    /// The counts of changed, added and removed rows.
    public var summary: CSVReloadSummary
}

extension CSVRowKeys {
    /// The rows of `new` matched to this version's: rows matched by identity; a matched row
    /// whose content hash differs is changed; and where rows left and came between the same
    /// two surviving neighbours (a line edited in place, which changes its content key), they
    /// are paired in order as changed rows (unless `pairingEditedRows` is false: a comparison
    /// by key takes a row whose key changed for another row).
    /// - Complexity: O(n) expected (a hash map over the rows the side-by-side walk skips).
    public func matching(to new: CSVRowKeys, pairingEditedRows: Bool = true) -> CSVRowMatching {
        var oldRows = DataTableDifference(from: identities, to: new.identities).oldOffsets
        var isRemoved = [Bool](repeating: true, count: identities.count)
        var changed: [Int] = []
        var summary = CSVReloadSummary()
        for (row, old) in oldRows.enumerated() {
            guard let old else { continue }
            isRemoved[old] = false
            if let before = contents, let after = new.contents, before[old] != after[row] {
                changed.append(row)
            }
        }
        // Pair rows that left with rows that came in the same gap between survivors.
        var lastOld = -1
        var gap: [Int] = []
        var paired = false
        func pair(upTo bound: Int) {
            var next = gap.startIndex
            for old in (lastOld + 1)..<max(lastOld + 1, bound) where isRemoved[old] {
                guard next < gap.endIndex else { break }
                isRemoved[old] = false
                oldRows[gap[next]] = old
                changed.append(gap[next])
                paired = true
                next += 1
            }
            gap.removeAll(keepingCapacity: true)
        }
        for (row, old) in oldRows.enumerated() where pairingEditedRows {
            guard let old else {
                gap.append(row)
                continue
            }
            if old > lastOld {
                pair(upTo: old)
                lastOld = old
            } else {
                // A moved row: what came before it is not paired with anything.
                gap.removeAll(keepingCapacity: true)
            }
        }
        if pairingEditedRows { pair(upTo: identities.count) }
        if paired { changed.sort() }
        summary.changed = changed.count
        summary.added = oldRows.reduce(0) { $0 + ($1 == nil ? 1 : 0) }
        summary.removed = isRemoved.reduce(0) { $0 + ($1 ? 1 : 0) }
        return CSVRowMatching(oldRows: oldRows, isRemoved: isRemoved, changedRows: changed, summary: summary)
    }

    /// The changes from this version's rows to `new`'s, as `matching(to:)` pairs them: changed
    /// and added rows are the changed rows (they flash), so the cursor on an edited row stays
    /// there.
    /// - Complexity: O(n) expected.
    public func changes(to new: CSVRowKeys, animatingDifferences: Bool = true)
        -> (changes: DataTableRowChanges, summary: CSVReloadSummary) {
        let matching = matching(to: new)
        var newSourceRows = [Int?](repeating: nil, count: identities.count)
        var changed = Set(matching.changedRows)
        for (row, old) in matching.oldRows.enumerated() {
            if let old { newSourceRows[old] = row } else { changed.insert(row) }
        }
        return (DataTableRowChanges(newSourceRows: newSourceRows, changedRows: changed,
                                    animatingDifferences: animatingDifferences), matching.summary)
    }
}
