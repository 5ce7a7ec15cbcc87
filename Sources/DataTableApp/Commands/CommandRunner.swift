import DataTableKit
import Glibc
import Synchronization

/// Runs an `ActionCommand` for one row in the background, without a shell; the UI thread polls
/// `state` (as it polls a `TableJob`) and shows `summary` on the status line.
///
/// `start()` returns at once. A worker thread of its own then:
///
/// - spawns the program with `posix_spawnp` (looked up in `PATH`), in a process group of its own,
///   with stdin from /dev/null, stdout and stderr into one pipe, default signal handling and an
///   empty signal mask, and no other file descriptor of this process (the pipe is close-on-exec
///   from its creation, and descriptors 3 and up are closed in the child);
/// - passes the environment of this process plus `DTABLE_ACTION` (the action's name),
///   `DTABLE_ROW_NUMBER` (the row's 1-based number) and `DTABLE_ROW_CSV` (the row as one RFC 4180
///   record, no line terminator);
/// - keeps the first `outputLimit` bytes of the output and discards the rest (the child never
///   blocks on a full pipe);
/// - reaps the child when it exits. It does not wait for end of file on the pipe, so a daemon the
///   command leaves behind (a browser `xdg-open` starts) cannot keep the action running.
///
/// `cancel()` sends SIGTERM to the child's process group (a script's children too), then SIGKILL
/// after `killDelay` seconds if the child is still there; once the child has ended the rest of
/// its group gets SIGKILL. The group is signalled only while the child is an unreaped zombie at
/// worst, so its id cannot have been reused.
public final class CommandRunner: @unchecked Sendable {
    /// How a finished child ended.
    public enum Termination: Sendable, Hashable {
        case exited(Int32)
        case signaled(Int32)

        /// As a shell reports it: the exit status, or 128 + the signal number.
        public var shellStatus: Int32 {
            switch self {
            case .exited(let status): return status
            case .signaled(let signal): return 128 + signal
            }
        }
    }

    /// Where the command is in its life.
    public enum State: Sendable, Hashable {
        /// Before `start()`.
        case notStarted
        case running
        /// The child ended by itself; `firstLine` is the first non-blank line of its output.
        case finished(Termination, firstLine: String?)
        /// The program could not be started: "cannot run 'foo': No such file or directory".
        case failed(String)
        /// `cancel()` ended it (or it was cancelled before it started).
        case cancelled
    }

    /// Bytes of output kept.
    public static let outputLimit = 4096

    /// The command run.
    public let action: ActionCommand
    /// The row's fields, in column order.
    public let rowValues: [String]
    /// The row's 1-based number (for `DTABLE_ROW_NUMBER`).
    public let rowNumber: Int
    /// The program and its arguments.
    public let arguments: [String]
    /// Seconds between SIGTERM and SIGKILL on `cancel()`.
    public let killDelay: Double

    private let currentState = Mutex<State>(.notStarted)
    private let capturedOutput = Mutex<[UInt8]>([])
    private let cancelFlag = Atomic<Bool>(false)
    private let childPID = Atomic<Int32>(0)

    /// A runner for `action` (resolved) on the row `rowValues`, number `rowNumber` (1-based).
    public init(action: ActionCommand, rowValues: [String], rowNumber: Int, killDelay: Double = 1) {
        self.action = action
        self.rowValues = rowValues
        self.rowNumber = rowNumber
        self.arguments = action.arguments(forRow: rowValues)
        self.killDelay = killDelay
    }

    /// Creates a runner and starts it.
    public static func start(_ action: ActionCommand, rowValues: [String], rowNumber: Int) -> CommandRunner {
        let runner = CommandRunner(action: action, rowValues: rowValues, rowNumber: rowNumber)
        runner.start()
        return runner
    }

    /// The current state (thread-safe).
    public var state: State { currentState.withLock { $0 } }

    /// Whether the runner has come to an end (finished, failed or cancelled).
    public var isDone: Bool {
        switch state {
        case .notStarted, .running: return false
        case .finished, .failed, .cancelled: return true
        }
    }

    /// The first `outputLimit` bytes of stdout and stderr, as far as read.
    public var output: [UInt8] { capturedOutput.withLock { $0 } }

    /// The child's process id while it runs (and after), nil before it was spawned.
    public var processID: pid_t? {
        let pid = childPID.load(ordering: .acquiring)
        return pid > 0 ? pid : nil
    }

    /// Starts the command on a worker thread and returns at once. Does nothing when already
    /// started or cancelled.
    public func start() {
        let go = currentState.withLock { state -> Bool in
            guard case .notStarted = state else { return false }
            state = .running
            return true
        }
        guard go else { return }
        // The environment is read here, on the caller's thread (the one that would change it).
        let environment = Self.environment(adding: [
            ("DTABLE_ACTION", action.name),
            ("DTABLE_ROW_NUMBER", String(rowNumber)),
            ("DTABLE_ROW_CSV", CSVField.record(rowValues)),
        ])
        let started = BackgroundWork.startThread { [self] in run(environment: environment) }.map { $0.detach() } != nil
        if !started {
            finish(.failed("cannot run '\(ActionCommand.printable(arguments[0]))': cannot start a thread"))
        }
    }

    /// Ends the command: SIGTERM to its process group, SIGKILL after `killDelay` seconds. The
    /// state becomes `.cancelled` once the child has been reaped (at once when it had not started).
    public func cancel() {
        cancelFlag.store(true, ordering: .releasing)
        currentState.withLock { state in
            if case .notStarted = state { state = .cancelled }
        }
    }

