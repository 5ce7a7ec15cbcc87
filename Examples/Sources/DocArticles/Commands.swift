import DataTableApp
import DataTableKit
import TerminalSurface

// The code blocks of Sources/DataTableApp/DataTableApp.docc/Commands.md, each a function's body.

/// "Register a command".
func registerSortByCPU(_ app: TableApplication) {
    app.register(ProgramCommand("sort-by-cpu", keys: [.character("P")],
                                summary: "sort by CPU, busiest first", group: "top") { context in
        context.view.startSortFromUser(by: [SortDescriptor(column: 2, ascending: false)])
        context.view.notice = "sorted by CPU"
    })
}

/// "The cursor, the marks, a question".
func registerKill(_ app: TableApplication, kill: @escaping ([Int]) -> Void) {
    app.register(ProgramCommand("kill", keys: [.character("K")], summary: "kill the marked processes (or the cursor's)",
                                group: "top") { context in
        let rows = context.markedRows.isEmpty ? context.cursorSourceRow.map { [$0] } ?? [] : context.markedRows
        guard !rows.isEmpty else { return }
        context.ask("kill \(rows.count) processes? y/n") { key in
            if key == .character("y") { kill(rows) }
        }
    })
}

/// "Arguments and prompts".
func registerRenice(_ app: TableApplication, renice: @escaping (Int) -> Void) {
    app.register(ProgramCommand("renice", keys: [.character("r")], summary: "set the priority", group: "top") { context in
        if let value = Int(context.argument) {
            renice(value)  // :renice 5
        } else {
            context.prompt("nice value:") { text in
                if let value = Int(text) { renice(value) } else { context.view.notice = "not a number" }
            }
        }
    })
}

/// "The user's keys".
func loadConfiguration(text: String) throws -> DataTableConfiguration {
    let file = try ConfigurationFile(parsing: text, commandNames: ["sort-by-cpu", "kill", "renice"])
    var configuration = DataTableConfiguration()
    file.apply(to: &configuration, colorCount: 256)
    return configuration
}
