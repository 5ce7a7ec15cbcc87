import Glibc
import Synchronization

/// Wakes the wait for input when a signal comes: SIGWINCH (the terminal was resized) and the
/// quit signals (`TerminalRestorer`). Each writes a byte to a pipe that `TerminalInput` polls
/// beside the terminal, so the run loop hears of it at once, whichever thread the kernel
/// delivered the signal to.
///
/// ncurses' own SIGWINCH handler only works inside its key reading, which dtable does not use
/// (see docs/decisions/0078-own-input-decoder.md): this one replaces it.
enum InputSignals {
    /// The pipe's ends (-1 before `install`).
    nonisolated(unsafe) static var wakeReadFD: Int32 = -1
    nonisolated(unsafe) private static var wakeWriteFD: Int32 = -1
    /// Set by SIGWINCH; taken by `takeResize()`.
    nonisolated(unsafe) private static var resizePending: Int32 = 0
    /// Set by `requestWake()` (another thread's work finished); taken by `takeWakeRequest()`.
    private static let wakeRequested = Atomic<Bool>(false)

    /// Opens the pipe and installs the SIGWINCH handler.
    static func install() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for fd in ends {
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeReadFD = ends[0]
        wakeWriteFD = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            InputSignals.resizePending = 1
            InputSignals.wake()
        }
        action.sa_flags = Int32(SA_RESTART)
        sigaction(SIGWINCH, &action, nil)
    }

    /// Makes the input wait return. Async-signal-safe.
    static func wake() {
        guard wakeWriteFD >= 0 else { return }
        var byte: UInt8 = 0
        _ = write(wakeWriteFD, &byte, 1)  // a full pipe already wakes the reader
    }

    /// Ends the input wait for the run loop (work finished on another thread). Any thread.
    static func requestWake() {
        wakeRequested.store(true, ordering: .releasing)
        wake()
    }

    /// Whether `requestWake()` was called since the last call.
    static func takeWakeRequest() -> Bool {
        wakeRequested.exchange(false, ordering: .acquiringAndReleasing)
    }

    /// Empties the pipe (after a wake).
    static func drain() {
        guard wakeReadFD >= 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ read(wakeReadFD, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Whether a resize came that `takeResize()` has not taken.
    static var hasResizePending: Bool { resizePending != 0 }

    /// Whether a resize came since the last call (the flag is cleared before the caller reads
    /// the size, so a resize during the read is not lost).
    static func takeResize() -> Bool {
        guard resizePending != 0 else { return false }
        resizePending = 0
        return true
    }

    /// Puts SIGWINCH back to its default and closes the pipe.
    static func uninstall() {
        Glibc.signal(SIGWINCH, SIG_DFL)
        let (readFD, writeFD) = (wakeReadFD, wakeWriteFD)
        wakeWriteFD = -1
        wakeReadFD = -1
        if readFD >= 0 { close(readFD) }
        if writeFD >= 0 { close(writeFD) }
    }
}
