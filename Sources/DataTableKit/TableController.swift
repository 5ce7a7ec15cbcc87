import TerminalSurface

/// Turns input events into changes of a `DataTableView`: pure state changes, no drawing, no I/O.
public final class TableController {
    /// The table the events change.
    public let view: DataTableView

    /// What the caller should do after an event.
    public enum Response: Equatable, Sendable {
        /// Nothing changed.
        case ignored
        /// State changed: draw a new frame.
        case redraw
        /// The user asked to leave.
        case quit
    }

    /// A count typed before a command (`123G`, `5j`), while one is being typed.
    public private(set) var count: Int?

    /// A controller of `view`.
    public init(view: DataTableView) {
        self.view = view
    }

    /// Applies one key, click or resize to the view; says whether to redraw or quit.
    public func handle(_ event: InputEvent) -> Response {
        let rowBefore = view.viewport.rowCount > 0 ? view.sourceRow(forDisplayRow: view.viewport.cursor.row) : nil
        let response = respond(to: event)
        if view.viewport.rowCount > 0 {
            let row = view.viewport.cursor.row
            let source = view.sourceRow(forDisplayRow: row)
            if source != rowBefore { view.delegate?.dataTable(view, didSelectRow: row, sourceRow: source) }
        }
        return response
    }

    private func respond(to event: InputEvent) -> Response {
        switch event {
        case .resize(let size):
            view.setSize(size)
            return .redraw
        case .key(let key):
            // A message from the last command lasts until the next key.
            view.notice = nil
            if view.isShowingHelp { return handleHelp(key) }
            if view.isConfirmingQuit { return handleQuitConfirmation(key) }
            if let form = view.editForm { return handleEditForm(form, key) }
            if view.recordViewRow != nil { return handleRecordView(key) }
            if let choices = view.actionChoices { return handleActionChoice(choices, key) }
            if let prompt = view.prompt { return handlePrompt(prompt, key) }
            // A count: digits before a command (a leading 0 is the first-column command).
            if case .character(let c) = key, let digit = c.wholeNumberValue, c.isASCII, digit > 0 || count != nil {
                count = min((count ?? 0) * 10 + digit, 1_000_000_000)
                view.notice = "\(count!)"
                return .redraw
            }
            if key == .escape {
                if count != nil {
                    count = nil
                    return .redraw
                }
                if view.delegate?.dataTableCancelWork(view) == true { return .redraw }
                if let job = view.activeJob {
                    view.cancelJob()
                    view.notice = "\(job.kind.verb) cancelled"
                    return .redraw
                }
                if view.filter != nil {
                    view.startFilter(nil)
                    return .redraw
                }
                if view.lastSearch != nil {
                    view.lastSearch = nil  // stop highlighting
                    return .redraw
                }
            }
            guard let command = view.configuration.keyBindings.command(for: key) else {
                count = nil
                return .ignored
            }
            defer { count = nil }
            return perform(command)
        case .mouse(let mouse):
            return handleMouse(mouse)
        }
    }

