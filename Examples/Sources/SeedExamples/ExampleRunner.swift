import DataTableApp
import DataTableKit
import Foundation
import NcursesBackend
import TerminalSurface

/// The command line of `dtable-examples`: shows an example in the terminal, or prints it.
///
/// ```
/// dtable-examples NAME                  the example in the terminal (q quits)
/// dtable-examples --print NAME [--width N] [--color]
/// dtable-examples --list
/// ```
public enum ExampleRunner {
    /// Runs the command line `arguments` (without the program's name); returns the exit status.
    /// Printed lines go to `output` (stdout by default), messages to stderr.
    public static func main(arguments: [String], output: (String) -> Void = { Swift.print($0) }) -> Int32 {
        var printing = false, color = false, width = 100
        var names: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--print": printing = true
            case "--color": color = true
            case "--width":
                guard let value = rest.popFirst(), let number = Int(value), number > 0 else {
                    return fail("--width needs a number of columns")
                }
                width = number
            case "--list":
                for example in Example.all { output(example.name.padding(toLength: 24, withPad: " ", startingAt: 0) + example.summary) }
                return 0
            case "-h", "--help":
                output(usage)
                return 0
            default:
                if argument.hasPrefix("-") { return fail("unknown option '\(argument)'\n\(usage)") }
                names.append(argument)
            }
        }
        guard names.count == 1, let example = Example.named(names[0]) else {
            return fail((names.count == 1 ? "no example named '\(names[0])'\n" : "") + usage)
        }
        if printing {
            printExample(example, width: width, colorCount: color ? 256 : nil, output: output)
            return 0
        }
        return runInTerminal(example)
    }

    /// Renders the example's table as text, `width` columns wide.
    static func printExample(_ example: Example, width: Int, colorCount: Int?, output: (String) -> Void) {
        let table = example.make()
        guard let advance = table.advance else {
            TablePrinter(width: width, colorCount: colorCount).print(table.view, write: output)
            return
        }
        // A live example: the table before and after one change. Rows that flash are marked
        // `*` at the start of their line (with --color the flash's background shows too).
        output("before:")
        TablePrinter(width: width - 2, colorCount: colorCount).print(table.view) { output("  " + $0) }
        let (summary, flashing) = advance()
        table.view.waitForJob()
        output(summary)
        output("after (* flashing):")
        var line = -1  // the header first
        TablePrinter(width: width - 2, colorCount: colorCount).print(table.view) { text in
            output((flashing.contains(line) ? "* " : "  ") + text)
            line += 1
        }
    }

    /// Shows the example in the terminal with the library's run loop until the user quits.
    static func runInTerminal(_ example: Example) -> Int32 {
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(colorMode: .auto, environment: ProcessInfo.processInfo.environment)
        } catch {
            return fail("cannot open the terminal: \(error)")
        }
        let table = example.make()
        table.view.notice = example.summary
        let application = TableApplication(view: table.view, backend: terminal)
        application.run(until: {
            if let summary = table.tick?(.now) { table.view.notice = summary }
            return terminal.terminationSignal != 0
        })
        terminal.shutdown()
        return terminal.terminationSignal != 0 ? 128 + terminal.terminationSignal : 0
    }

    static let usage = """
        usage: dtable-examples NAME                 show the example in the terminal (q quits)
               dtable-examples --print NAME [--width N] [--color]
               dtable-examples --list               the examples and what they port
        names: \(Example.all.map(\.name).joined(separator: ", "))
        """

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("dtable-examples: \(message)\n".utf8))
        return 2
    }
}
