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
        let entries = lines
        ListScreen(title: "dtable: keys", entries: entries.map { ($0.keys, $0.summary) },
                   leftWidth: min(24, entries.map(\.keys.displayWidth).max() ?? 0), leftStyle: theme.helpKey,
                   titleStyle: theme.helpTitle, footer: "q, Esc or ? closes this help")
            .draw(in: region, scrollOffset: &scrollOffset)
    }
}
