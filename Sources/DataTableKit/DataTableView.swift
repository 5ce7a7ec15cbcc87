import TerminalSurface

/// A table on screen: lays out the header, the visible rows and the status line, and runs the
/// cell pipeline (provider → reuse pool → configure → draw into a clipped region).
///
/// Draws only into a `Surface`; a `TableApplication` presents it on a terminal.
public final class DataTableView {
    public let dataSource: DataTableDataSource
    public var configuration: DataTableConfiguration
    public let registry = CellRegistry()
    public let reusePool: ReusePool
    public private(set) var cellProvider: DataTableCellProvider
    public private(set) var columns: [TableColumn]
    public internal(set) var viewport: Viewport

    /// A message for the status line after the position, until the next key ("sort cancelled");
    /// the data source's own notice shows when there is none.
    public var notice: String?

    /// The sort order, in priority order (empty: file order).
    public internal(set) var sortDescriptors: [SortDescriptor] = []
    /// Display position -> source row id while sorted or filtered (nil: the identity).
    /// Generation: rebuilt by every sort and filter; rows a loading source adds later are
    /// appended (when no filter is active) until the sort or filter runs again at the end.
    var displayOrder: [UInt32]?
    /// Source rows the current `displayOrder` was computed over (fewer than the source's while loading).
    var sortedRowCount = 0
    /// The active filter's matcher (nil: every row is shown).
    public internal(set) var filter: RowMatcher?
    /// Rows the filter kept, in file order (the input of a sort while filtered).
    var filteredRows: [UInt32]?
    /// The last search (for `n`/`N` and highlighting).
    public internal(set) var lastSearch: RowMatcher?
    /// The line being typed after `/` or `&`, when one is.
    public internal(set) var prompt: Prompt?
    /// The job running off the UI thread (sort), polled by `refreshFromDataSource()`.
    public internal(set) var activeJob: TableJob?
    /// How long the last sort took.
    public internal(set) var lastSortMilliseconds: Double?
    /// How long the last filter took.
    public internal(set) var lastFilterMilliseconds: Double?

    /// Whether the help screen covers the table.
    public internal(set) var isShowingHelp = false
    /// First line of the help screen on display.
    var helpScrollOffset = 0

    /// Cells on screen by (source row, column); cells whose key leaves the screen go back to the pool.
    private var cellsOnScreen: [CellKey: DataTableCell] = [:]

    struct CellKey: Hashable {
        var sourceRow: Int
        var column: Int
    }

    public init(dataSource: DataTableDataSource, configuration: DataTableConfiguration = DataTableConfiguration(),
                cellProvider: DataTableCellProvider = TextCellProvider(), size: Size = Size(width: 80, height: 24)) {
        self.dataSource = dataSource
        self.configuration = configuration
        self.cellProvider = cellProvider
        self.reusePool = ReusePool(registry: registry)
        self.columns = ColumnSizer.columns(
            of: dataSource, sampleSize: configuration.columnWidthSampleSize,
            minWidth: configuration.minColumnWidth, maxWidth: configuration.maxColumnWidth)
        self.viewport = Viewport(bodySize: .zero, rowCount: dataSource.rowCount, columnWidths: columns.map(\.width))
        cellProvider.register(in: registry)
        setSize(size)
    }

    /// Installs a different provider (registering its identifiers); cells on screen are returned to the pool.
    public func setCellProvider(_ provider: DataTableCellProvider) {
        cellProvider = provider
        provider.register(in: registry)
        recycleAllCells()
    }

    // MARK: - Layout

    /// The screen's size; everything is laid out again for it.
    public private(set) var size: Size = .zero

    /// Lays the table out for a new screen size.
    public func setSize(_ newSize: Size) {
        size = newSize
        viewport.setBodySize(bodyRect.size)
    }

