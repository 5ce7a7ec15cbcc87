import TerminalSurface

/// A table on screen: lays out the header, the visible rows and the status line, and runs the
/// cell pipeline (provider → reuse pool → configure → draw into a clipped region).
///
/// Draws only into a `Surface`; a `TableApplication` presents it on a terminal. Composed of
/// parts, each a type of its own (docs/decisions/0095-datatableview-composes-its-parts.md).
public final class DataTableView {
    /// The rows and values shown.
    public let dataSource: DataTableDataSource
    /// How the table looks and behaves.
    public var configuration: DataTableConfiguration {
        didSet {
            cells.configurationGeneration &+= 1
            layoutChrome()
        }
    }
    /// The cell pipeline: provider, registry, reuse pool, cells on screen, sizing cells (see `CellPipeline`).
    let cells: CellPipeline
    /// The cell classes of the provider, by reuse identifier.
    public var registry: CellRegistry { cells.registry }
    /// Cells that left the screen, waiting to be dequeued.
    public var reusePool: ReusePool { cells.reusePool }
    /// Which cell shows each value (`setCellProvider(_:)` changes it).
    public var cellProvider: DataTableCellProvider { cells.provider }
    /// The columns, their order, frozen memory and kind sampling (see `ColumnLayout`).
    let columnLayout: ColumnLayout
    /// The columns: titles, widths, alignments, by source column (hidden ones too).
    public internal(set) var columns: [TableColumn] {
        _read { yield columnLayout.columns }
        _modify { yield &columnLayout.columns }
    }
    /// Which source columns show, in which order (see `DataTableView+ColumnOrder`).
    var columnOrder: ColumnOrder {
        _read { yield columnLayout.order }
        _modify { yield &columnLayout.order }
    }
    /// The regex that chose the columns shown (`*`, or the program's column pattern), until every column shows again.
    public var columnFilter: RowMatcher? { columnLayout.columnFilter }
    /// The cursor, the scroll position and what is visible.
    public package(set) var viewport: Viewport

    /// A message for the status line after the position, until the next key ("sort cancelled");
    /// the data source's own notice shows when there is none. One too long for the status line
    /// is wrapped onto lines above it (see `noticeLineCount`).
    public var notice: String? {
        get { status.text }
        set {
            status.text = newValue
            status.isLasting = false
        }
    }
    /// The notice, its lasting and the clipboard text (see `StatusNotice`).
    var status = StatusNotice()
    /// Whether `notice` outlasts key presses (the outcome of a write): it stays until another
    /// message replaces it or Esc dismisses it.
    public var isNoticeLasting: Bool { status.isLasting }

    /// Shows a message that keys do not wipe (see `isNoticeLasting`).
    public func showLastingNotice(_ text: String) {
        notice = text
        status.isLasting = true
    }


    /// Told what the user does (selection, taps, sorts) and asked about the program's work around
    /// the table (edits, writing, commands); see `DataTableDelegate`.
    public weak var delegate: DataTableDelegate?

    /// Which rows show in which order: sort, filters, hidden rows (see `RowOrder`).
    var rowOrder = RowOrder()
    /// The sort order, in priority order (empty: file order).
    public internal(set) var sortDescriptors: [SortDescriptor] {
        get { rowOrder.sortDescriptors }
        set {
            guard rowOrder.sortDescriptors != newValue else { return }
            rowOrder.sortDescriptors = newValue
            // Ranks come and go with the keys: the columns make room for them (`layoutColumns`).
            layoutColumns()
            delegate?.dataTable(self, didChangeSort: newValue)
        }
    }
    /// Display position -> source row id while sorted or filtered (nil: the identity); see
    /// `RowOrder.displayOrder`.
    var displayOrder: [UInt32]? { rowOrder.displayOrder }
    /// The active filter's matcher (nil: every row is shown).
    public var filter: RowMatcher? { rowOrder.filter }
    /// The source columns `filter` looked in: the columns shown when it was typed (a mask by
    /// source column), nil for every column. Kept when columns are hidden or shown later, so
    /// the filter keeps its rows; re-runs of the filter (loading ended, `|`) use it too.
    public var filterColumns: [Bool]? { rowOrder.filterColumns }
    /// The column filters shown, oldest first (see `pushColumnFilter(_:)`); each narrows the rows
    /// the ones before it keep.
    public var columnFilters: [ColumnFilter] { rowOrder.columnFilters }
    /// The last search, the query being typed, highlighting (see `SearchState`).
    var search = SearchState()
    /// The last search (for `n`/`N` and highlighting).
    public internal(set) var lastSearch: RowMatcher? {
        get { search.lastSearch }
        set { search.lastSearch = newValue }
    }
    /// The search or filter being typed in the program's prompt: its matches are highlighted.
    public var typedQuery: TypedQuery? {
        get { search.typedQuery }
        set { search.typedQuery = newValue }
    }
    /// Set by a frame whose match highlighting stopped because the pattern is too complex.
    public var highlightStopped: Bool { search.highlightStopped }
    /// The job off the UI thread and what waits on it (see `OrderingJobs`).
    var jobs = OrderingJobs()
    /// The job running off the UI thread (sort, filter, search), polled by `refreshFromDataSource()`.
    public internal(set) var activeJob: TableJob? {
        get { jobs.active }
        set { jobs.active = newValue }
    }

