import DataTableCSV
import Glibc
import TerminalSurface

/// Where `--stats` writes its report: checked when dtable starts, written only on exit, through
/// the one careful way dtable writes files (`CSVTableWriter.writeFile`: a temporary file renamed
/// over the path, mode and owner kept), so the path is never opened, let alone truncated, before
/// there is a report. See docs/decisions/0075-paths-to-write-are-checked-first.md.
struct StatisticsDestination {
    /// The path as given.
    let path: String
    /// A FIFO, a terminal or another device: not a file to replace, so it is opened (not
    /// created, not truncated) and written on exit.
    let isStream: Bool
    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: that open descriptor, written
    /// as it is (whatever it is open to: a log file is appended to, not replaced).
    var descriptor: Int32? = nil

    /// Most bytes an existing file may hold to be taken for an earlier report (one is < 1 KiB).
    static let largestReport = 1 << 20

    /// Checks `path`: a new file in a directory that exists and can be written; or an existing
    /// regular file (or link to one) that is empty or holds JSON (an earlier report) and is not
    /// read-only; or a FIFO or device. Anything else (a CSV file taken for the option's value,
    /// a directory) is refused with a message.
    static func check(_ path: String) throws -> StatisticsDestination {
        let name = TerminalText.quoted(path)
        if let descriptor = openDescriptor(named: path) {
            guard fcntl(descriptor, F_GETFD) != -1 else {
                throw DTableError("cannot write statistics to \(name): \(String(cString: strerror(errno)))")
            }
            return StatisticsDestination(path: path, isStream: true, descriptor: descriptor)
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno
            var link = stat()
            guard reason == ENOENT, lstat(path, &link) != 0 else {
                throw DTableError("cannot write statistics to \(name): \(String(cString: strerror(reason)))")
            }
            // A new file: its directory must take it.
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
            guard access(directory, W_OK | X_OK) == 0 else {
                throw DTableError("cannot write statistics to \(name): \(String(cString: strerror(errno)))")
            }
            return StatisticsDestination(path: path, isStream: false)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw DTableError("cannot write statistics to \(name): it is a directory")
        default: return StatisticsDestination(path: path, isStream: true)
        }
        guard info.st_size == 0 || (info.st_size <= largestReport && JSONText.isValid(readFile(path))) else {
            throw DTableError("not writing statistics over \(name): it exists and is not JSON (--stats takes the name of a "
                              + "file for them: dtable --stats stats.json FILE)")
        }
        do {
            try CSVWriteTarget(path: path, expecting: nil).checkWritable()
        } catch let error as CSVWriteError {
            throw DTableError("cannot write statistics: \(error.message)")
        }
        return StatisticsDestination(path: path, isStream: false)
    }

    /// Writes `text` (the report): to a stream as it is; to a file after checking the path again
    /// (a file put there meanwhile is replaced only if it is JSON too), atomically, without a
    /// backup (the previous report is dtable's own). Reports a failure on stderr; returns
    /// whether it worked.
    func write(_ text: String) -> Bool {
        do {
            if isStream {
                try writeToStream(Array(text.utf8))
            } else {
                _ = try Self.check(path)
                let target = CSVWriteTarget(recordingCurrentStateOf: path)
                try CSVTableWriter.writeFile(Array(text.utf8), to: target, keepingBackup: false)
            }
            return true
        } catch let error as CSVWriteError {
            reportError("cannot write statistics: \(error.message)")
        } catch {
            reportError("\(error)")
        }
        return false
    }

    /// The descriptor a name such as `/dev/stderr` stands for, if it is one.
    static func openDescriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    /// Writes `bytes` to the descriptor, or opens the FIFO or device without blocking (a FIFO
    /// nobody reads is an error, not a hang) and writes them to it.
    private func writeToStream(_ bytes: [UInt8]) throws {
        let fd = descriptor ?? open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            throw DTableError("cannot write statistics to \(TerminalText.quoted(path)): \(String(cString: strerror(errno)))")
        }
        defer { if descriptor == nil { close(fd) } }
        if descriptor == nil { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw DTableError("cannot write statistics to \(TerminalText.quoted(path)): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }

    /// The bytes of the (small) file at `path`; empty when it cannot be read.
    private static func readFile(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= largestReport {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }
}
