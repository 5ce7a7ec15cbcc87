/// Sections: grouping rows by a column's value (or by the program's sections), with header and
/// footer rows that are cells too; collapsing sections.
extension DataTableView {
    /// How rows are grouped into sections (nil: no sections).
    public var grouping: DataTableGrouping? { sectionState.grouping }

    /// Groups again after the program changed values in place (an edit, or its undo), so that
    /// a row whose group value changed moves to its new section and the footers' sums follow.
    /// Does nothing without grouping; runs off the UI thread like the grouping itself.
    public func regroupAfterValuesChanged() {
        guard sectionState.grouping != nil else { return }
        if let job = jobs.active {
            if case .sort(let running) = job.kind { startSort(by: running) }
        } else {
            startSort(by: sortDescriptors)
        }
    }

    /// Groups the rows into sections (nil: back to plain rows). The grouping runs off the UI
    /// thread like a sort (`waitForJob()` blocks until it is shown); the sort and the filter
    /// stay, the cursor stays on its record.
    public func setGrouping(_ grouping: DataTableGrouping?) {
        if let column = grouping?.column, column < 0 || column >= dataSource.columnCount { return }
        let descriptors = intendedSortDescriptors
        sectionState.grouping = grouping
        if grouping == nil {
            // A running filter job finishes as usual (it sorts without sections then).
            if let job = jobs.active, case .filter = job.kind { return }
            if let job = jobs.active, case .columnFilter = job.kind { return }
            let hadSections = sectionState.layout != nil || jobs.active != nil
            cancelJob()
            if !descriptors.isEmpty {
                startSort(by: descriptors)
            } else if hadSections {
                showUnsortedOrder()
            }
            return
        }
        startSort(by: descriptors)
    }

    /// Installs the provider of header and footer cells (registering its identifiers).
    public func setSectionCellProvider(_ provider: DataTableSectionCellProvider) {
        recycleSectionCells()
        cells.sectionProvider = provider
        cells.isSectionProviderRegistered = false
        cells.sizingCells.removeAll()
        heights.sectionRowHeights.removeAll()
        rowHeights.removeAllHeights()
    }

    /// Sections shown (0 without a grouping, or before its first result).
    public var sectionCount: Int { sectionState.layout?.sections.count ?? 0 }

    /// What a display row shows: a record, or a section's header or footer.
    public func displayRow(at row: Int) -> DataTableDisplayRow {
        guard let layout = sectionState.layout, let displayOrder else { return .item(sourceRow: sourceRow(forDisplayRow: row)) }
        switch layout.row(at: row) {
        case .item(let item): return .item(sourceRow: Int(displayOrder[item]))
        case .header(let section): return .header(section: section)
        case .footer(let section): return .footer(section: section)
        }
    }

    /// The section of a display row (nil without sections).
    public func section(ofDisplayRow row: Int) -> Int? {
        guard let layout = sectionState.layout, row >= 0, row < layout.displayRowCount else { return nil }
        return layout.section(atDisplayRow: row)
    }

    /// Whether the cursor is on a section's header or footer row.
    public var isCursorOnSectionRow: Bool {
        guard sectionState.layout != nil, viewport.rowCount > 0 else { return false }
        if case .item = displayRow(at: viewport.cursor.row) { return false }
        return true
    }

    /// Whether the cursor is on a section's header row.
    public var isCursorOnSectionHeader: Bool {
        guard sectionState.layout != nil, viewport.rowCount > 0 else { return false }
        if case .header = displayRow(at: viewport.cursor.row) { return true }
        return false
    }

    /// The source rows of a section, in display order (collapsed or not).
    public func sourceRows(inSection section: Int) -> [Int] {
        guard let layout = sectionState.layout, let displayOrder, layout.sections.indices.contains(section) else { return [] }
        let s = layout.sections[section]
        return displayOrder[s.start..<(s.start + s.count)].map { Int($0) }
    }

    /// The title a section's header shows: the group value, or the program's section title.
    public func title(ofSection section: Int) -> DataTableValueType {
        guard let layout = sectionState.layout, let displayOrder, layout.sections.indices.contains(section) else { return .null }
        guard let column = sectionState.groupColumn else { return .string(layout.sections[section].key) }
        return dataSource.value(row: Int(displayOrder[layout.sections[section].start]), column: column)
    }

    /// Whether a section's records are collapsed away.
    public func isSectionCollapsed(_ section: Int) -> Bool {
        sectionState.layout.map { $0.sections.indices.contains(section) && $0.sections[section].isCollapsed } ?? false
    }

