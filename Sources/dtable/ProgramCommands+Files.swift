import DataTableApp
import TerminalSurface

/// `:n`, `:p` and `:files` (Ctrl-N, Ctrl-P, `B`): moving between the files of `dtable a.csv
/// b.csv`. Each finds the files through the shown file's session (the application's delegate).
extension OpenFiles {
    /// Registers the commands on `application` (once; with one file they say so).
    static func registerCommands(on application: TableApplication) {
        application.register(ProgramCommand("n", keys: [.control("n")], summary: "show the next file (dtable a.csv b.csv)",
                                            group: "files") { context in
            withFiles(context) { $0.step(by: 1, in: context.application) }
        })
        application.register(ProgramCommand("p", keys: [.control("p")], summary: "show the previous file", group: "files") { context in
            withFiles(context) { $0.step(by: -1, in: context.application) }
        })
        application.register(ProgramCommand("files", keys: [.character("B")], summary: "list the open files; Enter shows one",
                                            group: "files") { context in
            withFiles(context) { files in
                context.application.present(OpenFilesScreen(files: files, application: context.application))
            }
        })
    }

    /// Runs `body` with the open files, or says there is only one.
    private static func withFiles(_ context: ProgramCommand.Context, _ body: (OpenFiles) -> Void) {
        guard let files = (context.application.delegate as? ViewerSession)?.files else {
            context.view.notice = "only one file is open"
            return
        }
        body(files)
    }
}
