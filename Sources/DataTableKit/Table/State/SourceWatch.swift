/// Following a data source that loads or changes while shown (a part of `DataTableView`): its
/// load state and notice when last drawn (to notice changes), whether a cursor on the last row
/// follows rows added at the end, and the rows of the last change, flashing. The source's
/// loading capability is resolved once, when the view is made: every poll goes to it directly.
struct SourceWatch {
    /// The source as `DataTableLoading` (nil: whole from the start and never changing).
    let loading: DataTableLoading?
    /// The data source's load state when last drawn.
    var lastLoadState: DataTableLoadState?
    /// The data source's notice when last drawn.
    var lastSourceNotice: String?
    /// Whether a cursor on the last row follows rows added at the end (`tail -f`).
    var followsAppendedRows = false
    /// Rows changed by the last apply, flashing until their fade ends (nil: none).
    var rowFlash: RowFlash?

    /// Watches `source`, resolving its loading capability.
    init(source: DataTableDataSource) {
        loading = source as? DataTableLoading
    }

    /// The source's progress now (nil: everything is there).
    var loadState: DataTableLoadState? { loading?.loadState }
    /// The source's notice now.
    var sourceNotice: String? { loading?.notice }
    /// Whether the source is whole (not loading).
    var isSourceComplete: Bool { loading?.loadState?.isComplete ?? true }
    /// Asks the source whether its data changed (an fstat for a file).
    func checkForChanges() { loading?.checkForChanges() }
}
