import TerminalSurface

/// Drawing: the header, the body's cell pipeline and the status line, into a `Surface`.
extension DataTableView {
    /// Draws the whole screen into `surface` (resized to `size` when needed).
    public func render(into surface: Surface) {
        fitColumnsIfNeeded()
        if surface.size != size { surface.resize(to: size) }
        // The status line first: a notice too long for it takes lines from the body.
        let highlightStoppedBefore = highlightStopped
        let noticeLines = renderStatus(in: surface)
        if noticeLines.count != geometry.noticeLineCount {
            geometry.noticeLineCount = noticeLines.count
            viewport.setBodySize(bodyRect.size)
        }
        resolveRowHeightsAroundViewport()
        renderHeader(in: surface.region(headerRect), columns: viewport.visibleColumns)
        renderSeparators(separatorPositions(viewport.visibleColumns), in: surface.region(headerRect),
                         style: configuration.theme.header)
        renderRule(in: surface.region(geometry.headerRuleRect), columns: viewport.visibleColumns)
        let narrowNumbers = renderBody(in: surface.region(bodyRect), rows: viewport.visibleRowLayout,
                                       columns: viewport.visibleColumns, cursor: viewport.cursor)
        // A number too wide for its column: the column widens and the frame is drawn again (its
        // cells keep their configuration; widths only grow, up to the cap).
        updateTotals()
        if widenColumns(forNumbers: narrowNumbers.merging(totalsOverflow(columns: viewport.visibleColumns), uniquingKeysWith: max)) {
            return render(into: surface)
        }
        renderTotals(in: surface.region(totalsRect), columns: viewport.visibleColumns)
        // Highlighting the body can stop at a pattern's limits: the status line says so now,
        // not a key later (its wrapped lines keep their place until the next frame).
        if highlightStopped != highlightStoppedBefore { _ = renderStatus(in: surface) }
        renderNoticeLines(noticeLines, in: surface.region(noticeRect))
    }

    /// Draws the status line (the position with its notice); returns the lines of a notice too
    /// long for it. A screen the program stacks over the status line (a prompt) draws after.
    private func renderStatus(in surface: Surface) -> [WrappedLine] {
        guard !statusRect.isEmpty else { return [] }
        return renderStatusLine(in: surface.region(statusRect))
    }

    /// Draws the column titles for `columns` (display columns), with the sort indicator (and
    /// the key's rank when the sort has several keys) before sorted columns' titles.
    func renderHeader(in region: SurfaceRegion, columns visibleColumns: [Viewport.VisibleColumn]) {
        guard region.height > 0 else { return }
        let style = configuration.theme.header
        region.fill(style)
        for visible in visibleColumns {
            let source = sourceColumn(forDisplayColumn: visible.column)
            let column = columns[source]
            var title = column.title
            if configuration.shouldShowHeaderSortingIndicator,
               let rank = sortDescriptors.firstIndex(where: { $0.column == source }) {
                let arrow = sortDescriptors[rank].ascending ? (configuration.prefersASCII ? "^" : "▲")
                                                            : (configuration.prefersASCII ? "v" : "▼")
                title = arrow + (sortDescriptors.count > 1 ? String(rank + 1) : "") + title
            }
            var label = Label(text: title, alignment: column.alignment == .right ? .right : .left, style: style)
            label.truncation = .tail
            label.draw(in: region.region(Rect(x: visible.x, y: 0, width: visible.width, height: 1)))
        }
    }

    /// The background of a row: the alternating colour of its display position (the
    /// highlighted colours in the sorted column), under the cursor row's style.
    func rowStyle(displayRow: Int, isCursorRow: Bool, isHighlighted: Bool) -> Style {
        let theme = configuration.theme
        var style = theme.body
        if configuration.showsAlternatingRowColors {
            let colors = isHighlighted ? configuration.highlightedAlternatingRowColors
                                       : configuration.unhighlightedAlternatingRowColors
            if !colors.isEmpty {
                let color = colors[displayRow % colors.count]
                if color != .default { style.background = color }
            }
        }
        return isCursorRow ? style.patched(with: theme.cursorRow) : style
    }

