import Glibc

/// Which version of a file is at a path: its identity (device, inode) and its contents stamp
/// (size, modification time to the nanosecond). Two stamps differ when the file was replaced
/// (a save by rename gets a new inode) or written in place.
public struct FileStamp: Equatable, Sendable, CustomStringConvertible {
    /// The device the file is on.
    public let device: UInt64
    /// The file's inode on that device.
    public let inode: UInt64
    /// Its size in bytes.
    public let size: Int64
    /// Its modification time: seconds since the epoch…
    public let modifiedSeconds: Int
    /// …and the nanoseconds after them.
    public let modifiedNanoseconds: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    }

    /// The file at `path` now, following symbolic links (as the writer does); nil when there is
    /// none (or it cannot be looked at: the write that follows says why).
    public static func current(atPath path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    /// The file open as `fd`.
    static func current(fd: Int32) -> FileStamp? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    /// Whether both name the same file (device and inode), whatever its contents.
    public func isSameFile(as other: FileStamp) -> Bool { device == other.device && inode == other.inode }

    /// The stamp in one line, for messages and tests.
    public var description: String {
        "dev \(device) ino \(inode), \(size) bytes, mtime \(modifiedSeconds).\(modifiedNanoseconds)"
    }
}