    /// Collapses or expands a section: its records leave the display rows, its header (with
    /// `▸`) and footer stay. The cursor stays on its record, or goes to the header when its
    /// record is collapsed away. Needs header rows.
    /// - Complexity: O(sections).
    public func setSectionCollapsed(_ collapsed: Bool, section: Int) {
        guard var layout = sectionState.layout, layout.showsHeaders, layout.sections.indices.contains(section) else { return }
        let key = layout.sections[section].key
        if collapsed { sectionState.collapsedKeys.insert(key) } else { sectionState.collapsedKeys.remove(key) }
        let target = cursorTarget(in: layout)
        layout.setCollapsed(collapsed, section: section)
        relayoutSections(layout, cursor: target)
    }

    /// Collapses every section, or expands them all when all are collapsed (`O`).
    public func toggleAllSections() {
        guard var layout = sectionState.layout, layout.showsHeaders, !layout.sections.isEmpty else { return }
        let collapse = layout.sections.contains { !$0.isCollapsed }
        let target = cursorTarget(in: layout)
        if collapse {
            sectionState.collapsedKeys.formUnion(layout.sections.map(\.key))
        } else {
            sectionState.collapsedKeys.subtract(layout.sections.map(\.key))
        }
        layout.setAllCollapsed(collapse)
        relayoutSections(layout, cursor: target)
        notice = collapse ? "all \(grouped(layout.sections.count)) sections collapsed" : "all sections expanded"
    }

    /// Collapses or expands the section the cursor is in (`o`, Enter on a header or footer).
    public func toggleSectionAtCursor() {
        guard let section = section(ofDisplayRow: viewport.cursor.row) else {
            notice = DataTableHints.message("no sections", hint: configuration.hints.groupingRows)
            return
        }
        setSectionCollapsed(!isSectionCollapsed(section), section: section)
    }

    // MARK: Internals

    /// Where the cursor is, in terms that survive a new layout: a record, or a section row.
    enum SectionCursor {
        case item(Int)
        case section(key: String, kind: DataTableSectionRowKind)
    }

    func cursorTarget(in layout: SectionLayout) -> SectionCursor? {
        guard viewport.rowCount > 0, viewport.cursor.row < layout.displayRowCount else { return nil }
        switch layout.row(at: viewport.cursor.row) {
        case .item(let item): return .item(item)
        case .header(let s): return .section(key: layout.sections[s].key, kind: .header)
        case .footer(let s): return .section(key: layout.sections[s].key, kind: .footer)
        }
    }

    /// Installs a changed layout over the same display order, keeping the cursor on `cursor`.
    func relayoutSections(_ layout: SectionLayout, cursor: SectionCursor?) {
        let line = viewport.cursor.row - viewport.topRow
        sectionState.layout = layout
        rowHeights.removeAllHeights()
        viewport.setRowCount(layout.displayRowCount)
        guard let cursor else { return }
        let row: Int
        switch cursor {
        case .item(let item): row = layout.displayRow(ofItem: item)
        case .section(let key, let kind):
            guard let index = layout.index(ofKey: key) else { return }
            row = kind == .header ? layout.headerRow(of: index) : layout.footerRow(of: index)
        }
        viewport.moveCursor(to: DataTableIndexPath(row: row, column: viewport.cursor.column))
        // The cursor keeps its line on the screen when it can.
        viewport.scrollView(rows: (viewport.cursor.row - viewport.topRow) - line)
        viewport.scrollToCursor()
    }

    /// Rows the viewport shows: display rows of the sections, else the display order's.
    var shownRowCount: Int {
        sectionState.layout?.displayRowCount ?? displayOrder?.count ?? dataSource.rowCount
    }

    /// Forgets the sections on screen (a display order without them replaces theirs).
    func dropSections() {
        guard sectionState.layout != nil else { return }
        sectionState.layout = nil
        recycleSectionCells()
    }

    /// The display row of the record at `item` of the display order (its header's when collapsed).
    func displayRow(ofItem item: Int) -> Int {
        sectionState.layout?.displayRow(ofItem: item) ?? item
    }

