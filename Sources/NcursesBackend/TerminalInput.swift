import Glibc
import TerminalSurface

/// The terminal's bytes, read from its file descriptor and decoded by `InputDecoder`: ncurses
/// never parses input (see docs/decisions/0078-own-input-decoder.md).
///
/// Waits with `poll` on the terminal and on `InputSignals`' pipe, reads what is there (only when
/// every event decoded before is handed out, so what is held stays bounded), and gives an Esc or
/// an unfinished sequence `escapeDelayMilliseconds` for its rest before it counts as complete.
///
/// Outside a paste it reads one byte at a time, as ncurses and `less` do: bytes typed after the
/// key that quits stay in the terminal for the shell (type-ahead), never read and dropped.
final class TerminalInput {
    /// Bytes read at most at once inside a bracketed paste.
    static let readSize = 4_096

    private let fd: Int32
    private var decoder: InputDecoder
    /// Events decoded and not handed out yet, from `head` on.
    private var events: [InputEvent] = []
    private var head = 0
    /// When the bytes the decoder holds (an Esc, an unfinished sequence) count as complete.
    private var heldUntil: ContinuousClock.Instant?
    /// The terminal is gone (end of file or an error): only the signal pipe is waited on.
    private var isClosed = false
    private var buffer = [UInt8](repeating: 0, count: TerminalInput.readSize)
    private let clock = ContinuousClock()

    /// Input from `fd`, with the terminal's own key sequences.
    init(fd: Int32, keySequences: [[UInt8]: Key]) {
        self.fd = fd
        self.decoder = InputDecoder(keySequences: keySequences)
    }

    /// The next event; nil when `timeoutMilliseconds` pass first (nil: no limit) or as soon as
    /// `stopWaiting` is true (asked before each wait and after each wake).
    func next(timeoutMilliseconds: Int?, stopWaiting: () -> Bool) -> InputEvent? {
        if let event = dequeue() { return event }
        let deadline = timeoutMilliseconds.map { clock.now + .milliseconds(max(0, $0)) }
        while true {
            if stopWaiting() { return nil }
            if let heldUntil, clock.now >= heldUntil {
                self.heldUntil = nil
                enqueue(decoder.flush())
                if let event = dequeue() { return event }
            }
            var wait = deadline.map { milliseconds(until: $0) } ?? -1
            if let heldUntil { wait = wait < 0 ? milliseconds(until: heldUntil) : min(wait, milliseconds(until: heldUntil)) }
            var watched = [pollfd(fd: InputSignals.wakeReadFD, events: Int16(POLLIN), revents: 0)]
            if !isClosed { watched.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&watched, nfds_t(watched.count), wait)
            if ready > 0 {
                if watched[0].revents != 0 { InputSignals.drain() }
                if watched.count > 1 && watched[1].revents != 0 {
                    readAvailable()
                    if let event = dequeue() { return event }
                }
            } else if ready < 0 && errno != EINTR && errno != EAGAIN {
                usleep(10_000)  // never spin
            }
            if let deadline, clock.now >= deadline { return nil }
        }
    }

    /// Reads what the terminal has and decodes it.
    private func readAvailable() {
        let size = decoder.isReadingPaste ? buffer.count : 1
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, size) }
        if count > 0 {
            enqueue(decoder.decode(buffer[0..<count]))
            heldUntil = decoder.isWaitingForMoreBytes ? clock.now + .milliseconds(InputDecoder.escapeDelayMilliseconds) : nil
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            isClosed = true  // end of file, or the terminal hung up
        }
    }

    private func enqueue(_ decoded: [InputEvent]) {
        events += decoded
    }

    private func dequeue() -> InputEvent? {
        guard head < events.count else { return nil }
        let event = events[head]
        head += 1
        if head == events.count {
            events.removeAll(keepingCapacity: true)
            head = 0
        }
        return event
    }

    /// Whole milliseconds until `instant`, rounded up, at least 0.
    private func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        let (seconds, attoseconds) = (instant - clock.now).components
        guard seconds >= 0 && (seconds > 0 || attoseconds > 0) else { return 0 }
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