    /// Gives `cell` its background, then the provider's configuration, then (for default
    /// cells) the configuration's `defaultCellConfiguration`: the same steps for cells on
    /// screen and for sizing cells.
    func configure(_ cell: DataTableCell, at indexPath: DataTableIndexPath, sourceRow: Int,
                   value: DataTableValueType, background: Style) {
        let isHighlighted = sortDirection(ofColumn: indexPath.column) != nil
        cell.backgroundStyle = background
        cell.prefersASCII = configuration.prefersASCII
        let context = CellContext(indexPath: indexPath, sourceRow: sourceRow,
                                  columnAlignment: columns[indexPath.column].alignment,
                                  isHighlighted: isHighlighted, dataSource: dataSource,
                                  tableReference: cells.tableReference(for: self))
        cells.provider.configure(cell, with: value, context: context)
        if let textCell = cell as? TextCell {
            // Null tokens (`NA`, `NULL`) show as written, dimmed.
            if case .string(let text) = value, isNullText(text, column: indexPath.column) {
                textCell.label.style = textCell.label.style.patched(with: configuration.theme.nullValue)
            }
            // `.wrap` (the `w` key) wraps the text cells of any provider.
            if configuration.textLayout == .wrap {
                textCell.label.numberOfLines = 0
                textCell.label.lineBreakMode = .byWordWrapping
            }
            configuration.defaultCellConfiguration?(textCell, value, indexPath, isHighlighted)
            // A number is never drawn cut (see `DataTableView+NumberWidths`).
            textCell.label.exactNumberFormat = numberFormat(of: textCell.label, column: indexPath.column)
        }
    }

    /// Whether `text` in `column` is one of the null tokens (`-` only in numeric columns).
    func isNullText(_ text: String, column: Int) -> Bool {
        let kind = columns[column].kind
        return configuration.nullTokens.isNull(text, numeric: kind == .integer || kind == .decimal)
    }

