/// Column filters: a stack of `ColumnFilter`s, each narrowing the rows the ones before it kept,
/// combined with the whole-row filter (`startFilter(_:)`). They run as a `TableJob` off the UI
/// thread like the whole-row filter (progress in the status line, Esc cancels); the sort and
/// the sections apply to the rows they keep, and hidden rows stay out.
///
/// `columnFilters` is the stack shown (applied); a push or pop takes effect when its job
/// finishes, so a cancelled one leaves the stack and the rows as they were.
extension DataTableView {
    /// Adds `filter` to the stack: the rows shown narrow to those it keeps too. Runs in the
    /// background; with no job running, only the new filter is tested, over the rows shown.
    /// Returns false (and says why in the status line) when the filter cannot run on its
    /// column: an operand its kind cannot read (`>abc` on numbers), an invalid regex, a column
    /// that does not exist.
    @discardableResult
    public func pushColumnFilter(_ filter: ColumnFilter) -> Bool {
        let intended = intendedRowFilters
        let stack = intended.columnFilters + [filter]
        guard let tests = columnFilterTests(for: [filter]) else { return false }
        // Narrowing what is shown already is one test per shown row; anything running (or rows
        // still loading) starts over from every row.
        if jobs.active == nil, sourceWatch.isSourceComplete {
            let count = dataSource.rowCount
            let isFiltered = self.filter != nil || !columnFilters.isEmpty
            if !isFiltered || rowOrder.sortedRowCount == count {
                runRowFilterJob(RowFilters(matcher: self.filter, columnFilters: stack, matcherColumns: filterColumns),
                                tests: tests, testsMatcher: false,
                                over: isFiltered ? rowOrder.filteredRows : nil, rowCount: count)
                return true
            }
        }
        startRowFilters(RowFilters(matcher: intended.matcher, columnFilters: stack, matcherColumns: intended.matcherColumns))
        return true
    }

    /// Removes the last column filter: the rows the ones before it keep show again (computed
    /// again in the background). Returns the filter removed; nil when there was none.
    @discardableResult
    public func popColumnFilter() -> ColumnFilter? {
        let intended = intendedRowFilters
        guard let last = intended.columnFilters.last else { return nil }
        startRowFilters(RowFilters(matcher: intended.matcher, columnFilters: Array(intended.columnFilters.dropLast()),
                                   matcherColumns: intended.matcherColumns))
        return last
    }

    /// Removes every column filter (the whole-row filter stays).
    public func removeAllColumnFilters() {
        let intended = intendedRowFilters
        guard !intended.columnFilters.isEmpty else { return }
        startRowFilters(RowFilters(matcher: intended.matcher, columnFilters: [], matcherColumns: intended.matcherColumns))
    }

    /// The whole-row filter and the column filters together.
    struct RowFilters {
        var matcher: RowMatcher?
        var columnFilters: [ColumnFilter]
        /// The source columns `matcher` looks in (a mask; nil: every column).
        var matcherColumns: [Bool]?
        var isEmpty: Bool { matcher == nil && columnFilters.isEmpty }
    }

    /// What the user asked for last: the running filter job's filters, else the applied ones.
    var intendedRowFilters: RowFilters {
        if let job = jobs.active {
            switch job.kind {
            case .filter(let matcher):
                return RowFilters(matcher: matcher, columnFilters: columnFilters, matcherColumns: job.matcherColumns)
            case .columnFilter(let stack, let matcher):
                return RowFilters(matcher: matcher, columnFilters: stack, matcherColumns: job.matcherColumns)
            default: break
            }
        }
        return RowFilters(matcher: filter, columnFilters: columnFilters, matcherColumns: filterColumns)
    }

    /// Whether column filters are shown or being applied: the whole-row filter then runs with
    /// them (`startFilter(_:)` hands over to `startRowFilters`).
    var hasColumnFilters: Bool { !columnFilters.isEmpty || !intendedRowFilters.columnFilters.isEmpty }

    /// Whether any filter keeps rows out (the whole-row filter or column filters).
    var isRowFiltered: Bool { rowOrder.isFiltered }

    /// Runs `filters` over every row (or clears them all), replacing whatever runs.
    func startRowFilters(_ filters: RowFilters) {
        cancelJobForFilter()
        if filters.columnFilters.isEmpty && (filters.matcher == nil || columnFilters.isEmpty) {
            // No column filter left: the whole-row filter alone (or none) does the rest.
            rowOrder.columnFilters = []
            return startFilter(filters.matcher, columns: filters.matcherColumns)
        }
        guard let tests = columnFilterTests(for: filters.columnFilters) else { return }
        runRowFilterJob(filters, tests: tests, testsMatcher: filters.matcher != nil, over: nil, rowCount: dataSource.rowCount)
    }

