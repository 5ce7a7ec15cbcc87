import TerminalSurface

/// Drawing: the header, the body's cell pipeline and the status line, into a `Surface`.
extension DataTableView {
    /// Draws the whole screen into `surface` (resized to `size` when needed).
    public func render(into surface: Surface) {
        fitColumnsIfNeeded()
        if surface.size != size { surface.resize(to: size) }
        if isShowingHelp {
            recycleAllCells()
            HelpScreen(bindings: configuration.keyBindings, theme: configuration.theme)
                .draw(in: surface.region, scrollOffset: &helpScrollOffset)
            return
        }
        if var form = editForm {
            recycleAllCells()
            let fields = editableFields(of: form.sourceRow)
            var scroll = form.scrollOffset
            form.draw(in: surface.region, titles: fields.titles, values: fields.values, theme: configuration.theme, scroll: &scroll)
            form.scrollOffset = scroll
            editForm = form
            if let notice, surface.size.height >= 3 {
                surface.region(Rect(x: 0, y: 1, width: size.width, height: 1)).put(" " + notice, at: .zero, style: configuration.theme.statusNotice)
            }
            return
        }
        if let source = recordViewRow {
            recycleAllCells()
            recordView(of: source).draw(in: surface.region, scrollOffset: &recordScrollOffset)
            if let notice, surface.size.height >= 3 {
                surface.region(statusRect).put(" " + notice + " ", at: .zero, style: configuration.theme.statusNotice)
            }
            return
        }
        resolveRowHeightsAroundViewport()
        renderHeader(in: surface.region(headerRect), columns: viewport.visibleColumns)
        renderBody(in: surface.region(bodyRect), rows: viewport.visibleRowLayout, columns: viewport.visibleColumns,
                   cursor: viewport.cursor)
        if !statusRect.isEmpty {
            if let prompt {
                prompt.draw(in: surface.region(statusRect), theme: configuration.theme)
            } else if let question = statusQuestion {
                let region = surface.region(statusRect)
                region.fill(configuration.theme.statusLine)
                region.put(" " + question, at: .zero, style: configuration.theme.statusHint)
            } else {
                renderStatusLine(in: surface.region(statusRect))
            }
        }
    }