    /// Runs the cell pipeline for every visible cell of `rows` × `columns` into `region`.
    ///
    /// Cells of index paths that left the screen are enqueued first, so the cells entering
    /// reuse them: live cells stay at what is visible. `cursor` nil: no cursor, no search
    /// highlighting (print mode).
    /// Returns, on screen (`cursor` set), the columns whose numbers configured in this frame do
    /// not fit their laid-out width, with the width they need (see `DataTableView+NumberWidths`).
    /// - Complexity: O(visible cells); independent of the row count.
    @discardableResult
    func renderBody(in region: SurfaceRegion, rows: [Viewport.VisibleRow], columns visibleColumns: [Viewport.VisibleColumn],
                    cursor: DataTableIndexPath?) -> [Int: Int] {
        let theme = configuration.theme
        guard region.height > 0 else { recycleAllCells(); return [:] }
        if rows.isEmpty {
            region.fill(theme.body)
            recycleAllCells()
            let message = dataSource.columnCount == 0 ? "(empty file)" : "(no rows)"
            region.put(message, at: Point(x: 1, y: 0), style: Style(attributes: .dim))
            return [:]
        }
        var narrowNumbers: [Int: Int] = [:]
        if let last = rows.last, last.y + last.height < region.height {
            region.fill(theme.body, in: Rect(x: 0, y: last.y + last.height, width: region.width,
                                             height: region.height - last.y - last.height))
        }

        cells.reusePool.setVisibleCellCount(rows.count * visibleColumns.count)

        // 1. Send cells whose key left the screen back to the pool: keys whose row or column is
        //    no longer shown (rows × columns on screen form a grid). A section row counts its
        //    own row (its code) and the record it stands for (`sourceRow(forDisplayRow:)`); a
        //    header's one cell (column -1) spans every column.
        var rowsOnScreen = Set<Int>(minimumCapacity: rows.count)
        for row in rows {
            rowsOnScreen.insert(sourceRow(forDisplayRow: row.row))
            if let sectionRow = sectionRow(atDisplayRow: row.row) {
                rowsOnScreen.insert(CellKey.row(ofSection: sectionRow.section, kind: sectionRow.kind))
            }
        }
        var columnsOnScreen = [Bool](repeating: false, count: columns.count)
        for visible in visibleColumns { columnsOnScreen[sourceColumn(forDisplayColumn: visible.column)] = true }
        cells.recycleCells { key in
            !((key.column < 0 || columnsOnScreen[key.column]) && rowsOnScreen.contains(key.row))
        }

        // 2. Dequeue, configure and draw every visible cell; cells matching the search are marked.
        var highlighter = cursor != nil ? (search.typedQueryMatcher() ?? highlightMatcher) : nil
        search.highlightStopped = highlighter?.isTooComplex ?? false
        if search.highlightStopped { highlighter = nil }
        // Each PCRE2 match is bounded by its limits; the frame's matching is bounded too.
        let clock = ContinuousClock()
        let highlightDeadline = highlighter?.pattern != nil ? clock.now + Self.highlightBudget : nil
        // A few sort keys: a scan of them per cell, no hashing.
        let highlightedColumns = sortDescriptors.map(\.column)
        let flashNow = ContinuousClock.now
        // What no cell covers (between and after the columns) is filled per row; a cell's region
        // just before it draws, unless it paints it whole (`paintsWholeRegion`).
        let rowGaps = Self.gaps(between: visibleColumns, width: region.width)
        // Grid lines on screen only (print mode has none: its fast path draws no cells).
        let separators = cursor != nil ? separatorPositions(visibleColumns) : []
        for row in rows {
            let displayRow = row.row
            if let sectionRow = sectionRow(atDisplayRow: displayRow) {
                renderSectionRow(row, kind: sectionRow.kind, section: sectionRow.section, key: sectionRow.key, in: region,
                                 columns: visibleColumns, isCursorRow: cursor?.row == displayRow)
                continue
            }
            let sourceRow = sourceRow(forDisplayRow: displayRow)
            let isCursorRow = cursor?.row == displayRow
            var rowStyle = self.rowStyle(displayRow: displayRow, isCursorRow: isCursorRow, isHighlighted: false)
            let flashColor = isCursorRow ? nil : flashBackground(ofSourceRow: sourceRow, at: flashNow)
            if let flashColor { rowStyle.background = flashColor }
            for gap in rowGaps { region.fill(rowStyle, in: Rect(x: gap.lowerBound, y: row.y, width: gap.count, height: row.height)) }
            renderSeparators(separators, in: region.region(Rect(x: 0, y: row.y, width: region.width, height: row.height)),
                             style: rowStyle)
            let isMarked = !marks.set.isEmpty && marks.set.contains(sourceRow)
            for visible in visibleColumns {
                // The viewport's columns are display columns; cells, values and sort keys are the source's.
                let column = sourceColumn(forDisplayColumn: visible.column)
                let indexPath = DataTableIndexPath(row: displayRow, column: column)
                let key = CellKey(sourceRow: sourceRow, column: column)
                let identifier = cells.provider.reuseIdentifier(for: indexPath)
                let value = dataSource.value(row: sourceRow, column: column)
                let isHighlighted = highlightedColumns.contains(column)
                var background = isHighlighted
                    ? self.rowStyle(displayRow: displayRow, isCursorRow: isCursorRow, isHighlighted: true) : rowStyle
                if let flashColor { background.background = flashColor }
                let inputs = CellConfigurationInputs(
                    generation: cells.configurationGeneration, value: value,
                    isHighlighted: isHighlighted,
                    alignment: columns[column].alignment, background: background)
                let (cell, wasOnScreen) = cells.cell(at: key, identifier: identifier)
                var needsConfiguration = true
                if wasOnScreen {
                    // A cell configured with the same inputs keeps its configuration (UIKit does
                    // not configure a cell again unless its item is reconfigured or reloaded);
                    // a new background alone is the table's to set.
                    if let configured = cell.configuredWith, configured.allowsKeeping(for: inputs, cell: cell) {
                        needsConfiguration = false
                        if configured.keepsBackground {
                            cell.backgroundStyle = background
                            cell.configuredWith?.background = background
                        }
                    } else {
                        cell.prepareForReuse()
                    }
                }
                if needsConfiguration {
                    configure(cell, at: indexPath, sourceRow: sourceRow, value: value, background: background)
                    cell.configuredWith = inputs
                    cell.configuredWith?.keepsBackground = cell.backgroundStyle == background
                    if cursor != nil, let needed = numberOverflow(of: cell, column: column,
                                                                  laidOutWidth: viewport.columnWidths[visible.column]) {
                        narrowNumbers[column] = max(narrowNumbers[column] ?? 0, needed)
                    }
                }
                cell.pressedAction = cells.pressedButton.flatMap { $0.key == key ? $0.action : nil }
                // The region is filled with `rowStyle` (as if the whole row was): the cell need
                // not fill again unless its configuration changed the background. A cell that
                // paints its region whole is spared the fill: each cell is written once
                // (docs/decisions/0106).
                let cellRegion = region.region(Rect(x: visible.x, y: row.y, width: visible.width, height: row.height))
                let prefilled = !cell.paintsWholeRegion
                if prefilled { cellRegion.fill(rowStyle) }
                cell.isBackgroundPrefilled = prefilled && cell.backgroundStyle == rowStyle
                cell.draw(in: cellRegion)
                // A cell that chose its own background (`defaultCellConfiguration`, a provider)
                // still shows the cursor's row over it.
                if isCursorRow && cell.backgroundStyle != background { cellRegion.patchStyle(theme.cursorRow) }
                if let matcher = highlighter {
                    switch matcher.verdict(value.stringRepresentation) {
                    case .match: cellRegion.patchStyle(theme.match)
                    case .noMatch: break
                    case .tooComplex: highlighter = nil
                    }
                    if let highlightDeadline, highlighter != nil, clock.now > highlightDeadline {
                        matcher.markTooComplex()
                        highlighter = nil
                    }
                    if highlighter == nil { search.highlightStopped = true }
                }
                if isMarked { cellRegion.patchStyle(theme.marked) }
                if isCursorRow && visible.column == cursor?.column {
                    cellRegion.patchStyle(theme.cursorCell)
                }
            }
        }
        return narrowNumbers
    }

