import Glibc

/// Runs the real binary in a 200x60 tmux pane: time from launch to the first frame on screen,
/// and (optionally) the background index through to the end, with the figures `--stats` writes
/// on exit.
///
/// How the launch is timed, without polling the screen (a poll loop would compete for the two
/// cores with the process being measured): the pane starts a shell that waits for a line, with
/// its output piped (`pipe-pane`) into a FIFO that this process reads. The clock starts when
/// Enter is sent; the shell then `exec`s the binary, and the clock stops when the terminal
/// bytes containing the status line's "? help" come out of the FIFO. `baseline()` runs the same
/// harness with `/usr/bin/printf '? help'`, so its cost (tmux client, shell, pipe) can be shown
/// and subtracted.
enum FirstFrame {
    struct Result {
        /// From sending Enter until the status line's bytes reached this process.
        var wallMilliseconds: Double
        /// The `--stats` JSON the binary wrote on exit ("" for the baseline).
        var stats: String

        func number(_ key: String) -> Double? { FirstFrame.number(stats, key) }
    }

    static var tmuxAvailable: Bool { system("command -v tmux >/dev/null 2>&1") == 0 }

    /// `binary --stats F file` from launch to first frame; with `waitForIndex`, then waits (polling
    /// the screen every 50 ms) until the status line no longer says "indexing"; then quits with q
    /// and reads the statistics.
    static func measure(binary: String, file: String, waitForIndex: Bool = false) -> Result? {
        guard access(binary, X_OK) == 0 else { return nil }
        let stats = "/tmp/dtable-bench-stats-\(getpid()).json"
        unlink(stats)
        defer { unlink(stats) }
        return run("env TERM=xterm-256color LANG=C.UTF-8 \(binary) --stats \(stats) '\(file)'") { tmux in
            if waitForIndex {
                // The viewer redraws every 50 ms while indexing; the status line shows "+ indexing N%".
                for _ in 0..<4000 {
                    if !capture(tmux).contains("+ indexing") { break }
                    usleep(50_000)
                }
            }
            system("\(tmux) send-keys -t b q")
            // The report appears whole on exit (renamed into place); poll until it is there.
            var json = ""
            for _ in 0..<1000 {
                json = readText(stats)
                if json.hasSuffix("}\n") { break }
                usleep(10_000)
            }
            return json
        }
    }

    /// The harness alone: launching `/usr/bin/printf '? help'` the same way.
    static func baseline() -> Double? {
        run("/usr/bin/printf '? help'") { _ in "" }?.wallMilliseconds
    }

    /// Starts a 200x60 tmux session whose shell runs `command` when Enter is sent; times Enter to
    /// "? help" in the pane's output; then calls `after` (which quits the program) for the stats.
    static func run(_ command: String, after: (String) -> String) -> Result? {
        let socket = "/tmp/dtable-bench-\(getpid())"
        let fifo = "/tmp/dtable-bench-\(getpid()).fifo"
        let tmux = "tmux -S \(socket) -f /dev/null"
        unlink(fifo)
        guard mkfifo(fifo, 0o600) == 0 else { return nil }
        // Read-write, so opening never blocks and the FIFO never reports end of file.
        let fd = open(fifo, O_RDWR | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer {
            system("\(tmux) kill-server >/dev/null 2>&1")
            close(fd)
            unlink(fifo)
            unlink(socket)
        }
        guard system("\(tmux) new-session -d -s b -x 200 -y 60 \"read line; exec \(command)\"") == 0,
              system("\(tmux) pipe-pane -t b -o 'cat > \(fifo)'") == 0 else { return nil }
        usleep(100_000)  // let the shell reach `read` and the pipe start
        let clock = ContinuousClock()
        let start = clock.now
        system("\(tmux) send-keys -t b Enter")
        let marker = Array("? help".utf8)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var wall: Double?
        while wall == nil, clock.now - start < .seconds(10) {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { continue }
            let from = max(0, output.count - marker.count)
            output += buffer[0..<n]
            if output[from...].firstRange(of: marker) != nil { wall = milliseconds(clock.now - start) }
        }
        guard let wall else { return nil }
        return Result(wallMilliseconds: wall, stats: after(tmux))
    }

    static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    static func capture(_ tmux: String) -> String {
        guard let pipe = popen("\(tmux) capture-pane -p -t b 2>/dev/null", "r") else { return "" }
        defer { pclose(pipe) }
        var out = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, 4096, pipe) != nil { out += cString(buffer) }
        return out
    }

    static func readText(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var out = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, 4096, file) != nil { out += cString(buffer) }
        return out
    }

    /// The number after `"key": ` in a flat JSON object.
    static func number(_ json: String, _ key: String) -> Double? {
        guard let range = json.firstRange(of: "\"\(key)\": ") else { return nil }
        let rest = json[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" }
        return Double(rest)
    }
}
