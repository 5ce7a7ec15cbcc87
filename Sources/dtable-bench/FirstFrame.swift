import Glibc

/// Measures the time from process start to the first frame of the real binary in tmux.
enum FirstFrame {
    struct Result {
        var wallMilliseconds: Double
        var statsMilliseconds: Double
        var bytesWritten: Int
    }

    /// Starts `binary file` in a 200x60 tmux pane; the wall time is taken from just before
    /// tmux starts the process until the status line is on screen (polling capture-pane, so it
    /// includes up to a few ms of polling); `--stats` adds the in-process figure.
    static func measure(binary: String, file: String) -> Result? {
        guard system("command -v tmux >/dev/null 2>&1") == 0 else {
            print("tmux not found: first-frame figures skipped")
            return nil
        }
        guard access(binary, X_OK) == 0 else {
            print("\(binary) not found: first-frame figures skipped")
            return nil
        }
        let socket = "/tmp/dtable-bench-\(getpid())"
        let stats = "/tmp/dtable-bench-stats-\(getpid()).json"
        let tmux = "tmux -S \(socket) -f /dev/null"
        unlink(stats)
        let clock = ContinuousClock()
        let start = clock.now
        system("\(tmux) new-session -d -s b -x 200 -y 60 'env TERM=xterm-256color LANG=C.UTF-8 \(binary) --stats \(stats) \(file)'")
        var wall = 0.0
        for _ in 0..<2000 {
            if capture(tmux).contains("? help") {
                wall = Double((clock.now - start).components.attoseconds) / 1e15 + Double((clock.now - start).components.seconds) * 1000
                break
            }
            usleep(1000)
        }
        system("\(tmux) send-keys -t b q")
        for _ in 0..<500 where access(stats, F_OK) != 0 { usleep(10_000) }
        usleep(50_000)
        system("\(tmux) kill-server >/dev/null 2>&1")
        let json = readText(stats)
        unlink(stats)
        return Result(wallMilliseconds: wall, statsMilliseconds: number(json, "first_frame_ms"),
                      bytesWritten: Int(number(json, "bytes_written")))
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

    static func number(_ json: String, _ key: String) -> Double {
        guard let range = json.firstRange(of: "\"\(key)\": ") else { return 0 }
        let rest = json[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        return Double(rest) ?? 0
    }
}
