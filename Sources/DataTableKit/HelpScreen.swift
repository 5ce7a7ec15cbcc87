import TerminalSurface

/// The `?` screen: every key binding with what it does, generated from the bindings themselves.
struct HelpScreen {
    let bindings: KeyBindings
    let theme: TableTheme

    /// The lines of the help text (before scrolling).
    var lines: [(keys: String, summary: String)] {
        bindings.bindings.map { binding in
            (binding.keys.map(\.displayName).joined(separator: ", "), binding.command.summary)
        } + Self.notes
    }

    /// What the bindings cannot say: counts and the mouse.
    static let notes: [(keys: String, summary: String)] = [
        ("", ""),
        ("5j, 123G", "a count before a key repeats it or names a row"),
        ("click", "a cell: move there; a header: sort (again: reverse, none)"),
        ("click a button", "fire its action for the row"),
        ("wheel", "scroll 3 rows; with Shift: scroll columns"),
    ]

    /// Draws the help into `region`, scrolled by `scrollOffset` lines (clamped here).
    func draw(in region: SurfaceRegion, scrollOffset: inout Int) {
        region.fill(.plain)
        guard region.height > 0 else { return }
        region.put(" dtable: keys", at: .zero, style: theme.helpTitle)
        let entries = lines
        let keyWidth = min(24, entries.map(\.keys.displayWidth).max() ?? 0)
        let footer = region.height >= 3 ? 1 : 0
        let listTop = region.height >= 2 ? 2 : 1
        let listHeight = max(0, region.height - listTop - footer)
        scrollOffset = max(0, min(scrollOffset, max(0, entries.count - listHeight)))
        for (i, entry) in entries.dropFirst(scrollOffset).prefix(listHeight).enumerated() {
            let y = listTop + i
            region.region(Rect(x: 2, y: y, width: keyWidth, height: 1)).put(entry.keys, at: .zero, style: theme.helpKey)
            region.put(entry.summary, at: Point(x: 4 + keyWidth, y: y), style: .plain)
        }
        if footer == 1 {
            let more = entries.count > listHeight ? "  j/k scroll" : ""
            region.put(" q, Esc or ? closes this help" + more, at: Point(x: 0, y: region.height - 1), style: Style(attributes: .dim))
        }
    }
}
