import TerminalSurface

/// Display columns and source columns: which data source column each column on screen shows.
///
/// The viewport (the cursor, scrolling, widths on screen, frozen columns) counts display
/// columns: the shown columns in display order. Everything about the data counts source
/// columns: sort descriptors, filters, kinds, `columns` (titles, widths), cells' index paths
/// (`CellContext.indexPath.column`), the delegate's columns. Hiding and moving columns changes
/// only `columnOrder`, so it never changes a sort, a filter or a kind.
extension DataTableView {
    /// The data source column shown at display column `display`.
    /// - Complexity: O(1), no allocation (called per cell per frame).
    @inline(__always)
    public func sourceColumn(forDisplayColumn display: Int) -> Int { columnOrder.source(forDisplay: display) }

    /// The display column showing source column `source`; nil when it is hidden.
    /// - Complexity: O(1).
    public func displayColumn(forSourceColumn source: Int) -> Int? { columnOrder.display(forSource: source) }

    /// The source columns shown, in display order (what printing and a written view contain).
    public var visibleColumns: [Int] { columnOrder.shown }

    /// The hidden source columns, in the order they would show again (`+`).
    public var hiddenColumns: [Int] { columnOrder.hidden }

    /// The data source column of the cursor's cell.
    public var cursorSourceColumn: Int { sourceColumn(forDisplayColumn: viewport.cursor.column) }

    // MARK: - Hiding and moving

    /// Hides source column `source` (`-` on the cursor's column); the cursor stays at its
    /// display position, on the column that takes the hidden one's place. Sort, filter and
    /// kinds are untouched (a hidden sort key still orders the rows). Returns false, changing
    /// nothing, for the last shown column, a hidden column or one out of range.
    @discardableResult
    public func hideColumn(_ source: Int) -> Bool {
        let frozen = columnLayout.frozenSourceMemory ?? frozenSourceColumns
        guard columnOrder.hide(source) else { return false }
        keepFrozen(frozen)
        columnOrderDidChange(keepingCursorOn: nil)
        return true
    }

    /// Shows every hidden column again, at the places they were hidden from (`+`); the cursor
    /// stays on its column.
    public func showAllColumns() {
        guard !columnOrder.hidden.isEmpty else { columnLayout.columnFilter = nil; return }
        let cursorSource = cursorSourceColumn
        let frozen = columnLayout.frozenSourceMemory ?? frozenSourceColumns
        columnOrder.showAll()
        keepFrozen(frozen)
        columnLayout.columnFilter = nil
        columnOrderDidChange(keepingCursorOn: cursorSource)
    }

    /// Shows source column `source` again if it is hidden (at its place among the others).
    public func showColumn(_ source: Int) {
        let cursorSource = cursorSourceColumn
        let frozen = columnLayout.frozenSourceMemory ?? frozenSourceColumns
        guard columnOrder.show(source) else { return }
        keepFrozen(frozen)
        columnOrderDidChange(keepingCursorOn: cursorSource)
    }

    /// Moves shown source column `source` to display column `target` (clamped); the other
    /// shown columns keep their order and the cursor stays on its column (a moved cursor
    /// column takes the cursor with it). Display order only: the data is untouched.
    public func moveColumn(_ source: Int, toDisplayColumn target: Int) {
        let cursorSource = cursorSourceColumn
        guard let from = columnOrder.display(forSource: source), columnOrder.move(source, toDisplay: target) != from
        else { return }
        columnLayout.frozenSourceMemory = nil  // positional: the columns now in the frozen places are frozen
        columnOrderDidChange(keepingCursorOn: cursorSource)
    }

    /// Shows only the columns whose title `matcher` matches (`*`, or the program's column pattern; an empty query
    /// shows every column). Returns false, changing nothing, when no title matches, or when the
    /// pattern ran out of its limits on a title (`matcher.isTooComplex`: no answer). The cursor
    /// stays on its column when it is still shown, else it goes to the nearest shown one.
    /// - Complexity: O(columns) matches.
    @discardableResult
    public func showColumns(matching matcher: RowMatcher) -> Bool {
        let cursorSource = cursorSourceColumn
        let frozen = columnLayout.frozenSourceMemory ?? frozenSourceColumns
        let matches = columns.map { matcher.matches($0.title) }
        guard !matcher.isTooComplex, columnOrder.showOnly(where: { matches[$0] }) else { return false }
        keepFrozen(frozen)
        columnLayout.columnFilter = matcher.query.isEmpty ? nil : matcher
        columnOrderDidChange(keepingCursorOn: cursorSource)
        return true
    }

