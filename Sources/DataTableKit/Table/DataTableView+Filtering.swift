/// Filtering and searching: both run as `TableJob`s off the UI thread.
extension DataTableView {
    /// Keeps only the rows where some shown column matches `matcher` (nil: all rows again).
    /// Runs in the background; the sort, if any, is applied to the kept rows afterwards.
    /// With column filters (`pushColumnFilter(_:)`) it runs in one job with them. The columns
    /// looked in are those shown now (`filterColumns`): hiding or showing columns later keeps
    /// the rows it kept.
    public func startFilter(_ matcher: RowMatcher?) {
        startFilter(matcher, columns: searchedColumnMask)
    }

    /// `startFilter(_:)` looking in `columns` (a mask by source column; nil: every column).
    func startFilter(_ matcher: RowMatcher?, columns: [Bool]?) {
        let columns = matcher == nil ? nil : columns
        if hasColumnFilters {
            return startRowFilters(RowFilters(matcher: matcher, columnFilters: intendedRowFilters.columnFilters,
                                              matcherColumns: columns))
        }
        cancelJobForFilter()
        guard let matcher else {
            rowOrder.clearFilter()
            let sort = takeSortAfterFilter()
            if sort.isEmpty && grouping == nil {
                setDisplayOrder(nil, coveredRows: 0)
            } else {
                startSort(by: sort)
            }
            return
        }
        let count = dataSource.rowCount
        let job = TableJob(kind: .filter(matcher), total: count, matcherColumns: columns)
        beginStreaming(job, rowCount: count, filters: RowFilters(matcher: matcher, columnFilters: [], matcherColumns: columns))
        let source = UncheckedSendableBox(value: dataSource)
        startJob(job) {
            // A source of raw bytes is scanned whole, on every core (`RecordScanner`).
            if let outcome = RecordScanner.filterOutcome(source: source.value, rowCount: count, matcher: matcher,
                                                         columns: columns, job: job) {
                return outcome
            }
            var predicate = RowMatchPredicate(source: source.value, rowCount: count, matcher: matcher, columns: columns)
            let rows = (0..<count).map { UInt32(truncatingIfNeeded: $0) }
            // A cancelled job reads no more fields (each row's matches are bounded, so Esc is
            // seen within one row); a pattern out of its limits ends the job.
            let kept = RowSearch.filter(rows, rowMatches: { !job.isCancelled && predicate.matches(row: $0) },
                                        isCancelled: { job.isCancelled || predicate.isTooComplex },
                                        progress: { done, _ in job.setProcessed(done) },
                                        publish: { job.partialRows.append($0) })
            if predicate.isTooComplex { return .failed(matcher.tooComplexNotice) }
            return kept.map { .order($0, rowCount: count) } ?? .cancelled
        }
    }

    /// Searches for the next (`forward`) or previous matching cell after the cursor cell, in
    /// row-major order; the cursor moves to that cell and the view scrolls to it. The cursor's
    /// own row is checked here (its cells after the cursor's), the other rows by a job. Wraps
    /// around once; "not found" shows in the status line. Only the shown columns are looked in.
    public func startSearch(_ matcher: RowMatcher, forward: Bool) {
        cancelJob()
        lastSearch = matcher
        // With sections the search runs over the records (positions of the display order),
        // skipping headers and footers; a match in a collapsed section expands it.
        let sections = sectionState.layout
        let count = sections != nil ? (displayOrder?.count ?? 0) : viewport.rowCount
        guard count > 0 else { notice = "not found: \(matcher.query)"; return }
        let cursor = viewport.cursor
        if let column = matchingColumn(inDisplayRow: cursor.row, matcher: matcher, forward: forward,
                                       from: cursor.column + (forward ? 1 : -1)) {
            viewport.moveCursor(to: DataTableIndexPath(row: cursor.row, column: column))
            return
        }
        let job = TableJob(kind: .search(matcher, forward: forward), total: count)
        let source = UncheckedSendableBox(value: dataSource)
        let order = displayOrder
        let from = sections.map { searchStart(in: $0, forward: forward) } ?? viewport.cursor.row + (forward ? 1 : -1)
        let sourceRows = dataSource.rowCount
        let columns = searchedColumnMask
        startJob(job) {
            if let outcome = RecordScanner.searchOutcome(source: source.value, rowCount: sourceRows, order: order, from: from,
                                                         count: count, forward: forward, matcher: matcher,
                                                         columns: columns, job: job) {
                return outcome
            }
            var predicate = RowMatchPredicate(source: source.value, rowCount: sourceRows, matcher: matcher, columns: columns)
            let outcome = RowSearch.find(
                from: from, count: count, forward: forward,
                sourceRow: { position in order.map { Int($0[position]) } ?? position },
                rowMatches: { !job.isCancelled && predicate.matches(row: $0) },
                isCancelled: { job.isCancelled || predicate.isTooComplex },
                progress: { done, _ in job.setProcessed(done) })
            if predicate.isTooComplex { return .failed(matcher.tooComplexNotice) }
            return TableJob.Outcome(outcome)
        }
    }

