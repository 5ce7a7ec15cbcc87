import TerminalSurface

/// Turns input events into changes of a `DataTableView`: the table's own keys and clicks, pure
/// state changes, no drawing, no I/O. Keys the table does not own (`/ & : ? Enter a u R q`, and
/// the keys of the program's own commands) come back as a `TableRequest` for the program around
/// the table to answer.
public final class TableController {
    /// The table the events change.
    public let view: DataTableView

    /// What the caller should do after an event.
    public enum Response: Equatable, Sendable {
        /// Nothing changed.
        case ignored
        /// State changed: draw a new frame.
        case redraw
        /// A key the table does not own: the program answers it (a prompt, a screen, quitting).
        case request(TableRequest)
    }

    /// A count typed before a command (`123G`, `5j`), while one is being typed.
    public internal(set) var count: Int?
    /// Whether `t` was pressed and the next key chooses the cursor column's kind.
    public var isChoosingKind: Bool { oneKeyChoice == .kind }
    /// Whether `Y` was pressed and the next key chooses the format the rows are copied in.
    public var isChoosingCopyFormat: Bool { oneKeyChoice == .copyFormat }
    /// What the next key answers (`t`, `Y`): the one mechanism of a one-key choice on the status line.
    private var oneKeyChoice: OneKeyChoice?
    private enum OneKeyChoice { case kind, copyFormat }

    /// A controller of `view`.
    public init(view: DataTableView) {
        self.view = view
    }