    /// Time one frame may spend matching for highlights before it gives the pattern up as too
    /// complex (each match is bounded by PCRE2's limits; this bounds their sum over the cells).
    static let highlightBudget = Duration.milliseconds(100)

    /// Returns every cell on screen to the pool (a screen covers them, the provider changed).
    package func recycleAllCells() {
        cells.recycleAllCells()
    }

    /// Cells currently on screen.
    public var cellsOnScreenCount: Int { cells.recordCellCount }

    /// The status line: title, row and column position, the help hint.
    /// Returns the notice's lines when it is too long for the room after the position: they are
    /// drawn above the status line (`renderNoticeLines`) instead of cut off.
    @discardableResult
    func renderStatusLine(in region: SurfaceRegion) -> [WrappedLine] {
        let theme = configuration.theme
        region.fill(theme.statusLine)
        let hint = "? help "
        let rowCount = viewport.rowCount
        let cursor = viewport.cursor
        var position = rowCount == 0 ? "no rows" : "row \(grouped(cursor.row + 1))/\(grouped(rowCount))"
        if let load = sourceWatch.loadState, !load.isComplete {
            position += "+ \(load.summary)"
            if displayOrder != nil && (!sortDescriptors.isEmpty || isRowFiltered) {
                position += ", sorted first \(grouped(rowOrder.sortedRowCount))"
            }
        }
        // Partial rows of a running filter: its own status below says what they are.
        if !isShowingPartialRows, let filters = filterStatusText { position += "  " + filters }
        if !marks.rows.isEmpty { position += "  \(grouped(marks.rows.count)) marked" }
        if sectionCount > 0 { position += "  \(grouped(sectionCount)) group\(sectionCount == 1 ? "" : "s")" }
        if let job = jobs.active, let text = filterJobStatusText(job) {
            position += "  " + text
        } else if let job = jobs.active {
            let verb = grouping != nil && job.kind.verb == "sorting" ? "grouping" : job.kind.verb
            position += "  \(verb) \(Int(saturating: job.fraction * 100))% (Esc cancels)"
        }
        if !columns.isEmpty {
            let column = sourceColumn(forDisplayColumn: cursor.column)
            let hiddenCount = columnOrder.count - columnOrder.shown.count
            position += "  col \(cursor.column + 1)/\(columnOrder.shown.count)"
                + (hiddenCount > 0 ? " (\(hiddenCount) hidden)" : "") + " \(columns[column].title)"
            // A kind the user set shows while the cursor is in its column.
            if columns[column].isKindSet { position += ": \(columns[column].kind.name) (set)" }
        }
        // On a narrow screen the position wins over the notice, the notice over the title,
        // and all of them over the hint.
        let titled = " \(configuration.title)  \(position)"
        let left = configuration.title.isEmpty || titled.displayWidth > region.width ? " " + position : titled
        let hintX = region.width - hint.displayWidth
        var x = region.put(left, at: .zero, style: theme.statusLine)
        var noticeLines: [WrappedLine] = []
        let highlightNotice = highlightStopped ? RowMatcher.tooComplexMessage + " to highlight" : nil
        if let notice = notice ?? highlightNotice ?? sourceWatch.sourceNotice {
            let room = x + 2 < region.width ? (hintX > x + 3 ? hintX - 1 : region.width) - x - 2 : 0
            let fits = room > 0 && TerminalText.prefix(notice[...], fittingWidth: room).text.endIndex == notice.endIndex
            if !fits { noticeLines = wrappedNotice(notice, width: region.width) }
            if noticeLines.isEmpty && room > 0 {
                x = region.put("  " + TerminalText.truncated(notice, toWidth: room), at: Point(x: x, y: 0), style: theme.statusNotice)
            }
        }
        if hintX >= x { region.put(hint, at: Point(x: hintX, y: 0), style: theme.statusHint) }
        return noticeLines
    }

