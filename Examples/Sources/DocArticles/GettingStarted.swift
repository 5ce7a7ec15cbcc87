import DataTableApp
import DataTableKit
import TerminalSurface

/// GettingStarted.md, "In a test, and as text".
func gettingStartedInATest() -> (screen: [String], text: [String]) {
    let data = StringRowsDataSource(
        titles: ["city", "population", "note"],
        rows: [["Zürich", "421878", "lake"], ["東京", "13960000", "capital"], ["Lagos", "15388000"]])
    var configuration = DataTableConfiguration()
    configuration.title = "cities"
    let view = DataTableView(dataSource: data, configuration: configuration)

    let backend = MemoryBackend(size: Size(width: 40, height: 6))
    backend.pendingEvents = [.key(.down), .key(.character("l"))]
    let app = TableApplication(view: view, backend: backend)
    app.run(until: { backend.pendingEvents.isEmpty })
    let screen = backend.presented!.lines    // the last line: " cities  row 2/3  col 2/3 population"

    var text: [String] = []
    TablePrinter(width: 40).print(view) { text.append($0) }   // what `dtable --print` writes

    return (screen, text)
}
