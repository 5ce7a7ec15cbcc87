import DataTableKit
import TerminalSurface

/// A line being typed in the status line: a search after `/`, a filter after `&`, a row
/// number or command after `:`.
public struct Prompt: Hashable, Sendable {
    /// What the typed line is for.
    public enum Kind: Hashable, Sendable {
        case search, filter, command
        /// `|`: a filter on one column (a source column, titled so in the hint).
        case columnFilter(column: Int, title: String)

        /// The character the prompt starts with.
        var symbol: String {
            switch self {
            case .search: return "/"
            case .filter: return "&"
            case .columnFilter: return "|"
            case .command: return ":"
            }
        }

        /// What Enter does, for the hint.
        var verb: String {
            switch self {
            case .search: return "search"
            case .filter: return "filter"
            case .columnFilter(_, let title): return "filter \(TerminalText.truncated(title, toWidth: 16)) (>30, a..b)"
            case .command: return "go (123: row, w: write, w!: write anyway, w FILE, q: quit)"
            }
        }
    }

    /// Whether the table highlights the matches of the line as it is typed (a search or a
    /// whole-row filter; a column filter's `>30` is no text to look for).
    var highlightsAsTyped: Bool {
        switch kind {
        case .search, .filter: return true
        case .command, .columnFilter: return false
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

    /// What happens to the prompt after a key.
    enum Edit {
        case editing(Prompt)
        case submitted(Prompt)
        case cancelled
    }

    /// Applies one key: the line editor's keys edit (see `LineEditor.handle`), Backspace on an
    /// empty line cancels, Ctrl-R toggles regex, Enter submits, Esc cancels.
    func handling(_ key: Key) -> Edit {
        var next = self
        switch key {
        case .backspace where editor.isEmpty: return .cancelled
        case .control("r") where kind != .command: next.isRegex.toggle()
        case .enter: return .submitted(self)
        case .escape, .control("c"), .control("g"): return .cancelled
        default: _ = next.editor.handle(key)
        }
        return .editing(next)
    }

    /// The status line while typing: `/text▏` and what the keys do, or `notice` in their place
    /// ("pattern too complex").
    func draw(in region: SurfaceRegion, theme: TableTheme, notice: String? = nil) {
        region.fill(theme.statusLine)
        let mode = isRegex ? "(regex) " : ""
        let hint = notice.map { " \($0) " }
            ?? (kind == .command ? " Enter \(kind.verb)  Esc cancel " : " Enter \(kind.verb)  Esc cancel  Ctrl-R regex ")
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