    /// How long the last sort took.
    public var lastSortMilliseconds: Double? { rowOrder.lastSortMilliseconds }
    /// How long the last filter took.
    public var lastFilterMilliseconds: Double? { rowOrder.lastFilterMilliseconds }
    /// Why a run of the applied filters over rows loaded later failed (see
    /// `DataTableView+FailedFilter`); nil while they cover every row they were run over.
    public var filterStoppedReason: String? { rowOrder.filterStoppedReason }
    /// Per column of the sort shown, how many of its values its kind cannot read (strays).
    public var strayCounts: [Int: Int] { rowOrder.strayCounts }
    /// Source rows hidden from every display order (deleted, until the deletion is undone).
    public var hiddenRows: Set<Int> { rowOrder.hiddenRows }
    /// Rows marked with `m` (see `RowMarks`).
    var marks = RowMarks()
    /// Source rows marked with `m` (in the order they were marked).
    public internal(set) var markedRows: [Int] {
        get { marks.rows }
        set { marks.rows = newValue }
    }
    /// Text for the terminal's clipboard, handed to the backend after the key (`y`).
    public var pendingClipboardText: String? {
        get { status.clipboardText }
        set { status.clipboardText = newValue }
    }

    /// Whether a cursor on the last row follows rows added at the end (`tail -f`): rows a
    /// loading source adds and rows a change appends (`applyChanges(_:)`). Default false.
    public var followsAppendedRows: Bool {
        get { sourceWatch.followsAppendedRows }
        set { sourceWatch.followsAppendedRows = newValue }
    }

    /// Sections with header and footer rows (see `setGrouping(_:)`).
    var sectionState = SectionState()

    /// Row heights: the index the viewport reads, the measured heights (see `RowHeightCache`).
    let heights: RowHeightCache
    /// Row heights in display order (shared with `viewport`): the estimate of the row height
    /// mode until `resolveRowHeights` measures a row.
    public var rowHeights: RowHeightIndex { heights.index }
    /// Bumped every time the measured heights are thrown away.
    public var rowHeightGeneration: Int { heights.generation }
    /// Counters of the sizing-cell cache.
    public var rowSizingStatistics: RowSizingStatistics { heights.statistics }
    /// The laid-out widths of the shown columns in display order: `columns`' content widths
    /// as their width policies lay them out in the body's width (see `ColumnWidth`).
    public var layoutColumnWidths: [Int] { viewport.columnWidths }

