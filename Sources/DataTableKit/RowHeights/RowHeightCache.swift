/// Row heights (a part of `DataTableView`): the heights in display order the viewport reads
/// (`index`), and the heights measured with sizing cells, cached by row identity for records
/// (source row) and section rows (section key and kind) alike, with what makes them stale.
/// `DataTableView+RowHeights` measures the rows near the screen into it.
///
/// A class: the caches are changed in place while a frame is built.
final class RowHeightCache {
    /// Row heights in display order (shared with the viewport): the estimate of the row height
    /// mode until a row is measured.
    let index: RowHeightIndex
    /// Measured heights of records by source row (row identity, so they survive sort and
    /// filter). Generation: `generation`; cleared when column widths, the text layout, the cell
    /// provider or the data change.
    var recordHeights: [Int: Int] = [:]
    /// Measured heights of header and footer rows by (section key, kind). Generation: cleared
    /// with the records' and whenever new sections are installed (counts and sums change).
    var sectionRowHeights: [SectionState.RowKey: Int] = [:]
    /// Display rows whose height in `index` is known for the current display order.
    /// Generation: cleared whenever `index` forgets its heights (`index.resetCount`).
    var rowsWithKnownHeight: Set<Int> = []
    /// `index.resetCount` when `rowsWithKnownHeight` was last valid.
    var resetCountSeen = 0
    /// The columns and widths the cached heights were measured at (the columns on screen).
    /// Generation: a change of it throws the heights away.
    var measuredColumnLayout: [(column: Int, width: Int)] = []
    /// Bumped every time the measured heights are thrown away.
    var generation = 0
    /// Counters of the sizing-cell cache.
    var statistics = RowSizingStatistics()
    /// The row height mode before `w` turned wrapping on (restored when it goes off).
    var modeBeforeWrap: DataTableRowHeightMode?

    /// A cache whose rows are estimated by `mode` until measured.
    init(mode: DataTableRowHeightMode) {
        switch mode {
        case .fixed(let lines): index = RowHeightIndex(estimatedHeight: lines)
        case .automatic(let estimated, _): index = RowHeightIndex(estimatedHeight: estimated)
        }
    }

    /// Measures at `columns` from now on: a change of columns or widths forgets every height.
    func measure(atColumns columns: [(column: Int, width: Int)]) {
        if columns.map(\.column) != measuredColumnLayout.map(\.column)
            || columns.map(\.width) != measuredColumnLayout.map(\.width) {
            forgetMeasuredHeights()
            measuredColumnLayout = columns
        }
        if index.resetCount != resetCountSeen {
            rowsWithKnownHeight.removeAll(keepingCapacity: true)
            resetCountSeen = index.resetCount
        }
    }

    /// Forgets every measured height, records' and section rows'.
    func forgetMeasuredHeights() {
        guard !recordHeights.isEmpty || !rowsWithKnownHeight.isEmpty || !index.heightDeltas.isEmpty else { return }
        recordHeights.removeAll()
        sectionRowHeights.removeAll()
        rowsWithKnownHeight.removeAll()
        index.removeAllHeights()
        resetCountSeen = index.resetCount
        generation += 1
    }

    /// Puts `height` at display row `row` of the index; returns whether it changed there.
    @discardableResult
    func setHeight(_ height: Int, ofDisplayRow row: Int) -> Bool {
        let before = index.height(ofRow: row)
        index.setHeight(height, ofRow: row)
        return before != height
    }
}