    /// Runs the column filters again when one that reads values in its column's kind (a
    /// comparison, a range) is on one of `changedColumns` (a kind set with `t`, or corrected by
    /// the check over the large sample).
    func refilterIfFiltered(by changedColumns: [Int]) {
        let intended = intendedRowFilters
        let affected = intended.columnFilters.contains { filter in
            guard changedColumns.contains(filter.column) else { return false }
            switch filter.predicate {
            case .comparison, .range: return true
            case .equalsAny(_, let includesNull, _): return includesNull  // nulls depend on the kind
            case .substring, .regex: return false
            }
        }
        if affected { reorderKeepingTheTop { startRowFilters(intended) } }
    }

    /// The filters ready for their columns' kinds; nil (and a notice) when one cannot run.
    func columnFilterTests(for filters: [ColumnFilter]) -> [ColumnFilterTest]? {
        var tests: [ColumnFilterTest] = []
        for filter in filters {
            guard columns.indices.contains(filter.column), filter.column < dataSource.columnCount else {
                notice = "no column \(filter.column + 1) to filter"
                return nil
            }
            let (kind, format) = sortKeyReading(ofColumn: filter.column)
            do {
                tests.append(try ColumnFilterTest(filter, kind: kind, format: format, nullTokens: configuration.nullTokens))
            } catch {
                notice = "\(columns[filter.column].title): \(error.message)"
                return nil
            }
        }
        return tests
    }

    /// Starts the job keeping the rows of `rows` (every row below `rowCount` when nil) that
    /// pass `tests` (and the whole-row matcher when `testsMatcher`); its outcome shows `filters`.
    func runRowFilterJob(_ filters: RowFilters, tests: [ColumnFilterTest], testsMatcher: Bool, over rows: [UInt32]?,
                         rowCount count: Int) {
        cancelJobForFilter()
        let job = TableJob(kind: .columnFilter(filters.columnFilters, filters.matcher), total: rows?.count ?? count,
                           matcherColumns: filters.matcher == nil ? nil : filters.matcherColumns)
        beginStreaming(job, rowCount: count, filters: filters)
        let source = UncheckedSendableBox(value: dataSource)
        let matcher = testsMatcher ? filters.matcher : nil
        let matcherColumns = filters.matcherColumns
        let cache = jobs.sortKeys, stamp = sortKeyStamp
        startJob(job) {
            var readers = tests.map { ColumnFieldReader(source: source.value, test: $0, rowCount: count) }
            for i in readers.indices { readers[i].useKeptKeys(from: cache, stamp: stamp, rowCount: count) { job.isCancelled } }
            var predicate = matcher.map {
                RowMatchPredicate(source: source.value, rowCount: count, matcher: $0, columns: matcherColumns)
            }
            var tooComplex = false
            let input = rows ?? (0..<count).map { UInt32(truncatingIfNeeded: $0) }
            let kept = RowSearch.filter(input, rowMatches: { row in
                if job.isCancelled { return false }
                for i in readers.indices where !readers[i].passes(row: row) {
                    if readers[i].test.matcher?.isTooComplex == true { tooComplex = true }
                    return false
                }
                guard predicate != nil else { return true }
                let matches = predicate!.matches(row: row)
                if predicate!.isTooComplex { tooComplex = true }
                return matches
            }, isCancelled: { job.isCancelled || tooComplex }, progress: { done, _ in job.setProcessed(done) },
               publish: { job.partialRows.append($0) })
            if tooComplex {
                let query = tests.compactMap(\.matcher).first(where: \.isTooComplex) ?? matcher
                return .failed(query?.tooComplexNotice ?? RowMatcher.tooComplexMessage)
            }
            return kept.map { .order($0, rowCount: count) } ?? .cancelled
        }
    }

    /// Takes the rows a filter job kept (UI thread; from `apply(_:)`): a column filter's, or
    /// the whole-row filter's (`filters` then keeps the column filters shown).
    func applyRowFilterOutcome(kept: [UInt32], rowCount: Int, filters: RowFilters, job: TableJob) {
        rowOrder.takeFilterResult(kept: kept, matcher: filters.matcher, matcherColumns: filters.matcherColumns,
                                  columnFilters: filters.columnFilters, milliseconds: job.elapsedMilliseconds)
        let sort = takeSortAfterFilter()
        if grouping != nil {
            // The sections are grouped again over the kept rows; the old ones show until then.
            return startSort(by: sort)
        }
        sendCursorToTopUnlessKept(kept)
        setDisplayOrder(kept, coveredRows: rowCount)
        if jobs.cursorAfterOrdering == .firstRow { viewport.moveCursor(to: DataTableIndexPath(row: 0, column: viewport.cursor.column)) }
        if !sort.isEmpty { startSort(by: sort) } else { moveCursorAfterOrdering() }
    }

