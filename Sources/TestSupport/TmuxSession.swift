import DataTableApp
import DataTableKit
import Glibc
import Synchronization

// Helpers for end-to-end tests: run a program (with or without a terminal), drive a full-screen
// program inside a detached tmux session, find the dtable binary, and write fixture files.
//
// No Foundation: processes are started with posix_spawnp, time is measured with ContinuousClock.

/// Why a test helper could not do its job; the description says what to fix.
public struct TestSupportError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

// MARK: - Running a process

/// What a finished process left behind.
public struct ProcessResult: Sendable {
    /// The exit status, or 128 + the signal number when a signal ended the process (as a shell reports it).
    public var status: Int32
    /// Whether the process was killed because it ran past the timeout.
    public var timedOut: Bool
    public var standardOutput: [UInt8]
    public var standardError: [UInt8]

    public var standardOutputText: String { String(decoding: standardOutput, as: UTF8.self) }
    public var standardErrorText: String { String(decoding: standardError, as: UTF8.self) }

    /// The lines of `text` without the empty string after a final newline.
    public static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// Runs `arguments` (the program is looked up in PATH), with stdin from `standardInputPath`
/// (default /dev/null) and stdout and stderr captured through pipes, no terminal involved.
///
/// `environment` entries are added to (or replace those of) this process's environment; a nil
/// value removes the variable. The process is killed with SIGKILL after `timeout` seconds.
public func runProcess(_ arguments: [String], environment: [String: String?] = [:],
                       standardInputPath: String = "/dev/null", timeout: Double = 30) throws -> ProcessResult {
    guard !arguments.isEmpty else { throw TestSupportError("runProcess: no program given") }
    var outPipe: [Int32] = [-1, -1]
    var errPipe: [Int32] = [-1, -1]
    // Close on exec: only the child's dup2 copies survive, so a daemon the child starts (the tmux
    // server) cannot hold a pipe open and keep us waiting for end of file.
    guard ChildProcess.makePipe(&outPipe) == 0 else { throw TestSupportError("pipe failed: \(errnoText())") }
    guard ChildProcess.makePipe(&errPipe) == 0 else {
        close(outPipe[0]); close(outPipe[1])
        throw TestSupportError("pipe failed: \(errnoText())")
    }
    // The child starts with default signal handling and nothing blocked, whatever the test runner set.
    let spawned = ChildProcess.spawn(arguments, environment: environmentEntries(with: environment),
                                     standardInputPath: standardInputPath,
                                     standardOutput: outPipe[1], standardError: errPipe[1])
    close(outPipe[1])
    close(errPipe[1])
    let pid: pid_t
    switch spawned {
    case .success(let child):
        pid = child
    case .failure(let failure):
        close(outPipe[0]); close(errPipe[0])
        throw TestSupportError("cannot start '\(arguments[0])': \(failure)")
    }

    // Read both pipes until both reach end of file (or the deadline passes).
    let deadline = ContinuousClock.now + .milliseconds(Int64(saturating: timeout * 1000))
    var output: [UInt8] = [], errors: [UInt8] = []
    var openPipes: [(fd: Int32, isOutput: Bool)] = [(outPipe[0], true), (errPipe[0], false)]
    var timedOut = false
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !openPipes.isEmpty {
        let remaining = deadline - ContinuousClock.now
        if remaining <= .zero { timedOut = true; break }
        var fds = openPipes.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining.wholeMilliseconds, 1000)))
        if ready < 0 {
            if errno == EINTR { continue }
            break
        }
        var closed: Set<Int32> = []
        for entry in fds where entry.revents != 0 {
            let n = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
            if n > 0 {
                if openPipes.first(where: { $0.fd == entry.fd })!.isOutput {
                    output += buffer[0..<n]
                } else {
                    errors += buffer[0..<n]
                }
            } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                closed.insert(entry.fd)
            }
        }
        for fd in closed { close(fd) }
        openPipes.removeAll { closed.contains($0.fd) }
    }
    for entry in openPipes { close(entry.fd) }
    if timedOut { Glibc.kill(pid, SIGKILL) }

    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return ProcessResult(status: decodeWaitStatus(status), timedOut: timedOut,
                         standardOutput: output, standardError: errors)
}

