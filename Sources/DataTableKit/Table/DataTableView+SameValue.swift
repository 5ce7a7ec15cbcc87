/// Find and filter like this cell (csvlens' `#` and `@`): rows whose value in the cursor's
/// column is exactly the cursor cell's.
extension DataTableView {
    /// The exact-value filter of the cursor's cell (its column, its text); nil on a section
    /// header or footer and in an empty table.
    public var cursorValueFilter: ColumnFilter? {
        guard viewport.rowCount > 0, !columns.isEmpty, isCursorOnRecord else { return nil }
        let column = cursorSourceColumn
        guard column < dataSource.columnCount else { return nil }
        let text = dataSource.text(row: sourceRow(forDisplayRow: viewport.cursor.row), column: column)
        return .equalsAny([text], column: column)
    }

    /// Whether the cursor is on a record (not on a section's header or footer).
    var isCursorOnRecord: Bool {
        guard let layout = sectionState.layout else { return true }
        if case .item = layout.row(at: viewport.cursor.row) { return true }
        return false
    }

    /// `#`: moves the cursor to the next row, in display order and wrapping around, whose value
    /// in the cursor's column equals the cursor cell's; the column stays. Runs as a job like a
    /// search; "no other row" shows in the status line when the cell's value is unique.
    public func findSameValue() {
        guard let filter = cursorValueFilter else {
            notice = viewport.rowCount == 0 ? "no rows" : "not on a row"
            return
        }
        guard let tests = columnFilterTests(for: [filter]), let test = tests.first else { return }
        cancelJob()
        let sections = sectionState.layout
        let count = sections != nil ? (displayOrder?.count ?? 0) : viewport.rowCount
        let from = sections.map { searchStart(in: $0, forward: true) } ?? viewport.cursor.row + 1
        let job = TableJob(kind: .findValue(filter), total: count)
        let source = UncheckedSendableBox(value: dataSource)
        let order = displayOrder
        let sourceRows = dataSource.rowCount
        startJob(job) {
            var reader = ColumnFieldReader(source: source.value, test: test, rowCount: sourceRows)
            let outcome = RowSearch.find(
                from: from, count: count, forward: true,
                sourceRow: { position in order.map { Int($0[position]) } ?? position },
                rowMatches: { !job.isCancelled && reader.passes(row: $0) },
                isCancelled: { job.isCancelled },
                progress: { done, _ in job.setProcessed(done) })
            return TableJob.Outcome(outcome)
        }
    }

    /// `@`: shows only the rows whose value in the cursor's column equals the cursor cell's (a
    /// column filter pushed on the stack; Esc pops it).
    public func filterSameValue() {
        guard let filter = cursorValueFilter else {
            notice = viewport.rowCount == 0 ? "no rows" : "not on a row"
            return
        }
        pushColumnFilter(filter)
    }

    /// Takes the row a `#` job found (UI thread; from `apply(_:)`): the cursor goes there, or
    /// the status line says the value is the cursor row's alone.
    func applyFoundSameValue(_ found: Int?) {
        guard let found else {
            notice = "no other row with this value"
            return
        }
        let row = displayRow(ofFoundRow: found)
        if row == viewport.cursor.row {
            notice = "no other row with this value"
            return
        }
        viewport.moveCursor(to: DataTableIndexPath(row: row, column: viewport.cursor.column))
    }
}
