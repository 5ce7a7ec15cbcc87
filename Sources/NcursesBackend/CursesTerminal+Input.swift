@preconcurrency import CNcursesw
import Glibc
import TerminalSurface

extension CursesTerminal {
    /// Waits for the next key, click, wheel turn, paste or resize.
    ///
    /// Returns nil when the timeout passes, or at once when a quit signal has arrived (the
    /// caller checks `terminationSignal`). Input is read and decoded by `TerminalInput`; a
    /// resize (SIGWINCH) is reported before the input that follows it.
    public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        if let resized = resizeIfSignalled() { return resized }
        if let event = input.next(timeoutMilliseconds: timeoutMilliseconds, stopWaiting: {
            terminationSignal != 0 || InputSignals.hasResizePending || InputSignals.takeWakeRequest()
        }) { return event }
        return resizeIfSignalled()
    }

    /// Ends the wait of `nextEvent(timeoutMilliseconds:)` (or the next one) with nil: work
    /// finished on another thread is applied at once. Any thread (a byte on the signal pipe).
    public func wake() {
        InputSignals.requestWake()
    }

    /// After SIGWINCH: the terminal's new size, given to ncurses (`resizeterm`) and to `size`.
    private func resizeIfSignalled() -> InputEvent? {
        guard InputSignals.takeResize() else { return nil }
        var window = winsize()
        guard ioctl(outputFD, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return nil }
        resizeterm(Int32(window.ws_row), Int32(window.ws_col))
        let newSize = Size(width: Int(dt_getmaxx(stdscr)), height: Int(dt_getmaxy(stdscr)))
        updateSize(newSize)
        return .resize(newSize)
    }
}