    /// Runs one command.
    public func perform(_ command: TableCommand) -> Response {
        var viewport = view.viewport
        let page = max(1, viewport.bodySize.height)
        let repeats = max(1, count ?? 1)
        switch command {
        case .moveUp: viewport.moveCursor(rows: -repeats)
        case .moveDown: viewport.moveCursor(rows: repeats)
        case .moveLeft: viewport.moveCursor(columns: -1)
        case .moveRight: viewport.moveCursor(columns: 1)
        case .pageDown: viewport.scroll(lines: page)
        case .pageUp: viewport.scroll(lines: -page)
        case .halfPageDown: viewport.scroll(lines: max(1, page / 2))
        case .halfPageUp: viewport.scroll(lines: -max(1, page / 2))
        case .top: viewport.moveCursor(to: DataTableIndexPath(row: (count ?? 1) - 1, column: viewport.cursor.column))
        case .bottom:
            viewport.moveCursor(to: DataTableIndexPath(row: (count ?? viewport.rowCount) - 1, column: viewport.cursor.column))
        case .firstColumn: viewport.moveCursor(to: DataTableIndexPath(row: viewport.cursor.row, column: 0))
        case .lastColumn: viewport.moveCursor(to: DataTableIndexPath(row: viewport.cursor.row, column: viewport.columnWidths.count - 1))
        case .sortAscending, .sortDescending:
            guard !view.columns.isEmpty else { return .ignored }
            guard view.isSortable(column: viewport.cursor.column) else {
                view.notice = "\(view.columns[viewport.cursor.column].title) cannot be sorted"
                return .redraw
            }
            view.startSort(by: [SortDescriptor(column: viewport.cursor.column, ascending: command == .sortAscending)])
            return .redraw
        case .search where !view.configuration.shouldShowSearchSection,
             .filter where !view.configuration.shouldShowSearchSection,
             .searchNext where !view.configuration.shouldShowSearchSection,
             .searchPrevious where !view.configuration.shouldShowSearchSection:
            view.notice = "search is turned off for this table"
            return .redraw
        case .search:
            view.prompt = Prompt(kind: .search, isRegex: view.lastSearch?.mode == .regex)
            return .redraw
        case .filter:
            view.prompt = Prompt(kind: .filter, text: view.filter?.query ?? "", isRegex: view.filter?.mode == .regex)
            return .redraw
        case .searchNext, .searchPrevious:
            guard let matcher = view.lastSearch else {
                view.notice = "no search yet: / searches"
                return .redraw
            }
            view.startSearch(matcher, forward: command == .searchNext)
            return .redraw
        case .addSortAscending, .addSortDescending:
            guard !view.columns.isEmpty else { return .ignored }
            view.addSortKey(column: viewport.cursor.column, ascending: command == .addSortAscending)
            return .redraw
        case .cycleSort:
            guard !view.columns.isEmpty else { return .ignored }
            view.cycleSort(column: viewport.cursor.column)
            return .redraw
        case .goToRow:
            view.prompt = Prompt(kind: .command)
            return .redraw
        case .toggleStripes:
            view.toggleStripes()
            return .redraw
        case .toggleWrap:
            view.toggleWrap()
            return .redraw
        case .narrowColumn, .widenColumn:
            view.resizeCursorColumn(by: (command == .widenColumn ? 1 : -1) * repeats)
            return .redraw
        case .autoWidthColumn:
            guard !view.columns.isEmpty else { return .ignored }
            view.setWidth(nil, ofColumn: viewport.cursor.column)
            view.notice = "\(view.columns[viewport.cursor.column].title): sized from its content"
            return .redraw
        case .freezeColumns:
            guard !view.columns.isEmpty else { return .ignored }
            view.toggleFreezeAtCursor()
            return .redraw
        case .openRecord:
            guard viewport.rowCount > 0 else { return .ignored }
            // On a cell with buttons, Enter offers its actions; elsewhere it opens the record.
            if let cellActions = view.actionNamesOfCursorCell(), !cellActions.isEmpty {
                return chooseAction(from: cellActions)
            }
            view.openRecordView()
            return .redraw
        case .markRow:
            view.toggleMarkAtCursor()
            return .redraw
        case .copyCell:
            view.copyCursorCell()
            return .redraw
        case .fireAction:
            guard viewport.rowCount > 0 else { return .ignored }
            let names = view.actionNames(forDisplayRow: viewport.cursor.row)
            guard !names.isEmpty else {
                view.notice = "no actions (add buttons with --action NAME)"
                return .redraw
            }
            return chooseAction(from: names)
        case .undo:
            view.undo()
            return .redraw
        case .help:
            view.isShowingHelp = true
            view.helpScrollOffset = 0
            return .redraw
        case .quit:
            return view.hasUnsavedChanges ? askToQuit() : quitting()
        }
        if viewport == view.viewport { return .ignored }
        view.viewport = viewport
        return .redraw
    }

    /// Keys while a search or filter is being typed.
    private func handlePrompt(_ prompt: Prompt, _ key: Key) -> Response {
        switch prompt.handling(key) {
        case .editing(let next):
            view.prompt = next
        case .cancelled:
            view.prompt = nil
        case .submitted(let done):
            view.prompt = nil
            if done.kind == .command { return runCommandLine(done.text) }
            if done.kind == .filter && done.text.isEmpty {
                view.startFilter(nil)
                return .redraw
            }
            guard !done.text.isEmpty else { return .redraw }
            do {
                let matcher = try RowMatcher(query: done.text, mode: done.isRegex ? .regex : .substring)
                if done.kind == .search {
                    view.startSearch(matcher, forward: true)
                } else {
                    view.startFilter(matcher)
                }
            } catch {
                view.notice = "\(error)"
            }
        }
        return .redraw
    }

