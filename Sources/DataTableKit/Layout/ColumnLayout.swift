/// The columns of a table (a part of `DataTableView`): each source column's title, width,
/// kind and alignment, which of them show in which order, the columns kept frozen while
/// hiding and showing changes the counts, the title filter that chose the columns shown, the
/// check of kinds and widths over a large sample, and the totals row's numbers.
///
/// A class: `columns` is read for every cell of every frame, in place.
final class ColumnLayout {
    /// The columns: titles, widths, alignments, kinds, by source column (hidden ones too).
    @exclusivity(unchecked) var columns: [TableColumn]
    /// Which source columns show, in which order (see `DataTableView+ColumnOrder`).
    @exclusivity(unchecked) var order: ColumnOrder
    /// The source columns frozen at each edge while hiding and showing columns changes their
    /// count (see `DataTableView.keepFrozen`); nil when the frozen counts say which they are.
    var frozenSourceMemory: (leading: [Int], trailing: [Int])?
    /// The regex that chose the columns shown (`*`, or the program's column pattern), until every column shows again.
    var columnFilter: RowMatcher?
    /// The check of the columns' kinds and widths over a large sample.
    var sampling = ColumnSampling()
    /// The totals row's numbers (see `DataTableConfiguration.columnTotals`).
    var totals = ColumnTotals()

    /// A layout of `columns`, every one shown in source order.
    init(columns: [TableColumn]) {
        self.columns = columns
        self.order = ColumnOrder(count: columns.count)
    }

    /// The source columns frozen at each edge, given the frozen counts of the display columns.
    func frozenSourceColumns(leading: Int, trailing: Int) -> (leading: [Int], trailing: [Int]) {
        let shown = order.shown
        let leading = min(leading, shown.count)
        let trailing = min(trailing, shown.count - leading)
        return (Array(shown.prefix(leading)), Array(shown.suffix(trailing)))
    }

    /// The frozen counts that keep `frozen` frozen after hiding or showing columns: the left
    /// edge after the last of `frozen.leading` still shown, the right edge at the first of
    /// `frozen.trailing` still shown.
    /// - Complexity: O(columns).
    func frozenCounts(keeping frozen: (leading: [Int], trailing: [Int])) -> (leading: Int, trailing: Int) {
        let displays = { (sources: [Int]) in sources.compactMap { self.order.display(forSource: $0) } }
        let leading = (displays(frozen.leading).max()).map { $0 + 1 } ?? 0
        let count = order.shown.count
        let trailing = (displays(frozen.trailing).min()).map { max(0, count - max($0, leading)) } ?? 0
        return (leading, trailing)
    }
}
