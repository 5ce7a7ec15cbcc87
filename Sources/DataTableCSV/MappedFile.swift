import Glibc

/// A regular file mapped read-only and private: the bytes are the page cache's, never copied.
public final class MappedFile: @unchecked Sendable {
    let path: String
    let fd: Int32
    /// Start of the mapping; nil for an empty file.
    let base: UnsafeRawPointer?
    /// Length of the mapping (the file size when it was opened).
    let length: Int
    /// The file's modification time when it was opened.
    let modifiedAtOpen: timespec

    public enum OpenError: Error {
        case system(String)
        case notRegular
    }

    /// Maps `path`. A directory is an error; a FIFO, socket or device throws `.notRegular` so the
    /// caller can stream it instead.
    init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw OpenError.system("cannot open '\(path)': \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw OpenError.system("cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR {
            close(fd)
            throw OpenError.system("'\(path)' is a directory, not a CSV file")
        }
        guard type == S_IFREG else {
            close(fd)
            throw OpenError.notRegular
        }
        self.path = path
        self.fd = fd
        self.length = Int(info.st_size)
        self.modifiedAtOpen = info.st_mtim
        if length > 0 {
            guard let pointer = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), pointer != MAP_FAILED else {
                close(fd)
                throw OpenError.system("cannot map '\(path)': \(String(cString: strerror(errno)))")
            }
            // The indexer reads front to back once.
            madvise(pointer, length, MADV_SEQUENTIAL)
            base = UnsafeRawPointer(pointer)
            TruncationGuard.register(base: pointer, length: length)
        } else {
            base = nil
        }
    }

    deinit {
        if let base {
            TruncationGuard.unregister(base: base)
            munmap(UnsafeMutableRawPointer(mutating: base), length)
        }
        close(fd)
    }

    /// The bytes `range` (clamped to the mapping).
    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        guard let base else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        let lower = max(0, min(range.lowerBound, length)), upper = max(lower, min(range.upperBound, length))
        return UnsafeRawBufferPointer(start: base + lower, count: upper - lower)
    }

    /// The file's size and modification time now (it may have changed since it was mapped).
    var currentState: (size: Int, modified: timespec) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return (length, modifiedAtOpen) }
        return (Int(info.st_size), info.st_mtim)
    }
}
