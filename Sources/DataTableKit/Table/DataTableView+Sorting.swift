import Dispatch
import Glibc

/// Sorting: the view shows rows through a permutation of source row ids; data never moves.
extension DataTableView {
    /// Sorts by `descriptors` (priority order) on this thread, keeping the cursor on its record.
    ///
    /// For scripts, tests and the benchmark; the viewer uses `startSort(by:)`.
    /// - Complexity: O(n) key extraction per descriptor plus the sort of pre-extracted keys.
    public func sort(by descriptors: [SortDescriptor]) {
        settleColumnKinds()
        cancelJob()
        if let grouping { return startGrouping(grouping, sortedBy: descriptors, synchronously: true) }
        let job = TableJob(kind: .sort(descriptors), total: dataSource.rowCount)
        let kinds = descriptors.map { sortKeyReading(ofColumn: $0.column) }
        job.finish(Self.computeOrder(of: dataSource, descriptors: descriptors, kinds: kinds,
                                     nullTokens: configuration.nullTokens, rows: rowOrder.filteredRows, job: job))
        apply(job)
    }

    /// Sorts by `descriptors` as the table opens: like `startSort(by:)`, but the cursor starts
    /// on the first sorted row instead of following the record it was on.
    public func sortOnOpen(by descriptors: [SortDescriptor]) {
        startSort(by: descriptors)
        cursorAfterOrdering = .firstRow
    }

    /// Starts a sort the user asked for (a key, a header click) like `startSort(by:)`: a cursor
    /// on the first row stays on the first row (the top of the new order); elsewhere it follows
    /// its record.
    public func startSortFromUser(by descriptors: [SortDescriptor]) {
        let atTop = viewport.cursor.row == 0
        startSort(by: descriptors)
        guard atTop else { return }
        cursorAfterOrdering = .firstRow
        if activeJob == nil { moveCursorAfterOrdering() }  // back to file order at once
    }

    /// Starts sorting by `descriptors` on a worker thread; the UI keeps drawing and answering
    /// keys, the status line shows the progress, Esc cancels. An empty list goes back to file
    /// order at once.
    ///
    /// While the data source is still loading, the rows loaded so far are sorted and the status
    /// line says so; the sort runs again when loading completes.
    public func startSort(by descriptors: [SortDescriptor]) {
        cancelJob()
        // With sections, the sort orders rows within them (and the sections, by the group column).
        if let grouping { return startGrouping(grouping, sortedBy: descriptors) }
        guard !descriptors.isEmpty else {
            sortDescriptors = []
            showUnsortedOrder()
            return
        }
        let job = TableJob(kind: .sort(descriptors), total: dataSource.rowCount)
        let kinds = descriptors.map { sortKeyReading(ofColumn: $0.column) }
        let nullTokens = configuration.nullTokens
        activeJob = job
        let source = UncheckedSendableBox(value: dataSource)
        let rows = rowOrder.filteredRows
        DispatchQueue.global(qos: .userInitiated).async {
            job.finish(Self.computeOrder(of: source.value, descriptors: descriptors, kinds: kinds, nullTokens: nullTokens,
                                         rows: rows, job: job))
        }
    }