    /// Starts grouping by `grouping` with `descriptors` within sections on a worker (the job is a
    /// sort job: Esc cancels it, its outcome is `.sections`).
    func startGrouping(_ grouping: DataTableGrouping, sortedBy descriptors: [SortDescriptor], synchronously: Bool = false) {
        let count = dataSource.rowCount
        let job = TableJob(kind: .sort(descriptors), total: count)
        let groupColumn = grouping.column
        let groupDescriptor = groupColumn.flatMap { column in descriptors.first { $0.column == column } }
        let within = descriptors.filter { $0.column != groupColumn }
        let kinds = within.map { sortKeyReading(ofColumn: $0.column) }
        let groupKind = groupColumn.map { sortKeyReading(ofColumn: $0) } ?? (kind: .integer, format: .standard)
        let nullTokens = configuration.nullTokens
        let summaryColumns: [Int]
        switch grouping.summaryColumns {
        case .numeric:
            summaryColumns = columns.indices.filter {
                $0 != groupColumn && (columns[$0].kind == .integer || columns[$0].kind == .decimal)
            }
        case .columns(let list): summaryColumns = list.filter { $0 >= 0 && $0 < dataSource.columnCount }
        case .none: summaryColumns = []
        }
        let summaryFormats = summaryColumns.map { columns.indices.contains($0) ? columns[$0].format : .standard }
        let hidden = rowOrder.hiddenRows
        let filtered = rowOrder.filteredRows
        let source = UncheckedSendableBox(value: dataSource)
        let cache = jobs.sortKeys, stamp = sortKeyStamp
        startJob(job, synchronously: synchronously) {
            Self.computeSections(
                of: source.value, key: grouping.key, groupKind: groupKind,
                groupAscending: groupDescriptor?.ascending ?? true, within: within, kinds: kinds,
                filtered: filtered, hidden: hidden, summaryColumns: summaryColumns, summaryFormats: summaryFormats,
                nullTokens: nullTokens, job: job, cache: cache, stamp: stamp)
        }
    }

    /// The grouping job's work (any thread; reads the source through its thread-safe accessors).
    /// With a `cache`, the group column's and the sort columns' keys kept there are not read
    /// again, and keys read from raw bytes are kept (as a sort keeps them).
    static func computeSections(
        of source: DataTableDataSource, key: DataTableGrouping.Key,
        groupKind: (kind: SortKeyKind, format: ValueFormat), groupAscending: Bool,
        within: [SortDescriptor], kinds: [(kind: SortKeyKind, format: ValueFormat)], filtered: [UInt32]?, hidden: Set<Int>,
        summaryColumns: [Int], summaryFormats: [ValueFormat] = [], nullTokens: NullTokens = .standard, job: TableJob,
        cache: SortKeyCache? = nil, stamp: SortKeyCache.Stamp? = nil
    ) -> TableJob.Outcome {
        let count = job.total
        let rawRecords = source as? DataTableRawRecords
        func keyColumn(_ column: Int, kind: (kind: SortKeyKind, format: ValueFormat)) -> SortKeyColumn {
            let cacheKey = SortKeyCache.Key(column: column, kind: kind.kind, format: kind.format, nullTokens: nullTokens,
                                            rowCount: count, editCount: stamp?.editCount ?? 0)
            if let cache, let stamp, let kept = cache.lookup(cacheKey, stamp: stamp) { return kept.keys }
            if let reader = rawRecords?.makeRawFieldReader(column: column, rowCount: count) {
                let keys = SortKeyColumn.extract(kind: kind.kind, count: count, csvQuoted: true, format: kind.format,
                                                 nullTokens: nullTokens, field: reader)
                if let cache, let stamp { cache.store(keys, for: cacheKey, stamp: stamp) }
                return keys
            }
            return SortKeyColumn.extract(kind: kind.kind, count: count, format: kind.format, nullTokens: nullTokens) {
                source.sortText(row: $0, column: column)
            }
        }
        let groupKey: SortKeyColumn
        let sectionKey: (Int) -> String
        switch key {
        case .column(let column):
            groupKey = keyColumn(column, kind: groupKind)
            sectionKey = { source.text(row: $0, column: column) }
        case .sections(let sectionOfRow, let titles):
            func section(_ row: Int) -> Int { row < sectionOfRow.count ? Int(sectionOfRow[row]) : titles.count }
            groupKey = SortKeyColumn.extract(kind: .integer, count: count) { String(section($0)) }
            sectionKey = { row in
                let index = section(row)
                return index >= 0 && index < titles.count ? titles[index] : ""
            }
        }
        if job.isCancelled { return .cancelled }
        job.setProcessed(count / 4)
        var sortKeys: [(SortKeyColumn, ascending: Bool)] = []
        for (descriptor, kind) in zip(within, kinds) {
            if job.isCancelled { return .cancelled }
            sortKeys.append((keyColumn(descriptor.column, kind: kind), ascending: descriptor.ascending))
        }
        let all = (0..<count).lazy.filter { !hidden.contains($0) }.map { UInt32(truncatingIfNeeded: $0) }
        let rows = filtered.map { hidden.isEmpty ? $0 : $0.filter { !hidden.contains(Int($0)) } } ?? Array(all)
        let allRows: [UInt32]? = filtered == nil ? nil : Array(all)
        var readers: [Int: (Int) -> UnsafeRawBufferPointer] = [:]
        for column in summaryColumns { readers[column] = rawRecords?.makeRawFieldReader(column: column, rowCount: count) }
        let sectioned = SectionGrouper.group(
            rows: rows, allRows: allRows, groupKey: groupKey, groupAscending: groupAscending, sortKeys: sortKeys,
            key: sectionKey, summaryColumns: summaryColumns, summaryFormats: summaryFormats,
            field: { row, column, body in
                if let reader = readers[column] { body(reader(row)) } else {
                    var text = source.text(row: row, column: column)
                    text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
                }
            }, job: job)
        guard let sectioned else { return .cancelled }
        return .sections(sectioned, rowCount: count)
    }

