/// Something a person can ask the table to do, independent of the key that asks for it.
public enum TableCommand: String, CaseIterable, Hashable, Sendable {
    case moveUp, moveDown, moveLeft, moveRight
    case pageDown, pageUp, halfPageDown, halfPageUp
    case top, bottom, firstColumn, lastColumn
    case sortAscending, sortDescending
    case search, searchNext, searchPrevious, filter
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
        case .search: return "search (Ctrl-R in the prompt: regex)"
        case .searchNext: return "next match of the search"
        case .searchPrevious: return "previous match of the search"
        case .filter: return "show only matching rows (empty: all)"
        case .help: return "this help (q, Esc or ? closes it)"
        case .quit: return "quit"
        }
    }
}
