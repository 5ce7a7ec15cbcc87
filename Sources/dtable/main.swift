import ArgumentParser
import Glibc
import TerminalSurface

/// When main started: the reference for "time to first frame" in --stats.
let processStart = ContinuousClock.now

// Ctrl-\ (SIGQUIT) asks to quit; it is not a crash for the Swift runtime to report. The viewer
// replaces this with a handler that restores the terminal first (TerminalRestorer).
signal(SIGQUIT) { _ in _exit(128 + SIGQUIT) }

// Errors are one line on stderr with exit status 2; --help and --version print to stdout.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    var command = try DTableCommand.parseAsRoot(DTableCommand.expandingBareWrap(arguments))
    try command.run()
} catch let error as DTableError {
    reportError(error.description)
    exit(2)
} catch let code as ExitCode {
    exit(code.rawValue)
} catch {
    let exitCode = DTableCommand.exitCode(for: error)
    if exitCode == .success {
        Swift.print(DTableCommand.fullMessage(for: error))
        exit(0)
    }
    // One line: the message, and where to look for usage. A value an option's type refused
    // says why in its own words, its text quoted safely.
    let message = OptionValueError.cause(of: error)?.description
        ?? usageErrorLine(DTableCommand.message(for: error), arguments: arguments)
    reportError(message + " (see dtable --help)")
    exit(2)
}

/// swift-argument-parser's message for a usage error as one line. The parser quotes the bad
/// argument as typed: each argument that holds control characters (or is longer than 200
/// columns) is first replaced by `TerminalText.excerpt` of it, so a newline in it cannot cut the
/// message short; then the message's first line.
func usageErrorLine(_ message: String, arguments: [String]) -> String {
    var message = message
    for argument in arguments.sorted(by: { $0.utf8.count > $1.utf8.count })
    where !argument.isEmpty && (!TerminalText.isSafe(argument) || argument.utf8.count > 200) {
        message = message.replacing(argument, with: TerminalText.excerpt(argument, maxWidth: 200))
    }
    return message.split(separator: "\n").first.map(String.init) ?? "invalid arguments"
}

/// Writes `dtable: MESSAGE` and a line end to stderr (fd 2), unbuffered. The message is made
/// safe with `TerminalText.sanitized` whatever it holds, so it is one line without escapes:
/// the last guard behind the messages that quote names, titles and values with
/// `TerminalText.quoted` where they are made.
func reportError(_ message: String) {
    var bytes = Array("dtable: \(TerminalText.sanitized(message))\n".utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