    /// Moves the cursor to source column `source`, showing it first when it is hidden
    /// (`c`, going to a column by name).
    public func goToColumn(_ source: Int) {
        guard columns.indices.contains(source) else { return }
        showColumn(source)
        guard let display = columnOrder.display(forSource: source) else { return }
        viewport.moveCursor(to: DataTableIndexPath(row: viewport.cursor.row, column: display))
    }

    // MARK: - The keys

    /// Hides the cursor's column (`-`) and says what is hidden; never the last shown column.
    public func hideCursorColumn() {
        guard !columns.isEmpty else { return }
        let source = cursorSourceColumn
        guard hideColumn(source) else {
            notice = "\(TerminalText.excerpt(columns[source].title, maxWidth: 40)) is the only column shown (+ shows all)"
            return
        }
        let count = columnOrder.hidden.count
        notice = "hidden: \(TerminalText.excerpt(columns[source].title, maxWidth: 40))" + (count > 1 ? " (\(count) hidden, + shows all)" : " (+ shows all)")
    }

    /// Shows only the columns whose title matches the regex `query` (`*`; empty: every column)
    /// and says how many show; a bad regex or one matching no title changes nothing and says
    /// why.
    public func filterColumnsFromUser(_ query: String) {
        guard !query.isEmpty else {
            showAllColumns()
            notice = "all \(columns.count) columns shown"
            return
        }
        do {
            let matcher = try RowMatcher(query: query, mode: .regex)
            guard showColumns(matching: matcher) else {
                notice = matcher.isTooComplex ? matcher.tooComplexNotice + ": columns unchanged"
                    : "no column matches \(TerminalText.quoted(query, maxWidth: 40)): columns unchanged"
                return
            }
            notice = "\(columnOrder.shown.count) of \(columns.count) columns match \(TerminalText.quoted(query, maxWidth: 40)) (* then Enter: all)"
        } catch {
            notice = "\(error)"
        }
    }

    /// Shows every hidden column (`+`) and says how many came back.
    public func showAllColumnsFromUser() {
        let count = columnOrder.hidden.count
        guard count > 0 else {
            notice = "no hidden columns (- hides the cursor's column)"
            return
        }
        showAllColumns()
        notice = count == 1 ? "1 column shown again" : "\(count) columns shown again"
    }

    /// Moves the cursor's column `offset` display columns (`H` -1, `L` +1); the cursor follows.
    public func moveCursorColumn(by offset: Int) {
        guard !columns.isEmpty else { return }
        let display = viewport.cursor.column
        let target = max(0, min(display + offset, columnOrder.shown.count - 1))
        guard target != display else {
            notice = offset < 0 ? "already the first column" : "already the last column"
            return
        }
        moveColumn(cursorSourceColumn, toDisplayColumn: target)
    }

    // MARK: - Frozen columns across hiding and showing

    /// The source columns frozen at the left and at the right edge.
    var frozenSourceColumns: (leading: [Int], trailing: [Int]) {
        columnLayout.frozenSourceColumns(leading: viewport.frozenColumns.leading, trailing: viewport.frozenColumns.trailing)
    }

    /// Sets the frozen counts after hiding or showing columns so the columns frozen before stay
    /// frozen and no other column becomes frozen by taking a hidden one's place (as a
    /// spreadsheet's frozen panes). The left edge ends after the last of `frozen.leading` still
    /// shown (a column shown again inside it is frozen with it), the right edge starts at the
    /// first of `frozen.trailing` still shown. `frozen` is remembered, so a frozen column hidden
    /// and shown again (`-` then `+`) is frozen again. Moving a column (`H`, `L`) keeps the
    /// counts: a column moved into the frozen area is frozen, as in a spreadsheet.
    /// - Complexity: O(columns).
    func keepFrozen(_ frozen: (leading: [Int], trailing: [Int])) {
        guard !frozen.leading.isEmpty || !frozen.trailing.isEmpty else { return }
        let counts = columnLayout.frozenCounts(keeping: frozen)
        setFrozenCounts(leading: counts.leading, trailing: counts.trailing)
        columnLayout.frozenSourceMemory = frozen
    }

    /// Re-lays the columns out after the order changed; the cursor stays on `cursorSource` when
    /// it is shown (else at its display position, clamped).
    func columnOrderDidChange(keepingCursorOn cursorSource: Int?) {
        layoutColumns()
        if let cursorSource, let display = columnOrder.display(forSource: cursorSource) {
            viewport.moveCursor(to: DataTableIndexPath(row: viewport.cursor.row, column: display))
        } else {
            viewport.moveCursor(to: viewport.cursor)
        }
    }
}