    /// Builds the display order for `job` (any thread; reads the source only through its
    /// thread-safe accessors). Sorts `rows` (source ids; all rows when nil).
    static func computeOrder(of source: DataTableDataSource, descriptors: [SortDescriptor],
                             kinds: [(kind: SortKeyKind, format: ValueFormat)], nullTokens: NullTokens = .standard,
                             rows: [UInt32]?, job: TableJob) -> TableJob.Outcome {
        let count = job.total
        var keys: [(SortKeyColumn, ascending: Bool)] = []
        // Progress: every key column's rows, each counting 1/descriptors of a unit.
        let control = job.extractionControl(units: descriptors.count)
        for (i, descriptor) in descriptors.enumerated() {
            if job.isCancelled { return .cancelled }
            let column = descriptor.column
            let extracted: SortKeyColumn?
            if let reader = source.makeRawFieldReader(column: column, rowCount: count) {
                // The raw reader is thread-safe: both cores read a half of the rows each.
                extracted = SortKeyColumn.extract(kind: kinds[i].kind, count: count, csvQuoted: true, format: kinds[i].format,
                                                  nullTokens: nullTokens, control: control, field: reader)
            } else {
                extracted = SortKeyColumn.extract(kind: kinds[i].kind, count: count, format: kinds[i].format,
                                                  nullTokens: nullTokens, control: control) { row in
                    source.sortText(row: row, column: column)
                }
            }
            guard let key = extracted else { return .cancelled }
            keys.append((key, ascending: descriptor.ascending))
            if key.strayCount > 0 { job.strayCounts.withLock { $0[column] = key.strayCount } }
        }
        guard let order = RowSorter.sort(rows, count: count, by: keys, isCancelled: { job.isCancelled }) else { return .cancelled }
        return .order(order, rowCount: count)
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
        if activeJob === job { activeJob = nil }
        if case .order = outcome { endStreaming(job, keeping: true) } else { endStreaming(job, keeping: false) }
        switch (outcome, job.kind) {
        case (.cancelled, _):
            notice = "\(job.kind.verb) cancelled"
            cursorAfterOrdering = nil
        case (.failed(let message), let kind):
            notice = message
            cursorAfterOrdering = nil
            noteFailure(message, of: kind)
            // A search whose pattern ran out of its limits is not repeated by `n` or highlighted.
            if case .search(let matcher, _) = kind, lastSearch?.query == matcher.query { lastSearch = nil }
        case (.order(let order, let rowCount), .sort(let descriptors)):
            // Someone who moved before the opening sort arrived keeps their record.
            if cursorAfterOrdering == .firstRow && viewport.cursor.row != 0 { cursorAfterOrdering = nil }
            sortDescriptors = descriptors
            rowOrder.strayCounts = job.strayCounts.withLock { $0 }
            if let strayNotice { notice = strayNotice }
            if descriptors.isEmpty {
                showUnsortedOrder()
            } else {
                rowOrder.lastSortMilliseconds = job.elapsedMilliseconds
                setDisplayOrder(order, coveredRows: rowCount)
            }
            moveCursorAfterOrdering()
        case (.sections(let sectioned, let rowCount), .sort(let descriptors)):
            if cursorAfterOrdering == .firstRow && viewport.cursor.row != 0 { cursorAfterOrdering = nil }
            sortDescriptors = descriptors
            rowOrder.lastSortMilliseconds = job.elapsedMilliseconds
            installSections(sectioned, coveredRows: rowCount)
            moveCursorAfterOrdering()
        case (.order(let kept, let rowCount), .filter(let matcher)) where grouping != nil:
            // The sections are grouped again over the kept rows; the old ones show until then.
            rowOrder.takeFilterResult(kept: kept, matcher: matcher, matcherColumns: job.matcherColumns, columnFilters: nil,
                                      milliseconds: job.elapsedMilliseconds)
            notice = "\(grouped(kept.count)) of \(grouped(rowCount)) rows match"
            startSort(by: sortDescriptors)
        case (.order(let kept, let rowCount), .filter(let matcher)):
            // A cursor whose record the filter drops goes to the first row (after the sort).
            if cursorAfterOrdering == nil, viewport.rowCount > 0,
               !kept.contains(UInt32(truncatingIfNeeded: sourceRow(forDisplayRow: viewport.cursor.row))) {
                cursorAfterOrdering = .firstRow
            }
            rowOrder.takeFilterResult(kept: kept, matcher: matcher, matcherColumns: job.matcherColumns, columnFilters: nil,
                                      milliseconds: job.elapsedMilliseconds)
            notice = "\(grouped(kept.count)) of \(grouped(rowCount)) rows match"
            setDisplayOrder(kept, coveredRows: rowCount)
            if cursorAfterOrdering == .firstRow { viewport.moveCursor(to: DataTableIndexPath(row: 0, column: viewport.cursor.column)) }
            // A sort follows the filter; the cursor target waits for it.
            if !sortDescriptors.isEmpty { startSort(by: sortDescriptors) } else { moveCursorAfterOrdering() }
        case (.found(let found), .search(let matcher, let forward)):
            // The row's first matching cell (its last, searching backwards); a collapsed
            // section holding it opens.
            let row = displayRow(ofFoundRow: found)
            let column = matchingColumn(inDisplayRow: row, matcher: matcher, forward: forward) ?? viewport.cursor.column
            viewport.moveCursor(to: DataTableIndexPath(row: row, column: column))
        case (.notFound, .search(let matcher, _)):
            notice = "not found: \(matcher.query)"
        case (.order(let kept, let rowCount), .columnFilter(let stack, let matcher)):
            applyRowFilterOutcome(kept: kept, rowCount: rowCount,
                                  filters: RowFilters(matcher: matcher, columnFilters: stack, matcherColumns: job.matcherColumns),
                                  job: job)
        case (.found(let found), .findValue):
            applyFoundSameValue(found)
        case (.notFound, .findValue):
            applyFoundSameValue(nil)
        default:
            break
        }
        return true
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
        if atTop, activeJob != nil, cursorAfterOrdering == nil { cursorAfterOrdering = .firstRow }
    }

