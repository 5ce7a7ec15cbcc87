import Glibc

/// Jobs: the one way a sort, filter or search starts off the UI thread (`startJob`), is polled
/// and applied (`apply(_:)`, from `refreshFromDataSource()`; each kind of job has its applier
/// next to its start), cancelled (`cancelJob`) or waited for (`waitForJob`).
/// See docs/decisions/0096-one-way-to-run-a-table-job.md.
extension DataTableView {
    /// Runs `work` for `job` as the table's job: on a pool thread (`BackgroundWork`), the UI
    /// polling for its outcome; or, `synchronously`, on this thread and applied at once. The
    /// caller has cancelled the job before (`cancelJob()`). `work` reads the data source only
    /// through its thread-safe accessors.
    func startJob(_ job: TableJob, synchronously: Bool = false, _ work: @escaping @Sendable () -> TableJob.Outcome) {
        guard !synchronously else {
            job.finish(work())
            jobs.active = job
            apply(job)
            return
        }
        jobs.active = job
        let notify = jobs.onFinished
        BackgroundWork.start(.userInitiated) {
            job.finish(work())
            notify?()
        }
    }

    /// Called on the worker's thread when a sort, filter or search job has its outcome, before
    /// the UI thread applies it: a run loop waiting for input wakes here to apply the outcome at
    /// once rather than at its next poll (`TableApplication` sets it to its backend's `wake()`).
    public var jobFinishedHandler: (@Sendable () -> Void)? {
        get { jobs.onFinished }
        set { jobs.onFinished = newValue }
    }

    /// Takes a finished job's result into the view (UI thread). Returns whether it finished.
    /// A filter job still running shows the rows it found since the last call
    /// (`showingPartialRows`; see `showPartialRows(of:)`).
    @discardableResult
    func apply(_ job: TableJob, showingPartialRows: Bool = true) -> Bool {
        guard let outcome = job.takeResult() else {
            if showingPartialRows { showPartialRows(of: job) }
            return false
        }
        if jobs.active === job { jobs.active = nil }
        if case .order = outcome { endStreaming(job, keeping: true) } else { endStreaming(job, keeping: false) }
        switch (outcome, job.kind) {
        case (.cancelled, _):
            notice = "\(job.kind.verb) cancelled"
            jobs.cursorAfterOrdering = nil
            jobs.sortAfterFilter = nil
        case (.failed(let message), let kind):
            applyFailure(message, of: kind)
            jobs.sortAfterFilter = nil
        case (_, .sort(let descriptors)):
            applySortOutcome(outcome, descriptors: descriptors, job: job)
        case (.order(let kept, let rowCount), .filter(let matcher)):
            notice = "\(grouped(kept.count)) of \(grouped(rowCount)) rows match"
            applyRowFilterOutcome(kept: kept, rowCount: rowCount,
                                  filters: RowFilters(matcher: matcher, columnFilters: rowOrder.columnFilters,
                                                      matcherColumns: job.matcherColumns),
                                  job: job)
        case (.order(let kept, let rowCount), .columnFilter(let stack, let matcher)):
            applyRowFilterOutcome(kept: kept, rowCount: rowCount,
                                  filters: RowFilters(matcher: matcher, columnFilters: stack, matcherColumns: job.matcherColumns),
                                  job: job)
        case (_, .search(let matcher, let forward)):
            applySearchOutcome(outcome, matcher: matcher, forward: forward)
        case (.found(let found), .findValue):
            applyFoundSameValue(found)
        case (.notFound, .findValue):
            applyFoundSameValue(nil)
        default:
            break
        }
        return true
    }

    /// Takes a failed job's message (UI thread).
    private func applyFailure(_ message: String, of kind: TableJob.Kind) {
        notice = message
        jobs.cursorAfterOrdering = nil
        noteFailure(message, of: kind)
        // A search whose pattern ran out of its limits is not repeated by `n` or highlighted.
        if case .search(let matcher, _) = kind, lastSearch?.query == matcher.query { lastSearch = nil }
    }

