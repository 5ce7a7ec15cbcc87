import DataTableKit
import Synchronization

/// Comparing two files while the table shows: `live` shows the new version's rows at once
/// (a `CSVTableDiffDataSource` without its comparison), `start()` computes the comparison on
/// a worker (its progress in the load state: "comparing 40%") and switches `live` to the
/// compared table when it is done, the counts in its message ("diff: 12 added, 3 removed,
/// 40 changed"). The rows shown keep their place; the removed rows come in among them.
public final class CSVTableDiffComparison: Sendable {
    /// The table to show: the new version until the comparison is done, then the comparison.
    public let live: LiveDataSource
    private let versions: Versions
    private let keyColumns: Versions.Keys
    private let cancelled = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)

    private struct Versions: @unchecked Sendable {
        typealias Keys = (old: [Int], new: [Int])
        let old: CSVFileDataSource
        let new: CSVFileDataSource
        let changeColumnTitle: String
    }

    /// Compares `old` with `new`, rows matched by `keyColumns` (the same columns in each; empty:
    /// by content), the first column titled `changeColumnTitle`.
    public init(old: CSVFileDataSource, new: CSVFileDataSource, keyColumns: (old: [Int], new: [Int]) = ([], []),
                changeColumnTitle: String = CSVTableDiffDataSource.changeColumnTitle) {
        versions = Versions(old: old, new: new, changeColumnTitle: changeColumnTitle)
        self.keyColumns = keyColumns
        let pending = CSVTableDiffDataSource(old: old, new: new, changeColumnTitle: changeColumnTitle)
        live = LiveDataSource(pending)
        pending.comparison = self
    }

    /// Starts the comparison on a worker (indexing both files first, as far as they are not).
    public func start() {
        BackgroundWork.start { [self] in
            let diff = CSVTableDiff.compute(old: versions.old, new: versions.new, keyColumns: keyColumns,
                                            isCancelled: { [self] in cancelled.load(ordering: .relaxed) },
                                            progress: { [live] in live.progress = DataTableLoadState(fraction: $0, isComplete: false,
                                                                                                    verb: "comparing") })
            guard let diff, !cancelled.load(ordering: .relaxed) else {
                live.progress = nil
                live.message = "diff: cancelled"
                return
            }
            apply(diff)
        }
    }

    /// Stops a comparison running (the table keeps showing the new version, the message says
    /// "diff: cancelled"); the work stops at its next check (after the files' indexing if it
    /// runs). Nothing when the comparison is shown already.
    public func cancel() {
        guard !isFinished else { return }
        cancelled.store(true, ordering: .relaxed)
        live.progress = nil
        live.message = "diff: cancelled"
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Whether the comparison is shown (the table switched to it).
    public var isFinished: Bool { finished.load(ordering: .acquiring) }

    /// The message for a comparison: its counts, or that the files are the same.
    public static func message(for diff: CSVTableDiff) -> String {
        guard !diff.isEmpty else { return "diff: the files are the same" }
        let summary = diff.summary
        var parts = [(summary.added, "added"), (summary.removed, "removed"), (summary.changed, "changed")]
            .map { "\(grouped($0.0)) \($0.1)" }
        if let columns = diff.columns.summary { parts.append(columns) }
        return "diff: " + parts.joined(separator: ", ")
    }

    /// Switches `live` to the compared table: the new version's rows move to their places
    /// among the removed ones; added, changed and removed rows are the changed rows.
    private func apply(_ diff: CSVTableDiff) {
        let newCount = diff.matching.oldRows.count
        var rows = [Int?](repeating: nil, count: newCount)
        var removed = 0
        for row in 0..<newCount {
            while removed < diff.removedPositions.count && diff.removedPositions[removed] <= row + removed { removed += 1 }
            rows[row] = row + removed
        }
        let table = CSVTableDiffDataSource(old: versions.old, new: versions.new, diff: diff,
                                           changeColumnTitle: versions.changeColumnTitle)
        live.replace(with: table, changes: DataTableRowChanges(newSourceRows: rows, changedRows: Set(table.changedPositions)))
        live.message = Self.message(for: diff)
        live.progress = nil
        finished.store(true, ordering: .releasing)
    }
}