    /// Rows of the screen: the header at the top (when there are 2 rows or more), the status
    /// line at the bottom (when enabled and there are 3 rows or more), the body between them.
    var headerRect: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height >= 2 ? 1 : 0) }
    var statusRect: Rect {
        let shown = configuration.showsStatusLine && size.height >= 3
        return Rect(x: 0, y: size.height - (shown ? 1 : 0), width: size.width, height: shown ? 1 : 0)
    }
    var bodyRect: Rect {
        Rect(x: 0, y: headerRect.maxY, width: size.width, height: statusRect.y - headerRect.maxY)
    }

    /// The data source row shown at a display row.
    public func sourceRow(forDisplayRow row: Int) -> Int {
        guard let displayOrder else { return row }
        return Int(displayOrder[row])
    }

    /// The data source's load state and notice when last drawn (to notice changes).
    private var lastLoadState: DataTableLoadState?
    private var lastSourceNotice: String?

    /// Picks up rows a loading data source has added, and finished jobs; true when the screen
    /// should be redrawn. `checkingForChanges` also asks the source whether its data changed on
    /// disk (an fstat): the run loop does that on its timer, not after every key.
    public func refreshFromDataSource(checkingForChanges: Bool = true) -> Bool {
        if checkingForChanges { dataSource.checkForChanges() }
        // A running job redraws for its progress; a finished one is applied. Either way, rows a
        // loading source added meanwhile are still picked up below.
        var jobChanged = false
        if let job = activeJob {
            apply(job)
            jobChanged = true
        }
        let state = dataSource.loadState
        let count = dataSource.rowCount
        let sourceNotice = dataSource.notice
        let orderIsStale = displayOrder != nil && count != sortedRowCount
        guard orderIsStale || (displayOrder == nil && count != viewport.rowCount) || state != lastLoadState
            || sourceNotice != lastSourceNotice else { return jobChanged }
        if let state, state.isComplete, lastLoadState?.isComplete == false { remeasureColumns() }
        lastLoadState = state
        lastSourceNotice = sourceNotice
        if orderIsStale {
            if activeJob != nil {
                // A job is running over the rows loaded so far: the order is redone after it.
            } else if state?.isComplete ?? true {
                // Loading finished: filter and sort everything.
                if let filter { startFilter(filter) } else { startSort(by: sortDescriptors) }
            } else if filter == nil {
                // Rows indexed since the sort go at the end, unsorted, until loading completes.
                for row in (displayOrder?.count ?? count)..<count { displayOrder?.append(UInt32(truncatingIfNeeded: row)) }
            }
        }
        viewport.setRowCount(displayOrder?.count ?? count)
        return true
    }

    /// Installs a display order computed over the first `coveredRows` source rows, keeping the
    /// cursor on its record when that record is still shown.
    func setDisplayOrder(_ order: [UInt32]?, coveredRows: Int) {
        let cursorSource = viewport.rowCount > 0 ? sourceRow(forDisplayRow: viewport.cursor.row) : nil
        displayOrder = order
        sortedRowCount = coveredRows
        if order != nil && filter == nil {
            let count = dataSource.rowCount
            if count > coveredRows { displayOrder?.append(contentsOf: (coveredRows..<count).map { UInt32(truncatingIfNeeded: $0) }) }
        }
        viewport.setRowCount(displayOrder?.count ?? dataSource.rowCount)
        if let cursorSource { moveCursor(toSourceRow: cursorSource) }
    }

    /// Sizes the columns again over a sample of all rows (after loading finished); widths only
    /// grow, so nothing the user has seen gets narrower.
    func remeasureColumns() {
        let measured = ColumnSizer.columns(
            of: dataSource, sampleSize: configuration.columnWidthSampleSize,
            minWidth: configuration.minColumnWidth, maxWidth: configuration.maxColumnWidth)
        guard measured.count == columns.count else { return }
        for i in columns.indices {
            columns[i].width = max(columns[i].width, measured[i].width)
            // The kind is checked again over the whole file's sample; alignment follows it.
            columns[i].kind = measured[i].kind
            columns[i].alignment = measured[i].alignment
        }
        viewport.setColumnWidths(columns.map(\.width))
    }

    /// Whether the data source is still loading (the run loop polls more often then).
    public var isLoading: Bool { activeJob != nil || (dataSource.loadState.map { !$0.isComplete } ?? false) }

    // MARK: - Rendering

    /// Draws the whole screen into `surface` (resized to `size` when needed).
    public func render(into surface: Surface) {
        if surface.size != size { surface.resize(to: size) }
        if isShowingHelp {
            recycleAllCells()
            HelpScreen(bindings: configuration.keyBindings, theme: configuration.theme)
                .draw(in: surface.region, scrollOffset: &helpScrollOffset)
            return
        }
        renderHeader(in: surface.region(headerRect), viewport: viewport)
        renderBody(in: surface.region(bodyRect), viewport: viewport, showsCursor: true)
        if !statusRect.isEmpty {
            if let prompt {
                prompt.draw(in: surface.region(statusRect), theme: configuration.theme)
            } else {
                renderStatusLine(in: surface.region(statusRect))
            }
        }
    }

    /// Draws the column titles for the columns `viewport` shows.
    func renderHeader(in region: SurfaceRegion, viewport: Viewport) {
        guard region.height > 0 else { return }
        let style = configuration.theme.header
        region.fill(style)
        for visible in viewport.visibleColumns {
            let column = columns[visible.column]
            var title = column.title
            if let ascending = sortDirection(ofColumn: visible.column) { title = (ascending ? "▲" : "▼") + title }
            var label = Label(text: title, alignment: column.alignment == .right ? .right : .left, style: style)
            label.truncation = .tail
            label.draw(in: region.region(Rect(x: visible.x, y: 0, width: visible.width, height: 1)))
        }
    }

    /// Runs the cell pipeline for every visible cell of `viewport` into `region`.
    ///
    /// Cells of index paths that left the screen are enqueued first, so the cells entering
    /// reuse them: live cells stay at what is visible.
    /// - Complexity: O(visible cells); independent of the row count.
    func renderBody(in region: SurfaceRegion, viewport: Viewport, showsCursor: Bool) {
        let theme = configuration.theme
        region.fill(theme.body)
        let rows = viewport.visibleRows
        let visibleColumns = viewport.visibleColumns
        guard region.height > 0 else { recycleAllCells(); return }
        if rows.isEmpty {
            recycleAllCells()
            let message = dataSource.columnCount == 0 ? "(empty file)" : "(no rows)"
            region.put(message, at: Point(x: 1, y: 0), style: Style(attributes: .dim))
            return
        }

        reusePool.setVisibleCellCount(rows.count * visibleColumns.count)

        // 1. Send cells whose index path left the screen back to the pool.
        let firstSourceRow = rows.lowerBound, lastSourceRow = rows.upperBound
        let firstColumn = visibleColumns.first?.column ?? 0
        let lastColumn = visibleColumns.last?.column ?? -1
        var departed: [CellKey] = []
        for key in cellsOnScreen.keys
        where !(key.sourceRow >= firstSourceRow && key.sourceRow < lastSourceRow && key.column >= firstColumn && key.column <= lastColumn) {
            departed.append(key)
        }
        for key in departed {
            if let cell = cellsOnScreen.removeValue(forKey: key) { reusePool.enqueue(cell) }
        }

        // 2. Dequeue, configure and draw every visible cell; cells matching the search are marked.
        let matcher = showsCursor ? highlightMatcher : nil
        for (line, displayRow) in rows.enumerated() {
            let sourceRow = sourceRow(forDisplayRow: displayRow)
            let isCursorRow = showsCursor && displayRow == viewport.cursor.row
            let rowStyle = isCursorRow ? theme.body.patched(with: theme.cursorRow) : theme.body
            if isCursorRow { region.fill(rowStyle, in: Rect(x: 0, y: line, width: region.width, height: 1)) }
            for visible in visibleColumns {
                let indexPath = DataTableIndexPath(row: displayRow, column: visible.column)
                let key = CellKey(sourceRow: sourceRow, column: visible.column)
                let identifier = cellProvider.reuseIdentifier(for: indexPath)
                var cell: DataTableCell
                if let existing = cellsOnScreen[key], existing.reuseIdentifier == identifier {
                    cell = existing
                    cell.prepareForReuse()
                } else {
                    if let stale = cellsOnScreen[key] { reusePool.enqueue(stale) }
                    cell = reusePool.dequeue(identifier)
                    cellsOnScreen[key] = cell
                }
                let value = dataSource.value(row: sourceRow, column: visible.column)
                let context = CellContext(
                    indexPath: indexPath, sourceRow: sourceRow,
                    columnAlignment: columns[visible.column].alignment,
                    isHighlighted: sortDirection(ofColumn: visible.column) != nil)
                cell.backgroundStyle = rowStyle
                cellProvider.configure(cell, with: value, context: context)
                // The row was filled with `rowStyle` above: the cell need not fill again unless
                // its configuration changed the background.
                cell.isBackgroundPrefilled = cell.backgroundStyle == rowStyle
                let cellRegion = region.region(Rect(x: visible.x, y: line, width: visible.width, height: 1))
                cell.draw(in: cellRegion)
                if let matcher, matcher.matches(value.stringRepresentation) { cellRegion.patchStyle(theme.match) }
                if isCursorRow && visible.column == viewport.cursor.column {
                    cellRegion.patchStyle(theme.cursorCell)
                }
            }
        }
    }

    /// Returns every cell on screen to the pool (the help screen covers them, the provider changed).
    func recycleAllCells() {
        for cell in cellsOnScreen.values { reusePool.enqueue(cell) }
        cellsOnScreen.removeAll(keepingCapacity: true)
    }

    /// Cells currently on screen.
    public var cellsOnScreenCount: Int { cellsOnScreen.count }

    /// The status line: title, row and column position, the help hint.
    func renderStatusLine(in region: SurfaceRegion) {
        let theme = configuration.theme
        region.fill(theme.statusLine)
        let hint = "? help "
        let rowCount = viewport.rowCount
        let cursor = viewport.cursor
        var position = rowCount == 0 ? "no rows" : "row \(grouped(cursor.row + 1))/\(grouped(rowCount))"
        if let load = dataSource.loadState, !load.isComplete {
            position += "+ \(load.summary)"
            if displayOrder != nil { position += ", sorted first \(grouped(sortedRowCount))" }
        }
        if let filter { position += "  filter: \(filter.query)" }
        if let job = activeJob {
            position += "  \(job.kind.verb) \(Int(job.fraction * 100))% (Esc cancels)"
        }
        if !columns.isEmpty {
            position += "  col \(cursor.column + 1)/\(columns.count) \(columns[cursor.column].title)"
        }
        // On a narrow screen the position wins over the notice, the notice over the title,
        // and all of them over the hint.
        let titled = " \(configuration.title)  \(position)"
        let left = configuration.title.isEmpty || titled.displayWidth > region.width ? " " + position : titled
        let hintX = region.width - hint.displayWidth
        var x = region.put(left, at: .zero, style: theme.statusLine)
        if let notice = notice ?? dataSource.notice, x + 2 < region.width {
            let room = (hintX > x + 3 ? hintX - 1 : region.width) - x - 2
            x = region.put("  " + TerminalText.truncated(notice, toWidth: max(0, room)), at: Point(x: x, y: 0), style: theme.statusNotice)
        }
        if hintX >= x { region.put(hint, at: Point(x: hintX, y: 0), style: theme.statusHint) }
    }
}

/// `1234567` as `1,234,567`.
func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return n < 0 ? "-" + out : out
}
