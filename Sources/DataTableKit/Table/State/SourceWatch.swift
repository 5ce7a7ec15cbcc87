/// Following a data source that loads or changes while shown (a part of `DataTableView`): its
/// load state and notice when last drawn (to notice changes), whether a cursor on the last row
/// follows rows added at the end, and the rows of the last change, flashing.
struct SourceWatch {
    /// The data source's load state when last drawn.
    var lastLoadState: DataTableLoadState?
    /// The data source's notice when last drawn.
    var lastSourceNotice: String?
    /// Whether a cursor on the last row follows rows added at the end (`tail -f`).
    var followsAppendedRows = false
    /// Rows changed by the last apply, flashing until their fade ends (nil: none).
    var rowFlash: RowFlash?
}
