@preconcurrency import CNcursesw
import Glibc

/// The input modes dtable sets at the terminal itself, now that ncurses does not parse input
/// (see docs/decisions/0078-own-input-decoder.md): keypad transmit (terminfo's `smkx`, so keys
/// send what terminfo says), mouse reports (1002: buttons, wheel and motion while a button is
/// held, for drags; 1006: SGR encoding, no column limit) when terminfo knows a mouse (`kmous`),
/// and bracketed paste (2004).
///
/// They are off whenever the shell has the terminal: on shutdown, in the restore sequence of
/// `TerminalRestorer` (signals), and while dtable is stopped by Ctrl-Z: the SIGTSTP handler
/// turns them off, runs ncurses' own (endwin, stop; on resume, redraw), then turns them on again.
enum TerminalModes {
    /// What turns the modes on and off, from the terminal's terminfo entry (call after `newterm`).
    struct Sequences {
        /// Keypad transmit, mouse reports, bracketed paste on.
        var on: [UInt8]
        /// The same off, in reverse order.
        var off: [UInt8]

        static func fromTerminfo() -> Sequences {
            let keypadOn = TerminfoKeys.string("smkx") ?? []
            let keypadOff = TerminfoKeys.string("rmkx") ?? []
            let hasMouse = TerminfoKeys.string("kmous") != nil
            let mouseOn = hasMouse ? Array("\u{1B}[?1002h\u{1B}[?1006h".utf8) : []
            let mouseOff = hasMouse ? Array("\u{1B}[?1006l\u{1B}[?1002l".utf8) : []
            return Sequences(on: keypadOn + mouseOn + Array("\u{1B}[?2004h".utf8),
                             off: Array("\u{1B}[?2004l".utf8) + mouseOff + keypadOff)
        }
    }

    nonisolated(unsafe) private static var onBytes: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) private static var onCount = 0
    nonisolated(unsafe) private static var offBytes: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) private static var offCount = 0
    nonisolated(unsafe) private static var outputFD: Int32 = 1
    /// ncurses' SIGTSTP handler, run between turning the modes off and on again.
    nonisolated(unsafe) private static var suspendHandler: (@convention(c) (Int32) -> Void)?
    nonisolated(unsafe) private static var previousSuspendAction = sigaction()

    /// Turns the modes on and wraps ncurses' SIGTSTP handler (when it has one: a shell without
    /// job control leaves SIGTSTP ignored, and then there is nothing to wrap).
    static func install(_ sequences: Sequences, outputFD: Int32) {
        self.outputFD = outputFD
        onBytes = copy(sequences.on)
        onCount = sequences.on.count
        offBytes = copy(sequences.off)
        offCount = sequences.off.count
        writeOn()
        sigaction(SIGTSTP, nil, &previousSuspendAction)
        guard previousSuspendAction.sa_flags & Int32(SA_SIGINFO) == 0,
              let handler = previousSuspendAction.__sigaction_handler.sa_handler,
              unsafeBitCast(handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else { return }
        suspendHandler = handler
        var action = previousSuspendAction
        action.__sigaction_handler.sa_handler = { signal in
            TerminalModes.writeOff()
            TerminalModes.suspendHandler?(signal)
            TerminalModes.writeOn()
        }
        sigaction(SIGTSTP, &action, nil)
    }

    /// Turns the modes off and gives SIGTSTP back to ncurses.
    static func uninstall() {
        writeOff()
        if suspendHandler != nil {
            sigaction(SIGTSTP, &previousSuspendAction, nil)
            suspendHandler = nil
        }
    }

    /// Async-signal-safe.
    static func writeOn() { writeAll(onBytes, onCount) }
    /// Async-signal-safe.
    static func writeOff() { writeAll(offBytes, offCount) }

    private static func writeAll(_ bytes: UnsafeMutablePointer<UInt8>?, _ count: Int) {
        guard let bytes else { return }
        var offset = 0
        while offset < count {
            let n = write(outputFD, bytes + offset, count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += n
        }
    }

    /// The bytes in C memory, for the signal handlers.
    private static func copy(_ bytes: [UInt8]) -> UnsafeMutablePointer<UInt8> {
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        memory.initialize(from: bytes, count: bytes.count)
        return memory
    }
}
