import Synchronization

/// A data source that shows another one and can be switched, while shown, to a newer version
/// of it (a file read again), reporting how rows moved (`DataTableChangeReporting`).
///
/// `replace(with:changes:)` queues the new source; the table switches to it on its next wake
/// (`takeRowChanges()`), after which every call goes to the new source. Calls from worker
/// threads are safe throughout: the current source is read under a lock, and replaced sources
/// are kept alive for `retiredLifetime` so that a job which started before a switch (and reads
/// memory the old source owns) finishes safely.
public final class LiveDataSource: LayeredDataSource, DataTableChangeReporting, DataTableLoading, DataTableRawRecords,
    DataTableColumnSorting, DataTableModelRows, @unchecked Sendable {
    /// Sources are used from any thread through their thread-safe accessors; the state itself
    /// is only touched under the lock.
    private struct State: @unchecked Sendable {
        var current: DataTableDataSource
        var pending: (source: DataTableDataSource, changes: DataTableRowChanges)?
        var retired: [(source: DataTableDataSource, since: ContinuousClock.Instant)] = []
        var message: String?
        var hidesSourceNotice = false
        var progress: DataTableLoadState?
    }
    private let state: Mutex<State>
    /// How long a replaced source stays alive after the switch.
    public static let retiredLifetime = Duration.seconds(30)

    /// Shows `source` until it is replaced.
    public init(_ source: DataTableDataSource) {
        state = Mutex(State(current: source))
    }

    /// The source shown now (the old one until the table takes a replacement).
    public var base: DataTableDataSource { state.withLock { $0.current } }

    /// The source that will be shown once the table takes the waiting changes (else `base`).
    public var newest: DataTableDataSource { state.withLock { $0.pending?.source ?? $0.current } }

    /// Queues `source` to replace the one shown, where `changes` maps the rows of `newest` (the
    /// source shown, or the one already queued) to the rows of `source`. UI thread.
    public func replace(with source: DataTableDataSource, changes: DataTableRowChanges) {
        state.withLock { state in
            if let pending = state.pending {
                state.retired.append((pending.source, .now))
                state.pending = (source, pending.changes.followed(by: changes))
            } else {
                state.pending = (source, changes)
            }
        }
    }

    /// Queues `source` as `replace(with:changes:)` does, keeping of `changes.changedRows` only
    /// the rows `options.changes` finds changed (the model of a row is its source row: the rule's
    /// closures get the old row of `newest` and the new row of `source`; `.shownText` compares
    /// the text of every column), refreshed and flashing as `options` say. Rows changed only
    /// below what is shown neither flash nor are configured again; when nothing is left to
    /// show, taking the changes draws no frame. UI thread.
    /// - Complexity: O(changed rows × columns).
    public func replace(with source: DataTableDataSource, changes: DataTableRowChanges, options: DataTableApplyOptions<Int>) {
        let before = newest
        var oldRow = [Int: Int](minimumCapacity: changes.changedRows.count)
        for (old, new) in changes.newSourceRows.enumerated() {
            if let new, changes.changedRows.contains(new) { oldRow[new] = old }
        }
        let columns = min(before.columnCount, source.columnCount)
        let rule = options.changes
        let changed = changes.changedRows.filter { new in
            guard let old = oldRow[new], before.columnCount == source.columnCount else { return true }  // inserted
            if rule.comparesShownText,
               (0..<columns).contains(where: {
                   DataTableChangeRule<Int>.showsOtherText(before.value(row: old, column: $0), source.value(row: new, column: $0))
               }) { return true }
            return rule.isChanged?(old, new) ?? false
        }
        replace(with: source, changes: DataTableRowChanges(newSourceRows: changes.newSourceRows, changedRows: changed,
                                                           options: options))
    }

    /// Whether a replacement waits.
    public var hasRowChanges: Bool { state.withLock { $0.pending != nil } }

    /// Switches to the queued source; its changes, or nil when none waits.
    public func takeRowChanges() -> DataTableRowChanges? {
        state.withLock { state in
            guard let pending = state.pending else { return nil }
            let now = ContinuousClock.now
            state.retired.removeAll { now - $0.since > Self.retiredLifetime }
            state.retired.append((state.current, now))
            state.current = pending.source
            state.pending = nil
            return pending.changes
        }
    }

    /// A message for the status line in place of the current source's notice (a change on disk
    /// that is not taken in, say); nil shows the source's own. Any thread.
    public var message: String? {
        get { state.withLock { $0.message } }
        set { state.withLock { $0.message = newValue } }
    }

    /// Whether the current source's own notice is hidden: the program watches for changes
    /// itself and says what it does about them in `message` (a file's "changed on disk" would
    /// only repeat it). Any thread.
    public var hidesSourceNotice: Bool {
        get { state.withLock { $0.hidesSourceNotice } }
        set { state.withLock { $0.hidesSourceNotice = newValue } }
    }

    /// Progress of work towards a new version (reading it again), shown as the load state while
    /// set: the table polls often and shows it in the status line. Any thread.
    public var progress: DataTableLoadState? {
        get { state.withLock { $0.progress } }
        set { state.withLock { $0.progress = newValue } }
    }

    // MARK: - DataTableDataSource: the current source's answers

    /// The current source's answer.
    public var columnCount: Int { base.columnCount }
    /// The current source's answer.
    public var rowCount: Int { base.rowCount }
    /// The current source's answer.
    public func title(ofColumn column: Int) -> String { base.title(ofColumn: column) }
    /// The current source's answer.
    public func value(row: Int, column: Int) -> DataTableValueType { base.value(row: row, column: column) }
    /// The program's progress (`progress`, e.g. a new version being read), else the current
    /// source's.
    public var loadState: DataTableLoadState? { state.withLock { $0.progress } ?? (base as? DataTableLoading)?.loadState }
    /// The current source's answer.
    public func text(row: Int, column: Int) -> String { base.text(row: row, column: column) }
    /// The current source's answer.
    public func sortText(row: Int, column: Int) -> String { base.sortText(row: row, column: column) }
    /// The current source's answer.
    public func sortKeyKind(ofColumn column: Int) -> SortKeyKind? { (base as? DataTableColumnSorting)?.sortKeyKind(ofColumn: column) }
    /// The current source's answer.
    public func fields(row: Int) -> [String] { base.fields(row: row) }
    /// The current source's answer.
    public func rawField(row: Int, column: Int) -> UnsafeRawBufferPointer? { (base as? DataTableRawRecords)?.rawField(row: row, column: column) }
    /// The current source's answer.
    public func makeRawFieldReader(column: Int, rowCount: Int) -> ((Int) -> UnsafeRawBufferPointer)? {
        (base as? DataTableRawRecords)?.makeRawFieldReader(column: column, rowCount: rowCount)
    }
    /// The current source's answer.
    public func readRawFields(column: Int, rows: Range<Int>, into batch: inout RawFieldBatch) -> Bool {
        (base as? DataTableRawRecords)?.readRawFields(column: column, rows: rows, into: &batch) ?? false
    }
    /// The current source's readers: they keep reading it after a newer version replaces it.
    public func makeRawColumnReader(column: Int, rowCount: Int) -> RawColumnReader? {
        (base as? DataTableRawRecords)?.makeRawColumnReader(column: column, rowCount: rowCount)
    }
    /// The current source's answer.
    public func makeRawRecordReader(rowCount: Int) -> RawRecordReader? { (base as? DataTableRawRecords)?.makeRawRecordReader(rowCount: rowCount) }
    /// The current source's answer.
    public func isValueCut(row: Int, column: Int) -> Bool { (base as? DataTableRawRecords)?.isValueCut(row: row, column: column) ?? false }
    /// The program's `message` when it set one, else the current source's notice (unless
    /// `hidesSourceNotice`).
    public var notice: String? {
        let (message, hides) = state.withLock { ($0.message, $0.hidesSourceNotice) }
        return message ?? (hides ? nil : (base as? DataTableLoading)?.notice)
    }
    /// The current source's answer.
    public func model(atSourceRow row: Int) -> Any { (base as? DataTableModelRows)?.model(atSourceRow: row) ?? row }
    /// The current source's answer.
    public func isColumnSortable(_ column: Int) -> Bool { (base as? DataTableColumnSorting)?.isColumnSortable(column) ?? true }
    /// The current source's answer.
    public func checkForChanges() { (base as? DataTableLoading)?.checkForChanges() }
}
