/// Hiding rows: deleted rows leave every display order until they are restored.
extension DataTableView {
    /// Hides a source row (a deletion): it leaves the display order at once, and sorts and
    /// filters leave it out until `unhideRow`. The cursor stays at the same position.
    /// - Complexity: O(n) in the rows shown (one pass over the display order).
    public func hideRow(_ source: Int) {
        guard source >= 0 && source < dataSource.rowCount, rowOrder.hiddenRows.insert(source).inserted else { return }
        let row = viewport.cursor.row
        let removedItem = rowOrder.remove(hidden: source, sourceRowCount: dataSource.rowCount,
                                          findingItem: sectionState.layout != nil)
        if var layout = sectionState.layout, let removedItem {
            // Its section shrinks at once; the sums are computed again below.
            layout.removeItem(removedItem)
            sectionState.layout = layout
        }
        rowHeights.removeAllHeights()
        marks.remove(source)
        viewport.setRowCount(shownRowCount)
        viewport.moveCursor(to: DataTableIndexPath(row: min(row, max(0, viewport.rowCount - 1)), column: viewport.cursor.column))
        if grouping != nil && sectionState.layout != nil && jobs.active == nil { startSort(by: sortDescriptors) }
    }

    /// Shows a hidden row again (undoing a deletion): the current filter and sort are applied
    /// again, and the cursor goes to the row.
    public func unhideRow(_ source: Int) {
        guard rowOrder.hiddenRows.remove(source) != nil else { return }
        // What the user asked for last, even if it is still being computed.
        let runningFilters = intendedRowFilters
        if !runningFilters.isEmpty {
            jobs.cursorAfterOrdering = .sourceRow(source)
            startRowFilters(runningFilters)
        } else if !intendedSortDescriptors.isEmpty || grouping != nil {
            jobs.cursorAfterOrdering = .sourceRow(source)
            startSort(by: intendedSortDescriptors)
        } else {
            setDisplayOrder(nil, coveredRows: hiddenRows.isEmpty ? 0 : dataSource.rowCount)
            moveCursor(toSourceRow: source)
        }
    }
}
