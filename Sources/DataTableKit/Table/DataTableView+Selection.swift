import TerminalSurface

/// The cursor and the selection from code: moving the cursor to a row, column or cell,
/// scrolling a row into view, and the rows selected apart from the cursor (the marks of `m`,
/// Shift-Up/Down, Shift-click and a drag), with the delegate told what changed.
///
/// Rows are display rows (positions after sort and filter) or source rows (the data's row
/// ids), as each name says; columns are source columns. The selection is kept by source row,
/// so it follows its records through sorts, filters and applied changes.
extension DataTableView {
    // MARK: The cursor

    /// The source row under the cursor (on a section's header or footer: its first or last
    /// record); nil without rows.
    public var cursorSourceRow: Int? {
        viewport.rowCount > 0 ? sourceRow(forDisplayRow: viewport.cursor.row) : nil
    }

    /// Moves the cursor to display row `row` (clamped to the rows shown) and, when given, to
    /// source column `column` (a hidden one leaves the cursor's column as it is); the row is
    /// scrolled to `scrollPosition`.
    public func moveCursor(toRow row: Int, column: Int? = nil, scrollPosition: DataTableScrollPosition = .nearest) {
        guard viewport.rowCount > 0 else { return }
        let display = column.flatMap { displayColumn(forSourceColumn: $0) } ?? viewport.cursor.column
        viewport.moveCursor(to: DataTableIndexPath(row: row, column: display))
        if scrollPosition != .nearest { viewport.scroll(toRow: viewport.cursor.row, at: scrollPosition) }
        reportSelectionChanges()
    }

    /// Moves the cursor to the display row of `source` (a source row), as
    /// `moveCursor(toRow:column:scrollPosition:)`; false, moving nothing, when that row is not
    /// shown (filtered out, deleted, in a collapsed section, or out of range).
    @discardableResult
    public func moveCursor(toSourceRow source: Int, column: Int? = nil,
                           scrollPosition: DataTableScrollPosition = .nearest) -> Bool {
        guard let row = displayRow(ofSourceRow: source) else { return false }
        moveCursor(toRow: row, column: column, scrollPosition: scrollPosition)
        return true
    }

    /// Moves the cursor to source column `column` on the same row, scrolled into view; false
    /// when the column is hidden or out of range.
    @discardableResult
    public func moveCursor(toColumn column: Int) -> Bool {
        guard let display = displayColumn(forSourceColumn: column) else { return false }
        viewport.moveCursor(to: DataTableIndexPath(row: viewport.cursor.row, column: display))
        return true
    }

    /// Scrolls display row `row` to `position` on screen, as UIKit's
    /// `scrollToRow(at:at:animated:)`; the cursor stays where it is unless it would leave the
    /// screen (then it moves the least that keeps it on screen, as with the wheel).
    public func scrollToRow(_ row: Int, at position: DataTableScrollPosition) {
        viewport.scroll(toRow: row, at: position)
        reportSelectionChanges()
    }

    /// The display row showing source row `source`, if it is shown (a record, not a section's
    /// header or footer). - Complexity: O(1) unordered; O(rows) when sorted or filtered.
    public func displayRow(ofSourceRow source: Int) -> Int? {
        guard source >= 0, source < dataSource.rowCount,
              let item = rowOrder.item(ofSourceRow: source, sourceRowCount: viewport.rowCount) else { return nil }
        let row = displayRow(ofItem: item)
        // A record of a collapsed section "shows" at its section's header.
        guard row < viewport.rowCount, case .item(let shown) = displayRow(at: row), shown == source else { return nil }
        return row
    }

    // MARK: The selection

    /// The selected source rows, in the order they were selected: the rows marked with `m`,
    /// a Shift-range or a drag, or set here. Setting replaces them (repeats, rows out of range
    /// and deleted rows are left out). The status line counts them; they are drawn in the
    /// theme's marked colours.
    public var selectedRows: [Int] {
        get { marks.rows }
        set {
            let count = dataSource.rowCount
            marks.rows = newValue.filter { $0 >= 0 && $0 < count && !rowOrder.hiddenRows.contains($0) }
            marks.range = nil
            reportSelectionChanges()
        }
    }

    /// The display rows of the selected rows that are shown, top to bottom.
    /// - Complexity: O(rows shown) (none when nothing is selected).
    public var selectedDisplayRows: [Int] {
        guard !marks.set.isEmpty else { return [] }
        var rows: [Int] = []
        for row in 0..<viewport.rowCount {
            if case .item(let source) = displayRow(at: row), marks.set.contains(source) { rows.append(row) }
        }
        return rows
    }

    /// Whether a source row is selected (marked). - Complexity: O(1).
    public func isRowSelected(sourceRow: Int) -> Bool { marks.set.contains(sourceRow) }

    /// Adds source rows to the selection (after those selected already); rows out of range or
    /// deleted are left out.
    public func selectRows(_ sourceRows: some Sequence<Int>) {
        let count = dataSource.rowCount
        for source in sourceRows where source >= 0 && source < count && !rowOrder.hiddenRows.contains(source) {
            marks.insert(source)
        }
        reportSelectionChanges()
    }

    /// Adds the records shown at display rows `rows` to the selection (a section's header or
    /// footer row selects nothing).
    public func selectRows(atDisplayRows rows: some Sequence<Int>) {
        for row in rows where row >= 0 && row < viewport.rowCount {
            if case .item(let source) = displayRow(at: row) { marks.insert(source) }
        }
        reportSelectionChanges()
    }

    /// Takes source rows out of the selection.
    public func deselectRows(_ sourceRows: some Sequence<Int>) {
        marks.remove(Set(sourceRows))
        reportSelectionChanges()
    }

