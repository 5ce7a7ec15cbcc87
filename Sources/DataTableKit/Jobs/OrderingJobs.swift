/// The table's job off the UI thread and what waits on it (a part of `DataTableView`;
/// `DataTableView+Jobs` starts, polls, cancels and applies the job): the running sort, filter
/// or search, a filter's rows shown as they come, where the cursor goes when the order
/// arrives, and a search waiting for the rows to load.
struct OrderingJobs {
    /// The job running off the UI thread, polled by `refreshFromDataSource()`.
    var active: TableJob?
    /// The running filter job whose rows show as they are found (see `showPartialRows(of:)`).
    var streamingFilter: DataTableView.StreamingFilter?
    /// Where the cursor goes when the running sort or filter has been applied, instead of
    /// staying on its record: the first row (a sort as the table opens), or a record (a row
    /// whose deletion was undone). nil: it stays on its record.
    var cursorAfterOrdering: CursorTarget?
    /// Called on the worker when a job finishes (`DataTableView.jobFinishedHandler`).
    var onFinished: (@Sendable () -> Void)?
    /// A search waiting for the rows to load (`findOnOpen(_:)`).
    var pendingFind: RowMatcher?
    /// The sort a filter replaced before it ended (`]` then `|` at once on a large file): the
    /// filter's rows are sorted by it (`cancelJobForFilter()`, `takeSortAfterFilter()`).
    var sortAfterFilter: [SortDescriptor]?
    /// Sort keys kept per column once read, for the next sort (`DataTableView+SortKeyCache`).
    let sortKeys = SortKeyCache()

    /// Where the cursor goes after an ordering.
    enum CursorTarget: Equatable {
        case firstRow
        case sourceRow(Int)
    }
}