    /// Shows a grouping job's sections (UI thread), keeping the cursor on its record (or on its
    /// section's header or footer).
    func installSections(_ sectioned: DataTableSectionedOrder, coveredRows: Int) {
        guard let grouping = sectionState.grouping else { return }
        if !hiddenRows.isEmpty && sectioned.order.contains(where: { hiddenRows.contains(Int($0)) }) {
            // A row was deleted while grouping: group again without it.
            startSort(by: sortDescriptors)
            return
        }
        // Where the cursor was: its record, or the section row it was on.
        var target: (record: Int?, section: (key: String, kind: DataTableSectionRowKind)?) = (nil, nil)
        if viewport.rowCount > 0 {
            if let layout = sectionState.layout, case .section(let key, let kind)? = cursorTarget(in: layout) {
                target.section = (key, kind)
            } else {
                target.record = sourceRow(forDisplayRow: viewport.cursor.row)
            }
        }
        recycleSectionCells()
        let sections = sectioned.starts.indices.map { i in
            SectionLayout.Section(start: sectioned.starts[i], count: sectioned.count(ofSection: i),
                                  total: sectioned.totals[i], key: sectioned.keys[i],
                                  isCollapsed: grouping.showsHeaders && sectionState.collapsedKeys.contains(sectioned.keys[i]))
        }
        let layout = SectionLayout(sections: sections, showsHeaders: grouping.showsHeaders, showsFooters: grouping.showsFooters)
        rowOrder.setSectionedOrder(sectioned.order, coveredRows: coveredRows)
        sectionState.layout = layout
        sectionState.groupColumn = grouping.column
        sectionState.summaryColumns = sectioned.summaryColumns
        sectionState.summaries = sectioned.summaries
        heights.sectionRowHeights.removeAll()
        rowHeights.removeAllHeights()
        viewport.setRowCount(layout.displayRowCount)
        if let section = target.section, let index = layout.index(ofKey: section.key) {
            let row = section.kind == .header ? layout.headerRow(of: index) : layout.footerRow(of: index)
            viewport.moveCursor(to: DataTableIndexPath(row: row, column: viewport.cursor.column))
        } else if let record = target.record {
            moveCursor(toSourceRow: record)
        }
    }

    /// A section row's context for its provider.
    func sectionContext(kind: DataTableSectionRowKind, section: Int, column: Int?, labelColumn: Int?) -> DataTableSectionContext? {
        guard let layout = sectionState.layout, let displayOrder, layout.sections.indices.contains(section) else { return nil }
        let s = layout.sections[section]
        let columnsSummarized = sectionState.summaryColumns.count
        let summaryStart = min(section * columnsSummarized, sectionState.summaries.count)
        let summaryEnd = min(summaryStart + columnsSummarized, sectionState.summaries.count)
        return DataTableSectionContext(
            kind: kind, section: section, identifier: s.key, title: title(ofSection: section),
            groupColumnTitle: sectionState.groupColumn.map { columns.indices.contains($0) ? columns[$0].title : "" },
            itemCount: s.count, totalCount: s.total, isCollapsed: s.isCollapsed, column: column,
            columnAlignment: column.map { columns.indices.contains($0) ? columns[$0].alignment : .left } ?? .left,
            labelColumn: labelColumn,
            rows: displayOrder[s.start..<(s.start + s.count)].lazy.map { Int($0) },
            summaries: sectionState.summaries[summaryStart..<summaryEnd], dataSource: dataSource,
            prefersASCII: configuration.prefersASCII)
    }

    /// The footer column for `Σ` and the count among `shown` columns: the grouping column, else
    /// the first without a sum.
    func footerLabelColumn(among shown: [Int]) -> Int? {
        if let column = sectionState.groupColumn, shown.contains(column) { return column }
        return shown.first { !sectionState.summaryColumns.contains($0) }
    }

    /// Returns header and footer cells on screen to the pool.
    func recycleSectionCells() {
        cells.recycleSectionCells()
    }
}
