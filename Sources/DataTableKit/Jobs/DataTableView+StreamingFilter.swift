/// Filter results shown as they are found: while a filter job runs, the rows it has kept so
/// far replace the view and grow as it finds more (`TableJob.partialRows`, taken at every poll
/// of the UI loop), in the order the finished filter shows them, so rows only ever append.
///
/// - The rows appear in file order (the order of the filter's result). With a sort, they show
///   unsorted (the status line says so) and are sorted when the filter ends, as the
///   filter-then-sort path always did. With sections, nothing shows until the end (a section's
///   header and sums need all its rows); the status line still counts the matches.
/// - Nothing changes until the first match arrives, and a run of the filters already applied
///   (loading ended, a reload, a kind corrected) keeps its rows until it ends: rows the user
///   saw do not vanish to come back.
/// - The cursor starts on the first row (on its record once that record arrives). A cursor the
///   user moved stays where they put it as rows arrive and when the filter ends.
/// - A job that ends without a result (Esc, another command, a pattern too complex) puts the
///   view back as it was before it: a half-filtered view would look like the filter's answer.
/// - When the job ends and the user has not moved, the view is put back first and the result
///   is applied to it as it always was: the final view is the one a filter without streaming
///   shows (same rows, order and cursor).
extension DataTableView {
    /// The state of a filter job whose rows are being shown as they come.
    struct StreamingFilter {
        /// The job whose rows these are.
        let job: TableJob
        /// Source rows the job reads (rows loaded when it started).
        let rowCount: Int
        /// The cursor's record before the job (it follows its record, as the filter's end does).
        let formerCursorSource: Int?
        /// What the view showed before the first partial rows replaced it (nil until then).
        var saved: SavedView?
        /// The cursor row where the streaming last put the cursor (another: the user moved it).
        var placedCursorRow = 0
        /// Whether the cursor is on the former record already (or has no record to follow).
        var foundFormerRecord = false
    }

    /// The view as it was before a filter's partial rows replaced it.
    struct SavedView {
        /// The row order (a copy; only its order is put back: the filters do not change while
        /// the job runs, rows hidden meanwhile stay hidden).
        var rowOrder: RowOrder
        var cursor: DataTableIndexPath
        var topRow: Int
    }

    /// Starts showing `job`'s rows as they come (a filter job without sections).
    func beginStreaming(_ job: TableJob, rowCount: Int, filters: RowFilters) {
        abandonStreaming()  // a job replaced without `cancelJob()` (none today) leaves no rows behind
        let isRerun = Self.sameMatcher(filters.matcher, filter) && filters.columnFilters == columnFilters && isRowFiltered
        guard grouping == nil, !isRerun else {
            jobs.streamingFilter = nil
            return job.partialRows.stopKeepingRows()
        }
        jobs.streamingFilter = StreamingFilter(
            job: job, rowCount: rowCount,
            formerCursorSource: viewport.rowCount > 0 ? sourceRow(forDisplayRow: viewport.cursor.row) : nil)
    }

