/// Sorting: the view shows rows through a permutation of source row ids; data never moves.
extension DataTableView {
    /// Sorts by `descriptors` (priority order), keeping the cursor on the same record.
    ///
    /// While the data source is still loading, the rows loaded so far are sorted and the status
    /// line says so; the sort is applied again when loading completes.
    /// - Complexity: O(n) key extraction per descriptor plus the sort of pre-extracted keys.
    public func sort(by descriptors: [SortDescriptor]) {
        let cursorSource = viewport.rowCount > 0 ? sourceRow(forDisplayRow: viewport.cursor.row) : nil
        sortDescriptors = descriptors
        guard !descriptors.isEmpty else {
            displayOrder = nil
            sortedRowCount = 0
            viewport.setRowCount(dataSource.rowCount)
            if let cursorSource { moveCursor(toSourceRow: cursorSource) }
            return
        }
        let count = dataSource.rowCount
        let clock = ContinuousClock()
        let start = clock.now
        let keys = descriptors.map { descriptor in
            (SortKeyColumn.extract(kind: sortKeyKind(ofColumn: descriptor.column), count: count) { row in
                dataSource.text(row: row, column: descriptor.column)
            }, ascending: descriptor.ascending)
        }
        let identity = (0..<count).map { UInt32(truncatingIfNeeded: $0) }
        displayOrder = RowSorter.sort(identity, by: keys) ?? identity
        sortedRowCount = count
        let elapsed = clock.now - start
        lastSortMilliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        viewport.setRowCount(count)
        if let cursorSource { moveCursor(toSourceRow: cursorSource) }
    }

    /// Moves the cursor to the display row that shows `source`, if it is shown.
    func moveCursor(toSourceRow source: Int) {
        let row: Int?
        if let displayOrder {
            row = displayOrder.firstIndex(of: UInt32(truncatingIfNeeded: source))
        } else {
            row = source < viewport.rowCount ? source : nil
        }
        if let row { viewport.moveCursor(to: DataTableIndexPath(row: row, column: viewport.cursor.column)) }
    }

    /// How a column's values compare, guessed from up to 200 non-empty sampled values: the first
    /// kind among integer, decimal, date/time and boolean that reads every one of them, else text.
    func sortKeyKind(ofColumn column: Int) -> SortKeyKind {
        var samples: [String] = []
        for row in ColumnSizer.sampleRows(count: dataSource.rowCount, sampleSize: 400) {
            let text = dataSource.text(row: row, column: column)
            if !text.isEmpty { samples.append(text) }
            if samples.count == 200 { break }
        }
        guard !samples.isEmpty else { return .text }
        if samples.allSatisfy({ ValueParsing.integer($0) != nil }) { return .integer }
        if samples.allSatisfy({ ValueParsing.decimal($0) != nil }) { return .decimal }
        if samples.allSatisfy({ ValueParsing.dateTime($0) != nil }) { return .dateTime }
        if samples.allSatisfy({ ValueParsing.boolean($0) != nil }) { return .boolean }
        return .text
    }

    /// The sort direction of `column`, when it is a sort key.
    public func sortDirection(ofColumn column: Int) -> Bool? {
        sortDescriptors.first { $0.column == column }?.ascending
    }
}