    /// Moves the cursor to `cursorAfterOrdering`, once (setDisplayOrder kept it on its record).
    func moveCursorAfterOrdering() {
        guard let target = cursorAfterOrdering else { return }
        cursorAfterOrdering = nil
        switch target {
        case .firstRow: viewport.moveCursor(to: DataTableIndexPath(row: 0, column: viewport.cursor.column))
        case .sourceRow(let source): moveCursor(toSourceRow: source)
        }
    }

    /// Cancels the running job, if any (Esc).
    @discardableResult
    public func cancelJob() -> Bool {
        guard let job = activeJob else { return false }
        job.cancel()
        activeJob = nil
        abandonStreaming()
        return true
    }

    /// Cancels the running job for the user (Esc) and says so. A cancelled sort that was redoing
    /// the current sort (after a filter, or when loading ended) leaves the rows unsorted, and
    /// the header says so too: no sort marks over rows in file order.
    /// Returns whether a job was running.
    @discardableResult
    public func cancelJobFromUser() -> Bool {
        guard let job = activeJob else { return false }
        let showedPartialRows = isShowingPartialRows
        cancelJob()
        // Rows a filter had found so far are not its answer: the view before it is back.
        notice = "\(job.kind.verb) cancelled" + (showedPartialRows ? ": back to the rows shown before it" : "")
        if case .sort(let descriptors) = job.kind, !descriptors.isEmpty, descriptors == sortDescriptors {
            sortDescriptors = []
            showUnsortedOrder()
        }
        cursorAfterOrdering = nil
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
            guard let job = activeJob else { return failure }
            job.partialRows.stopKeepingRows()
            while !job.isFinished { usleep(1000) }
            if failure == nil { failure = job.failureMessage }
            apply(job, showingPartialRows: false)
        }
    }

    /// Moves the cursor to the display row that shows `source`, if it is shown.
    func moveCursor(toSourceRow source: Int) {
        guard let item = rowOrder.item(ofSourceRow: source, sourceRowCount: viewport.rowCount) else { return }
        viewport.moveCursor(to: DataTableIndexPath(row: displayRow(ofItem: item), column: viewport.cursor.column))
    }

    /// Whether `column` may be sorted: a column of the data that `isColumnSortable` allows.
    public func isSortable(column: Int) -> Bool {
        column >= 0 && column < dataSource.columnCount && (configuration.isColumnSortable?(column) ?? true)
            && dataSource.isColumnSortable(column)
    }

    /// How a column's values compare: the kind the user set, else the source's, else the kind
    /// inferred from its sample (see `ColumnKindInference`).
    func sortKeyKind(ofColumn column: Int) -> SortKeyKind {
        columns[column].isKindSet ? columns[column].kind : dataSource.sortKeyKind(ofColumn: column) ?? columns[column].kind
    }

    /// The kind and format a sort reads `column`'s fields with.
    func sortKeyReading(ofColumn column: Int) -> (kind: SortKeyKind, format: ValueFormat) {
        (sortKeyKind(ofColumn: column), columns[column].format)
    }

    /// The sort direction of `column`, when it is a sort key.
    public func sortDirection(ofColumn column: Int) -> Bool? {
        sortDescriptors.first { $0.column == column }?.ascending
    }
}
