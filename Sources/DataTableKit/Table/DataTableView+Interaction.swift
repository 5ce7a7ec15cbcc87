import TerminalSurface

/// What keys and clicks change beyond moving the cursor: sort keys, stripes, wrapping, widths,
/// frozen columns, marks, the clipboard.
extension DataTableView {
    // MARK: Sorting

    /// Makes `column` the only sort key, cycling ascending → descending → none (`s`, a header click).
    public func cycleSort(column: Int) {
        guard isSortable(column: column) else {
            notice = "\(columns[column].title) cannot be sorted"
            return
        }
        let next: [SortDescriptor]
        switch intendedSortDescriptors {
        case [SortDescriptor(column: column, ascending: true)]: next = [SortDescriptor(column: column, ascending: false)]
        case [SortDescriptor(column: column, ascending: false)]: next = []
        default: next = [SortDescriptor(column: column, ascending: true)]
        }
        startSortFromUser(by: next)
    }

    /// Adds `column` as the next sort key (`{`, `}`); a column already in the sort keeps its
    /// rank and takes the new direction.
    public func addSortKey(column: Int, ascending: Bool) {
        guard isSortable(column: column) else {
            notice = "\(columns[column].title) cannot be sorted"
            return
        }
        var next = intendedSortDescriptors
        if let i = next.firstIndex(where: { $0.column == column }) {
            next[i].ascending = ascending
        } else {
            next.append(SortDescriptor(column: column, ascending: ascending))
        }
        startSortFromUser(by: next)
    }

    /// The sort being computed when a sort job runs, else the current one: a key pressed
    /// again before the job finishes builds on what it asked for.
    var intendedSortDescriptors: [SortDescriptor] {
        if let job = jobs.active, case .sort(let descriptors) = job.kind { return descriptors }
        return sortDescriptors
    }

    // MARK: Display

    /// Turns the alternating row colours on or off (`z`).
    public func toggleStripes() {
        configuration.showsAlternatingRowColors.toggle()
        let colors = configuration.unhighlightedAlternatingRowColors + configuration.highlightedAlternatingRowColors
        if colors.isEmpty {
            notice = "no stripes without colours"
        } else {
            notice = configuration.showsAlternatingRowColors ? "stripes on" : "stripes off"
        }
    }

    /// Turns wrapping of long text on or off (`w`); rows get automatic heights while it is on.
    public func toggleWrap() {
        if configuration.textLayout == .wrap {
            setTextLayout(.singleLine(truncation: .tail))
            if let previous = heights.modeBeforeWrap {
                configuration.rowHeightMode = previous
                heights.modeBeforeWrap = nil
            }
            notice = "wrap off"
        } else {
            if case .fixed = configuration.rowHeightMode {
                heights.modeBeforeWrap = configuration.rowHeightMode
                configuration.rowHeightMode = .automatic(estimated: rowHeights.estimatedHeight, prefetchWindow: 32)
            }
            setTextLayout(.wrap)
            notice = "wrap on"
        }
        rowHeights.removeAllHeights()
    }

    /// Widens (positive) or narrows the cursor column by `step` cells (`>`, `<`).
    public func resizeCursorColumn(by step: Int) {
        guard !columns.isEmpty else { return }
        let column = cursorSourceColumn
        // From the width shown (a fill or percentage column is wider than its content), and
        // fixed from now on (flagged before the layout that `setWidth` runs).
        let shown = viewport.columnWidths.indices.contains(viewport.cursor.column)
            ? viewport.columnWidths[viewport.cursor.column] : columns[column].width
        columns[column].isWidthSet = true
        setWidth(max(1, shown + step), ofColumn: column)
        notice = "\(columns[column].title): \(columns[column].width) wide"
    }

    /// Widens a content-fitted column so that `text` (an edited value) fits, up to the maximum
    /// width; a column never narrows here.
    public func widenColumn(_ column: Int, toFit text: String) {
        widenColumn(column, to: TerminalText.prefix(text[...], fittingWidth: configuration.maxColumnWidth).width)
    }

    /// Widens a content-fitted column to what the cell of a source row needs (an edited row):
    /// a cell kind's preferred width (a badge's dot), else its text's width.
    public func widenColumn(_ column: Int, toShowSourceRow source: Int) {
        guard columns.indices.contains(column) else { return }
        let displayRow = displayOrder?.firstIndex(of: UInt32(truncatingIfNeeded: source)) ?? source
        if let width = configuredSizingCell(at: DataTableIndexPath(row: displayRow, column: column), sourceRow: source,
                                            skippingTextCells: true)?.preferredWidth {
            widenColumn(column, to: width)
        } else {
            widenColumn(column, toFit: dataSource.value(row: source, column: column).stringRepresentation)
        }
    }

