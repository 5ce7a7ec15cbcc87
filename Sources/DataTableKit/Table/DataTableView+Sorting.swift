/// Sorting: the view shows rows through a permutation of source row ids; data never moves.
extension DataTableView {
    /// Sorts by `descriptors` (priority order) on this thread, keeping the cursor on its record.
    ///
    /// For scripts, tests and the benchmark; the viewer uses `startSort(by:)`.
    /// - Complexity: O(n) key extraction per descriptor plus the sort of pre-extracted keys.
    public func sort(by descriptors: [SortDescriptor]) {
        runSort(descriptors, synchronously: true)
    }

    /// Sorts by `descriptors` as the table opens: like `startSort(by:)`, but the cursor starts
    /// on the first sorted row instead of following the record it was on.
    public func sortOnOpen(by descriptors: [SortDescriptor]) {
        runSort(descriptors, cursor: .firstRow)
    }

    /// Starts a sort the user asked for (a key, a header click) like `startSort(by:)`: a cursor
    /// on the first row stays on the first row (the top of the new order); elsewhere it follows
    /// its record.
    public func startSortFromUser(by descriptors: [SortDescriptor]) {
        runSort(descriptors, cursor: .firstRowIfThere)
    }

    /// Starts sorting by `descriptors` on a worker thread; the UI keeps drawing and answering
    /// keys, the status line shows the progress, Esc cancels. An empty list goes back to file
    /// order at once.
    ///
    /// While the data source is still loading, the rows loaded so far are sorted and the status
    /// line says so; the sort runs again when loading completes.
    public func startSort(by descriptors: [SortDescriptor]) {
        runSort(descriptors)
    }

    /// Where the cursor goes when a sort is applied.
    enum SortCursor {
        /// It stays on its record.
        case followsRecord
        /// The first row (the sort as the table opens).
        case firstRow
        /// The first row when it is there now (a sort the user asked for), else its record.
        case firstRowIfThere
    }

    /// The one way a sort starts (every public entry point comes here): cancels the running
    /// job and sorts by `descriptors` (within sections, with a grouping) as a job, or on this
    /// thread when `synchronously` (the kinds' check over the large sample is settled first).
    /// Off this thread, an empty list goes back to the unsorted order at once.
    func runSort(_ descriptors: [SortDescriptor], cursor: SortCursor = .followsRecord, synchronously: Bool = false) {
        let wasAtTop = viewport.cursor.row == 0
        if synchronously { settleColumnKinds() }
        cancelJob()
        if let grouping {
            // With sections, the sort orders rows within them (and the sections, by the group column).
            startGrouping(grouping, sortedBy: descriptors, synchronously: synchronously)
        } else if descriptors.isEmpty && !synchronously {
            sortDescriptors = []
            showUnsortedOrder()
        } else {
            let job = TableJob(kind: .sort(descriptors), total: dataSource.rowCount)
            let kinds = descriptors.map { sortKeyReading(ofColumn: $0.column) }
            let nullTokens = configuration.nullTokens
            let source = UncheckedSendableBox(value: dataSource)
            let rows = rowOrder.filteredRows
            let cache = jobs.sortKeys, stamp = sortKeyStamp
            startJob(job, synchronously: synchronously) {
                Self.computeOrder(of: source.value, descriptors: descriptors, kinds: kinds, nullTokens: nullTokens,
                                  rows: rows, job: job, cache: cache, stamp: stamp)
            }
        }
        switch cursor {
        case .followsRecord:
            break
        case .firstRow:
            jobs.cursorAfterOrdering = .firstRow
        case .firstRowIfThere:
            guard wasAtTop else { return }
            jobs.cursorAfterOrdering = .firstRow
            if jobs.active == nil { moveCursorAfterOrdering() }  // back to file order at once
        }
    }

