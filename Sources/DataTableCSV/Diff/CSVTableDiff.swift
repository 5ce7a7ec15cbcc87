import DataTableKit
import Synchronization

/// What changed from one version of a table (old) to another (new): its rows matched by key
/// columns or by content (`CSVRowKeys.matching(to:)`, the same matching a watched file's reloads
/// use), each row's status, the changed values of changed rows, and the columns matched by
/// title (`CSVTableDiffColumns`).
///
/// The comparison's rows are the new version's rows in order with the removed rows among
/// them, each after the row of the old neighbour before it that survived ("merged" rows,
/// `row(at:)`).
public struct CSVTableDiff: Sendable {
    /// What happened to a row.
    public enum RowStatus: UInt8, Sendable, CaseIterable {
        /// The same in both versions.
        case unchanged
        /// Only in the new version.
        case added
        /// Only in the old version.
        case removed
        /// In both, with some value changed.
        case changed

        /// The word a comparison shows: empty, `added`, `removed` or `changed`.
        public var name: String {
            switch self {
            case .unchanged: return ""
            case .added: return "added"
            case .removed: return "removed"
            case .changed: return "changed"
            }
        }
    }

    /// A row of the comparison: a row of the new version, or a removed row of the old one.
    public enum Row: Sendable, Equatable {
        /// Row `new` of the new version.
        case new(Int)
        /// Row `old` of the old version (removed).
        case old(Int)
    }

    /// The columns matched by title.
    public let columns: CSVTableDiffColumns
    /// The rows matched.
    public let matching: CSVRowMatching
    /// New rows with a changed value, ascending.
    public let changedRows: [Int]
    /// For each of `changedRows`, the positions in `columns.columns` whose values differ.
    public let changedColumns: [[Int]]
    /// Removed old rows, in the order they are shown.
    public let removedRows: [Int]
    /// For each of `removedRows`, its row in the comparison (ascending).
    public let removedPositions: [Int]

    /// Counts of changed, added and removed rows.
    public var summary: CSVReloadSummary {
        CSVReloadSummary(changed: changedRows.count, added: matching.summary.added, removed: removedRows.count)
    }

    /// Whether the versions hold the same rows and columns.
    public var isEmpty: Bool { changedRows.isEmpty && removedRows.isEmpty && matching.summary.added == 0 && columns.isUnchanged }

    /// Rows of the comparison: the new version's and the removed ones.
    public var rowCount: Int { matching.oldRows.count + removedRows.count }

    /// The row of the comparison at `position`.
    /// - Complexity: O(log removed rows).
    public func row(at position: Int) -> Row {
        let before = Self.lowerBound(removedPositions, position)
        if before < removedPositions.count, removedPositions[before] == position { return .old(removedRows[before]) }
        return .new(position - before)
    }

    /// The position in the comparison of row `new` of the new version.
    /// - Complexity: O(log removed rows).
    public func position(ofNewRow new: Int) -> Int {
        // The k-th removed row sits at removedPositions[k]; new row n comes after those with
        // removedPositions[k] - k <= n.
        var low = 0, high = removedPositions.count
        while low < high {
            let mid = (low + high) / 2
            if removedPositions[mid] - mid <= new { low = mid + 1 } else { high = mid }
        }
        return new + low
    }

    /// What happened to a row of the comparison.
    public func status(of row: Row) -> RowStatus {
        switch row {
        case .old: return .removed
        case .new(let new):
            if matching.oldRows[new] == nil { return .added }
            return changedIndex(ofNewRow: new) != nil ? .changed : .unchanged
        }
    }

    /// The positions in `columns.columns` whose values changed in row `new` of the new
    /// version (empty: none, or not a changed row).
    public func changedColumns(ofNewRow new: Int) -> [Int] {
        changedIndex(ofNewRow: new).map { changedColumns[$0] } ?? []
    }

    /// The old row a row of the new version was (nil: added).
    public func oldRow(ofNewRow new: Int) -> Int? { matching.oldRows[new] }

    /// The rows of the comparison that are added, removed or changed, ascending.
    /// - Complexity: O(rows changed + added + removed).
    public func changedPositions() -> [Int] {
        var positions: [Int] = []
        positions.reserveCapacity(changedRows.count + removedRows.count + matching.summary.added)
        for (new, old) in matching.oldRows.enumerated() where old == nil { positions.append(position(ofNewRow: new)) }
        for new in changedRows { positions.append(position(ofNewRow: new)) }
        positions += removedPositions
        positions.sort()
        return positions
    }

    private func changedIndex(ofNewRow new: Int) -> Int? {
        let index = Self.lowerBound(changedRows, new)
        return index < changedRows.count && changedRows[index] == new ? index : nil
    }

