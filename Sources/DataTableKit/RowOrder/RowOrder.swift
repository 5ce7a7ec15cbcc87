/// Which rows a table shows and in which order (a part of `DataTableView`): the display order
/// (a permutation of source row ids), the sort and the filters that made it, and the rows
/// hidden from every order. A value: saving and restoring a view is a copy (see
/// `DataTableView+StreamingFilter`). Its methods change only itself; the view lays out what
/// they leave (sections, heights, the viewport's row count, the cursor). The order and its counts
/// change only through these methods (`RowOrder+*.swift`).
struct RowOrder {
    /// Display position -> source row id while sorted or filtered (nil: the identity).
    /// Generation: rebuilt by every sort and filter; rows a loading source adds later are
    /// appended (when no filter is active) until the sort or filter runs again at the end.
    var displayOrder: [UInt32]?
    /// Source rows the current `displayOrder` was computed over (fewer than the source's while loading).
    var sortedRowCount = 0
    /// Source rows the display order accounts for: computed over, appended since, or hidden.
    var placedRowCount = 0
    /// The sort order, in priority order (empty: file order).
    var sortDescriptors: [SortDescriptor] = []
    /// The active filter's matcher (nil: every row is shown).
    var filter: RowMatcher?
    /// The source columns `filter` looked in (a mask by source column), nil for every column.
    var filterColumns: [Bool]?
    /// The column filters shown, oldest first; each narrows the rows the ones before it keep.
    var columnFilters: [ColumnFilter] = []
    /// Rows the filters kept, in file order (the input of a sort while filtered).
    var filteredRows: [UInt32]?
    /// Source rows hidden from every display order (deleted, until the deletion is undone).
    var hiddenRows: Set<Int> = []
    /// Why a run of the applied filters over rows loaded later failed; nil while they cover
    /// every row they were run over (see `DataTableView+FailedFilter`).
    var filterStoppedReason: String?
    /// Per column of the sort shown, how many of its values its kind cannot read (strays).
    var strayCounts: [Int: Int] = [:]
    /// How long the last sort took.
    var lastSortMilliseconds: Double?
    /// How long the last filter took.
    var lastFilterMilliseconds: Double?

    /// Whether any filter keeps rows out (the whole-row filter or column filters).
    var isFiltered: Bool { filter != nil || !columnFilters.isEmpty }

    /// Records shown (positions of the display order); `sourceRowCount` when in file order.
    @inline(__always)
    func itemCount(sourceRowCount: Int) -> Int { displayOrder?.count ?? sourceRowCount }

    /// The source row at position `item` of the display order.
    /// - Complexity: O(1) (called per row on screen per frame).
    @inline(__always)
    func sourceRow(atItem item: Int) -> Int {
        guard let displayOrder else { return item }
        return Int(displayOrder[item])
    }

    /// The position of `source` in the display order (itself in file order); nil when not shown.
    /// - Complexity: O(n) while reordered.
    func item(ofSourceRow source: Int, sourceRowCount: Int) -> Int? {
        guard let displayOrder else { return source < sourceRowCount ? source : nil }
        return displayOrder.firstIndex(of: UInt32(truncatingIfNeeded: source))
    }

    /// Installs an order computed over the first `coveredRows` source rows (nil: file order),
    /// leaving hidden rows out; rows loaded since are appended unless a filter chose the rows.
    /// - Complexity: O(n) when rows are hidden or appended.
    mutating func setOrder(_ order: [UInt32]?, coveredRows: Int, sourceRowCount: Int) {
        var order = order
        var coveredRows = coveredRows
        if !hiddenRows.isEmpty {
            // Deleted rows stay out of every order (the data keeps them until it is written).
            if order == nil {
                coveredRows = sourceRowCount
                order = (0..<coveredRows).map { UInt32(truncatingIfNeeded: $0) }
            }
            order = order?.filter { !hiddenRows.contains(Int($0)) }
        }
        displayOrder = order
        sortedRowCount = coveredRows
        placedRowCount = coveredRows
        if order != nil && !isFiltered { appendRowsLoaded(upTo: sourceRowCount) }
    }

    /// Installs a grouping job's order as it is (its sections hold every shown record).
    mutating func setSectionedOrder(_ order: [UInt32], coveredRows: Int) {
        displayOrder = order
        sortedRowCount = coveredRows
        placedRowCount = coveredRows
    }

    /// The order to show when the sort goes: the filtered rows, or file order.
    mutating func dropSort(sourceRowCount: Int) {
        setOrder(filteredRows, coveredRows: filteredRows == nil ? 0 : sortedRowCount, sourceRowCount: sourceRowCount)
    }

    /// Appends the source rows a loading source added since the order was made (not hidden
    /// ones), unsorted, at the end. Does nothing in file order.
    /// - Complexity: O(new rows).
    mutating func appendRowsLoaded(upTo count: Int) {
        guard displayOrder != nil, count > placedRowCount else { return }
        for row in placedRowCount..<count where !hiddenRows.contains(row) { displayOrder?.append(UInt32(truncatingIfNeeded: row)) }
        placedRowCount = count
    }

    /// Takes a finished filter's rows as the rows shown (their order is set after, by
    /// `setOrder` or a sort); `columnFilters` nil keeps the column filters.
    mutating func takeFilterResult(kept: [UInt32], matcher: RowMatcher?, matcherColumns: [Bool]?,
                                   columnFilters: [ColumnFilter]?, milliseconds: Double) {
        if let columnFilters { self.columnFilters = columnFilters }
        filter = matcher
        filterColumns = matcher == nil ? nil : matcherColumns
        filteredRows = kept
        filterStoppedReason = nil
        lastFilterMilliseconds = milliseconds
    }

    /// Forgets the whole-row filter and its rows (the column filters are gone already).
    mutating func clearFilter() {
        filter = nil
        filterColumns = nil
        filteredRows = nil
        filterStoppedReason = nil
    }
}
