/// The check of the columns' kinds, and widths, over a large sample of the rows (a part of
/// `ColumnLayout`; `DataTableView+Kinds` starts and applies it): the check running, the rows the
/// last one covered, and whether the next must measure widths too.
struct ColumnSampling {
    /// The check while it runs (see `ColumnKindSampler`).
    var sampler: ColumnKindSampler?
    /// Source rows the last check covered (spread over); the kinds are checked again when the
    /// source has twice as many rows, and when it finishes loading.
    var sampledRowCount = 0
    /// The next check measures the columns' widths too (columns not measured at open, loading
    /// finished, the data changed): see `DataTableView.remeasureColumns`.
    var needsWidths = false
}
