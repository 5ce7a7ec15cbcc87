/// The typed sort keys the table keeps per column once a sort, or a first frequency table of a
/// few-valued text column, has read them (`SortKeyCache`, held by the view's `OrderingJobs`;
/// docs/decisions/0151, 0158).
///
/// Besides sorting again by the column (either direction, or as another key), the kept keys
/// answer comparison and range column filters on it (`ColumnFilter`), the grouping by it, and
/// the frequency table and summary of a text column (`startFrequency(ofColumn:)`,
/// `makeColumnSummaryJob()`), without reading its fields. They are dropped when rows change,
/// kept within a budget, and given back on `dropSortKeyCache()` (a program that learns of memory
/// pressure calls it).
extension DataTableView {
    /// What the kept sort keys hold (entries, bytes, budget) and how often a sort, a grouping or
    /// a frequency table (`hits`, `misses`) and a column filter (`filterHits`, `filterMisses`)
    /// found them.
    public var sortKeyCacheStatistics: SortKeyCacheStatistics { jobs.sortKeys.statistics }

    /// Drops every kept sort key: the next sort by any column reads its fields again (to give
    /// memory back, or to measure a first sort).
    public func dropSortKeyCache() { jobs.sortKeys.invalidate() }

    /// The data a sort starting now reads: the cache's generation, the edits, whether every
    /// row is loaded.
    var sortKeyStamp: SortKeyCache.Stamp {
        jobs.sortKeys.stamp(editCount: dataSource.layer(EditableDataSource.self)?.changeCount ?? 0,
                            isComplete: sourceWatch.isSourceComplete)
    }
}