/// Exit status from a `waitpid` status word: the exit code, or 128 + signal.
private func decodeWaitStatus(_ status: Int32) -> Int32 {
    let signal = status & 0x7F
    if signal == 0 { return (status >> 8) & 0xFF }
    return 128 + signal
}

private func errnoText() -> String { String(cString: strerror(errno)) }

/// This process's environment with `changes` applied, as `NAME=value` strings.
private func environmentEntries(with changes: [String: String?]) -> [String] {
    var entries: [String] = []
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        let name = String(text.prefix { $0 != "=" })
        if changes[name] == nil { entries.append(text) }
        pointer += 1
    }
    for (name, value) in changes.sorted(by: { $0.key < $1.key }) {
        if let value { entries.append("\(name)=\(value)") }
    }
    return entries
}

extension Duration {
    fileprivate var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}

/// Quotes `text` for /bin/sh: `'it'\''s'`.
public func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

// MARK: - The dtable binary

/// The `dtable` executable to test: `$DTABLE_BINARY` when set, else the `dtable` beside the
/// running test executable (SwiftPM puts both in the same build directory).
public func dtableBinaryPath() throws -> String {
    if let value = getenv("DTABLE_BINARY") {
        let path = String(cString: value)
        guard access(path, X_OK) == 0 else {
            throw TestSupportError("DTABLE_BINARY is '\(path)', which is not an executable file")
        }
        return path
    }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else {
        throw TestSupportError("cannot resolve /proc/self/exe (\(errnoText())); set DTABLE_BINARY to the dtable executable")
    }
    let executable = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let directory = executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)]
    let candidate = String(directory) + "/dtable"
    guard access(candidate, X_OK) == 0 else {
        throw TestSupportError("""
            no dtable executable at '\(candidate)' (beside the test executable '\(executable)'); \
            build it (swift build) or set DTABLE_BINARY to its path
            """)
    }
    return candidate
}

// MARK: - Fixture files

/// A fresh directory under /tmp for fixture files; removed with everything in it (files the
/// programs under test wrote too, such as a `.bak`) when the value is released.
public final class TemporaryDirectory {
    public let path: String
    private var createdFiles: [String] = []

