import TerminalSurface

/// A line being typed in the status line: a search after `/`, a filter after `&`, a row
/// number or command after `:`.
public struct Prompt: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case search, filter, command

        /// The character the prompt starts with.
        var symbol: String {
            switch self {
            case .search: return "/"
            case .filter: return "&"
            case .command: return ":"
            }
        }

        /// What Enter does, for the hint.
        var verb: String {
            switch self {
            case .search: return "search"
            case .filter: return "filter"
            case .command: return "go (123: row, w: write, q: quit)"
            }
        }
    }

    public var kind: Kind
    public var text = ""
    /// Regular expression instead of plain text (Ctrl-R toggles it).
    public var isRegex = false

    public init(kind: Kind, text: String = "", isRegex: Bool = false) {
        self.kind = kind
        self.text = text
        self.isRegex = isRegex
    }

    /// What happens to the prompt after a key.
    enum Edit {
        case editing(Prompt)
        case submitted(Prompt)
        case cancelled
    }

    /// Applies one key: characters type, Backspace deletes, Ctrl-U clears, Ctrl-R toggles
    /// regex, Enter submits, Esc cancels.
    func handling(_ key: Key) -> Edit {
        var next = self
        switch key {
        case .character(let c): next.text.append(c)
        case .backspace:
            if next.text.isEmpty { return .cancelled }
            next.text.removeLast()
        case .control("u"): next.text = ""
        case .control("r") where kind != .command: next.isRegex.toggle()
        case .enter: return .submitted(self)
        case .escape, .control("c"), .control("g"): return .cancelled
        default: break
        }
        return .editing(next)
    }

    /// The status line while typing: `/text▏` and what the keys do.
    func draw(in region: SurfaceRegion, theme: TableTheme) {
        region.fill(theme.statusLine)
        let mode = isRegex ? "(regex) " : ""
        let hint = kind == .command ? " Enter \(kind.verb)  Esc cancel " : " Enter \(kind.verb)  Esc cancel  Ctrl-R regex "
        let hintX = region.width - hint.displayWidth
        let text = kind.symbol + mode + self.text
        // Show the end of a long query.
        let room = max(1, (hintX > 20 ? hintX : region.width) - 2)
        let shown = TerminalText.truncated(text, toWidth: room, mode: .head)
        let x = region.put(" " + shown, at: .zero, style: theme.statusLine)
        region.put("▏", at: Point(x: x, y: 0), style: theme.statusHint)
        if hintX > x + 2 { region.put(hint, at: Point(x: hintX, y: 0), style: theme.statusHint) }
    }
}
