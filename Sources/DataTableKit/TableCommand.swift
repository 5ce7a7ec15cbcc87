/// Something a person can ask the table to do, independent of the key that asks for it.
public enum TableCommand: String, CaseIterable, Hashable, Sendable {
    case moveUp, moveDown, moveLeft, moveRight
    case pageDown, pageUp, halfPageDown, halfPageUp
    case top, bottom, firstColumn, lastColumn
    case sortAscending, sortDescending
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
        case .sortAscending: return "sort by the cursor column, ascending (replaces the sort)"
        case .sortDescending: return "sort by the cursor column, descending (replaces the sort)"
        case .help: return "this help (q, Esc or ? closes it)"
        case .quit: return "quit"
        }
    }
}
