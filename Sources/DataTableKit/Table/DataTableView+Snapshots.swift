/// Applying a change of the data's rows while they are shown: state keyed by source row
/// (cursor record, marks, hidden rows, measured heights, cells on screen) follows each row's
/// identity to its new source row.
extension DataTableView {
    /// Takes in new rows the data source already holds. `newSourceRow[old]` is the new source
    /// row of each old one (nil: deleted); `changedRows` are new source rows whose content
    /// changed or that are new (they are measured and configured again; the others keep their
    /// measured heights and their configured cells on screen); of those, `reloadedRows` give
    /// their cells back to the pool (dequeued afresh), the others keep their cell objects;
    /// `flashing` highlights them as the theme's `flash` says (without it, or with the flash
    /// off, the run loop draws the changes in one frame: `advanceFlash`).
    ///
    /// The cursor stays on its record (on a deleted record: on the next surviving row below
    /// it, else above), on the same line of the screen; the sort and the filter run again
    /// over the new rows (until they finish, rows keep their old order with new rows at the
    /// end); content-fitted columns grow to fit new values.
    /// - Complexity: O(n) in the rows, plus the sort and the filter run again (off this thread).
    func applyRowChanges(newSourceRow: [Int?], changedRows: Set<Int>, reloadedRows: Set<Int> = [], flashing: Bool) {
        let runningFilters = intendedRowFilters
        let runningSort: [SortDescriptor]? = {
            if let job = jobs.active, case .sort(let descriptors) = job.kind { return descriptors }
            return nil
        }()
        cancelJob()
        jobs.sortKeys.invalidate()  // the rows' fields changed: no sort key kept before stays
        func remap(_ old: Int) -> Int? { old < newSourceRow.count ? newSourceRow[old] : nil }
        let newCount = dataSource.rowCount

        // The cursor's record, or the nearest surviving one (below first).
        var cursorTarget: Int?
        let cursorLine = viewport.cursor.row - viewport.topRow
        if viewport.rowCount > 0 {
            let row = viewport.cursor.row
            cursorTarget = remap(sourceRow(forDisplayRow: row))
            var below = row + 1, above = row - 1
            while cursorTarget == nil && (below < viewport.rowCount || above >= 0) {
                if below < viewport.rowCount { cursorTarget = remap(sourceRow(forDisplayRow: below)); below += 1 }
                if cursorTarget == nil && above >= 0 { cursorTarget = remap(sourceRow(forDisplayRow: above)); above -= 1 }
            }
        }

        marks.followRows(remap)
        var keptHeights: [Int: Int] = [:]
        keptHeights.reserveCapacity(heights.recordHeights.count)
        for (old, height) in heights.recordHeights {
            if let new = remap(old), !changedRows.contains(new) { keptHeights[new] = height }
        }
        heights.recordHeights = keptHeights
        var keptCells: [CellKey: DataTableCell] = [:]
        for (key, cell) in cells.onScreen {
            if key.isSectionRow {
                keptCells[key] = cell  // back to the pool with the sections, below (`dropSections`)
            } else if let new = remap(key.sourceRow), !reloadedRows.contains(new) {
                // A changed row's cell stays, to be configured again (UIKit's reconfigureItems).
                if changedRows.contains(new) { cell.configuredWith = nil }
                keptCells[CellKey(sourceRow: new, column: key.column)] = cell
            } else {
                cells.reusePool.enqueue(cell)
            }
        }
        cells.onScreen = keptCells
        cells.pressedButton = nil
        if let flash = sourceWatch.rowFlash {
            // Rows still fading keep fading at their new places.
            sourceWatch.rowFlash?.rows = Set(flash.rows.compactMap(remap))
        }
        if flashing {
            startFlash(of: changedRows.union(sourceWatch.rowFlash?.rows ?? []))
        } else if sourceWatch.rowFlash == nil {
            startFlash(of: [])  // no flash: the run loop still owes the changes one frame
        }

        // An order at once: the old one over the survivors, new rows at the end.
        dropSections()
        rowOrder.followRows(remap, newCount: newCount)
        rowHeights.removeAllHeights()
        viewport.setRowCount(shownRowCount)
        if let cursorTarget { moveCursor(toSourceRow: cursorTarget) }
        viewport.scrollView(rows: (viewport.cursor.row - viewport.topRow) - cursorLine)
        viewport.scrollToCursor()

        remeasureColumns()
        if !changedRows.isEmpty { fitColumnsToCells()
            layoutColumns() }

        // The filter and the sort again, over the new rows; the cursor follows its record.
        if !runningFilters.isEmpty {
            startRowFilters(runningFilters)
        } else if let descriptors = runningSort ?? (sortDescriptors.isEmpty && grouping == nil ? nil : sortDescriptors) {
            startSort(by: descriptors)
        }
    }
}