    /// The filters for the status line: `filter: text · price>30 · city=Paris · 1,234 of 10,000
    /// rows` (the whole-row filter's query first, after `&`; separated by `, ` when the terminal
    /// cannot show `·`); nil when nothing is filtered. A whole-row filter typed while columns
    /// were hidden says how many it looked in: `filter: text (in 3 of 5 columns)`.
    var filterStatusText: String? {
        guard !columnFilters.isEmpty else {
            return filter.map { "filter: \($0.query)" + filterColumnsNote + filterStoppedNote }
        }
        var parts: [String] = []
        if let filter { parts.append("&" + filter.query + filterColumnsNote) }
        for columnFilter in columnFilters {
            let title = columns.indices.contains(columnFilter.column) ? columns[columnFilter.column].title : "?"
            parts.append(TerminalSafe.short(title, limit: 20) + columnFilter.summary())
        }
        let total = max(0, dataSource.rowCount - hiddenRows.count)
        parts.append("\(grouped(displayOrder?.count ?? total)) of \(grouped(total)) rows" + filterStoppedNote)
        return parts.joined(separator: configuration.prefersASCII ? ", " : " · ")
    }
}

/// Reads one column's field of a row for a `ColumnFilterTest`, on a worker: raw bytes of a
/// mapped file (a quoted field unquoted into a reused buffer), else the source's text; or
/// reads no field when the column's kept sort keys answer the test (`useKeptKeys`).
struct ColumnFieldReader {
    let test: ColumnFilterTest
    let source: DataTableDataSource
    let raw: ((Int) -> UnsafeRawBufferPointer)?
    var scratch: [UInt8] = []
    /// The test answered from the column's kept keys, when they are kept.
    var kept: KeptKeyTest?

    init(source: DataTableDataSource, test: ColumnFilterTest, rowCount: Int) {
        self.test = test
        self.source = source
        self.raw = (source as? DataTableRawRecords)?.makeRawFieldReader(column: test.column, rowCount: rowCount)
        scratch.reserveCapacity(256)
    }

    /// Answers the test from the keys `cache` keeps for its column, read as it reads them, over
    /// rows `0..<rowCount` in `stamp`'s generation (`ColumnFilterTest.onKeptKeys`); without a
    /// kept order of every row, sorts the kept keys once and keeps that order too. Reads fields
    /// as before when nothing is kept, or the keys cannot answer.
    mutating func useKeptKeys(from cache: SortKeyCache, stamp: SortKeyCache.Stamp, rowCount: Int,
                              isCancelled: () -> Bool) {
        let test = self.test
        guard raw != nil, test.answersFromKeptKeys else { return }
        let key = SortKeyCache.Key(column: test.column, kind: test.kind, format: test.format, nullTokens: test.nullTokens,
                                   rowCount: rowCount, editCount: stamp.editCount)
        defer { cache.count(.filter, answeredFromKeys: kept != nil) }
        guard let found = cache.lookup(key, stamp: stamp, for: .filter), !found.keys.keysAreDoubles else { return }
        var order = found.order
        if order == nil {
            guard let rows = RowSorter.sort(nil, count: rowCount, by: [(found.keys, ascending: true)], isCancelled: isCancelled)
            else { return }
            order = SortKeyCache.SortedRows(rows: rows, ascending: true)
            cache.store(order: order!, for: key, stamp: stamp)
        }
        kept = test.onKeptKeys(found.keys, order: order!) { row in side(row: row) }
    }

    /// Where row `row`'s field lies against the test's interval (`ColumnFilterTest.side(of:)`).
    mutating func side(row: Int) -> ColumnFilterTest.Side? {
        guard let raw else { return nil }
        let field = raw(row)
        return TextKey.withContent(field, quoted: true, scratch: &scratch) { test.side(of: $0) }
    }

    /// Whether row `row`'s field passes the test.
    mutating func passes(row: Int) -> Bool {
        if let kept { return kept.passes(row: row) }
        guard let raw else {
            let text = test.readsSortText ? source.sortText(row: row, column: test.column)
                                          : source.text(row: row, column: test.column)
            return test.matches(text)
        }
        let field = raw(row)
        return TextKey.withContent(field, quoted: true, scratch: &scratch) { test.matches($0) }
    }
}
