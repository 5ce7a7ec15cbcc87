import DataTableKit
import Glibc
import Synchronization
import TerminalSurface

/// Reading a new version of a CSV file on a worker thread while the old one stays shown: the
/// file is opened again (a new mapping), indexed whole, and its rows matched with the old
/// ones, giving the changes to apply (`LiveDataSource.replace(with:changes:)`).
///
/// A file that only grew (the same inode, the old bytes unchanged: `CSVTailFingerprint`) is
/// taken as rows appended, without matching rows. Otherwise rows are matched by `CSVRowKeys`:
/// the old version's (computed from the old mapping when not given) and the new one's.
/// Progress in `fraction`; `cancel()` stops at the next check (the old table stays).
public final class CSVReload: @unchecked Sendable {
    /// What a reload found.
    public struct Result: @unchecked Sendable {
        /// The new version, indexed whole.
        public let source: CSVFileDataSource
        /// Where the old rows went.
        public let changes: DataTableRowChanges
        /// Counts of changed, added and removed rows.
        public let summary: CSVReloadSummary
        /// Whether rows were only appended.
        public let isAppend: Bool
        /// The new version's row keys (nil after an append: not computed).
        public let keys: CSVRowKeys?
        /// Milliseconds from the start of the reload to its result.
        public let milliseconds: Double
    }

    /// How a reload ended.
    public enum Outcome: @unchecked Sendable {
        case done(Result)
        /// The file cannot be shown (a message, the old table stays).
        case failed(String)
        /// `appendOnly` was asked and the file did more than grow.
        case notAnAppend
        case cancelled
    }

    private let cancelled = Atomic<Bool>(false)
    private let progress = Atomic<Int>(0)  // thousandths
    private let outcome = Mutex<Outcome?>(nil)

    /// Starts reading `old.path` again on a worker thread. `oldKeys`: the old version's row keys
    /// (computed from the old mapping when nil and needed); `keyColumns`: rows keyed by these
    /// columns' values (empty: by content); `tail`: the old version's fingerprint, for taking a
    /// grown file as appended rows; `appendOnly`: give up (`.notAnAppend`) when it did more than
    /// grow.
    public init(reloading old: CSVFileDataSource, oldKeys: CSVRowKeys?, keyColumns: [Int],
                tail: CSVTailFingerprint?, appendOnly: Bool = false) {
        let box = UncheckedBox(old: old)
        BackgroundWork.start { [self] in
            let result = run(old: box.old, oldKeys: oldKeys, keyColumns: keyColumns, tail: tail, appendOnly: appendOnly)
            outcome.withLock { $0 = result }
        }
    }

    private struct UncheckedBox: @unchecked Sendable { let old: CSVFileDataSource }

    /// 0...1, roughly.
    public var fraction: Double { Double(progress.load(ordering: .relaxed)) / 1000 }
    /// Asks the worker to stop; the outcome is then `.cancelled`.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }
    /// Whether `cancel()` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
    /// The outcome once the worker is done (taken once).
    public func takeOutcome() -> Outcome? { outcome.withLock { value in defer { value = nil }; return value } }

    private func report(_ value: Double) { progress.store(Int(saturating: min(1, max(0, value)) * 1000), ordering: .relaxed) }

    private func run(old: CSVFileDataSource, oldKeys: CSVRowKeys?, keyColumns: [Int], tail: CSVTailFingerprint?,
                     appendOnly: Bool) -> Outcome {
        let start = ContinuousClock.now
        let name = TerminalText.quoted(old.path)
        let new: CSVFileDataSource
        do {
            new = try CSVFileDataSource(path: old.path, dialect: old.dialect, hasHeader: old.hasHeader)
            new.hints = old.hints
        } catch MappedFile.OpenError.system(let message) {
            return .failed("not reloaded: \(message)")
        } catch {
            return .failed("not reloaded: \(name) is no longer a regular file")
        }
        // The backup this session made is still its own to replace.
        new.writeTarget?.adoptBackup(of: old.writeTarget)
        let oldTitles = (0..<old.columnCount).map(old.title(ofColumn:))
        let newTitles = (0..<new.columnCount).map(new.title(ofColumn:))
        guard oldTitles == newTitles else {
            let what = old.columnCount == new.columnCount ? "column titles changed"
                : "columns changed from \(old.columnCount) to \(new.columnCount)"
            return .failed("not reloaded: the \(what) in \(name); open it again to see them")
        }
        // The index, on this worker (cancellable), 0-50% of the progress.
        new.startIndexing()
        let length = max(1, new.byteCount)
        while !new.isIndexComplete {
            if isCancelled { return .cancelled }
            report(0.5 * Double(new.indexedByteCount) / Double(length))
            usleep(1000)
        }
        report(0.5)
        if let tail, new.continues(tail) {
            let lastRowGrew = tail.rowCount > 0 && !new.row(tail.rowCount - 1, endsAt: tail.end)
            let changes = DataTableRowChanges.appended(oldCount: tail.rowCount, newCount: new.rowCount,
                                                       changingLastRow: lastRowGrew)
            let summary = CSVReloadSummary(changed: lastRowGrew ? 1 : 0, added: new.rowCount - tail.rowCount)
            return .done(Result(source: new, changes: changes, summary: summary, isAppend: true, keys: nil,
                                milliseconds: Self.milliseconds(since: start)))
        }
        if appendOnly { return .notAnAppend }
        let oldCount = old.rowCount
        var before = oldKeys
        if before == nil || before?.identities.count != oldCount || before?.keyColumns != keyColumns {
            before = CSVRowKeys.compute(of: old, keyColumns: keyColumns, isCancelled: { isCancelled },
                                        progress: { report(0.5 + 0.2 * Double($0) / Double(max(1, oldCount))) })
        }
        let newCount = new.rowCount
        guard let before, let after = CSVRowKeys.compute(
            of: new, keyColumns: keyColumns, isCancelled: { isCancelled },
            progress: { report(0.7 + 0.25 * Double($0) / Double(max(1, newCount))) })
        else { return .cancelled }
        let (changes, summary) = before.changes(to: after)
        if isCancelled { return .cancelled }
        report(1)
        return .done(Result(source: new, changes: changes, summary: summary, isAppend: false, keys: after,
                            milliseconds: Self.milliseconds(since: start)))
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }
}