    /// The most lines a long notice takes above the status line.
    static let maxNoticeLines = 5

    /// `notice` wrapped by word at `width` - 2 columns (a blank on each side), on at most
    /// `maxNoticeLines` lines and always leaving the body a line; the last line ends in "…" when
    /// the notice is longer still. Empty when there is no room (the notice is cut on the status
    /// line then).
    /// - Complexity: O(lines × width): nothing after the last line shown is read.
    func wrappedNotice(_ notice: String, width: Int) -> [WrappedLine] {
        let bodyLines = statusRect.y - headerRect.maxY
        let maxLines = min(Self.maxNoticeLines, bodyLines - 1)
        guard maxLines > 0, width > 2 else { return [] }
        return TextWrapping.lines(of: notice, width: width - 2, mode: .word, maxLines: maxLines)
    }

    /// Draws the lines of a long notice (`wrappedNotice`) into `region`, one per row, in the
    /// status line's colours.
    func renderNoticeLines(_ lines: [WrappedLine], in region: SurfaceRegion) {
        guard region.height > 0 else { return }
        let theme = configuration.theme
        region.fill(theme.statusLine)
        for (y, line) in lines.prefix(region.height).enumerated() {
            let text = " " + String(line.text) + (line.hasEllipsis ? TextWrapping.ellipsis : "")
            region.put(text, at: Point(x: 0, y: y), style: theme.statusNotice)
        }
    }
}