    private func widenColumn(_ column: Int, to width: Int) {
        guard columns.indices.contains(column) else { return }
        if case .fixed = configuration.columnWidthModeProvider?(column) ?? configuration.columnWidthMode { return }
        let needed = min(width, configuration.maxColumnWidth)
        if needed > columns[column].width { setWidth(needed, ofColumn: column) }
    }

    /// Freezes the columns up to and including the cursor column (`f`), counted in display
    /// order (the columns shown at the left); again on the same column unfreezes.
    public func toggleFreezeAtCursor() {
        let count = viewport.cursor.column + 1
        if viewport.frozenColumns.leading == count {
            setFrozenColumns(leading: 0, trailing: viewport.frozenColumns.trailing)
            notice = "columns unfrozen"
        } else {
            setFrozenColumns(leading: count, trailing: viewport.frozenColumns.trailing)
            notice = count == 1 ? "column 1 frozen" : "columns 1-\(count) frozen"
        }
    }

    // MARK: Rows

    /// Marks or unmarks the cursor's row (`m`): selects it or takes it out of the selection
    /// (`selectedRows`). The status line counts the marked rows; the notice only says when none
    /// are left.
    public func toggleMarkAtCursor() {
        guard viewport.rowCount > 0 else { return }
        let source = sourceRow(forDisplayRow: viewport.cursor.row)
        marks.toggle(source)
        notice = marks.rows.isEmpty ? "no rows marked" : nil
        reportSelectionChanges()
    }

    /// The most bytes `y` copies (OSC 52 sends them base64-encoded, a third more).
    public static let clipboardLimit = 74_000

    /// Moves the cursor to the display row of a source row, when it is shown.
    public func goToSourceRow(_ source: Int) {
        moveCursor(toSourceRow: source)
    }

    /// Moves the cursor to display row `number` (1-based; clamped), keeping the column.
    public func goToRow(_ number: Int) {
        guard viewport.rowCount > 0 else { return }
        let number = max(1, min(number, viewport.rowCount))
        viewport.moveCursor(to: DataTableIndexPath(row: number - 1,
                                                   column: viewport.cursor.column))
    }

    /// Puts the cursor cell's text on the clipboard (`y`), via the backend (OSC 52); with rows
    /// marked, the marked rows as TSV instead (`copyMarkedRows`).
    public func copyCursorCell() {
        if !marks.set.isEmpty { return copyMarkedRows() }
        guard viewport.rowCount > 0, !columns.isEmpty else { return }
        guard let text = copyableText(row: sourceRow(forDisplayRow: viewport.cursor.row), column: cursorSourceColumn)
        else { return }
        copyToClipboard(text, saying: "copied \(text.count) character\(text.count == 1 ? "" : "s")")
    }

    /// A field's whole text for a copy: the value shown, or for a value shown cut (a huge field)
    /// the field read whole, when it is small enough to copy; nil, saying so, when it is not
    /// (it is never read whole then).
    package func copyableText(row: Int, column: Int) -> String? {
        let rawRecords = dataSource as? DataTableRawRecords
        guard let rawRecords, rawRecords.isValueCut(row: row, column: column) else {
            return dataSource.value(row: row, column: column).stringRepresentation
        }
        let size = rawRecords.rawField(row: row, column: column)?.count ?? Int.max
        guard size <= Self.clipboardLimit else {
            notice = "too large to copy (\(size == Int.max ? "a huge field" : "\(grouped(size)) bytes"); terminals take \(grouped(Self.clipboardLimit)))"
            return nil
        }
        return dataSource.text(row: row, column: column)
    }

    /// Hands `text` to the backend's clipboard after this key, and says so; refuses text over
    /// `clipboardLimit` (terminals cap OSC 52, xterm at about 100 KB of base64, and a cut copy
    /// would be worse than none).
    public func copyToClipboard(_ text: String, saying message: String) {
        guard text.utf8.count <= Self.clipboardLimit else {
            notice = "too large to copy (\(grouped(text.utf8.count)) bytes; terminals take \(grouped(Self.clipboardLimit)))"
            return
        }
        pendingClipboardText = text
        notice = message
    }

    // MARK: Actions

    /// The actions the cells of a display row offer (the buttons of its action cells), in order.
    public func actionNames(forDisplayRow row: Int) -> [String] {
        guard row >= 0 && row < viewport.rowCount else { return [] }
        let source = sourceRow(forDisplayRow: row)
        var names: [String] = []
        for column in columns.indices {
            guard let cell = configuredSizingCell(at: DataTableIndexPath(row: row, column: column), sourceRow: source,
                                                  skippingTextCells: true) else { continue }
            for name in cell.actionNames where !names.contains(name) { names.append(name) }
        }
        return names
    }
}
