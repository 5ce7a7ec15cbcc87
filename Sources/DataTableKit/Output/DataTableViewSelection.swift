/// What a view shows, frozen for writing it out ("writing what you see"): the source columns in
/// display order and the source rows of its records in display order (the filter and the sort
/// applied; deleted rows left out; no section header or footer rows, and no records of
/// collapsed sections, since those are not shown).
///
/// A value: a writer reads it on a worker thread while the view goes on changing. Made by
/// `DataTableView.shownSelection()` on the UI thread.
public struct DataTableViewSelection: Sendable, Equatable {
    /// The source columns shown, in display order (`DataTableView.visibleColumns`).
    public let columns: [Int]
    /// Source rows in display order; nil: the identity over `rowCount` rows.
    private let order: [UInt32]?
    /// Records shown.
    public let rowCount: Int

    /// A selection of `columns` and the source rows `order` (nil: rows `0..<rowCount` in file order).
    public init(columns: [Int], order: [UInt32]?, rowCount: Int) {
        self.columns = columns
        self.order = order
        self.rowCount = order?.count ?? rowCount
    }

    /// The source row of the `position`-th record shown.
    @inline(__always)
    public func sourceRow(at position: Int) -> Int {
        guard let order else { return position }
        return Int(order[position])
    }

    /// The source rows in display order, as an array (for tests and small tables).
    /// - Complexity: O(rowCount).
    public var sourceRows: [Int] { (0..<rowCount).map(sourceRow(at:)) }
}

extension DataTableView {
    /// The records and columns shown now, for writing them (`:w FILE`, `CSVTableWriter.writeView`).
    ///
    /// Throws a message when the view is not settled: the source is still loading, or a sort or
    /// filter is still running (what is shown is about to change). UI thread.
    /// - Complexity: O(1) without sections (the display order is shared, not copied); O(rows)
    ///   when sections are collapsed (their records are left out).
    public func shownSelection() throws -> DataTableViewSelection {
        if let state = sourceWatch.loadState, !state.isComplete {
            throw DataTableMessage("the table is still loading (\(state.summary)): write it when it is read")
        }
        if let job = activeJob {
            switch job.kind {
            case .search, .work: break
            default: throw DataTableMessage("still \(job.kind.verb): write when it is done (Esc cancels it)")
            }
        }
        let columns = visibleColumns
        guard let displayOrder else {
            return DataTableViewSelection(columns: columns, order: nil, rowCount: dataSource.rowCount)
        }
        if rowOrder.sortedRowCount != dataSource.rowCount {
            throw DataTableMessage("still ordering the rows read last: write when it is done")
        }
        guard let layout = sectionState.layout, layout.sections.contains(where: \.isCollapsed) else {
            return DataTableViewSelection(columns: columns, order: displayOrder, rowCount: displayOrder.count)
        }
        var shown: [UInt32] = []
        shown.reserveCapacity(displayOrder.count)
        for section in layout.sections where !section.isCollapsed {
            shown.append(contentsOf: displayOrder[section.start..<(section.start + section.count)])
        }
        return DataTableViewSelection(columns: columns, order: shown, rowCount: shown.count)
    }
}