    /// Blocks until the runner is done or `timeout` seconds pass; returns `isDone`. For tests and
    /// scripts; the UI polls `state` instead.
    @discardableResult
    public func waitUntilDone(timeout: Double) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(saturating: timeout * 1000))
        while !isDone {
            if ContinuousClock.now >= deadline { return false }
            usleep(5_000)
        }
        return true
    }

    /// One line for the status line: `Open: done`, `Open: exit 3: <first line>`,
    /// `Open: <first line>`, `Open: cannot run 'foo': No such file or directory`.
    public var summary: String {
        let name = ActionCommand.printable(action.name)
        switch state {
        case .notStarted: return "\(name): not started"
        case .running: return "\(name): running"
        case .cancelled: return "\(name): cancelled"
        case .failed(let message): return "\(name): \(message)"
        case .finished(let termination, let line):
            var text = name
            switch termination {
            case .exited(0): if line == nil { text += ": done" }
            case .exited(let status): text += ": exit \(status)"
            case .signaled(let signal): text += ": killed by \(Self.signalName(signal))"
            }
            if let line { text += ": " + line }
            return text
        }
    }

    // MARK: - The worker

    private func finish(_ state: State) {
        currentState.withLock { $0 = state }
    }

    private func run(environment: [String]) {
        let program = ActionCommand.printable(arguments[0])
        if arguments.contains(where: { $0.utf8.contains(0) }) || environment.contains(where: { $0.utf8.contains(0) }) {
            finish(.failed("cannot run '\(program)': a value holds a NUL byte"))
            return
        }
        if cancelFlag.load(ordering: .acquiring) { finish(.cancelled); return }

        var fds: [Int32] = [-1, -1]
        guard ChildProcess.makePipe(&fds) == 0 else {
            finish(.failed("cannot run '\(program)': pipe: \(String(cString: strerror(errno)))"))
            return
        }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let spawned = ChildProcess.spawn(arguments, environment: environment, standardOutput: writeEnd,
                                         standardError: writeEnd, ownProcessGroup: true)
        close(writeEnd)
        let pid: pid_t
        switch spawned {
        case .success(let child):
            pid = child
        case .failure(let failure):
            close(readEnd)
            finish(.failed("cannot run '\(program)': \(failure)"))
            return
        }
        childPID.store(pid, ordering: .releasing)

        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        func consume(_ count: Int) {
            let room = Self.outputLimit - output.count
            guard room > 0 else { return }
            output += buffer[0..<min(count, room)]
            capturedOutput.withLock { $0 = output }
        }

        var pipeOpen = true
        var terminatedAt: ContinuousClock.Instant?
        var killed = false
        while true {
            if pipeOpen {
                var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&entry, 1, 50)
                if ready > 0 {
                    let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                    if n > 0 {
                        consume(n)
                    } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                        pipeOpen = false
                    }
                } else if ready < 0 && errno != EINTR {
                    pipeOpen = false
                }
            } else {
                usleep(20_000)
            }
            if cancelFlag.load(ordering: .acquiring) {
                if terminatedAt == nil {
                    terminatedAt = .now
                    kill(-pid, SIGTERM)
                } else if !killed, ContinuousClock.now - terminatedAt! >= .milliseconds(Int64(saturating: killDelay * 1000)) {
                    killed = true
                    kill(-pid, SIGKILL)
                }
            }
            if hasExited(pid) { break }
        }
        let cancelled = terminatedAt != nil
        // The child is a zombie now, so its pid (the group's id) is still taken: the group can
        // be signalled safely. After a cancel, what is left of it goes too.
        if cancelled { kill(-pid, SIGKILL) }

        // What is already in the pipe; not waiting for end of file (a daemon may hold the pipe).
        if pipeOpen {
            _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
            for _ in 0..<64 {
                let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if n > 0 { consume(n) } else if n < 0 && errno == EINTR { continue } else { break }
            }
        }
        close(readEnd)

        var status: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(pid, &status, 0) } while reaped < 0 && errno == EINTR
        let termination: Termination
        if reaped < 0 {
            // ECHILD: someone else reaped it (SIGCHLD ignored); the status is lost.
            termination = .exited(0)
        } else if status & 0x7F == 0 {
            termination = .exited((status >> 8) & 0xFF)
        } else {
            termination = .signaled(status & 0x7F)
        }
        finish(cancelled ? .cancelled : .finished(termination, firstLine: Self.firstLine(of: output)))
    }

    /// Whether `pid` has ended, without reaping it (`WNOWAIT`); true also when it cannot be waited for.
    private func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        while true {
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 {
                return info._sifields._sigchld.si_pid == pid
            }
            if errno != EINTR { return true }
        }
    }

    /// The first non-blank line of `output`, trimmed, with control characters (escape
    /// sequences) shown as `?`, at most 200 characters.
    static func firstLine(of output: [UInt8]) -> String? {
        let text = String(decoding: output, as: UTF8.self)
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let printable = ActionCommand.printable(String(line))
            var result = String(printable.drop { $0 == " " || $0 == "\t" })
            while let last = result.last, last == " " || last == "\t" { result.removeLast() }
            if result.isEmpty { continue }
            if result.count > 200 { result = String(result.prefix(200)) + "…" }
            return result
        }
        return nil
    }

    /// "SIGTERM" or "signal 42".
    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGABRT: "SIGABRT",
            SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE",
            SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    /// This process's environment without `additions`' names, then `additions`, as `NAME=value`.
    static func environment(adding additions: [(String, String)]) -> [String] {
        let names = Set(additions.map(\.0))
        var entries: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if !names.contains(String(text.prefix { $0 != "=" })) { entries.append(text) }
            pointer += 1
        }
        return entries + additions.map { "\($0.0)=\($0.1)" }
    }
}