    /// A table of `dataSource`'s rows, laid out for `size`; no cell is configured until the first frame is drawn or printed.
    public init(dataSource: DataTableDataSource, configuration: DataTableConfiguration = DataTableConfiguration(),
                cellProvider: DataTableCellProvider? = nil, size: Size = Size(width: 80, height: 24)) {
        self.dataSource = dataSource
        self.configuration = configuration
        self.cells = CellPipeline(provider: cellProvider ?? Self.provider(for: configuration))
        self.sourceWatch = SourceWatch(source: dataSource)
        // Read before measuring: a source that finishes loading meanwhile is measured again.
        let loadStateWhenMeasured = sourceWatch.loadState
        self.columnLayout = ColumnLayout(columns: ColumnSizer.columns(of: dataSource, configuration: configuration))
        self.heights = RowHeightCache(mode: configuration.rowHeightMode)
        self.viewport = Viewport(bodySize: .zero, rowCount: dataSource.rowCount, columnWidths: columnLayout.columns.map(\.width),
                                 rowHeights: heights.index)
        if let fixed = configuration.fixedColumns {
            viewport.setFrozenColumns(leading: fixed.leftColumns, trailing: fixed.rightColumns)
        }
        // Cells are configured first when the table is drawn or printed, not while it is built
        // (a `configure` may read a property the program sets to this table after `init`).
        cells.needsFitting = true
        sourceWatch.lastLoadState = loadStateWhenMeasured
        layoutChrome()
        setSize(size)
        applyConfiguredKinds()
        // Every row was measured: the first guess saw them all. Otherwise the check over the
        // large sample starts at the first `refreshFromDataSource` (after the first frame, so
        // its worker does not compete with it) or `settleColumnKinds`.
        if sourceWatch.isSourceComplete,
           dataSource.rowCount <= min(configuration.columnWidthSampleSize, 1_000_000 / max(1, dataSource.columnCount)) {
            columnLayout.sampling.sampledRowCount = dataSource.rowCount
        }
        // Columns past those measured at open are measured by the first sample.
        columnLayout.sampling.needsWidths = columns.count > ColumnSizer.measuredAtOpen && dataSource.rowCount > 0
        if let ordering = configuration.defaultOrdering, ordering.index >= 0, ordering.index < dataSource.columnCount {
            sortOnOpen(by: [SortDescriptor(column: ordering.index, ascending: ordering.order == .ascending)])
        }
    }

    /// The provider the configuration's `cellSizingMode` asks for.
    static func provider(for configuration: DataTableConfiguration) -> DataTableCellProvider {
        switch configuration.cellSizingMode {
        case .defaultCell: return TextCellProvider(textLayout: configuration.textLayout)
        case .custom(let provider): return provider
        }
    }

    /// Installs a different provider (registering its identifiers); cells on screen are returned to the pool.
    public func setCellProvider(_ provider: DataTableCellProvider) {
        cells.provider = provider
        provider.register(in: registry)
        recycleAllCells()
        cells.sizingCells.removeAll()
        fitColumnsToCells()
        layoutColumns()
        invalidateRowHeights()
    }

    /// Widens content-fitted columns whose cells are not plain text (badges, bars, buttons) to
    /// the widest `preferredWidth` of their sizing cell over a sample of rows: a badge needs
    /// room for its dot, a button row for its brackets.
    /// - Complexity: O(custom columns × 200) configurations of sizing cells.
    func fitColumnsToCells(only: [Int]? = nil) {
        guard viewport.rowCount > 0 else { return }
        let rows = ColumnSizer.sampleRows(count: viewport.rowCount, sampleSize: 200)
        for column in only ?? Array(columns.indices) {
            let mode = configuration.columnWidthModeProvider?(column) ?? configuration.columnWidthMode
            guard case .fitContentText(let strategy) = mode else { continue }
            if case .fixed = strategy { continue }
            var widest: Int?
            for row in rows {
                guard let cell = configuredSizingCell(at: DataTableIndexPath(row: row, column: column),
                                                      sourceRow: sourceRow(forDisplayRow: row), skippingTextCells: true)
                else { continue }
                if let width = cell.preferredWidth { widest = max(widest ?? 0, width) }
            }
            if let widest {
                columns[column].width = max(columns[column].title.displayWidth + 1,
                                            min(max(widest, configuration.minColumnWidth), configuration.maxColumnWidth))
            }
        }
    }

    /// Changes how default cells lay out their text (`w` toggles wrapping); rows are measured again.
    public func setTextLayout(_ layout: DataTableTextLayout) {
        configuration.textLayout = layout
        (cellProvider as? TextCellProvider)?.textLayout = layout
        invalidateRowHeights()
    }

    // MARK: - Layout

    /// Where the header, body, notice and status line are (see `TableGeometry`).
    var geometry = TableGeometry()
    /// The screen's size; everything is laid out again for it.
    public var size: Size { geometry.size }

    /// Lays the table out for a new screen size.
    public func setSize(_ newSize: Size) {
        geometry.size = newSize
        viewport.setBodySize(bodyRect.size)
        layoutColumns()
    }

    /// Sets the viewport's column widths from `columns` and their width policies (see
    /// `DataTableView+ColumnWidths`); row heights are measured again when a width changed.
    func layoutColumns() {
        // The viewport lays out the shown columns, in display order.
        var widths = columnOrder.shown.map { columns[$0].width }
        // With several sort keys the header puts a rank after the arrow: the column widens by
        // its digits so the title stays whole (the arrow's cell is part of every title's room).
        if sortDescriptors.count > 1 && configuration.shouldShowHeaderSortingIndicator {
            for (rank, descriptor) in sortDescriptors.enumerated() {
                guard columns.indices.contains(descriptor.column),
                      let display = columnOrder.display(forSource: descriptor.column) else { continue }
                let needed = columns[descriptor.column].title.displayWidth + 1 + String(rank + 1).count
                widths[display] = max(widths[display], needed)
            }
        }
        widths = solvedColumnWidths(content: widths)
        guard widths != viewport.columnWidths else { return }
        viewport.setColumnWidths(widths)
        forgetMeasuredRowHeights()
    }