    /// What `:` does with its line: a row number, `w` (write), `q`, `wq`, `q!`.
    private func runCommandLine(_ line: String) -> Response {
        let text = line.trimmingSpaces
        if let number = Int(text) {
            view.goToRow(number)
            return .redraw
        }
        switch text {
        case "": return .redraw
        case "q": return view.hasUnsavedChanges ? askToQuit() : quitting()
        case "q!": return .quit  // nothing written, not even --output
        case "w", "wq", "x":
            guard view.writeChanges() else { return .redraw }
            return text == "w" ? .redraw : quitting()
        default:
            view.notice = "unknown command ':\(text)': a row number, w, q, wq or q!"
            return .redraw
        }
    }

    /// Keys while quitting with unsaved changes is being confirmed.
    private func handleQuitConfirmation(_ key: Key) -> Response {
        view.isConfirmingQuit = false
        switch key {
        case .character("w"), .character("y"):
            return view.writeChanges() ? quitting() : .redraw
        case .character("q"), .character("n"), .character("Q"):
            return .quit
        case .control("c"):
            return .quit
        default:
            view.notice = "not quitting"
            return .redraw
        }
    }

    /// Quits unless the delegate keeps the table open (it could not write what it writes on
    /// quit: the status line says why).
    private func quitting() -> Response {
        (view.delegate?.dataTableShouldQuit(view) ?? true) ? .quit : .redraw
    }

    /// Quitting with unsaved edits asks first.
    func askToQuit() -> Response {
        view.actionChoices = nil
        view.isConfirmingQuit = true
        return .redraw
    }

    /// Fires the only action, or asks which one (`a`, `Enter` on buttons).
    private func chooseAction(from names: [String]) -> Response {
        if names.count == 1 {
            view.fireAction(names[0], displayRow: view.viewport.cursor.row)
        } else {
            view.actionChoices = DataTableView.ActionChoices(names: names, row: view.viewport.cursor.row)
        }
        return .redraw
    }

    /// Keys while the status line asks which action to fire: its number or first letter.
    private func handleActionChoice(_ choices: DataTableView.ActionChoices, _ key: Key) -> Response {
        view.actionChoices = nil
        guard case .character(let c) = key else { return .redraw }
        let chosen: String?
        if let digit = c.wholeNumberValue, c.isASCII, digit >= 1, digit <= choices.names.count {
            chosen = choices.names[digit - 1]
        } else {
            chosen = choices.names.first { $0.first.map { String($0).lowercased() == String(c).lowercased() } ?? false }
        }
        if let chosen { view.fireAction(chosen, displayRow: choices.row) }
        return .redraw
    }

    /// Keys while the edit form is up.
    private func handleEditForm(_ form: EditForm, _ key: Key) -> Response {
        if key == .control("c") { return .quit }
        let fields = view.editableFields(of: form.sourceRow)
        let current = form.field < fields.values.count ? fields.values[form.field] : ""
        switch form.handling(key, fieldCount: fields.titles.count, currentText: current) {
        case .editing(let next):
            view.editForm = next
        case .commit(let next, let column, let text):
            view.editForm = next
            if text != current, let message = view.delegate?.dataTable(view, didEditRow: form.sourceRow, column: column, text: text) {
                view.notice = message
            }
        case .close:
            view.editForm = nil
        }
        return .redraw
    }

    /// Keys while the record view is up: scroll it, go to the next or previous record, close it.
    private func handleRecordView(_ key: Key) -> Response {
        if let lines = scrollLines(for: key) {
            view.recordScrollOffset += lines
            return .redraw
        }
        switch key {
        case .character("q"), .escape, .enter:
            view.recordViewRow = nil
        case .control("c"):
            return .quit
        case .character("n"), .right, .character("l"):
            view.viewport.moveCursor(rows: 1)
            view.openRecordView()
        case .character("p"), .left, .character("h"):
            view.viewport.moveCursor(rows: -1)
            view.openRecordView()
        case .character("m"):
            view.toggleMarkAtCursor()
        case .character("y"):
            view.copyToClipboard(view.recordCSV(), saying: "copied the record as CSV")
        default:
            return .ignored
        }
        return .redraw
    }

    /// Keys while the help screen is up: scroll it, or close it.
    private func handleHelp(_ key: Key) -> Response {
        if let lines = scrollLines(for: key) {
            view.helpScrollOffset += lines
            return .redraw
        }
        switch key {
        case .character("q"), .escape, .character("?"), .enter, .function(1):
            view.isShowingHelp = false
        case .control("c"):
            return .quit
        default:
            return .ignored
        }
        return .redraw
    }

    /// How far a key scrolls a full-screen list (help, record view): a line or a page.
    private func scrollLines(for key: Key) -> Int? {
        let page = max(1, view.size.height - 3)
        switch key {
        case .down, .character("j"): return 1
        case .up, .character("k"): return -1
        case .pageDown, .character(" "), .control("f"): return page
        case .pageUp, .control("b"): return -page
        default: return nil
        }
    }

