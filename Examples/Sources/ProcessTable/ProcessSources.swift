import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One process as `top` shows it.
public struct RunningProcess: Identifiable, Hashable, Sendable {
    public var id: Int { pid }
    public let pid: Int
    public var user: String
    public var command: String
    /// `running`, `sleeping`, `disk`, `stopped`, `zombie` or `idle`.
    public var state: String
    /// CPU use since the previous sample, in percent of one core.
    public var cpu: Double
    /// Resident memory in KiB (top's RES).
    public var residentKiB: Int

    public init(pid: Int, user: String, command: String, state: String, cpu: Double, residentKiB: Int) {
        self.pid = pid
        self.user = user
        self.command = command
        self.state = state
        self.cpu = cpu
        self.residentKiB = residentKiB
    }
}

/// Where the processes come from: `/proc` on Linux, or a fixed sample (tests, other systems).
public protocol ProcessSource: AnyObject {
    /// The processes now, their CPU use measured since the previous call.
    func processes() -> [RunningProcess]
    /// Asks process `pid` to stop (SIGTERM for real ones); says what happened.
    func terminate(_ pid: Int) -> String
}

/// Linux's `/proc`: `/proc/PID/stat` for the command, state, CPU ticks and resident pages, the
/// directory's owner for the user.
public final class ProcFileSystem: ProcessSource {
    private var previousTicks: [Int: Int] = [:]
    private var previousTime = ContinuousClock.now
    private var userNames: [uid_t: String] = [:]
    private let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    private let pageKiB = sysconf(Int32(_SC_PAGESIZE)) / 1024
    private static let states: [Character: String] = [
        "R": "running", "S": "sleeping", "D": "disk", "T": "stopped", "t": "stopped", "Z": "zombie", "I": "idle",
    ]

    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: "/proc/self/stat") }

    public init() {}

    public func processes() -> [RunningProcess] {
        let now = ContinuousClock.now
        let elapsed = max(Double((now - previousTime).components.attoseconds) / 1e18
                          + Double((now - previousTime).components.seconds), 0.001)
        var ticks: [Int: Int] = [:]
        var result: [RunningProcess] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
            // The command is in parentheses and may hold spaces; fields 3... follow the last one.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 21, let utime = Int(fields[11]), let stime = Int(fields[12]),
                  let pages = Int(fields[21]) else { continue }
            ticks[pid] = utime + stime
            let cpu = previousTicks[pid].map { Double(utime + stime - $0) / ticksPerSecond / elapsed * 100 } ?? 0
            result.append(RunningProcess(
                pid: pid, user: user(ofDirectory: "/proc/\(name)"),
                command: String(stat[stat.index(after: open)..<close]),
                state: Self.states[fields[0].first ?? "?"] ?? "unknown",
                cpu: cpu, residentKiB: pages * pageKiB))
        }
        previousTicks = ticks
        previousTime = now
        return result
    }

    public func terminate(_ pid: Int) -> String {
        kill(pid_t(pid), SIGTERM) == 0 ? "sent SIGTERM to \(pid)" : "cannot stop \(pid): \(String(cString: strerror(errno)))"
    }

    /// The name of the user owning `path` (the uid when it has none).
    private func user(ofDirectory path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "?" }
        if let name = userNames[info.st_uid] { return name }
        let name = getpwuid(info.st_uid).map { String(cString: $0.pointee.pw_name) } ?? String(info.st_uid)
        userNames[info.st_uid] = name
        return name
    }
}

/// Ten processes of three users whose CPU use moves the same way on every machine: every other
/// sample the busy ones move by whole percents and grow, in between every figure jitters by a
/// tenth of a percent (less than the table shows). `terminate` removes one (no signal is sent).
public final class SampleProcesses: ProcessSource {
    private var running: [RunningProcess] = [
        RunningProcess(pid: 1, user: "root", command: "systemd", state: "sleeping", cpu: 0.0, residentKiB: 12_480),
        RunningProcess(pid: 412, user: "root", command: "sshd", state: "sleeping", cpu: 0.0, residentKiB: 7_912),
        RunningProcess(pid: 733, user: "root", command: "cron", state: "sleeping", cpu: 0.0, residentKiB: 2_816),
        RunningProcess(pid: 1204, user: "ada", command: "swift-frontend", state: "running", cpu: 97.5, residentKiB: 1_482_204),
        RunningProcess(pid: 1311, user: "ada", command: "zsh", state: "sleeping", cpu: 0.0, residentKiB: 6_344),
        RunningProcess(pid: 1580, user: "ada", command: "vim", state: "sleeping", cpu: 0.8, residentKiB: 21_760),
        RunningProcess(pid: 2020, user: "grace", command: "postgres", state: "sleeping", cpu: 2.1, residentKiB: 154_120),
        RunningProcess(pid: 2021, user: "grace", command: "postgres: writer", state: "disk", cpu: 5.2, residentKiB: 98_304),
        RunningProcess(pid: 2390, user: "grace", command: "python3 train.py", state: "running", cpu: 61.0, residentKiB: 2_310_656),
        RunningProcess(pid: 2391, user: "grace", command: "defunct", state: "zombie", cpu: 0.0, residentKiB: 0),
    ]
    private var samples = 0

    public init() {}

    public func processes() -> [RunningProcess] {
        defer { samples += 1 }
        guard samples % 2 == 0 else { return running.map { var jittered = $0; jittered.cpu += 0.1; return jittered } }
        for index in running.indices where samples > 0 && running[index].state == "running" {
            running[index].cpu = max(0, min(100, running[index].cpu + Double((samples * 7 + running[index].pid) % 11) - 5))
            running[index].residentKiB += 4_096
        }
        return running
    }

    public func terminate(_ pid: Int) -> String {
        running.removeAll { $0.pid == pid }
        return "stopped \(pid)"
    }
}