    public init(prefix: String = "dtable-e2e") throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let result = mkdtemp(&template) else {
            throw TestSupportError("mkdtemp failed: \(errnoText())")
        }
        path = String(cString: result)
    }

    deinit {
        for file in createdFiles { unlink(file) }
        Self.removeTree(path)
    }

    /// Removes `path` and everything below it (no symbolic links are followed).
    static func removeTree(_ path: String) {
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name == "." || name == ".." { continue }
                let child = path + "/" + name
                var info = stat()
                if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                    removeTree(child)
                } else {
                    unlink(child)
                }
            }
            closedir(directory)
        }
        rmdir(path)
    }

    /// Makes a directory `name` (and its parents) inside this one; returns its full path.
    @discardableResult
    public func makeDirectory(_ name: String) throws -> String {
        var current = path
        for part in name.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw TestSupportError("cannot make directory '\(current)': \(errnoText())")
            }
        }
        return current
    }

    /// The full path of `name` inside the directory.
    public func filePath(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name` (replacing it) and returns the file's full path.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = filePath(name)
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw TestSupportError("cannot create '\(file)': \(errnoText())") }
        defer { close(fd) }
        if !createdFiles.contains(file) { createdFiles.append(file) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw TestSupportError("cannot write '\(file)': \(errnoText())")
            }
            offset += n
        }
        return file
    }

    /// Writes `text` as UTF-8 to `name` and returns the file's full path.
    @discardableResult
    public func write(_ name: String, text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// Remembers a file a program will create here, so it is removed with the directory.
    public func track(_ name: String) -> String {
        let file = filePath(name)
        if !createdFiles.contains(file) { createdFiles.append(file) }
        return file
    }

    /// The contents of `name`, or nil when it cannot be read.
    public func read(_ name: String) -> String? {
        let fd = open(filePath(name), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

// MARK: - tmux

private let sessionCounter = Atomic<Int>(0)

/// A program running in a detached tmux session on a private socket, at a fixed size.
///
/// Keys and mouse reports are written into the pane with `send-keys`; the screen is read back
/// with `capture-pane`. `send-keys` returns before the program has reacted, so tests wait for
/// what they expect with `waitFor` (polling every ~20 ms up to a deadline), never with sleeps.
/// `remain-on-exit` keeps the pane after the program ends, so `waitForExit` can read its status.
public final class TmuxSession {
    /// The socket of this session's own tmux server (`tmux -S`).
    public let socketPath: String
    /// The session (and target) name.
    public let target = "e2e"
    /// The size of the pane, as last set.
    public private(set) var width: Int
    public private(set) var height: Int
    /// The screen `waitFor` saw last (for failure messages).
    public private(set) var lastCapture: [String] = []
    private var isKilled = false

    /// Starts `arguments` (a program and its arguments) in a new `width` x `height` pane as
    /// `exec env -u LC_ALL -u LC_CTYPE -u NO_COLOR TERM=xterm-256color LANG=C.UTF-8 [environment...] arguments...`
    /// (run by /bin/sh; tmux's status bar is off, so the pane is the whole window).
    ///
    /// `environment` is applied after TERM and LANG, so it can override them. The program runs in
    /// `workingDirectory` when given.
    public init(width: Int = 80, height: Int = 24, arguments: [String],
                environment: KeyValuePairs<String, String> = [:], workingDirectory: String? = nil) throws {
        guard !arguments.isEmpty else { throw TestSupportError("TmuxSession: no program given") }
        self.width = width
        self.height = height
        let counter = sessionCounter.wrappingAdd(1, ordering: .relaxed).newValue
        socketPath = "/tmp/dtable-e2e-\(getpid())-\(counter)-\(UInt32.random(in: 0...UInt32.max))"

        var words = ["TERM=xterm-256color", "LANG=C.UTF-8"] + environment.map { "\($0.key)=\($0.value)" }
        // `env` would take a first argument containing "=" as another assignment.
        if arguments[0].contains("=") { words.append("--") }
        words += arguments
        // NO_COLOR is dropped too: the test runner may set it (swift test does), and a test that
        // wants it passes it in `environment`.
        let commandLine = "exec env -u LC_ALL -u LC_CTYPE -u NO_COLOR " + words.map(shellQuoted).joined(separator: " ")

        // One tmux invocation: the options are set before the pane's program starts, so even a
        // program that exits at once leaves its status behind.
        var command = ["start-server", ";",
                       "set-option", "-g", "remain-on-exit", "on", ";",
                       "set-option", "-g", "default-shell", "/bin/sh", ";",
                       "set-option", "-g", "status", "off", ";",
                       "new-session", "-d", "-s", target, "-x", String(width), "-y", String(height)]
        if let workingDirectory { command += ["-c", workingDirectory] }
        command.append(commandLine)
        let result = try tmuxResult(command)
        guard result.status == 0 else {
            kill()
            throw TestSupportError("tmux new-session failed (status \(result.status)): \(result.standardErrorText)")
        }
    }

    /// Starts `sh -c shellCommand` in the pane (for pipes and redirections).
    public convenience init(width: Int = 80, height: Int = 24, shellCommand: String,
                            environment: KeyValuePairs<String, String> = [:], workingDirectory: String? = nil) throws {
        try self.init(width: width, height: height, arguments: ["sh", "-c", shellCommand],
                      environment: environment, workingDirectory: workingDirectory)
    }

    deinit { kill() }

    // MARK: tmux commands

    private func tmuxResult(_ command: [String]) throws -> ProcessResult {
        try runProcess(["tmux", "-u", "-S", socketPath, "-f", "/dev/null"] + command,
                       environment: ["TMUX": nil, "LANG": "C.UTF-8", "LC_ALL": nil, "LC_CTYPE": nil], timeout: 20)
    }

    /// Runs a tmux command on this session's server; throws when tmux reports an error.
    @discardableResult
    public func tmux(_ command: String...) throws -> String {
        try tmux(arguments: command)
    }

    /// Runs a tmux command given as an array.
    @discardableResult
    public func tmux(arguments command: [String]) throws -> String {
        let result = try tmuxResult(command)
        guard result.status == 0 else {
            throw TestSupportError("tmux \(command.joined(separator: " ")) failed (status \(result.status)): \(result.standardErrorText)")
        }
        return result.standardOutputText
    }

    /// A `display-message` format (`#{pane_pid}`) evaluated for the pane.
    public func display(_ format: String) throws -> String {
        var text = try tmux("display-message", "-p", "-t", target, format)
        while text.last == "\n" { text.removeLast() }
        return text
    }

    // MARK: Input

    /// Sends tmux key names: "j", "Escape", "C-c", "NPage", "F1", ...
    public func sendKeys(_ keys: String...) throws {
        try tmux(arguments: ["send-keys", "-t", target] + keys)
    }

    /// Sends `text` byte for byte (`send-keys -l`).
    public func sendLiteral(_ text: String) throws {
        try tmux("send-keys", "-t", target, "-l", text)
    }

    /// A left click at a 1-based screen position: the SGR press and release as two writes.
    public func click(column: Int, row: Int) throws {
        try sendLiteral("\u{1B}[<0;\(column);\(row)M")
        try sendLiteral("\u{1B}[<0;\(column);\(row)m")
    }

    /// One wheel step (SGR button 65 down, 64 up) at a 1-based screen position.
    public func wheel(down: Bool, column: Int, row: Int) throws {
        try sendLiteral("\u{1B}[<\(down ? 65 : 64);\(column);\(row)M")
    }

    /// Resizes the window (so the pane) and waits until tmux reports the new size; the program
    /// gets SIGWINCH.
    public func resize(width: Int, height: Int, timeout: Double = 10) throws {
        try tmux("set-option", "-g", "window-size", "manual")
        try tmux("resize-window", "-t", target, "-x", String(width), "-y", String(height))
        let wanted = "\(width)x\(height)"
        let deadline = ContinuousClock.now + .milliseconds(Int64(saturating: timeout * 1000))
        var actual = ""
        while ContinuousClock.now < deadline {
            actual = try display("#{pane_width}x#{pane_height}")
            if actual == wanted {
                self.width = width
                self.height = height
                return
            }
            usleep(20_000)
        }
        throw TestSupportError("resize-window to \(wanted) left the pane at \(actual)")
    }

    // MARK: Output

    /// The screen's text, one string per row (trailing blanks trimmed by tmux).
    public func capture() throws -> [String] {
        ProcessResult.lines(of: try tmux("capture-pane", "-p", "-t", target))
    }

    /// The screen with colours and attributes as SGR escape sequences (`capture-pane -e`).
    public func captureWithEscapes() throws -> [String] {
        ProcessResult.lines(of: try tmux("capture-pane", "-p", "-e", "-t", target))
    }

    /// The last capture, numbered, for failure messages.
    public var lastScreen: String {
        lastCapture.enumerated().map { "\($0.offset < 10 ? " " : "")\($0.offset)|\($0.element)" }.joined(separator: "\n")
    }

    /// Captures the screen every ~20 ms until `predicate` holds (true) or `timeout` seconds pass (false).
    public func waitFor(timeout: Double = 10, _ predicate: ([String]) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(saturating: timeout * 1000))
        while true {
            if let screen = try? capture() {
                lastCapture = screen
                if predicate(screen) { return true }
            }
            if ContinuousClock.now >= deadline { return false }
            usleep(20_000)
        }
    }

    /// Waits until some row of the screen contains `text`.
    public func waitFor(_ text: String, timeout: Double = 10) -> Bool {
        waitFor(timeout: timeout) { screen in screen.contains { $0.contains(text) } }
    }

    // MARK: The program

    /// The pid of the pane's first process (the shell tmux started, or what it exec'd).
    public func panePID() throws -> pid_t {
        let text = try display("#{pane_pid}")
        guard let pid = pid_t(text) else { throw TestSupportError("no pane pid (tmux said '\(text)')") }
        return pid
    }

    /// The pid of the pane's process, or a descendant of it, whose name (`/proc/PID/comm`) is
    /// `name`; waits up to `timeout` seconds for it to appear (after `exec`).
    public func processID(named name: String, timeout: Double = 10) throws -> pid_t {
        let root = try panePID()
        let deadline = ContinuousClock.now + .milliseconds(Int64(saturating: timeout * 1000))
        while true {
            if let pid = Self.descendant(of: root, named: name) { return pid }
            if ContinuousClock.now >= deadline {
                throw TestSupportError("no process named '\(name)' under pane pid \(root)")
            }
            usleep(20_000)
        }
    }

    /// Breadth-first search of /proc for `root` or a descendant called `name`.
    static func descendant(of root: pid_t, named name: String) -> pid_t? {
        var childrenByParent: [pid_t: [pid_t]] = [:]
        guard let directory = opendir("/proc") else { return nil }
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(entryName), let parent = parentPID(of: pid) else { continue }
            childrenByParent[parent, default: []].append(pid)
        }
        closedir(directory)
        var queue = [root]
        while !queue.isEmpty {
            let pid = queue.removeFirst()
            if processName(of: pid) == name { return pid }
            queue += childrenByParent[pid] ?? []
        }
        return nil
    }

    private static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n], as: UTF8.self)
    }

    private static func processName(of pid: pid_t) -> String? {
        readSmallFile("/proc/\(pid)/comm").map { String($0.prefix { $0 != "\n" }) }
    }

    /// The fourth field of /proc/PID/stat (after the parenthesized name, which may hold spaces).
    private static func parentPID(of pid: pid_t) -> pid_t? {
        guard let stat = readSmallFile("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 1 else { return nil }
        return pid_t(fields[1])
    }

    /// Waits until the pane's program has ended and returns its exit status (128 + signal when a
    /// signal ended it), or nil when it is still running after `timeout` seconds.
    ///
    /// tmux marks the pane dead when the pty closes, which is before it has reaped the process,
    /// so this waits for the status itself, not for `#{pane_dead}`. And tmux 3.3a built with
    /// libutempter can miss the SIGCHLD altogether (utempter swaps in its own handler while it
    /// removes the pane's utmp record, at just that moment), leaving the program a zombie and the
    /// status empty for good; so while the pane is dead without a status, this sends SIGCHLD to
    /// this session's own tmux server, which then reaps the program.
    public func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = ContinuousClock.now + .milliseconds(Int64(saturating: timeout * 1000))
        var deadWithoutStatus = 0
        while true {
            if let text = try? display("#{pane_dead}|#{pane_dead_status}|#{pane_dead_signal}|#{pid}") {
                let parts = text.split(separator: "|", omittingEmptySubsequences: false)
                if parts.count == 4, parts[0] == "1" {
                    if let status = Int32(parts[1]) { return status }
                    if let signal = Int32(parts[2]) { return 128 + signal }
                    deadWithoutStatus += 1
                    if deadWithoutStatus >= 3, let server = pid_t(parts[3]), server > 1 {
                        Glibc.kill(server, SIGCHLD)
                    }
                }
            }
            if ContinuousClock.now >= deadline { return nil }
            usleep(20_000)
        }
    }

    /// Ends the tmux server (and the program with it) and removes the socket. Safe to call twice.
    public func kill() {
        guard !isKilled else { return }
        isKilled = true
        _ = try? tmuxResult(["kill-server"])
        unlink(socketPath)
    }
}
