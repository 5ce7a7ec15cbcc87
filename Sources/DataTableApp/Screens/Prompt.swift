import DataTableKit
import TerminalSurface

/// A line being typed in the status line: a search after `/`, a filter after `&`, a row
/// number or command after `:`, a column's name after `c`, a regex choosing columns after `*`.
public struct Prompt: Hashable, Sendable {
    /// What the typed line is for.
    public enum Kind: Hashable, Sendable {
        case search, filter, command
        /// `|`: a filter on one column (a source column, titled so in the hint).
        case columnFilter(column: Int, title: String)
        /// `c`: the name of a column to go to (Tab completes).
        case goToColumn
        /// `*`: a regex; only the columns whose titles match show.
        case filterColumns
        /// A line a program command asks for (`ProgramCommand.Context.prompt`), after `label`.
        case input(label: String)

        /// The character the prompt starts with.
        var symbol: String {
            switch self {
            case .search: return "/"
            case .filter: return "&"
            case .columnFilter: return "|"
            case .command: return ":"
            case .goToColumn: return "column: "
            case .filterColumns: return "columns matching: "
            case .input(let label): return label + " "
            }
        }

        /// Whether the line is a pattern over the rows' values: Ctrl-R switches between text and
        /// regex (a search, a filter, a column filter).
        var matchesValues: Bool {
            switch self {
            case .search, .filter, .columnFilter: return true
            case .command, .goToColumn, .filterColumns, .input: return false
            }
        }

        /// What Enter does, for the hint.
        var verb: String {
            switch self {
            case .search: return "search"
            case .filter: return "filter"
            case .columnFilter(_, let title): return "filter \(TerminalText.truncated(title, toWidth: 16)) (>30, a..b)"
            case .command: return "go (123: row, w: write, w!: write anyway, w FILE, q: quit)"
            case .goToColumn: return "go  Tab complete"
            case .filterColumns: return "show (empty: all)"
            case .input: return "done"
            }
        }
    }

    /// Whether the table highlights the matches of the line as it is typed (a search or a
    /// whole-row filter; a column filter's `>30` is no text to look for).
    var highlightsAsTyped: Bool {
        switch kind {
        case .search, .filter: return true
        case .command, .columnFilter, .goToColumn, .filterColumns, .input: return false
        }
    }

    /// What the line is for.
    public var kind: Kind
    /// The line being typed, with its cursor.
    public var editor: LineEditor
    /// Regular expression instead of plain text (Ctrl-R toggles it).
    public var isRegex = false

    /// The text typed so far.
    public var text: String {
        get { editor.text }
        set { editor.text = newValue }
    }

    /// A prompt of `kind` holding `text`.
    public init(kind: Kind, text: String = "", isRegex: Bool = false) {
        self.kind = kind
        self.editor = LineEditor(text)
        self.isRegex = isRegex
    }

    /// What a key did to the prompt.
    enum Edit {
        /// The line (or its mode) may have changed; the prompt stays.
        case editing
        /// Enter: the line is done.
        case submitted
        /// Esc (or Backspace on an empty line): the prompt goes.
        case cancelled
    }

    /// Applies one key in place (no copy of the line: a key costs O(1) at the end of the line):
    /// the line editor's keys edit (see `LineEditor.handle`), Backspace on an empty line
    /// cancels, Ctrl-R toggles regex, Enter submits, Esc cancels.
    mutating func apply(_ key: Key) -> Edit {
        switch key {
        case .backspace where editor.isEmpty: return .cancelled
        case .control("r") where kind.matchesValues: isRegex.toggle()
        case .enter: return .submitted
        case .escape, .control("c"), .control("g"): return .cancelled
        default: _ = editor.handle(key)
        }
        return .editing
    }

    /// The status line while typing: `/text▏` and what the keys do, or `notice` in their place
    /// ("pattern too complex").
    func draw(in region: SurfaceRegion, theme: TableTheme, notice: String? = nil) {
        region.fill(theme.statusLine)
        let mode = isRegex && kind.matchesValues ? "(regex) " : ""
        let hint = notice.map { " \($0) " }
            ?? (kind.matchesValues ? " Enter \(kind.verb)  Esc cancel  Ctrl-R regex " : " Enter \(kind.verb)  Esc cancel ")
        let hintX = region.width - hint.displayWidth
        let lead = " " + kind.symbol + mode
        let x = region.put(lead, at: .zero, style: theme.statusLine)
        // The line gets what the hint leaves, at least 12 columns (else the hint goes).
        let showsHint = hintX - x >= 12
        let lineRegion = region.region(Rect(x: 0, y: 0, width: showsHint ? hintX - 1 : region.width, height: 1))
        editor.draw(in: lineRegion, x: x, style: theme.statusLine)
        if showsHint { region.put(hint, at: Point(x: hintX, y: 0), style: notice == nil ? theme.statusHint : theme.statusNotice) }
    }
}
