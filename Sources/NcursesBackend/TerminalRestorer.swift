import Glibc

/// Puts the terminal back the way it was when dtable dies of a signal, using only
/// async-signal-safe calls (write, tcsetattr) on data prepared before the screen was opened.
///
/// Normal exits go through `CursesTerminal.shutdown()` (endwin); this is for crashes (SIGSEGV,
/// SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE) and for quit signals (SIGINT, SIGQUIT, SIGTERM,
/// SIGHUP) that the run loop does not get to in time. Both put back the terminal modes (termios)
/// the shell had: `saveModes` reads them before ncurses changes them.
///
/// The signals a terminal sends: INT (Ctrl-C), QUIT (Ctrl-\), TERM and HUP set
/// `terminationSignal`, and the run loop quits cleanly with status 128+N; if it has not exited
/// `quitGraceSeconds` later (or a second quit signal comes), the handler restores the terminal
/// and `_exit`s with that status itself, so no job or stuck frame can keep dtable alive. TSTP
/// (Ctrl-Z) and CONT are ncurses' own handler (endwin, stop, redraw on resume), wrapped by
/// `TerminalModes`; WINCH is `InputSignals`'; PIPE is ignored while the screen is open.
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
    /// Set by SIGINT/SIGQUIT/SIGTERM/SIGHUP; the run loop turns it into a quit.
    nonisolated(unsafe) static var terminationSignal: Int32 = 0

    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
    /// SIGQUIT is here, not with the crashes: Ctrl-\ is a request to quit (status 131), and the
    /// Swift runtime's backtracer would otherwise print a crash report over the screen.
    static let quitSignals: [Int32] = [SIGINT, SIGQUIT, SIGTERM, SIGHUP]
    /// Seconds the run loop has to exit cleanly after a quit signal before the handler of SIGALRM
    /// restores the terminal and exits by itself.
    static let quitGraceSeconds: UInt32 = 2

    /// Records the terminal's modes as the shell left them: call before `newterm`, which turns
    /// off echo, line mode, icrnl and onlcr at once (see docs/decisions/0081-crash-restores-the-shells-terminal-modes.md).
    static func saveModes(inputFD: Int32) {
        self.inputFD = inputFD
        hasSavedModes = tcgetattr(inputFD, &savedModes) == 0
    }

    /// Records the restore sequence; installs the handlers. The modes are `saveModes`'.
    static func install(outputFD: Int32, inputFD: Int32, restoreSequence: [UInt8]) {
        self.outputFD = outputFD
        self.inputFD = inputFD
        if !hasSavedModes { hasSavedModes = tcgetattr(inputFD, &savedModes) == 0 }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, restoreSequence.count))
        bytes.initialize(from: restoreSequence, count: restoreSequence.count)
        restoreBytes = bytes
        restoreCount = restoreSequence.count

        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        previousFatalActions = previous
        for signal in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { signal, info, context in
                TerminalRestorer.restoreNow()
                // Whoever had the signal before (the Swift runtime's backtracer) reports the
                // crash; then the default action ends the process, so the status tells why, also
                // when the signal came from kill(1) (after which a handler's return would let
                // dtable run on without its screen).
                if let previous = TerminalRestorer.previousFatalActions?[Int(signal)] {
                    if previous.sa_flags & Int32(SA_SIGINFO) != 0 {
                        previous.__sigaction_handler.sa_sigaction?(signal, info, context)
                    } else if let handler = previous.__sigaction_handler.sa_handler,
                              unsafeBitCast(handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) {
                        handler(signal)
                    }
                }
                Glibc.signal(signal, SIG_DFL)
                raise(signal)  // blocked in this handler: delivered, by default, as it returns
            }
            action.sa_flags = Int32(bitPattern: UInt32(truncatingIfNeeded: SA_RESETHAND) | UInt32(SA_SIGINFO) | UInt32(SA_ONSTACK))
            sigaction(signal, &action, previous + Int(signal))
        }
        for signal in quitSignals {
            var action = sigaction()
            // No SA_RESTART: the blocking read returns, and the run loop sees the flag at once.
            action.__sigaction_handler.sa_handler = { signal in
                if TerminalRestorer.terminationSignal != 0 {
                    // A second request: the clean way is not coming fast enough.
                    TerminalRestorer.exitNow(status: 128 + TerminalRestorer.terminationSignal)
                }
                TerminalRestorer.terminationSignal = signal
                InputSignals.wake()  // the run loop's wait for input returns now
                alarm(TerminalRestorer.quitGraceSeconds)
            }
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
        var watchdog = sigaction()
        watchdog.__sigaction_handler.sa_handler = { _ in
            TerminalRestorer.exitNow(status: 128 + TerminalRestorer.terminationSignal)
        }
        sigaction(SIGALRM, &watchdog, nil)
        // Writing to a closed pipe (an action's command, a reader of stdout that left) is an
        // error return, not death with the screen still up.
        Glibc.signal(SIGPIPE, SIG_IGN)
    }

    /// Restores the terminal and ends the process with `status`, from a signal handler.
    /// Async-signal-safe.
    static func exitNow(status: Int32) -> Never {
        restoreNow()
        _exit(status)
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
        // The run loop got there: no watchdog. Quit signals from now on end the process at
        // once (nothing left to restore); SIGPIPE stays ignored (stdout may be a closed pipe,
        // whose writer handles EPIPE).
        alarm(0)
        for signal in quitSignals { Glibc.signal(signal, SIG_DFL) }
        Glibc.signal(SIGALRM, SIG_DFL)
    }
}