    /// Draws the column titles for `columns`, with the sort indicator (and the key's rank when
    /// the sort has several keys) before sorted columns' titles.
    func renderHeader(in region: SurfaceRegion, columns visibleColumns: [Viewport.VisibleColumn]) {
        guard region.height > 0 else { return }
        let style = configuration.theme.header
        region.fill(style)
        for visible in visibleColumns {
            let column = columns[visible.column]
            var title = column.title
            if configuration.shouldShowHeaderSortingIndicator,
               let rank = sortDescriptors.firstIndex(where: { $0.column == visible.column }) {
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
                                  isHighlighted: isHighlighted, dataSource: dataSource, table: self)
        cellProvider.configure(cell, with: value, context: context)
        if let textCell = cell as? TextCell {
            // `.wrap` (the `w` key) wraps the text cells of any provider.
            if configuration.textLayout == .wrap {
                textCell.label.numberOfLines = 0
                textCell.label.lineBreakMode = .byWordWrapping
            }
            configuration.defaultCellConfiguration?(textCell, value, indexPath, isHighlighted)
        }
    }

    /// Runs the cell pipeline for every visible cell of `rows` × `columns` into `region`.
    ///
    /// Cells of index paths that left the screen are enqueued first, so the cells entering
    /// reuse them: live cells stay at what is visible. `cursor` nil: no cursor, no search
    /// highlighting (print mode).
    /// - Complexity: O(visible cells); independent of the row count.
    func renderBody(in region: SurfaceRegion, rows: [Viewport.VisibleRow], columns visibleColumns: [Viewport.VisibleColumn],
                    cursor: DataTableIndexPath?) {
        let theme = configuration.theme
        guard region.height > 0 else { recycleAllCells(); return }
        if rows.isEmpty {
            region.fill(theme.body)
            recycleAllCells()
            let message = dataSource.columnCount == 0 ? "(empty file)" : "(no rows)"
            region.put(message, at: Point(x: 1, y: 0), style: Style(attributes: .dim))
            return
        }
        if let last = rows.last, last.y + last.height < region.height {
            region.fill(theme.body, in: Rect(x: 0, y: last.y + last.height, width: region.width,
                                             height: region.height - last.y - last.height))
        }

        reusePool.setVisibleCellCount(rows.count * visibleColumns.count)

        // 1. Send cells whose index path left the screen back to the pool: keys whose source row
        //    or column is no longer shown (rows × columns on screen form a grid).
        var rowsOnScreen = Set<Int>(minimumCapacity: rows.count)
        for row in rows { rowsOnScreen.insert(sourceRow(forDisplayRow: row.row)) }
        var columnsOnScreen = [Bool](repeating: false, count: columns.count)
        for visible in visibleColumns { columnsOnScreen[visible.column] = true }
        var departed: [CellKey] = []
        for key in cellsOnScreen.keys where !(columnsOnScreen[key.column] && rowsOnScreen.contains(key.sourceRow)) {
            departed.append(key)
        }
        for key in departed {
            if let cell = cellsOnScreen.removeValue(forKey: key) { reusePool.enqueue(cell) }
        }

        // 2. Dequeue, configure and draw every visible cell; cells matching the search are marked.
        let matcher = cursor != nil ? (incrementalMatcher ?? highlightMatcher) : nil
        let highlightedColumns = Set(sortDescriptors.map(\.column))
        for row in rows {
            let displayRow = row.row
            let sourceRow = sourceRow(forDisplayRow: displayRow)
            let isCursorRow = cursor?.row == displayRow
            let rowRect = Rect(x: 0, y: row.y, width: region.width, height: row.height)
            let rowStyle = self.rowStyle(displayRow: displayRow, isCursorRow: isCursorRow, isHighlighted: false)
            region.fill(rowStyle, in: rowRect)
            let isMarked = !markedRowSet.isEmpty && markedRowSet.contains(sourceRow)
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
                let background = highlightedColumns.contains(visible.column)
                    ? self.rowStyle(displayRow: displayRow, isCursorRow: isCursorRow, isHighlighted: true) : rowStyle
                configure(cell, at: indexPath, sourceRow: sourceRow, value: value, background: background)
                if let pressedButton, pressedButton.key == key { cell.pressedAction = pressedButton.action }
                // The row was filled with `rowStyle` above: the cell need not fill again unless
                // its configuration changed the background.
                cell.isBackgroundPrefilled = cell.backgroundStyle == rowStyle
                let cellRegion = region.region(Rect(x: visible.x, y: row.y, width: visible.width, height: row.height))
                cell.draw(in: cellRegion)
                if let matcher, matcher.matches(value.stringRepresentation) { cellRegion.patchStyle(theme.match) }
                if isMarked { cellRegion.patchStyle(theme.marked) }
                if isCursorRow && visible.column == cursor?.column {
                    cellRegion.patchStyle(theme.cursorCell)
                }
            }
        }
    }

    /// What the status line asks while a one-key answer is awaited (which action, quit?).
    var statusQuestion: String? {
        if isConfirmingQuit { return "unsaved changes: w write and quit, q quit without writing, Esc stay" }
        if let actionChoices {
            return "action: " + actionChoices.names.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: "  ")
                + "   (number or first letter; Esc cancels)"
        }
        return nil
    }

    /// While a search or filter is typed, its matches on screen are highlighted as you type.
    var incrementalMatcher: RowMatcher? {
        guard let prompt, prompt.kind != .command, !prompt.text.isEmpty else { return nil }
        return try? RowMatcher(query: prompt.text, mode: prompt.isRegex ? .regex : .substring)
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
            if displayOrder != nil && (!sortDescriptors.isEmpty || filter != nil) {
                position += ", sorted first \(grouped(sortedRowCount))"
            }
        }
        if let filter { position += "  filter: \(filter.query)" }
        if !markedRows.isEmpty { position += "  \(grouped(markedRows.count)) marked" }
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

