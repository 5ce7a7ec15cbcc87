import DataTableKit
import Foundation

/// The command line of `process-table`: the live table in the terminal, or printed.
///
/// ```
/// process-table [--sample]                       in the terminal (q quits; P, M sort; K stops)
/// process-table --print [--sample] [--width N]   the table after two samples, to stdout
/// ```
/// `--sample` shows ten fixed processes instead of `/proc` (the default where there is none).
public enum ProcessTableCommand {
    /// Runs the command line `arguments`; printed lines go to `output`. Returns the exit status.
    public static func main(arguments: [String], output: (String) -> Void = { Swift.print($0) },
                            runInTerminal: (ProcessTable) -> Int32) -> Int32 {
        var printing = false, sample = !ProcFileSystem.isAvailable, width = 100
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--print": printing = true
            case "--sample": sample = true
            case "--width" where Int(rest.first ?? "").map { $0 > 0 } == true: width = Int(rest.removeFirst())!
            default:
                FileHandle.standardError.write(Data("usage: process-table [--print] [--sample] [--width N]\n".utf8))
                return 2
            }
        }
        let table = ProcessTable(source: sample ? SampleProcesses() : ProcFileSystem())
        guard printing else { return runInTerminal(table) }
        if !sample { Thread.sleep(forTimeInterval: 1) }  // CPU use is measured between two samples
        table.refresh()
        table.table.view.waitForJob()
        TablePrinter(width: width).print(table.table.view, write: output)
        return 0
    }
}
