/// A search given as the table opens (the program's find option): it waits for the rows to load, then
/// the cursor goes to the first matching cell, highlighted, and `n` goes on from there.
extension DataTableView {
    /// Highlights `matcher`'s matches at once and moves the cursor to the first matching cell
    /// (from the first row's first cell, in display order) as soon as every row is loaded and
    /// the opening sort and filters are applied; `n` and `N` go on from it. A cursor the user
    /// moved meanwhile stays where it is.
    public func findOnOpen(_ matcher: RowMatcher) {
        lastSearch = matcher
        jobs.pendingFind = matcher
        runPendingFindIfReady()
    }

    /// Runs the `findOnOpen` search once loading, sorting and filtering are done; true when it
    /// ran.
    @discardableResult
    func runPendingFindIfReady() -> Bool {
        guard let matcher = jobs.pendingFind, jobs.active == nil, sourceWatch.isSourceComplete,
              displayOrder == nil || dataSource.rowCount == rowOrder.sortedRowCount else { return false }
        jobs.pendingFind = nil
        guard lastSearch?.query == matcher.query, viewport.cursor == DataTableIndexPath(row: 0, column: 0) else { return true }
        if matchingColumn(inDisplayRow: 0, matcher: matcher, forward: true, from: 0) == 0 { return true }
        startSearch(matcher, forward: true)
        return true
    }
}