    /// Takes a finished search's outcome (UI thread; from `apply(_:)`): the cursor goes to the
    /// row's first matching cell (its last, searching backwards; a collapsed section holding it
    /// opens), or the status line says nothing matched.
    func applySearchOutcome(_ outcome: TableJob.Outcome, matcher: RowMatcher, forward: Bool) {
        switch outcome {
        case .found(let found):
            let row = displayRow(ofFoundRow: found)
            let column = matchingColumn(inDisplayRow: row, matcher: matcher, forward: forward) ?? viewport.cursor.column
            viewport.moveCursor(to: DataTableIndexPath(row: row, column: column))
        case .notFound:
            notice = "not found: \(matcher.query)"
        default:
            break
        }
    }

    /// The matcher whose matches are highlighted: the last search, else the filter.
    var highlightMatcher: RowMatcher? { lastSearch ?? filter }
}

/// Whether a source row has a cell that matches: what search and filter both ask, on a worker.
///
/// With raw bytes (a mapped file), one pass splits the record into fields; a plain field is
/// matched in place and a quoted one is unquoted into a reused buffer. Measured on 10M rows with
/// an ASCII query: 3.1 s; parsing whole rows into Strings took over 10 s, and one reader per
/// column (each re-scanning its row) ~8 s. Other sources are read through `RowFieldsMemo`.
/// With a mask of searched columns (some columns hidden), only the fields of those columns are
/// tested; without one, every field is (no column is checked).
struct RowMatchPredicate {
    let matcher: RowMatcher
    /// The source columns looked in (true: searched); nil: every field.
    let columns: [Bool]?
    let reader: RawRecordReader?
    var memo: RowFieldsMemo
    let columnCount: Int
    /// A quoted field, unquoted (outer quotes dropped, `""` read as `"`).
    var scratch: [UInt8] = []
    /// Set when a field's match ran out of PCRE2's limits: the job stops and says so.
    private(set) var isTooComplex = false

    init(source: DataTableDataSource, rowCount: Int, matcher: RowMatcher, columns: [Bool]? = nil) {
        self.matcher = matcher
        self.columns = columns
        self.reader = (source as? DataTableRawRecords)?.makeRawRecordReader(rowCount: rowCount)
        self.memo = RowFieldsMemo(source: source)
        self.columnCount = source.columnCount
        scratch.reserveCapacity(256)
    }

    /// Whether some field of `row` matches; false (and `isTooComplex` set) when a match ran out
    /// of its limits.
    mutating func matches(row: Int) -> Bool {
        guard let reader else {
            for column in 0..<columnCount {
                guard columns.looksIn(column) else { continue }
                switch matcher.verdict(memo.text(row: row, column: column)) {
                case .match: return true
                case .noMatch: continue
                case .tooComplex: isTooComplex = true; return false
                }
            }
            return false
        }
        let quote = reader.quote, matcher = matcher
        var scratch = self.scratch
        var tooComplex = false
        defer { self.scratch = scratch }
        let columns = columns
        let found = reader.firstField(ofRow: row) { column, raw in
            guard columns.looksIn(column) else { return false }
            let verdict = matcher.verdict(rawField: raw, quote: quote, scratch: &scratch)
            if verdict == .tooComplex { tooComplex = true }
            return verdict != .noMatch  // stops at a match, and at a pattern out of its limits
        }
        if tooComplex { isTooComplex = true; return false }
        return found
    }
}

/// Reads fields row by row for a worker, parsing each row once for all its columns.
struct RowFieldsMemo {
    let source: DataTableDataSource
    private var row = -1
    private var fields: [String] = []

    init(source: DataTableDataSource) {
        self.source = source
    }

    mutating func text(row: Int, column: Int) -> String {
        if row != self.row {
            self.row = row
            fields = source.fields(row: row)
        }
        return column < fields.count ? fields[column] : ""
    }
}
