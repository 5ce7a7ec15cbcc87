/// Something a person can ask the table to do, independent of the key that asks for it.
public enum TableCommand: String, CaseIterable, Hashable, Sendable {
    case moveUp, moveDown, moveLeft, moveRight
    case pageDown, pageUp, halfPageDown, halfPageUp
    case top, bottom, firstColumn, lastColumn
    case sortAscending, sortDescending
    case addSortAscending, addSortDescending, cycleSort
    case search, searchNext, searchPrevious, filter
    case filterColumn, findSameValue, filterSameValue
    case goToRow
    case toggleStripes, toggleWrap
    case narrowColumn, widenColumn, autoWidthColumn
    case freezeColumns
    case chooseKind
    case openRecord, markRow, copyCell, fireAction, undo
    case copyRowsAs
    case extendSelectionUp, extendSelectionDown, clearSelection
    case reload
    case toggleSection, toggleAllSections
    case hideColumn, showAllColumns, moveColumnLeft, moveColumnRight, goToColumn, filterColumns
    case frequency
    case summary
    case help, quit

    /// One line for the help screen.
    public var summary: String {
        switch self {
        case .moveUp: return "cursor up one row"
        case .moveDown: return "cursor down one row"
        case .moveLeft: return "cursor left one column"
        case .moveRight: return "cursor right one column"
        case .pageDown: return "page down"
        case .pageUp: return "page up"
        case .halfPageDown: return "half a page down"
        case .halfPageUp: return "half a page up"
        case .top: return "first row"
        case .bottom: return "last row"
        case .firstColumn: return "first column"
        case .lastColumn: return "last column"
        case .sortAscending: return "sort by this column, ascending"
        case .sortDescending: return "sort by this column, descending"
        case .addSortAscending: return "add this column to the sort, ascending"
        case .addSortDescending: return "add this column to the sort, descending"
        case .cycleSort: return "sort by this column only: ascending, descending, none"
        case .goToRow: return "go to a row (:123); :w writes the file, :w FILE the rows and columns shown"
        case .toggleStripes: return "zebra stripes on/off"
        case .toggleWrap: return "wrap long text on/off (rows grow)"
        case .narrowColumn: return "make this column narrower"
        case .widenColumn: return "make this column wider"
        case .autoWidthColumn: return "size this column from its content"
        case .freezeColumns: return "freeze the columns up to this one (again: unfreeze)"
        case .chooseKind: return "set this column's kind: then # int, % decimal, @ date, ~ text, ! bool, a auto"
        case .openRecord: return "show the row as fields and values (on buttons: fire)"
        case .markRow: return "mark or unmark the row"
        case .extendSelectionUp: return "mark rows from where the marking began up to the row above"
        case .extendSelectionDown: return "mark rows from where the marking began down to the row below"
        case .clearSelection: return "unmark every row"
        case .copyRowsAs: return "copy the marked rows (else this row) as CSV, TSV, JSON, JSON Lines, Markdown or HTML (a key picks)"
        case .copyCell: return "copy the cell (rows marked: the marked rows as TSV) to the clipboard (OSC 52)"
        case .fireAction: return "fire one of the row's actions"
        case .undo: return "undo the last delete or edit"
        case .reload: return "read the file again now (asks first when edits would be lost)"
        case .toggleSection: return "collapse or expand the section (Enter on its header too)"
        case .toggleAllSections: return "collapse all sections, or expand them all"
        case .hideColumn: return "hide this column (never the last one shown)"
        case .showAllColumns: return "show every hidden column again"
        case .moveColumnLeft: return "move this column left (display only; the file is untouched)"
        case .moveColumnRight: return "move this column right (display only; the file is untouched)"
        case .goToColumn: return "go to a column by name (Tab completes; a hidden one shows again)"
        case .filterColumns: return "show only the columns whose title matches a regex (empty: all)"
        case .summary: return "summary of every column: counts, distinct, min, max, mean, quartiles, histogram (Enter there goes to the column)"
        case .frequency: return "frequency table of this column (Enter there filters to a value)"
        case .search: return "search (Ctrl-R in the prompt: regex)"
        case .searchNext: return "next match of the search"
        case .searchPrevious: return "previous match of the search"
        case .filter: return "show only matching rows (empty: all)"
        case .filterColumn: return "filter on this column: text, >30, =x, !=x, a..b (stacks; Esc pops)"
        case .findSameValue: return "next row with this cell's value in this column"
        case .filterSameValue: return "show only rows with this cell's value in this column"
        case .help: return "this help (q, Esc or ? closes it)"
        case .quit: return "quit"
        }
    }
}
