import ArgumentParser
import Glibc

/// When main started: the reference for "time to first frame" in --stats.
let processStart = ContinuousClock.now

// Ctrl-\ (SIGQUIT) asks to quit; it is not a crash for the Swift runtime to report. The viewer
// replaces this with a handler that restores the terminal first (TerminalRestorer).
signal(SIGQUIT) { _ in _exit(128 + SIGQUIT) }

// Errors are one line on stderr with exit status 2; --help and --version print to stdout.
do {
    var command = try DTableCommand.parseAsRoot(DTableCommand.expandingBareWrap(Array(CommandLine.arguments.dropFirst())))
    try command.run()
} catch let error as DTableError {
    writeStandardError("dtable: \(error.description)\n")
    exit(2)
} catch let code as ExitCode {
    exit(code.rawValue)
} catch {
    let exitCode = DTableCommand.exitCode(for: error)
    if exitCode == .success {
        Swift.print(DTableCommand.fullMessage(for: error))
        exit(0)
    }
    // One line: the message, and where to look for usage.
    let message = DTableCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
    writeStandardError("dtable: \(message) (see dtable --help)\n")
    exit(2)
}

/// Writes a message to stderr (fd 2) unbuffered.
func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