    /// Applies one event to the table. The caller reports a change of the cursor's row to the
    /// delegate (`TableApplication` does, around every screen).
    public func handle(_ event: InputEvent) -> Response {
        switch event {
        case .resize(let size):
            view.setSize(size)
            return .redraw
        case .key(let key):
            if let choice = oneKeyChoice {
                oneKeyChoice = nil
                count = nil
                return choice == .kind ? chooseKind(key) : chooseCopyFormat(key)
            }
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
                if view.cancelJobFromUser() { return .redraw }
                // The last column filter goes first, then the whole-row filter.
                if view.popColumnFilter() != nil { return .redraw }
                if view.filter != nil {
                    view.startFilter(nil)
                    return .redraw
                }
                if view.lastSearch != nil {
                    view.lastSearch = nil  // stop highlighting
                    return .redraw
                }
            }
            // One lookup for the table's commands and the program's (docs/decisions/0123).
            guard let target = view.configuration.keyBindings.target(for: key) else {
                count = nil
                return .ignored
            }
            defer { count = nil }
            switch target {
            case .table(let command): return perform(command)
            case .program(let name): return .request(.programCommand(name))
            }
        case .mouse(let mouse):
            return handleMouse(mouse)
        case .paste:
            return .ignored  // pasted text is never run as keys
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
        case .moveLeft: viewport.moveCursor(columns: -repeats)
        case .moveRight: viewport.moveCursor(columns: repeats)
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
            // Sort keys are source columns: hiding or moving columns never changes the sort.
            let column = view.cursorSourceColumn
            guard view.isSortable(column: column) else {
                view.notice = "\(view.columns[column].title) cannot be sorted"
                return .redraw
            }
            view.startSortFromUser(by: [SortDescriptor(column: column, ascending: command == .sortAscending)])
            return .redraw
        case .search where !view.configuration.shouldShowSearchSection,
             .filter where !view.configuration.shouldShowSearchSection,
             .filterColumn where !view.configuration.shouldShowSearchSection,
             .findSameValue where !view.configuration.shouldShowSearchSection,
             .filterSameValue where !view.configuration.shouldShowSearchSection,
             .searchNext where !view.configuration.shouldShowSearchSection,
             .searchPrevious where !view.configuration.shouldShowSearchSection:
            view.notice = "search is turned off for this table"
            return .redraw
        case .search:
            return .request(.search)
        case .filter:
            return .request(.filter)
        case .filterColumn, .findSameValue, .filterSameValue:
            return performColumnFilter(command)
        case .searchNext, .searchPrevious:
            guard let matcher = view.lastSearch else {
                view.notice = "no search yet: / searches"
                return .redraw
            }
            view.startSearch(matcher, forward: command == .searchNext)
            return .redraw
        case .addSortAscending, .addSortDescending:
            guard !view.columns.isEmpty else { return .ignored }
            view.addSortKey(column: view.cursorSourceColumn, ascending: command == .addSortAscending)
            return .redraw
        case .cycleSort:
            guard !view.columns.isEmpty else { return .ignored }
            view.cycleSort(column: view.cursorSourceColumn)
            return .redraw
        case .goToRow:
            return .request(.commandLine)
        case .narrowColumn, .widenColumn:
            view.resizeCursorColumn(by: (command == .widenColumn ? 1 : -1) * repeats)
            return .redraw
        case .autoWidthColumn:
            guard !view.columns.isEmpty else { return .ignored }
            view.setWidth(nil, ofColumn: view.cursorSourceColumn)
            view.notice = "\(view.columns[view.cursorSourceColumn].title): sized from its content"
            return .redraw
        case .freezeColumns:
            guard !view.columns.isEmpty else { return .ignored }
            view.toggleFreezeAtCursor()
            return .redraw
        case .openRecord:
            guard viewport.rowCount > 0 else { return .ignored }
            // On a section's header or footer, Enter collapses or expands the section.
            if view.isCursorOnSectionRow {
                view.toggleSectionAtCursor()
                return .redraw
            }
            // On a cell with buttons, Enter offers its actions; elsewhere it opens the record.
            if let cellActions = view.actionNamesOfCursorCell(), !cellActions.isEmpty {
                return chooseAction(from: cellActions)
            }
            return .request(.openRecord(sourceRow: view.sourceRow(forDisplayRow: viewport.cursor.row)))
        case .copyRowsAs:
            guard !view.columns.isEmpty else { return .ignored }
            oneKeyChoice = .copyFormat
            view.notice = "copy \(view.marks.set.isEmpty ? "the row" : "the marked rows") as: "
                + Self.copyFormatKeys.map { "\($0.key) \($0.format.rawValue)" }.joined(separator: "  ") + "  Esc cancels"
            return .redraw
        case .markRow where view.isCursorOnSectionRow, .copyCell where view.isCursorOnSectionRow,
             .fireAction where view.isCursorOnSectionRow:
            view.notice = "on a section's \(view.isCursorOnSectionHeader ? "header" : "footer"): Enter or o collapses it"
            return .redraw
        // After the section rows' case: on a header or footer, `m` and `y` say so instead.
        case .toggleStripes, .toggleWrap, .toggleSection, .hideColumn, .showAllColumns, .markRow, .copyCell:
            Self.viewCommands[command]?(view)
            return .redraw
        case .moveColumnLeft, .moveColumnRight:
            view.moveCursorColumn(by: command == .moveColumnLeft ? -repeats : repeats)
            return .redraw
        case .goToColumn:
            guard !view.columns.isEmpty else { return .ignored }
            return .request(.goToColumn)
        case .filterColumns:
            guard !view.columns.isEmpty else { return .ignored }
            return .request(.filterColumns)
        case .toggleAllSections:
            guard view.sectionCount > 0 else {
                view.notice = DataTableHints.message("no sections", hint: view.configuration.hints.groupingRows)
                return .redraw
            }
            view.toggleAllSections()
            return .redraw
        case .fireAction:
            guard viewport.rowCount > 0 else { return .ignored }
            let names = view.actionNames(forDisplayRow: viewport.cursor.row)
            guard !names.isEmpty else {
                view.notice = DataTableHints.message("no actions", hint: view.configuration.hints.addingActions)
                return .redraw
            }
            return chooseAction(from: names)
        case .chooseKind:
            guard !view.columns.isEmpty else { return .ignored }
            oneKeyChoice = .kind
            let column = view.columns[view.cursorSourceColumn]
            view.notice = "kind of \(column.title) (\(column.kind.name)): " + Self.kindKeys.map { "\($0.key) \($0.label)" }.joined(separator: "  ")
                + "  Esc cancels"
            return .redraw
        case .extendSelectionUp, .extendSelectionDown, .clearSelection: return performSelection(command)
        case .undo:
            return .request(.undo)
        case .reload:
            return .request(.reload)
        case .summary:
            guard !view.columns.isEmpty else { return .ignored }
            return .request(.summary)
        case .frequency:
            guard !view.columns.isEmpty else { return .ignored }
            return .request(.frequency(column: view.cursorSourceColumn))
        case .help:
            return .request(.help)
        case .quit:
            return .request(.quit)
        }
        if viewport == view.viewport { return .ignored }
        view.viewport = viewport
        return .redraw
    }

    /// Commands whose whole effect is one call on the view (then a frame is drawn).
    private static let viewCommands: [TableCommand: @Sendable (DataTableView) -> Void] = [
        .toggleStripes: { $0.toggleStripes() },
        .toggleWrap: { $0.toggleWrap() },
        .toggleSection: { $0.toggleSectionAtCursor() },
        .hideColumn: { $0.hideCursorColumn() },
        .showAllColumns: { $0.showAllColumnsFromUser() },
        .markRow: { $0.toggleMarkAtCursor() },
        .copyCell: { $0.copyCursorCell() },
    ]

    /// The keys after `t` and the kinds they set (nil: back to the inferred kind), as the
    /// status line lists them. VisiData's type keys, behind a prefix (`#` and `@` alone are
    /// the find and filter like this cell of csvlens).
    static let kindKeys: [(key: Character, label: String, kind: SortKeyKind?)] = [
        ("#", "int", .integer), ("%", "decimal", .decimal), ("@", "date", .dateTime), ("~", "text", .text),
        ("!", "bool", .boolean), ("a", "auto", nil),
    ]

    /// The key after `t`: sets the cursor column's kind, or cancels (Esc, any other key).
    private func chooseKind(_ key: Key) -> Response {
        guard !view.columns.isEmpty else { return .redraw }
        let column = view.cursorSourceColumn
        guard case .character(let c) = key, let choice = Self.kindKeys.first(where: { $0.key == c }) else {
            view.notice = "kind unchanged"
            return .redraw
        }
        view.setKind(choice.kind.map { ColumnKindSetting(kind: $0) }, ofColumn: column)
        let title = view.columns[column].title
        view.notice = "\(title): \(view.columns[column].kind.name) (\(choice.kind == nil ? "inferred" : "set"))"
        return .redraw
    }

    /// Fires the only action, or asks which one (`a`, `Enter` on buttons).
    private func chooseAction(from names: [String]) -> Response {
        if names.count == 1 {
            view.fireAction(names[0], displayRow: view.viewport.cursor.row)
        } else {
            return .request(.chooseAction(names: names, row: view.viewport.cursor.row))
        }
        return .redraw
    }
}
