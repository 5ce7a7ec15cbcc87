/// Search lands on a cell: which column of a row matches.
extension DataTableView {
    /// The first (`forward`) or last display column of display row `row` whose value `matcher`
    /// matches, walking from display column `start` (default: the row's first or last column)
    /// in that direction; the same test as the highlighting of matches on screen. Hidden
    /// columns are not looked at.
    /// - Complexity: O(columns) matches at most.
    func matchingColumn(inDisplayRow row: Int, matcher: RowMatcher, forward: Bool, from start: Int? = nil) -> Int? {
        let columnCount = columnOrder.shown.count
        guard row >= 0, row < viewport.rowCount, columnCount > 0 else { return nil }
        let source = sourceRow(forDisplayRow: row)
        let first = start ?? (forward ? 0 : columnCount - 1)
        let candidates: StrideTo<Int> = forward ? stride(from: max(0, first), to: columnCount, by: 1)
                                                : stride(from: min(first, columnCount - 1), to: -1, by: -1)
        for column in candidates
        where matcher.verdict(dataSource.value(row: source, column: sourceColumn(forDisplayColumn: column)).stringRepresentation) == .match {
            return column
        }
        return nil
    }
}
