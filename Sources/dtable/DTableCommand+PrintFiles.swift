import ArgumentParser
import Glibc
import TerminalSurface

extension DTableCommand {
    /// Print mode with several FILEs: each printed in turn as one FILE would be, after a line
    /// `==> NAME <==` (a blank line before every one but the first), as head(1) does. A file that
    /// cannot be printed says why on stderr and the others are still printed; the exit status is
    /// then 2. See docs/decisions/0145-several-files.md.
    func printEachInput(_ launch: Launch) throws {
        var failed = false
        for index in launch.sources.indices {
            let input = launch.forInput(index)
            var out = BufferedStandardOutput()
            out.write((index > 0 ? "\n" : "") + "==> \(TerminalText.sanitized(input.source.displayName)) <==\n")
            out.flush()
            do {
                try runPrintMode(input)
            } catch let error as DTableError {
                reportError("\(input.source.displayName): \(error.description)")
                failed = true
            }
        }
        if failed { throw ExitCode(2) }
    }
}
