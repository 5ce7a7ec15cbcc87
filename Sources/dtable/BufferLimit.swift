import Glibc

/// How much of a stream (stdin, a FIFO) dtable buffers before it stops reading.
enum BufferLimit {
    /// The default's ceiling: 4 GiB.
    static let ceiling = 4 << 30

    /// The default limit: the smaller of 4 GiB and half the space free in `temporaryDirectory`
    /// now (one `statvfs`; 4 GiB when the directory cannot be asked).
    static func defaultLimit(temporaryDirectory: String) -> Int {
        var info = statvfs()
        guard statvfs(temporaryDirectory, &info) == 0 else { return ceiling }
        let (free, overflow) = Int(info.f_bavail).multipliedReportingOverflow(by: Int(info.f_frsize))
        return overflow ? ceiling : max(1 << 20, min(ceiling, free / 2))
    }
}
