/// What a table keeps about its sections (one stored property of `DataTableView`).
struct SectionState {
    /// How rows are grouped (nil: no sections).
    var grouping: DataTableGrouping?
    /// The sections on screen: set when a grouping job's result is installed, dropped when the
    /// display order is replaced by one without sections. Generation: each grouping job.
    var layout: SectionLayout?
    /// The grouping column of `layout` (nil: sections given by the program). Kept apart from
    /// `grouping` so drawing never switches over its payload (that tripped the optimizer of
    /// Swift 6.3 in release builds: an ownership verifier crash in CopyPropagation).
    var groupColumn: Int?
    /// Summarized columns and each section's sums, from the same job as `layout`.
    var summaryColumns: [Int] = []
    var summaries: [DataTableColumnSummary] = []
    /// Keys of the collapsed sections: a section stays collapsed across sorts and filters.
    var collapsedKeys: Set<String> = []

    /// A section row: its section's key and header or footer.
    struct RowKey: Hashable {
        var key: String
        var kind: DataTableSectionRowKind
    }
}
