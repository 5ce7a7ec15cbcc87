import Foundation
import NcursesBackend
import ProcessTable

// `process-table` shows the processes live (q quits, P and M sort, K stops); `--print` writes them once.
exit(ProcessTableCommand.main(arguments: Array(CommandLine.arguments.dropFirst())) { table in
    guard let terminal = try? CursesTerminal(colorMode: .auto, environment: ProcessInfo.processInfo.environment) else {
        FileHandle.standardError.write(Data("process-table: cannot open the terminal\n".utf8))
        return 1
    }
    table.run(on: terminal, until: { terminal.terminationSignal != 0 })
    terminal.shutdown()
    return 0
})