    /// The first index of `sorted` whose element is not below `value`.
    static func lowerBound(_ sorted: [Int], _ value: Int) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

extension CSVTableDiff {
    /// Compares `old` with `new` (both indexed here first, if they are not), rows matched by
    /// the values of `keyColumns` (the same columns in each version; empty: by content).
    /// Rows' keys are hashed on both cores; a row matched whose content hash differs is
    /// compared value by value (unquoted, so a field quoted in one version only is the same
    /// value), and is changed when some value differs. Runs on the calling thread (a worker):
    /// `progress` hears the share done, nil when `isCancelled` said so.
    /// - Complexity: O(bytes of both files).
    public static func compute(old: CSVFileDataSource, new: CSVFileDataSource, keyColumns: (old: [Int], new: [Int]) = ([], []),
                               parts: Int = 2, isCancelled: @escaping @Sendable () -> Bool = { false },
                               progress: @escaping @Sendable (Double) -> Void = { _ in }) -> CSVTableDiff? {
        let files = UncheckedFiles(old: old, new: new)
        BackgroundWork.forEachPart(2) { part in
            let file = part == 0 ? files.old : files.new
            if !file.isIndexComplete { file.indexAll(countingFields: false) }
        }
        guard !isCancelled() else { return nil }
        let columns = CSVTableDiffColumns(oldTitles: (0..<old.columnCount).map { old.title(ofColumn: $0) },
                                          newTitles: (0..<new.columnCount).map { new.title(ofColumn: $0) })
        let pairs = columns.pairs
        // A row's identity by content is its values (a row quoted otherwise, or moved, is the
        // same row); keyed, a content hash only picks the rows to compare value by value, and
        // raw bytes do when both versions write the same columns the same way.
        let byValues = keyColumns.new.isEmpty || !columns.isUnchanged || old.dialect != new.dialect
        let oldCount = Double(old.rowCount), total = max(1, oldCount + Double(new.rowCount))
        guard let oldKeys = CSVRowKeys.compute(of: old, keyColumns: keyColumns.old,
                                               contentColumns: byValues ? pairs.map(\.old) : nil, parts: parts,
                                               isCancelled: isCancelled, progress: { progress(0.9 * $0 * oldCount / total) }),
              let newKeys = CSVRowKeys.compute(of: new, keyColumns: keyColumns.new,
                                               contentColumns: byValues ? pairs.map(\.new) : nil, parts: parts,
                                               isCancelled: isCancelled,
                                               progress: { progress(0.9 * (oldCount + $0 * (total - oldCount)) / total) })
        else { return nil }
        let matching = oldKeys.matching(to: newKeys, pairingEditedRows: keyColumns.new.isEmpty)
        progress(0.95)
        guard !isCancelled() else { return nil }
        let (changedRows, changedColumns) = compareValues(of: matching, old: old, new: new, columns: columns, parts: parts)
        let (removedRows, removedPositions) = placeRemoved(matching)
        progress(1)
        return CSVTableDiff(columns: columns, matching: matching, changedRows: changedRows, changedColumns: changedColumns,
                            removedRows: removedRows, removedPositions: removedPositions)
    }

    private struct UncheckedFiles: @unchecked Sendable {
        let old: CSVFileDataSource
        let new: CSVFileDataSource
    }

    /// The matched rows whose values differ (those whose content hash differs, compared field
    /// by field), with the positions of the columns that differ.
    /// - Complexity: O(candidates × fields).
    private static func compareValues(of matching: CSVRowMatching, old: CSVFileDataSource, new: CSVFileDataSource,
                                      columns: CSVTableDiffColumns, parts: Int) -> ([Int], [[Int]]) {
        let candidates = matching.changedRows
        let shown = columns.columns
        let partCount = max(1, min(parts, candidates.count / 256))
        let results = Mutex([[(Int, [Int])]](repeating: [], count: partCount))
        let files = UncheckedFiles(old: old, new: new)
        let oldRows = matching.oldRows
        BackgroundWork.forEachPart(partCount) { part in
            var found: [(Int, [Int])] = []
            let range = (candidates.count * part / partCount)..<(candidates.count * (part + 1) / partCount)
            for index in range {
                let row = candidates[index]
                guard let oldRow = oldRows[row] else { continue }
                let before = files.old.fields(row: oldRow), after = files.new.fields(row: row)
                var differing: [Int] = []
                for (position, column) in shown.enumerated() {
                    guard let o = column.old, let n = column.new else { continue }
                    if (o < before.count ? before[o] : "") != (n < after.count ? after[n] : "") { differing.append(position) }
                }
                if !differing.isEmpty { found.append((row, differing)) }
            }
            results.withLock { $0[part] = found }
        }
        let all = results.withLock { $0 }.flatMap { $0 }
        return (all.map(\.0), all.map(\.1))
    }

    /// The removed rows in the order shown, and their positions: each after the new row of the
    /// nearest old row before it that survived (at the top when none did).
    /// - Complexity: O(old rows + removed log removed).
    private static func placeRemoved(_ matching: CSVRowMatching) -> ([Int], [Int]) {
        guard matching.summary.removed > 0 else { return ([], []) }
        var newOfOld = [Int32](repeating: -1, count: matching.isRemoved.count)
        for (new, old) in matching.oldRows.enumerated() { if let old { newOfOld[old] = Int32(new) } }
        var anchored: [(anchor: Int, old: Int)] = []
        var anchor = -1
        for old in 0..<newOfOld.count {
            if matching.isRemoved[old] { anchored.append((anchor, old)) } else { anchor = Int(newOfOld[old]) }
        }
        anchored.sort { $0.anchor != $1.anchor ? $0.anchor < $1.anchor : $0.old < $1.old }
        return (anchored.map(\.old), anchored.enumerated().map { $0.element.anchor + 1 + $0.offset })
    }
}
