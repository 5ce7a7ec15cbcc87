import ArgumentParser
import Glibc

/// When main started: the reference for "time to first frame" in --stats.
let processStart = ContinuousClock.now

// Errors are one line on stderr with exit status 2; --help and --version print to stdout.
do {
    var command = try DTableCommand.parseAsRoot()
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
    let message = DTableCommand.message(for: error)
    writeStandardError("dtable: \(message)\n")
    if DTableCommand.fullMessage(for: error).contains("Usage:") {
        writeStandardError("Run 'dtable --help' for usage.\n")
    }
    exit(2)
}

/// Writes a message to stderr (fd 2) unbuffered.
func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
