import DataTableKit
import Dispatch
import Glibc
import NcursesBackend
import Synchronization
import TerminalSurface

/// The viewer's input opened on a thread of its own, so that `q` answers while it waits: a FIFO
/// with no writer blocks in open(2), and a stream shows nothing before its first record. See
/// docs/decisions/0085-opening-the-input-off-the-main-thread.md.
final class InputOpening: @unchecked Sendable {
    /// What the opening thread has said it waits for, and its result once it has one.
    private struct State: @unchecked Sendable {
        var waitingFor: String?
        var result: Result<DataTableDataSource, Error>?
    }

    private let state = Mutex(State())
    /// Signalled once the result is there.
    private let opened = DispatchSemaphore(value: 0)

    /// How long the viewer waits for the input before it opens the terminal to say what it waits
    /// for: an input that opens sooner (any file) starts the table, or fails, with no screen.
    static let patience: Duration = .milliseconds(150)

    /// Starts `open` on a thread of its own; it calls `waiting` with what it waits for.
    init(_ open: @escaping @Sendable (_ waiting: @escaping @Sendable (String) -> Void) throws -> DataTableDataSource) {
        let run: @Sendable () -> Void = { [self] in
            let result = Result { try open { text in self.state.withLock { $0.waitingFor = text } } }
            state.withLock { $0.result = result }
            opened.signal()
        }
        if let thread = BackgroundWork.startThread(run) { thread.detach() } else { run() }
    }

    /// The input once opened (or why it could not be), else nil.
    var result: Result<DataTableDataSource, Error>? { state.withLock { $0.result } }

    /// What the opening waits for, as the opening thread last said.
    var waitingFor: String? { state.withLock { $0.waitingFor } }

    /// What ended a wait on the terminal.
    enum Outcome {
        /// The input opened (or failed: `get()` throws its error).
        case opened(Result<DataTableDataSource, Error>)
        /// The user quit before it did (q, Esc, Ctrl-C).
        case quit
        /// A signal (SIGINT, SIGTERM, SIGHUP) asked dtable to quit.
        case signal(Int32)
    }

    /// Waits up to `patience` for the input; nil when it has not opened by then.
    func result(within patience: Duration) -> Result<DataTableDataSource, Error>? {
        let (seconds, attoseconds) = patience.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        _ = opened.wait(timeout: .now() + .nanoseconds(nanoseconds))
        return result
    }

    /// Shows on `terminal` what the input waits for (on the status line, after `title`) until it
    /// opens, the user quits or a signal comes. Keys are answered within 50 ms.
    func wait(on terminal: CursesTerminal, title: String, theme: TableTheme) -> Outcome {
        let surface = Surface(size: terminal.size)
        var shown: String?
        var needsDrawing = true
        while true {
            if let result { return .opened(result) }
            if terminal.terminationSignal != 0 { return .signal(terminal.terminationSignal) }
            let waitingFor = waitingFor ?? "opening the input"
            if needsDrawing || waitingFor != shown {
                shown = waitingFor
                Self.draw(into: surface, size: terminal.size, title: title, message: waitingFor, theme: theme)
                terminal.present(surface)
                needsDrawing = false
            }
            switch terminal.nextEvent(timeoutMilliseconds: 50) {
            case .key(.character("q")), .key(.character("Q")), .key(.escape), .key(.control("c")):
                return .quit
            case .resize:
                needsDrawing = true
            default:
                break
            }
        }
    }

    /// A blank screen with a status line: `title`, what the input waits for, and how to quit.
    static func draw(into surface: Surface, size: Size, title: String, message: String, theme: TableTheme) {
        surface.resize(to: size)
        surface.clear()
        guard size.height > 0 else { return }
        let y = size.height - 1
        surface.fill(Rect(x: 0, y: y, width: size.width, height: 1), style: theme.statusLine)
        let hint = "q quits"
        let hintX = max(0, size.width - hint.count - 1)
        let left = " \(title)  \(message)…"
        surface.put(left, at: Point(x: 0, y: y), style: theme.statusLine,
                    clip: Rect(x: 0, y: y, width: max(0, hintX - 1), height: 1))
        surface.put(hint, at: Point(x: hintX, y: y), style: theme.statusHint)
    }
}
