/// A filter that fails is never taken for its answer.
///
/// - A filter the user gives (`startFilter`, `pushColumnFilter`) that fails (its pattern ran
///   out of its limits) is not applied: the view shows what it showed before, and the status
///   line says why (`waitForJob()` returns the message, for a caller that prints the rows).
/// - A run of the filters already applied (over the rows a loading source added, after a
///   column's kind changed, after a reload) that fails keeps the rows the filters kept over
///   the rows they covered, is not started again by itself (it would fail again, for ever),
///   and says so for as long as it lasts: a lasting notice, and the filter's part of the
///   status line ("filter: … (first 16,727 of 300,001 rows only)"). Another
///   filter, clearing the filters (Esc) or a run that succeeds ends it.
/// See docs/decisions/0089-a-failed-filter-is-an-error.md.
extension DataTableView {
    /// Takes a failed job's message (UI thread; from `apply(_:)`).
    func noteFailure(_ message: String, of kind: TableJob.Kind) {
        guard rerunsAppliedFilters(kind) else { return }
        rowOrder.filterStoppedReason = message
        showLastingNotice("\(message): the filter covers the first \(grouped(rowOrder.sortedRowCount)) rows only (Esc clears it)")
    }

    /// Whether a job of `kind` runs the filters that are applied now.
    func rerunsAppliedFilters(_ kind: TableJob.Kind) -> Bool {
        guard isRowFiltered else { return false }
        switch kind {
        case .filter(let matcher): return columnFilters.isEmpty && Self.sameMatcher(matcher, filter)
        case .columnFilter(let stack, let matcher): return stack == columnFilters && Self.sameMatcher(matcher, filter)
        default: return false
        }
    }

    /// What the filters' part of the status line adds while `filterStoppedReason` is set.
    var filterStoppedNote: String {
        guard filterStoppedReason != nil else { return "" }
        return " (first \(grouped(rowOrder.sortedRowCount)) of \(grouped(dataSource.rowCount)) rows only)"
    }
}