    /// Sets one source column's width (`<`, `>`); nil sizes it from its content again (`=`).
    public func setWidth(_ width: Int?, ofColumn column: Int) {
        guard columns.indices.contains(column) else { return }
        if let width {
            columns[column].width = max(1, width)
        } else {
            // Sized by the table again: the numbers on screen are checked again (as configured).
            columns[column].isWidthSet = false
            cells.configurationGeneration &+= 1
            let mode = configuration.columnWidthModeProvider?(column) ?? configuration.columnWidthMode
            columns[column].width = ColumnSizer.measure(
                column: column, of: dataSource, mode: mode, defaultSampleSize: configuration.columnWidthSampleSize,
                minWidth: configuration.minColumnWidth, maxWidth: configuration.maxColumnWidth).width
            fitColumnsToCells(only: [column])
        }
        layoutColumns()
    }

    /// Freezes `leading` columns at the left and `trailing` at the right edge (display
    /// columns: whichever columns show there, after hiding and moving).
    public func setFrozenColumns(leading: Int, trailing: Int = 0) {
        columnLayout.frozenSourceMemory = nil
        setFrozenCounts(leading: leading, trailing: trailing)
    }

    /// Sets the frozen counts, keeping `frozenSourceMemory`.
    func setFrozenCounts(leading: Int, trailing: Int) {
        configuration.fixedColumns = DataTableFixedColumns(leftColumns: leading, rightColumns: trailing)
        viewport.setFrozenColumns(leading: leading, trailing: trailing)
    }

    /// Rows of the screen: the header at the top (when there are 2 rows or more), the status
    /// line at the bottom (when enabled and there are 3 rows or more), the lines of a long
    /// notice above it, the body between them.
    /// (See `TableGeometry`.)
    var headerRect: Rect { geometry.headerRect }
    package var statusRect: Rect { geometry.statusRect(shown: configuration.shouldShowFooter) }
    var noticeRect: Rect { geometry.noticeRect(statusShown: configuration.shouldShowFooter) }
    var bodyRect: Rect { geometry.bodyRect(statusShown: configuration.shouldShowFooter) }
    var totalsRect: Rect { geometry.totalsRect(statusShown: configuration.shouldShowFooter) }

    /// The data source row shown at a display row.
    /// With sections, a header row stands for its section's first record and a footer row for
    /// its last (`displayRow(at:)` tells them apart).
    public func sourceRow(forDisplayRow row: Int) -> Int {
        guard rowOrder.displayOrder != nil else { return row }
        if let layout = sectionState.layout { return rowOrder.sourceRow(atItem: layout.item(forDisplayRow: row)) }
        return rowOrder.sourceRow(atItem: row)
    }

    /// The source's load state and notice when last drawn, following it (see `SourceWatch`).
    var sourceWatch: SourceWatch

