import DataTableKit
import TerminalSurface

/// The `?` screen: every key binding with what it does, generated from the bindings themselves.
final class HelpScreen: Screen {
    /// First line on screen (clamped when drawn).
    var scrollOffset = 0
    /// What the keys are of, after "keys" in the title (a sheet's title); nil: the table's.
    let subject: String?
    /// Keys of a sheet, listed before the table's.
    let leading: [(keys: String, summary: String)]
    /// Table commands left out (those that mean nothing in a sheet).
    let omitting: Set<TableCommand>
    /// Whether the program's registered commands are listed (not in a sheet: they act on the
    /// program's table).
    let listsProgramCommands: Bool

    /// The help of the program's table, or of a sheet: its own keys first (`leading`), then
    /// the table's bindings but `omitting`, then the program's commands by group.
    init(subject: String? = nil, leading: [(keys: String, summary: String)] = [],
         omitting: Set<TableCommand> = [], listsProgramCommands: Bool = true) {
        self.subject = subject
        self.leading = leading
        self.omitting = omitting
        self.listsProgramCommands = listsProgramCommands
    }

    var placement: ScreenPlacement { .fullScreen }

    /// The title line: "NAME: keys" (the program's name from the table's hints), "of" a sheet.
    static func title(of subject: String?, program: String?) -> String {
        (program.map { "\($0): " } ?? "") + "keys" + (subject.map { " of \($0)" } ?? "")
    }

    /// The lines of the help text (before scrolling): the table's commands, the program's
    /// (`programCommands`) under a heading per group, then the notes.
    static func lines(of bindings: KeyBindings, programCommands: Bool = true) -> [(keys: String, summary: String)] {
        let table = bindings.bindings.map { binding in
            (binding.keys.map(\.displayName).joined(separator: ", "), binding.command.summary)
        }
        return table + (programCommands ? Self.programLines(of: bindings) : []) + Self.notes
    }

    /// The program's registered commands, a heading per group (in the order the groups first
    /// come), each line ending with the name the `:` line runs it by.
    static func programLines(of bindings: KeyBindings) -> [(keys: String, summary: String)] {
        let registered = bindings.programBindings.filter(\.isRegistered)
        var groups: [String] = []
        for binding in registered where !groups.contains(binding.group) { groups.append(binding.group) }
        var lines: [(keys: String, summary: String)] = []
        for group in groups {
            lines.append(("", ""))
            lines.append((group + ":", ""))
            for binding in registered where binding.group == group {
                let keys = binding.keys.map(\.displayName).joined(separator: ", ")
                lines.append((keys, "\(binding.summary)  (:\(binding.name))"))
            }
        }
        return lines
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
        let entries = leading + (leading.isEmpty ? [] : [("", "")]) + Self.lines(of: bindings, programCommands: listsProgramCommands)
        ListScreen(title: Self.title(of: subject, program: context.view.configuration.hints.programName), entries: entries.map { ($0.keys, $0.summary) },
                   leftWidth: min(24, entries.map(\.keys.displayWidth).max() ?? 0), leftStyle: context.theme.helpKey,
                   titleStyle: context.theme.helpTitle, footer: "q, Esc or ? closes this help")
            .draw(in: region, scrollOffset: &scrollOffset)
    }
}
