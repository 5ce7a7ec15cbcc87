import TerminalSurface

/// Drawing and measuring section headers and footers: the same pipeline as records (provider →
/// reuse pool → configure → draw into a clipped region; sizing cells for heights).
extension DataTableView {
    /// The section row a display row shows, if it is one.
    func sectionRow(atDisplayRow row: Int) -> (kind: DataTableSectionRowKind, section: Int, key: SectionState.RowKey)? {
        guard let layout = sectionState.layout, row >= 0, row < layout.displayRowCount else { return nil }
        switch layout.row(at: row) {
        case .item: return nil
        case .header(let s): return (.header, s, SectionState.RowKey(key: layout.sections[s].key, kind: .header))
        case .footer(let s): return (.footer, s, SectionState.RowKey(key: layout.sections[s].key, kind: .footer))
        }
    }

    /// The style of a header or footer row (the cursor row's over it).
    func sectionRowStyle(_ kind: DataTableSectionRowKind, isCursorRow: Bool) -> Style {
        let theme = configuration.theme
        let own = kind == .header ? (grouping?.headerStyle ?? .plain) : (grouping?.footerStyle ?? .plain)
        let style = theme.body.patched(with: own)
        return isCursorRow ? style.patched(with: theme.cursorRow) : style
    }

    /// Draws a header (one cell across the row) or a footer (one cell under each visible column).
    /// - Complexity: O(visible columns) cells.
    func renderSectionRow(_ row: Viewport.VisibleRow, kind: DataTableSectionRowKind, section: Int,
                          key: SectionState.RowKey, in region: SurfaceRegion,
                          columns visibleColumns: [Viewport.VisibleColumn], isCursorRow: Bool) {
        cells.registerSectionProviderIfNeeded()
        let style = sectionRowStyle(kind, isCursorRow: isCursorRow)
        let rowRect = Rect(x: 0, y: row.y, width: region.width, height: row.height)
        region.fill(style, in: rowRect)
        // Footers sum source columns: each slot is the source column shown there.
        let first = footerLabelColumn(among: visibleColumns.map { sourceColumn(forDisplayColumn: $0.column) })
        let slots: [(column: Int?, rect: Rect)] = kind == .header
            ? [(nil, rowRect)]
            : visibleColumns.map { (sourceColumn(forDisplayColumn: $0.column), Rect(x: $0.x, y: row.y, width: $0.width, height: row.height)) }
        for slot in slots {
            guard let context = sectionContext(kind: kind, section: section, column: slot.column, labelColumn: first)
            else { return }
            let identifier = cells.sectionProvider.reuseIdentifier(for: kind, column: slot.column)
            let (cell, wasOnScreen) = cells.cell(at: CellKey(section: section, kind: kind, column: slot.column),
                                                 identifier: identifier)
            if wasOnScreen { cell.prepareForReuse() }
            cell.backgroundStyle = style
            cell.prefersASCII = configuration.prefersASCII
            cells.sectionProvider.configure(cell, context: context)
            cell.isBackgroundPrefilled = cell.backgroundStyle == style
            cell.draw(in: region.region(slot.rect))
        }
    }

    /// The height of a header or footer row at the columns `measured` (a header at the body's
    /// width), from its sizing cells; cached per (section, kind) until the sections or the
    /// widths change. nil for a record's row.
    func sectionRowHeight(ofDisplayRow row: Int, columns measured: [(column: Int, width: Int)], caching: Bool = true) -> Int? {
        guard let sectionRow = sectionRow(atDisplayRow: row) else { return nil }
        if caching, let height = heights.sectionRowHeights[sectionRow.key] { return height }
        cells.registerSectionProviderIfNeeded()
        var height = 1
        let first = footerLabelColumn(among: measured.map(\.column))
        let slots: [(column: Int?, width: Int)] = sectionRow.kind == .header
            ? [(nil, max(1, bodyRect.width))] : measured.map { ($0.column, $0.width) }
        for slot in slots {
            guard let context = sectionContext(kind: sectionRow.kind, section: sectionRow.section, column: slot.column,
                                               labelColumn: first) else { break }
            let identifier = cells.sectionProvider.reuseIdentifier(for: sectionRow.kind, column: slot.column)
            let cell = cells.registrySizingCell(identifier)
            cell.prepareForReuse()
            cell.prefersASCII = configuration.prefersASCII
            cells.sectionProvider.configure(cell, context: context)
            height = max(height, cell.heightThatFits(width: slot.width))
        }
        height = min(height, Self.maximumRowHeight)
        if caching { heights.sectionRowHeights[sectionRow.key] = height }
        return height
    }

    /// A display row's height for print mode: a section row's, else the record's (measured).
    func printedHeight(ofDisplayRow row: Int, columns measured: [(column: Int, width: Int)]) -> Int {
        sectionRowHeight(ofDisplayRow: row, columns: measured, caching: false)
            ?? measureHeight(ofSourceRow: sourceRow(forDisplayRow: row), displayRow: row, columns: measured)
    }

    /// Where a search starts from the cursor, as a position of the display order (sections skip
    /// their header and footer).
    func searchStart(in layout: SectionLayout, forward: Bool) -> Int {
        guard viewport.rowCount > 0 else { return 0 }
        switch layout.row(at: viewport.cursor.row) {
        case .item(let item): return item + (forward ? 1 : -1)
        case .header(let s): return layout.sections[s].start - (forward ? 0 : 1)
        case .footer(let s): return layout.sections[s].start + layout.sections[s].count - (forward ? 0 : 1)
        }
    }

    /// The display row of a search's match: a position of the display order when there are
    /// sections (a collapsed section holding it is expanded), else the row itself.
    func displayRow(ofFoundRow row: Int) -> Int {
        guard let layout = sectionState.layout, row < (displayOrder?.count ?? 0) else { return row }
        let section = layout.section(containingItem: row)
        if layout.sections[section].isCollapsed { setSectionCollapsed(false, section: section) }
        return sectionState.layout?.displayRow(ofItem: row) ?? row
    }
}
