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

extension CSVRowKeys {
    /// The changes from this version's rows to `new`'s: rows matched by identity; a matched
    /// row whose content hash differs is changed; and where rows left and came between the
    /// same two surviving neighbours (a line edited in place, which changes its content key),
    /// they are paired in order as changed rows, so the cursor on an edited row stays there.
    /// - Complexity: O(n) expected (a hash map over the rows the side-by-side walk skips).
    public func changes(to new: CSVRowKeys, animatingDifferences: Bool = true)
        -> (changes: DataTableRowChanges, summary: CSVReloadSummary) {
        let oldOffsets = DataTableDifference(from: identities, to: new.identities).oldOffsets
        var newSourceRows = [Int?](repeating: nil, count: identities.count)
        var changed = Set<Int>()
        var summary = CSVReloadSummary()
        for (row, old) in oldOffsets.enumerated() {
            guard let old else { continue }
            newSourceRows[old] = row
            if let before = contents, let after = new.contents, before[old] != after[row] {
                changed.insert(row)
                summary.changed += 1
            }
        }
        // Pair rows that left with rows that came in the same gap between survivors.
        var lastOld = -1
        var gap: [Int] = []
        var inserted = 0
        func pair(upTo bound: Int) {
            var next = gap.startIndex
            for old in (lastOld + 1)..<max(lastOld + 1, bound) where newSourceRows[old] == nil {
                guard next < gap.endIndex else { continue }
                newSourceRows[old] = gap[next]
                changed.insert(gap[next])
                summary.changed += 1
                next += 1
            }
            for row in gap[next...] { changed.insert(row) }
            inserted += gap.count - (next - gap.startIndex)
            gap.removeAll(keepingCapacity: true)
        }
        for (row, old) in oldOffsets.enumerated() {
            guard let old else {
                gap.append(row)
                continue
            }
            if old > lastOld {
                pair(upTo: old)
                lastOld = old
            } else {
                // A moved row: what came before it is not paired with anything.
                for row in gap { changed.insert(row) }
                inserted += gap.count
                gap.removeAll(keepingCapacity: true)
            }
        }
        pair(upTo: identities.count)
        let deleted = newSourceRows.reduce(0) { $0 + ($1 == nil ? 1 : 0) }
        summary.added = inserted
        summary.removed = deleted
        return (DataTableRowChanges(newSourceRows: newSourceRows, changedRows: changed,
                                    animatingDifferences: animatingDifferences), summary)
    }
}
