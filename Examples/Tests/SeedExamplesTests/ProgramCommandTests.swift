import DataTableApp
import DataTableKit
import TerminalSurface
import Testing

/// A program's own commands, through the public products only: registered on the application,
/// listed in `?` help, run from a key and from the `:` line, rebound by the config file.
@Suite struct ProgramCommandTests {
    /// A `top`-like table on the memory backend, tall enough for the whole help screen.
    func app(configFile: ConfigurationFile? = nil, height: Int = 90) -> (TableApplication, MemoryBackend) {
        let backend = MemoryBackend(size: Size(width: 100, height: height), capabilities: TerminalCapabilities(colorCount: 0))
        var configuration = DataTableConfiguration()
        configuration.title = "top"
        configFile?.apply(to: &configuration, colorCount: 0)
        let source = StringRowsDataSource(titles: ["pid", "command", "cpu"],
                                          rows: [["10", "init", "0.1"], ["20", "swift", "93.0"], ["30", "tmux", "1.5"]])
        let view = DataTableView(dataSource: source, configuration: configuration, size: backend.size)
        let app = TableApplication(view: view, backend: backend)
        app.drawFrame()
        return (app, backend)
    }

    func press(_ app: TableApplication, _ keys: Key...) {
        for key in keys { app.handle(.key(key)) }
    }

    func type(_ app: TableApplication, _ text: String) {
        for character in text { app.handle(.key(.character(character))) }
    }

    /// `P` sorts by CPU, descending, and says which row the cursor was on.
    func registerSortByCPU(_ app: TableApplication, keys: [Key] = [.character("P")], log: @escaping (String) -> Void) {
        app.register(ProgramCommand("sort-by-cpu", keys: keys, summary: "sort by CPU, busiest first", group: "top") { context in
            let row = context.cursorSourceRow.map { context.view.dataSource.text(row: $0, column: 1) } ?? "-"
            log("cursor on \(row), \(context.markedRows.count) marked")
            context.view.startSortFromUser(by: [SortDescriptor(column: 2, ascending: false)])
            context.view.notice = "sorted by CPU"
        })
    }

    @Test func theHelpListsTheCommandInItsGroup() throws {
        let (app, backend) = app()
        registerSortByCPU(app) { _ in }
        press(app, .character("?"))
        let lines = try #require(backend.presented).lines
        let heading = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "top:" })
        #expect(lines[heading + 1].contains("P"))
        #expect(lines[heading + 1].contains("sort by CPU, busiest first  (:sort-by-cpu)"))
        // After the table's own keys.
        let quit = try #require(lines.firstIndex { $0.contains("quit") && $0.contains("Ctrl-C") })
        #expect(quit < heading)
    }

    @Test func itRunsFromItsKeyAndSeesTheCursorRowAndTheMarks() {
        let (app, backend) = app()
        var log: [String] = []
        registerSortByCPU(app) { log.append($0) }
        press(app, .character("j"), .character("m"), .character("j"))
        press(app, .character("P"))
        #expect(log == ["cursor on tmux, 1 marked"])
        _ = app.view.waitForJob()
        app.drawFrame()
        #expect(app.view.sortDescriptors == [SortDescriptor(column: 2, ascending: false)])
        #expect(backend.presented!.lines.last!.contains("sorted by CPU"))
        // Sorted, display row 0 is swift (source row 1).
        press(app, .character("g"), .character("P"))
        #expect(log.last == "cursor on swift, 1 marked")
    }

    @Test func itRunsFromTheColonLineByName() {
        let (app, _) = app()
        var log: [String] = []
        registerSortByCPU(app) { log.append($0) }
        press(app, .character(":"))
        type(app, "sort-by-cpu")
        press(app, .enter)
        #expect(log == ["cursor on init, 0 marked"])
    }

    @Test func theConfigFileRebindsItByName() throws {
        let file = try ConfigurationFile(parsing: "[keys]\nsort-by-cpu = \"C\"\n", commandNames: ["sort-by-cpu"])
        let (app, backend) = app(configFile: file)
        var log: [String] = []
        registerSortByCPU(app) { log.append($0) }
        press(app, .character("P"))
        #expect(log.isEmpty)
        press(app, .character("C"))
        #expect(log.count == 1)
        press(app, .escape, .character("?"))
        #expect(backend.presented!.lines.contains { $0.contains("C") && $0.contains("(:sort-by-cpu)") })
    }

    @Test func aKeyOfABuiltInGoesToTheProgramButTheUsersKeysWin() throws {
        // The program asks for `s` (cycleSort's key): it takes it, as the config file takes keys.
        let (plain, _) = app()
        var log: [String] = []
        registerSortByCPU(plain, keys: [.character("s")]) { log.append($0) }
        press(plain, .character("s"))
        #expect(log.count == 1)
        #expect(plain.view.configuration.keyBindings.keys(for: .table(.cycleSort)) == [])
        // The user gave `s` to cycleSort: the user's choice stays, the command keeps its name.
        let file = try ConfigurationFile(parsing: "[keys]\ncycle_sort = \"s\"\n", commandNames: ["sort-by-cpu"])
        let (configured, _) = app(configFile: file)
        registerSortByCPU(configured, keys: [.character("s")]) { log.append($0) }
        press(configured, .character("s"))
        #expect(log.count == 1)
        #expect(configured.view.configuration.keyBindings.target(for: .character("s")) == .table(.cycleSort))
    }
}