    /// Picks up rows a loading data source has added, and finished jobs; true when the screen
    /// should be redrawn. `checkingForChanges` also asks the source whether its data changed on
    /// disk (an fstat): the run loop does that on its timer, not after every key.
    public func refreshFromDataSource(checkingForChanges: Bool = true) -> Bool {
        if checkingForChanges { sourceWatch.checkForChanges() }
        let wasAtEnd = isCursorOnLastRow
        let tookChanges = takeReportedChanges()
        // A running job redraws for its progress; a finished one is applied. Either way, rows a
        // loading source added meanwhile are still picked up below.
        var jobChanged = applyColumnKindSample()
        if takeTotals() { jobChanged = true }
        if let job = jobs.active {
            apply(job)
            jobChanged = true
        }
        if runPendingFindIfReady() { jobChanged = true }
        checkColumnKindsIfNeeded()
        let columnsAdded = adoptColumnsAddedBySource()
        let state = sourceWatch.loadState
        let count = dataSource.rowCount
        let sourceNotice = sourceWatch.sourceNotice
        // A filter that failed over the rows loaded later is not run again by itself.
        let orderIsStale = displayOrder != nil && count != rowOrder.sortedRowCount && filterStoppedReason == nil
        guard orderIsStale || (displayOrder == nil && count != viewport.rowCount) || state != sourceWatch.lastLoadState
            || sourceNotice != sourceWatch.lastSourceNotice else { return jobChanged || tookChanges || columnsAdded }
        if let state, state.isComplete, sourceWatch.lastLoadState?.isComplete == false {
            // Loading ended: the columns are measured again over a sample of every row, off the
            // UI thread (the check of the kinds measures them; see `columnLayout.sampling.needsWidths`).
            columnLayout.sampling.needsWidths = true
            checkColumnKindsIfNeeded()
        }
        sourceWatch.lastLoadState = state
        sourceWatch.lastSourceNotice = sourceNotice
        if orderIsStale {
            if jobs.active != nil {
                // A job is running over the rows loaded so far: the order is redone after it.
            } else if state?.isComplete ?? true {
                // Loading finished: filter and sort everything.
                reorderKeepingTheTop {
                    if isRowFiltered { startFilter(filter, columns: filterColumns) } else { startSort(by: sortDescriptors) }
                }
            } else if !isRowFiltered {
                // Rows indexed since the sort go at the end, unsorted, until loading completes.
                appendRowsLoadedSinceOrdering()
            }
        }
        let before = viewport.rowCount
        viewport.setRowCount(shownRowCount)
        if followsAppendedRows && wasAtEnd && viewport.rowCount > before { moveCursorToLastRow() }
        return true
    }

    /// Installs a display order computed over the first `coveredRows` source rows, keeping the
    /// cursor on its record when that record is still shown.
    func setDisplayOrder(_ order: [UInt32]?, coveredRows: Int) {
        let cursorSource = viewport.rowCount > 0 ? sourceRow(forDisplayRow: viewport.cursor.row) : nil
        dropSections()
        rowOrder.setOrder(order, coveredRows: coveredRows, sourceRowCount: dataSource.rowCount)
        // Heights are cached by source row: the new positions pick them up as they come on screen.
        rowHeights.removeAllHeights()
        viewport.setRowCount(shownRowCount)
        if let cursorSource { moveCursor(toSourceRow: cursorSource) }
    }

    /// Shows the rows without a sort: the filtered rows, else file order (the cursor stays on its record).
    func showUnsortedOrder() {
        setDisplayOrder(rowOrder.filteredRows, coveredRows: rowOrder.filteredRows == nil ? 0 : rowOrder.sortedRowCount)
    }

    /// Appends the source rows a loading source added since the display order was made (not
    /// hidden ones), unsorted, at the end.
    func appendRowsLoadedSinceOrdering() {
        guard sectionState.layout == nil else { return }
        rowOrder.appendRowsLoaded(upTo: dataSource.rowCount)
    }

    /// Sizes the columns again over a sample of all rows (after the data changed); widths only
    /// grow, so nothing the user has seen gets narrower. Columns past `ColumnSizer.measuredAtOpen`
    /// are measured by the next sample (`columnLayout.sampling.needsWidths`).
    func remeasureColumns() {
        columnLayout.totals.dataGeneration &+= 1
        let measured = ColumnSizer.columns(of: dataSource, configuration: configuration)
        guard measured.count == columns.count else { return }
        for i in columns.indices where !columns[i].isWidthSet {
            columns[i].width = max(columns[i].width, measured[i].width)
            // Kinds are checked again by `ColumnKindSampler` (started when loading completes).
        }
        if columns.count > ColumnSizer.measuredAtOpen { columnLayout.sampling.needsWidths = true }
        layoutColumns()
    }

    /// The data source's progress (`DataTableLoading.loadState`; nil for a source that is
    /// whole from the start), read through the capability the view resolved when it was made.
    public var sourceLoadState: DataTableLoadState? { sourceWatch.loadState }

    /// Whether the data source is still loading (the run loop polls more often then).
    public var isLoading: Bool {
        jobs.active != nil || columnLayout.sampling.sampler != nil || !sourceWatch.isSourceComplete || isComputingTotals
    }

    /// Whether rows are shown in another order than the data's (sorted, filtered or with rows hidden).
    public var isReordered: Bool { displayOrder != nil }

    /// Whether a source row is marked (`m`).
    public func isMarked(sourceRow: Int) -> Bool { marks.set.contains(sourceRow) }

}

/// `1234567` as `1,234,567`.
package func grouped<Integer: BinaryInteger>(_ n: Integer) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return n < 0 ? "-" + out : out
}