    /// Whether two whole-row matchers are the same filter (both none, or the same query and mode).
    static func sameMatcher(_ a: RowMatcher?, _ b: RowMatcher?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return a.query == b.query && a.mode == b.mode
        default: return false
        }
    }

    /// Whether the rows shown are a running filter's partial result.
    var isShowingPartialRows: Bool {
        guard let streaming = jobs.streamingFilter, streaming.job === jobs.active else { return false }
        return streaming.saved != nil
    }

    /// Shows the rows `job` published since the last poll (UI thread; from `apply(_:)` while
    /// the job runs). Returns whether the view changed.
    /// - Complexity: O(new rows) (O(rows shown before) the first time, to save the view).
    @discardableResult
    func showPartialRows(of job: TableJob) -> Bool {
        guard var state = jobs.streamingFilter, state.job === job, job === jobs.active else { return false }
        let chunks = job.partialRows.take()
        guard !chunks.isEmpty else { return false }
        var added: [UInt32] = []
        added.reserveCapacity(chunks.reduce(0) { $0 + $1.count })
        for chunk in chunks {
            if hiddenRows.isEmpty {
                added.append(contentsOf: chunk)
            } else {
                for row in chunk where !hiddenRows.contains(Int(row)) { added.append(row) }
            }
        }
        let firstRow: Int
        if state.saved == nil {
            // The first rows found replace the view.
            state.saved = SavedView(rowOrder: rowOrder, cursor: viewport.cursor, topRow: viewport.topRow)
            dropSections()
            rowOrder.showPartialRows(added, coveredRows: state.rowCount)
            rowHeights.removeAllHeights()
            viewport.setRowCount(shownRowCount)
            viewport.moveCursor(to: DataTableIndexPath(row: 0, column: viewport.cursor.column))
            state.placedCursorRow = 0
            state.foundFormerRecord = state.formerCursorSource == nil
            firstRow = 0
        } else {
            firstRow = displayOrder?.count ?? 0
            rowOrder.appendPartialRows(added)
            viewport.setRowCount(shownRowCount)
        }
        // The cursor follows its former record when it arrives, unless the user has moved.
        if !state.foundFormerRecord, viewport.cursor.row == state.placedCursorRow, let former = state.formerCursorSource,
           let offset = added.firstIndex(of: UInt32(truncatingIfNeeded: former)) {
            viewport.moveCursor(to: DataTableIndexPath(row: firstRow + offset, column: viewport.cursor.column))
            state.placedCursorRow = viewport.cursor.row
            state.foundFormerRecord = true
        }
        jobs.streamingFilter = state
        return true
    }

    /// Ends the streaming of `job` as it finishes (UI thread; from `apply(_:)`): with a result
    /// (`kept`), a cursor the user moved stays on its record, else the view is put back as it
    /// was and the result applies to it as it always did; without one, the view is put back.
    func endStreaming(_ job: TableJob, keeping kept: Bool) {
        guard let state = jobs.streamingFilter, state.job === job else { return }
        jobs.streamingFilter = nil
        guard let saved = state.saved else { return }
        if kept && viewport.cursor.row != state.placedCursorRow {
            jobs.cursorAfterOrdering = nil
            return
        }
        restore(saved)
    }

    /// Puts back the view a running filter's partial rows replaced (the job is being cancelled
    /// or replaced). Returns whether there was one.
    @discardableResult
    func abandonStreaming() -> Bool {
        guard let state = jobs.streamingFilter else { return false }
        jobs.streamingFilter = nil
        guard let saved = state.saved else { return false }
        restore(saved)
        return true
    }

    /// Shows `saved` again (rows deleted meanwhile stay out).
    private func restore(_ saved: SavedView) {
        rowOrder.restoreOrder(of: saved.rowOrder, sourceRowCount: dataSource.rowCount)
        rowHeights.removeAllHeights()
        viewport.setRowCount(shownRowCount)
        viewport.moveCursor(to: saved.cursor)
        viewport.scrollView(rows: saved.topRow - viewport.topRow)
        viewport.scrollToCursor()
    }

    /// The status of a running filter job: `filtering &hop+er · 1,234 matches so far · 37%
    /// (Esc cancels)`; nil for other jobs.
    func filterJobStatusText(_ job: TableJob) -> String? {
        let separator = configuration.prefersASCII ? ", " : " · "
        var parts: [String] = []
        switch job.kind {
        case .filter(let matcher):
            parts.append("&" + TerminalSafe.short(matcher.query, limit: 30))
        case .columnFilter(let stack, let matcher):
            if let matcher { parts.append("&" + TerminalSafe.short(matcher.query, limit: 30)) }
            for columnFilter in stack {
                let title = columns.indices.contains(columnFilter.column) ? columns[columnFilter.column].title : "?"
                parts.append(TerminalSafe.short(title, limit: 20) + columnFilter.summary())
            }
        default:
            return nil
        }
        let unsorted = isShowingPartialRows && !sortDescriptors.isEmpty ? " (unsorted until it ends)" : ""
        parts.append("\(grouped(job.partialRows.count)) matches so far" + unsorted)
        parts.append("\(Int(saturating: job.fraction * 100))% (Esc cancels)")
        return "filtering " + parts.joined(separator: separator)
    }
}
