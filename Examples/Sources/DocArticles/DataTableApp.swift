import DataTableApp
import DataTableKit
import NcursesBackend
import TerminalSurface

/// DataTableApp.md, "Hosting a table": what the program answers around the table.
final class Notes: TableApplicationDelegate {
    var unsaved = false

    func dataTableHasUnsavedChanges(_ view: DataTableView) -> Bool { unsaved }
    func dataTableShouldQuit(_ view: DataTableView) -> Bool { true }
}

/// DataTableApp.md, "Hosting a table".
func dataTableAppHosting(table: DataTableView, notes: Notes, environment: [String: String]) throws {
    var configuration = table.configuration
    if let path = ConfigurationFile.defaultPath(environment: environment),
       let file = try ConfigurationFile.load(contentsOfFile: path) {
        file.apply(to: &configuration, colorCount: 256)   // keys, colours, stripes
    }
    table.configuration = configuration

    let terminal = try CursesTerminal(colorMode: .auto, environment: environment)
    let application = TableApplication(view: table, backend: terminal)
    application.delegate = notes                           // held weakly
    application.run(until: { terminal.terminationSignal != 0 })
    terminal.shutdown()
}

/// DataTableApp.md, "A screen of your own": a one-key question drawn on the status line.
final class Question: Screen {
    let text: String
    let onAnswer: (Key) -> Void
    init(text: String, onAnswer: @escaping (Key) -> Void) {
        self.text = text
        self.onAnswer = onAnswer
    }
    var placement: ScreenPlacement { .statusLine }
    func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
        guard case .key(let key) = event else { return .ignored }
        onAnswer(key)
        return .dismiss(then: .redraw)
    }
    func draw(in region: SurfaceRegion, context: ScreenContext) {
        region.fill(context.theme.statusLine)
        region.put(" " + text, at: .zero, style: context.theme.statusHint)
    }
}