    /// Selects a source row, or takes it out of the selection when it is selected (what `m`
    /// does to the cursor's row).
    public func toggleSelection(ofSourceRow source: Int) {
        if marks.set.contains(source) {
            marks.remove(source)
        } else if source >= 0 && source < dataSource.rowCount && !rowOrder.hiddenRows.contains(source) {
            marks.insert(source)
        }
        reportSelectionChanges()
    }

    /// Empties the selection.
    public func clearSelection() {
        marks.rows = []
        marks.range = nil
        reportSelectionChanges()
    }

    /// Selects the display rows from the anchor to `row` and moves the cursor there, as
    /// Shift-Down, Shift-click and a drag do. The anchor is where the last range began while
    /// the cursor has stayed at its end since; otherwise a new range begins at the cursor. Rows
    /// selected before the range began stay selected; rows it selected are unselected when it
    /// shrinks back. Section header and footer rows select nothing.
    /// - Complexity: O(rows that join or leave the range).
    public func extendSelection(toRow row: Int) {
        guard viewport.rowCount > 0 else { return }
        extendSelectionRange(to: row, startingAtCursor: true)
        reportSelectionChanges()
    }

    /// Tells the delegate what changed since it was last told: the cursor's record
    /// (`didSelectRow`) and the selected rows (`didChangeSelection`), each only when it
    /// changed. The view's cursor and selection methods call it; `TableApplication` calls it
    /// after every event; a program driving a `TableController` itself calls it after each
    /// event too (keys that only move the cursor leave the telling to the caller).
    public func reportSelectionChanges() {
        let cursor = cursorSourceRow
        if cursor != marks.reportedCursorSource {
            marks.reportedCursorSource = cursor
            if let cursor { delegate?.dataTable(self, didSelectRow: viewport.cursor.row, sourceRow: cursor) }
        }
        if marks.isChangeUnreported {
            marks.isChangeUnreported = false
            delegate?.dataTable(self, didChangeSelection: marks.rows)
        }
    }

    // MARK: Ranges (keys and the mouse)

    /// The range being extended, when the cursor is still at its end and the rows at its ends
    /// still show the records they showed (no sort, filter or change moved them since).
    var currentSelectionRange: SelectionRange? {
        guard let range = marks.range, viewport.rowCount > 0 else { return nil }
        let end = range.end ?? range.anchor
        guard range.anchor < viewport.rowCount, end < viewport.rowCount, viewport.cursor.row == end,
              sourceRow(forDisplayRow: range.anchor) == range.anchorSource,
              sourceRow(forDisplayRow: end) == (range.endSource ?? range.anchorSource) else { return nil }
        return range
    }

    /// Starts a range at the cursor that marks nothing yet (a press a drag may extend).
    func beginSelectionRange() {
        guard let source = cursorSourceRow else { return }
        marks.range = SelectionRange(anchor: viewport.cursor.row, anchorSource: source)
    }

    /// Extends the current range to display row `row` (clamped), or a new one from the cursor
    /// when `startingAtCursor` (otherwise without a range nothing happens); the cursor goes to
    /// `row`. False when nothing happened.
    @discardableResult
    func extendSelectionRange(to row: Int, startingAtCursor: Bool) -> Bool {
        guard viewport.rowCount > 0 else { return false }
        let target = max(0, min(row, viewport.rowCount - 1))
        guard var range = currentSelectionRange
                ?? (startingAtCursor ? SelectionRange(anchor: viewport.cursor.row, anchorSource: cursorSourceRow ?? 0) : nil)
        else { return false }
        let new = min(range.anchor, target)...max(range.anchor, target)
        /// The rows from `a` up to `b` (empty when `b` is not above `a`).
        func rows(_ a: Int, _ b: Int) -> Range<Int> { a..<max(a, b) }
        if let end = range.end {
            // Both spans hold the anchor: what differs lies at their ends.
            let old = min(range.anchor, end)...max(range.anchor, end)
            var leaving = Set<Int>()
            for row in [rows(old.lowerBound, new.lowerBound), rows(new.upperBound + 1, old.upperBound + 1)].joined() {
                if case .item(let source) = displayRow(at: row), range.added.contains(source) { leaving.insert(source) }
            }
            range.added.subtract(leaving)
            marks.remove(leaving)
            for row in rows(new.lowerBound, old.lowerBound).reversed() { mark(displayRow: row, in: &range) }
            for row in rows(old.upperBound + 1, new.upperBound + 1) { mark(displayRow: row, in: &range) }
        } else if target < range.anchor {
            for row in new.reversed() { mark(displayRow: row, in: &range) }
        } else {
            for row in new { mark(displayRow: row, in: &range) }
        }
        range.end = target
        range.endSource = sourceRow(forDisplayRow: target)
        marks.range = range
        viewport.moveCursor(to: DataTableIndexPath(row: target, column: viewport.cursor.column))
        return true
    }

    /// Marks the record at a display row for the range, unless it is marked already.
    private func mark(displayRow row: Int, in range: inout SelectionRange) {
        guard case .item(let source) = displayRow(at: row), !marks.set.contains(source) else { return }
        marks.insert(source)
        range.added.insert(source)
    }

    /// The display row a drag at `point` reaches: the row under it in the body; above the body
    /// the row before the top one, below it the row after the last one shown (so dragging past
    /// an edge scrolls a row at a time).
    func dragTargetRow(at point: Point) -> Int? {
        guard viewport.rowCount > 0 else { return nil }
        let body = bodyRect
        if point.y < body.origin.y { return max(0, viewport.topRow - 1) }
        let y = point.y - body.origin.y
        for visible in viewport.visibleRowLayout where y >= visible.y && y < visible.y + visible.height {
            return visible.row
        }
        return min(viewport.rowCount - 1, viewport.visibleRows.upperBound)
    }
}
