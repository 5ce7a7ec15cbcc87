import DataTableKit
import TerminalSurface

/// The `?` screen: every key binding with what it does, generated from the bindings themselves.
final class HelpScreen: Screen {
    /// First line on screen (clamped when drawn).
    var scrollOffset = 0
    /// The title line.
    let title: String
    /// Keys of a sheet, listed before the table's.
    let leading: [(keys: String, summary: String)]
    /// Table commands left out (those that mean nothing in a sheet).
    let omitting: Set<TableCommand>

    /// The help of the program's table, or of a sheet: its own keys first (`leading`), then
    /// the table's bindings but `omitting`.
    init(title: String = "dtable: keys", leading: [(keys: String, summary: String)] = [],
         omitting: Set<TableCommand> = []) {
        self.title = title
        self.leading = leading
        self.omitting = omitting
    }

    var placement: ScreenPlacement { .fullScreen }

    /// The lines of the help text (before scrolling).
    static func lines(of bindings: KeyBindings) -> [(keys: String, summary: String)] {
        bindings.bindings.map { binding in
            (binding.keys.map(\.displayName).joined(separator: ", "), binding.command.summary)
        } + Self.notes
    }

    /// What the bindings cannot say: counts, the mouse, pasting.
    static let notes: [(keys: String, summary: String)] = [
        ("", ""),
        ("5j, 5l, 123G", "a count before a key repeats it or names a row"),
        ("click", "a cell: move there; a header: sort (again: reverse, none)"),
        ("click a button", "fire its action for the row"),
        ("wheel", "scroll 3 rows; with Shift: scroll columns"),
        ("paste", "into a prompt or the edit form: one edit, line breaks as spaces; elsewhere ignored"),
    ]

    /// Scrolls with j/k, pages and the wheel; q, Esc, ?, Enter or F1 closes, and so does a click.
    func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
        if let outcome = context.scrollingOutcome(for: event, scrollOffset: &scrollOffset) { return outcome }
        switch event {
        case .key(.character("q")), .key(.escape), .key(.character("?")), .key(.enter), .key(.function(1)):
            return .dismiss()
        default:
            return .ignored
        }
    }

    /// Draws the help into `region`, scrolled by `scrollOffset` lines (clamped here).
    func draw(in region: SurfaceRegion, context: ScreenContext) {
        var bindings = context.keyBindings
        bindings.remove(omitting)
        let entries = leading + (leading.isEmpty ? [] : [("", "")]) + Self.lines(of: bindings)
        ListScreen(title: title, entries: entries.map { ($0.keys, $0.summary) },
                   leftWidth: min(24, entries.map(\.keys.displayWidth).max() ?? 0), leftStyle: context.theme.helpKey,
                   titleStyle: context.theme.helpTitle, footer: "q, Esc or ? closes this help")
            .draw(in: region, scrollOffset: &scrollOffset)
    }
}
