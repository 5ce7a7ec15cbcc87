import TerminalSurface

/// How many rows the sizing-cell cache measured and answered (for a program's statistics).
public struct RowSizingStatistics: Hashable, Sendable {
    /// Cells asked `heightThatFits(width:)` (one per column of each row measured).
    public var sizingMeasurements = 0
    /// Rows whose height came from the cache (measured before, perhaps at another position).
    public var cacheHits = 0
    /// Rows measured with sizing cells.
    public var rowsMeasured = 0
}

/// Automatic row heights: rows near the screen are measured with sizing cells, the heights
/// cached by source row, and put into `rowHeights` at their display positions.
extension DataTableView {
    /// Rows taller than this are cut (the record view shows a whole record).
    public static let maximumRowHeight = 100

    /// Rows measured beyond the screen, above and below (0 in `.fixed` mode).
    var prefetchWindow: Int? {
        if case .automatic(_, let prefetch) = configuration.rowHeightMode { return max(0, prefetch) }
        return nil
    }

    /// Measures the rows on screen and `prefetchWindow` rows around them, then keeps the
    /// cursor on screen with the real heights. Does nothing for `.fixed` heights.
    /// - Complexity: O((screen rows + prefetch) × columns) sizing measurements for rows not
    ///   measured before; O(screen rows + prefetch) cache lookups otherwise.
    func resolveRowHeightsAroundViewport() {
        guard let prefetch = prefetchWindow, viewport.rowCount > 0 else { return }
        // Rows are as tall as their cells on screen, at the widths they are shown at: a column
        // cut by the right edge wraps at what is visible. Scrolling sideways measures again.
        heights.measure(atColumns: viewport.visibleColumns.map { (column: sourceColumn(forDisplayColumn: $0.column), width: $0.width) })
        var changed = false
        // Three rounds at most: measuring can push the cursor's row off screen; scrolling to it
        // brings new rows on screen.
        for _ in 0..<3 {
            let top = viewport.topRow
            let screenRows = max(1, viewport.bodySize.height)
            let window = max(0, top - prefetch)..<min(viewport.rowCount, top + screenRows + prefetch)
            // The rows above the cursor that may share the screen with it.
            let cursor = viewport.cursor.row
            let cursorWindow = max(0, cursor - screenRows)..<min(viewport.rowCount, cursor + 1)
            for row in window { changed = resolveHeight(ofDisplayRow: row) || changed }
            for row in cursorWindow { changed = resolveHeight(ofDisplayRow: row) || changed }
            viewport.scrollToCursor()
            if viewport.topRow == top { break }
        }
        if changed { delegate?.dataTableDidChangeRowHeights(self) }
    }

    /// Puts the height of a display row into `rowHeights`, from the cache or measured.
    /// Returns whether the row's height differs from what `rowHeights` had.
    @discardableResult
    func resolveHeight(ofDisplayRow row: Int) -> Bool {
        guard heights.rowsWithKnownHeight.insert(row).inserted else { return false }
        if let height = sectionRowHeight(ofDisplayRow: row, columns: heights.measuredColumnLayout) {
            return heights.setHeight(height, ofDisplayRow: row)
        }
        let source = sourceRow(forDisplayRow: row)
        let height: Int
        if let cached = heights.recordHeights[source] {
            heights.statistics.cacheHits += 1
            height = cached
        } else {
            height = measureHeight(ofSourceRow: source, displayRow: row, columns: heights.measuredColumnLayout)
            heights.recordHeights[source] = height
        }
        return heights.setHeight(height, ofDisplayRow: row)
    }

    /// The height of a row: the tallest of its cells in `columns` (source columns), each configured on its
    /// identifier's sizing cell and asked `heightThatFits(width:)` at the width it is shown at
    /// (the columns on screen; print mode: the printed ones).
    func measureHeight(ofSourceRow source: Int, displayRow: Int, columns measured: [(column: Int, width: Int)]) -> Int {
        heights.statistics.rowsMeasured += 1
        var height = 1
        for (column, width) in measured {
            guard let cell = configuredSizingCell(at: DataTableIndexPath(row: displayRow, column: column), sourceRow: source)
            else { continue }
            heights.statistics.sizingMeasurements += 1
            height = max(height, cell.heightThatFits(width: width))
        }
        return min(height, Self.maximumRowHeight)
    }

    /// The sizing cell of the cell at `indexPath` (a display row), configured with its value as
    /// a cell on screen would be: to ask a cell its height, preferred width or actions without
    /// drawing it. nil for a plain `TextCell` when `skippingTextCells` (they have none of those
    /// to tell beyond their text).
    func configuredSizingCell(at indexPath: DataTableIndexPath, sourceRow source: Int,
                              skippingTextCells: Bool = false) -> DataTableCell? {
        let identifier = cells.provider.reuseIdentifier(for: indexPath)
        if skippingTextCells && identifier == TextCell.reuseIdentifier { return nil }
        let cell = sizingCell(forReuseIdentifier: identifier)
        cell.prepareForReuse()
        configure(cell, at: indexPath, sourceRow: source, value: dataSource.value(row: source, column: indexPath.column),
                  background: configuration.theme.body)
        return cell
    }

    /// The identifier's sizing cell: the provider's, or one the registry makes (kept).
    func sizingCell(forReuseIdentifier identifier: String) -> DataTableCell {
        cells.provider.sizingCell(forReuseIdentifier: identifier) ?? cells.registrySizingCell(identifier)
    }

    /// Forgets every measured height and configures the cells on screen again (text layout,
    /// provider or data changed): call it after changing data the table cannot see change.
    public func invalidateRowHeights() {
        cells.configurationGeneration &+= 1
        forgetMeasuredRowHeights()
    }

    /// Forgets every measured height (column widths changed); cells on screen stay configured.
    func forgetMeasuredRowHeights() {
        heights.forgetMeasuredHeights()
    }
}