    /// Builds the display order for `job` (any thread; reads the source only through its
    /// thread-safe accessors). Sorts `rows` (source ids; all rows when nil). With a `cache`, a
    /// column's keys kept there are not read again, keys read from raw bytes are kept, and the
    /// order of every row by one column is kept and turned around for the other direction.
    static func computeOrder(of source: DataTableDataSource, descriptors: [SortDescriptor],
                             kinds: [(kind: SortKeyKind, format: ValueFormat)], nullTokens: NullTokens = .standard,
                             rows: [UInt32]?, job: TableJob, cache: SortKeyCache? = nil,
                             stamp: SortKeyCache.Stamp? = nil) -> TableJob.Outcome {
        let count = job.total
        let rawRecords = source as? DataTableRawRecords
        var keys: [(SortKeyColumn, ascending: Bool)] = []
        var cacheKeys: [SortKeyCache.Key] = []
        var keptOrder: SortKeyCache.SortedRows?
        // Progress: every key column's rows, each counting 1/descriptors of a unit.
        let control = job.extractionControl(units: descriptors.count)
        for (i, descriptor) in descriptors.enumerated() {
            if job.isCancelled { return .cancelled }
            let column = descriptor.column
            let cacheKey = SortKeyCache.Key(column: column, kind: kinds[i].kind, format: kinds[i].format, nullTokens: nullTokens,
                                            rowCount: count, editCount: stamp?.editCount ?? 0)
            cacheKeys.append(cacheKey)
            if let cache, let stamp, let kept = cache.lookup(cacheKey, stamp: stamp) {
                keys.append((kept.keys, ascending: descriptor.ascending))
                if i == descriptors.count - 1 { keptOrder = kept.order }
                if kept.keys.strayCount > 0 { job.strayCounts.withLock { $0[column] = kept.keys.strayCount } }
                continue
            }
            let extracted: SortKeyColumn?
            if let reader = rawRecords?.makeRawColumnReader(column: column, rowCount: count) {
                // The raw readers are thread-safe: both cores read a half of the rows each.
                extracted = SortKeyColumn.extract(kind: kinds[i].kind, count: count, format: kinds[i].format,
                                                  nullTokens: nullTokens, control: control, reader: reader)
                if let extracted, let cache, let stamp { cache.store(extracted, for: cacheKey, stamp: stamp) }
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
        // The least significant key's kept order of every row replaces its sort pass.
        var input = rows
        var passes = keys[...]
        if let keptOrder, let last = keys.last {
            let turned = keptOrder.ascending != last.ascending
            let all = turned ? RowSorter.reversingRuns(keptOrder.rows, column: last.0) : keptOrder.rows
            if turned, let cache, let stamp {
                cache.store(order: SortKeyCache.SortedRows(rows: all, ascending: last.ascending), for: cacheKeys[keys.count - 1],
                            stamp: stamp)
            }
            if let subset = rows.map({ RowSorter.restricting(all, to: $0) }) ?? all {
                input = subset
                passes = passes.dropLast()
            }
        }
        guard let order = RowSorter.sort(input, count: count, by: Array(passes), isCancelled: { job.isCancelled }) else {
            return .cancelled
        }
        if rows == nil, descriptors.count == 1, keptOrder == nil, let cache, let stamp {
            cache.store(order: SortKeyCache.SortedRows(rows: order, ascending: descriptors[0].ascending), for: cacheKeys[0],
                        stamp: stamp)
        }
        return .order(order, rowCount: count)
    }

    /// Takes a finished sort's outcome (UI thread; from `apply(_:)`): the new order, or the
    /// sections of a grouping.
    func applySortOutcome(_ outcome: TableJob.Outcome, descriptors: [SortDescriptor], job: TableJob) {
        switch outcome {
        case .order(let order, let rowCount):
            // Someone who moved before the opening sort arrived keeps their record.
            if jobs.cursorAfterOrdering == .firstRow && viewport.cursor.row != 0 { jobs.cursorAfterOrdering = nil }
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
        case .sections(let sectioned, let rowCount):
            if jobs.cursorAfterOrdering == .firstRow && viewport.cursor.row != 0 { jobs.cursorAfterOrdering = nil }
            sortDescriptors = descriptors
            rowOrder.lastSortMilliseconds = job.elapsedMilliseconds
            installSections(sectioned, coveredRows: rowCount)
            moveCursorAfterOrdering()
        default:
            break
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
            && (dataSource as? DataTableColumnSorting)?.isColumnSortable(column) ?? true
    }

    /// How a column's values compare: the kind the user set, else the source's, else the kind
    /// inferred from its sample (see `ColumnKindInference`).
    func sortKeyKind(ofColumn column: Int) -> SortKeyKind {
        columns[column].isKindSet ? columns[column].kind
            : (dataSource as? DataTableColumnSorting)?.sortKeyKind(ofColumn: column) ?? columns[column].kind
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
