import TerminalSurface

/// Turns input events into changes of a `DataTableView`: pure state changes, no drawing, no I/O.
public final class TableController {
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

    public init(view: DataTableView) {
        self.view = view
    }

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
            if let prompt = view.prompt { return handlePrompt(prompt, key) }
            if key == .escape {
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
            guard let command = view.configuration.keyBindings.command(for: key) else { return .ignored }
            return perform(command)
        case .mouse(let mouse):
            return handleMouse(mouse)
        }
    }

    /// Runs one command.
    public func perform(_ command: TableCommand) -> Response {
        var viewport = view.viewport
        let page = max(1, viewport.bodySize.height)
        switch command {
        case .moveUp: viewport.moveCursor(rows: -1)
        case .moveDown: viewport.moveCursor(rows: 1)
        case .moveLeft: viewport.moveCursor(columns: -1)
        case .moveRight: viewport.moveCursor(columns: 1)
        case .pageDown: viewport.scroll(lines: page)
        case .pageUp: viewport.scroll(lines: -page)
        case .halfPageDown: viewport.scroll(lines: max(1, page / 2))
        case .halfPageUp: viewport.scroll(lines: -max(1, page / 2))
        case .top: viewport.moveCursor(to: DataTableIndexPath(row: 0, column: viewport.cursor.column))
        case .bottom: viewport.moveCursor(to: DataTableIndexPath(row: viewport.rowCount - 1, column: viewport.cursor.column))
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
        case .addSortAscending, .addSortDescending, .cycleSort, .goToRow, .toggleStripes, .toggleWrap,
             .narrowColumn, .widenColumn, .autoWidthColumn, .freezeColumns, .openRecord, .markRow, .copyCell,
             .fireAction, .undo:
            return .ignored  // arrives with the keys-and-mouse work
        case .help:
            view.isShowingHelp = true
            view.helpScrollOffset = 0
            return .redraw
        case .quit:
            return .quit
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

    /// Keys while the help screen is up: scroll it, or close it.
    private func handleHelp(_ key: Key) -> Response {
        switch key {
        case .character("q"), .escape, .character("?"), .enter, .function(1):
            view.isShowingHelp = false
        case .control("c"):
            return .quit
        case .down, .character("j"):
            view.helpScrollOffset += 1
        case .up, .character("k"):
            view.helpScrollOffset -= 1
        case .pageDown, .character(" "), .control("f"):
            view.helpScrollOffset += max(1, view.size.height - 3)
        case .pageUp, .control("b"):
            view.helpScrollOffset -= max(1, view.size.height - 3)
        default:
            return .ignored
        }
        return .redraw
    }

    /// A click moves the cursor to the cell under it; the wheel scrolls 3 rows.
    private func handleMouse(_ mouse: MouseEvent) -> Response {
        guard !view.isShowingHelp else {
            if case .press = mouse.kind { view.isShowingHelp = false; return .redraw }
            return .ignored
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
                guard let delegate = view.delegate else { return .ignored }
                delegate.dataTable(view, didTapHeaderOfColumn: column)
                return .redraw  // whatever the delegate changed
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
                view.fireAction(hit.action, displayRow: hit.indexPath.row)
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
