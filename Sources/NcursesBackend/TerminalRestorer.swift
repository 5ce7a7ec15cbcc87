import Glibc

/// Puts the terminal back the way it was when dtable dies of a signal, using only
/// async-signal-safe calls (write, tcsetattr) on data prepared before the screen was opened.
///
/// Normal exits go through `CursesTerminal.shutdown()` (endwin); this is for SIGTERM, SIGHUP,
/// SIGINT and crashes (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE).
enum TerminalRestorer {
    /// The bytes that undo what initialization wrote (leave the alternate screen, show the
    /// cursor, reset colours, stop mouse reports), kept in C memory for the signal handler.
    nonisolated(unsafe) private static var restoreBytes: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) private static var restoreCount = 0
    nonisolated(unsafe) private static var outputFD: Int32 = 1
    nonisolated(unsafe) private static var inputFD: Int32 = 0
    nonisolated(unsafe) private static var savedModes = termios()
    nonisolated(unsafe) private static var hasSavedModes = false
    /// The handlers that were installed before ours, by signal number.
    nonisolated(unsafe) private static var previousFatalActions: UnsafeMutablePointer<sigaction>?
    /// Set by SIGINT/SIGTERM/SIGHUP; the run loop turns it into a quit.
    nonisolated(unsafe) static var terminationSignal: Int32 = 0

    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
    static let quitSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Records the terminal's modes and the restore sequence; installs the handlers.
    static func install(outputFD: Int32, inputFD: Int32, restoreSequence: [UInt8]) {
        self.outputFD = outputFD
        self.inputFD = inputFD
        hasSavedModes = tcgetattr(inputFD, &savedModes) == 0
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, restoreSequence.count))
        bytes.initialize(from: restoreSequence, count: restoreSequence.count)
        restoreBytes = bytes
        restoreCount = restoreSequence.count

        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        previousFatalActions = previous
        for signal in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                TerminalRestorer.restoreNow()
                // Hand the signal to whoever had it before (the Swift runtime's backtracer, or
                // the default action), so the crash is still reported and the exit status tells why.
                if let previous = TerminalRestorer.previousFatalActions {
                    sigaction(signal, previous + Int(signal), nil)
                } else {
                    Glibc.signal(signal, SIG_DFL)
                }
                raise(signal)
            }
            action.sa_flags = Int32(bitPattern: UInt32(truncatingIfNeeded: SA_RESETHAND))
            sigaction(signal, &action, previous + Int(signal))
        }
        for signal in quitSignals {
            var action = sigaction()
            // No SA_RESTART: the blocking read returns, and the run loop sees the flag at once.
            action.__sigaction_handler.sa_handler = { signal in
                TerminalRestorer.terminationSignal = signal
            }
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }

    /// Writes the restore sequence and resets the terminal modes. Async-signal-safe.
    static func restoreNow() {
        if let bytes = restoreBytes {
            var offset = 0
            while offset < restoreCount {
                let n = write(outputFD, bytes + offset, restoreCount - offset)
                if n <= 0 { break }
                offset += n
            }
        }
        if hasSavedModes { tcsetattr(inputFD, TCSANOW, &savedModes) }
    }

    /// Puts the default handlers back (after a normal shutdown).
    static func uninstall() {
        for signal in fatalSignals {
            if let previous = previousFatalActions { sigaction(signal, previous + Int(signal), nil) }
        }
        for signal in quitSignals { Glibc.signal(signal, SIG_DFL) }
    }
}