    /// A click moves the cursor to the cell under it; the wheel scrolls 3 rows.
    private func handleMouse(_ mouse: MouseEvent) -> Response {
        guard !view.isShowingHelp else {
            if case .press = mouse.kind { view.isShowingHelp = false; return .redraw }
            return .ignored
        }
        // While the status line asks something, or a form or prompt is open, the table under it
        // does not move: the answer must apply to what was asked about.
        if view.actionChoices != nil || view.isConfirmingQuit || view.editForm != nil || view.prompt != nil {
            return .ignored
        }
        count = nil
        if view.recordViewRow != nil {
            switch mouse.kind {
            case .wheelDown: view.recordScrollOffset += 3
            case .wheelUp: view.recordScrollOffset -= 3
            case .press: view.recordViewRow = nil
            default: return .ignored
            }
            return .redraw
        }
        var viewport = view.viewport
        switch mouse.kind {
        case .wheelDown where mouse.modifiers.contains(.shift), .wheelRight:
            viewport.scrollView(columns: 1)
        case .wheelUp where mouse.modifiers.contains(.shift), .wheelLeft:
            viewport.scrollView(columns: -1)
        case .wheelDown:
            viewport.scrollView(rows: 3)
        case .wheelUp:
            viewport.scrollView(rows: -3)
        case .press(.left):
            if let column = view.headerColumn(at: mouse.position) {
                // Same as `s` on that column: ascending, descending, none.
                view.cycleSort(column: column)
                view.delegate?.dataTable(view, didTapHeaderOfColumn: column)
                return .redraw
            }
            guard let indexPath = view.indexPath(at: mouse.position) else { return .ignored }
            if let hit = view.actionHit(at: mouse.position) {
                // Drawn pressed until the button comes up; nothing moves meanwhile (a scroll would
                // put another cell under the pointer), so the release finds the same button.
                view.pressedButton = (hit.key, hit.action)
                return .redraw
            }
            viewport.moveCursor(to: indexPath)
        case .release(.left):
            guard let pressed = view.pressedButton else { return .ignored }
            view.pressedButton = nil
            if let hit = view.actionHit(at: mouse.position), hit.key == pressed.key, hit.action == pressed.action {
                // The row becomes the cursor's; the column stays (a button is not a value).
                view.viewport.moveCursor(to: DataTableIndexPath(row: hit.indexPath.row, column: view.viewport.cursor.column))
                view.fireAction(hit.action, displayRow: hit.indexPath.row, column: hit.indexPath.column)
            }
            return .redraw
        default:
            return .ignored
        }
        if viewport == view.viewport { return .ignored }
        view.viewport = viewport
        return .redraw
    }
}

extension DataTableView {
    /// The body cell under a screen point, if any (gutters and chrome have none).
    public func indexPath(at point: Point) -> DataTableIndexPath? {
        cellHit(at: point)?.indexPath
    }

    /// The body cell under a screen point and the point in the cell's own coordinates.
    func cellHit(at point: Point) -> (indexPath: DataTableIndexPath, local: Point, size: Size)? {
        guard bodyRect.contains(point) else { return nil }
        let y = point.y - bodyRect.y
        guard let row = viewport.visibleRowLayout.first(where: { y >= $0.y && y < $0.y + $0.height }) else { return nil }
        let x = point.x - bodyRect.x
        guard let column = viewport.visibleColumns.first(where: { x >= $0.x && x < $0.x + $0.width }) else { return nil }
        return (DataTableIndexPath(row: row.row, column: column.column), Point(x: x - column.x, y: y - row.y),
                Size(width: column.width, height: row.height))
    }

    /// The column whose header is under a screen point.
    public func headerColumn(at point: Point) -> Int? {
        guard headerRect.contains(point) else { return nil }
        let x = point.x - headerRect.x
        return viewport.visibleColumns.first(where: { x >= $0.x && x < $0.x + $0.width })?.column
    }

    /// The action button under a screen point: the cell on screen there and the action it names.
    func actionHit(at point: Point) -> (key: CellKey, indexPath: DataTableIndexPath, action: String)? {
        guard let hit = cellHit(at: point) else { return nil }
        let key = CellKey(sourceRow: sourceRow(forDisplayRow: hit.indexPath.row), column: hit.indexPath.column)
        guard let cell = cellsOnScreen[key], let action = cell.action(at: hit.local, size: hit.size) else { return nil }
        return (key, hit.indexPath, action)
    }
}