    /// Runs `start` (which starts the current filters and sort again over the rows: loading
    /// ended, a column's kind was corrected), keeping a cursor on the first row there, on the
    /// new first row; elsewhere the cursor follows its record. The table runs these itself: a
    /// cursor on the first row is where the table opened, or where the user went to see the
    /// top. (Following its record, the sort asked for at start left the cursor wherever the
    /// first rows' top record went: row 877 of a weather file.) A user who moves before the
    /// job ends keeps their record (see `apply(_:)`).
    func reorderKeepingTheTop(_ start: () -> Void) {
        let atTop = viewport.rowCount > 0 && viewport.cursor.row == 0
        start()
        if atTop, jobs.active != nil, jobs.cursorAfterOrdering == nil { jobs.cursorAfterOrdering = .firstRow }
    }

    /// Moves the cursor to `jobs.cursorAfterOrdering`, once (setDisplayOrder kept it on its record).
    func moveCursorAfterOrdering() {
        guard let target = jobs.cursorAfterOrdering else { return }
        jobs.cursorAfterOrdering = nil
        switch target {
        case .firstRow: viewport.moveCursor(to: DataTableIndexPath(row: 0, column: viewport.cursor.column))
        case .sourceRow(let source): moveCursor(toSourceRow: source)
        }
    }

    /// A cursor whose record `kept` drops goes to the first row once the order is applied
    /// (after the sort), unless it has somewhere to go already.
    func sendCursorToTopUnlessKept(_ kept: [UInt32]) {
        if jobs.cursorAfterOrdering == nil, viewport.rowCount > 0,
           !kept.contains(UInt32(truncatingIfNeeded: sourceRow(forDisplayRow: viewport.cursor.row))) {
            jobs.cursorAfterOrdering = .firstRow
        }
    }

    /// Cancels the running job, if any (Esc).
    @discardableResult
    public func cancelJob() -> Bool {
        guard let job = jobs.active else { return false }
        job.cancel()
        jobs.active = nil
        abandonStreaming()
        return true
    }

    /// Cancels the running job for a filter that replaces it. A sort that had not ended is not
    /// lost: the filter's rows are sorted by it (`takeSortAfterFilter()`).
    func cancelJobForFilter() {
        if case .sort(let descriptors)? = jobs.active?.kind { jobs.sortAfterFilter = descriptors }
        cancelJob()
    }

    /// The sort a filter's rows get: the one the filter replaced before it ended, else the
    /// current one.
    func takeSortAfterFilter() -> [SortDescriptor] {
        defer { jobs.sortAfterFilter = nil }
        return jobs.sortAfterFilter ?? sortDescriptors
    }

    /// Cancels the running job for the user (Esc) and says so. A cancelled sort that was redoing
    /// the current sort (after a filter, or when loading ended) leaves the rows unsorted, and
    /// the header says so too: no sort marks over rows in file order.
    /// Returns whether a job was running.
    @discardableResult
    public func cancelJobFromUser() -> Bool {
        guard let job = jobs.active else { return false }
        let showedPartialRows = isShowingPartialRows
        cancelJob()
        jobs.sortAfterFilter = nil
        // Rows a filter had found so far are not its answer: the view before it is back.
        notice = "\(job.kind.verb) cancelled" + (showedPartialRows ? ": back to the rows shown before it" : "")
        if case .sort(let descriptors) = job.kind, !descriptors.isEmpty, descriptors == sortDescriptors {
            sortDescriptors = []
            showUnsortedOrder()
        }
        jobs.cursorAfterOrdering = nil
        return true
    }

    /// Blocks until the running job finishes and applies it (tests, scripts, print mode).
    /// Returns the message of the first job that failed meanwhile (a filter whose pattern ran
    /// out of its limits: "pattern too complex: …"), nil when none did. A failed filter leaves
    /// the rows it was to filter unfiltered: a caller that prints them must not take them for
    /// its answer.
    @discardableResult
    public func waitForJob() -> String? {
        var failure: String?
        while true {
            // The kinds' check over the large sample first: a kind it changes re-runs the sort
            // (or the grouping, whose sums depend on the kinds).
            settleColumnKinds()
            guard let job = jobs.active else { return failure }
            job.partialRows.stopKeepingRows()
            while !job.isFinished { usleep(1000) }
            if failure == nil { failure = job.failureMessage }
            apply(job, showingPartialRows: false)
        }
    }
}
