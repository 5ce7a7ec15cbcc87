import Dispatch
import Glibc
import Synchronization

/// A file mapped read-only and private: the bytes are the page cache's, never copied.
///
/// Either a regular file, mapped at its size, or a *stream* (stdin, a FIFO) that a copier
/// thread writes into an unlinked temporary file: that file is mapped with room to grow (address
/// space only), and `length` grows as bytes arrive, so the table shows the first rows at once.
public final class MappedFile: @unchecked Sendable {
    let path: String
    let fd: Int32
    /// Start of the mapping; nil for an empty regular file.
    let base: UnsafeRawPointer?
    /// Bytes of address space mapped (the file size, or the stream's reservation).
    private let mappedLength: Int
    /// Bytes readable now: the file size when opened, or what the stream copier has written.
    private let available: Atomic<Int>
    /// False while a stream is still arriving.
    private let complete: Atomic<Bool>
    /// Why copying a stream stopped early (a full disk), if it did.
    private let streamError = Mutex<String?>(nil)
    /// The file's modification time when it was opened.
    let modifiedAtOpen: timespec
    /// Whether this is a stream copied into a temporary file.
    let isStream: Bool

    /// Bytes readable now (see `available`).
    var length: Int { available.load(ordering: .acquiring) }
    /// Whether all bytes have arrived (always true for a regular file).
    var isComplete: Bool { complete.load(ordering: .acquiring) }
    /// Why a stream stopped before its end, if it did.
    var streamFailure: String? { streamError.withLock { $0 } }

    /// Why a file could not be mapped.
    public enum OpenError: Error, Sendable {
        case system(String)
        case notRegular
    }

    /// Maps `path`. A directory is an error; a FIFO, socket or device throws `.notRegular` so the
    /// caller can stream it instead.
    init(path: String) throws {
        // Look before opening: opening a FIFO would consume its writer, and the caller must open
        // it exactly once, to stream it.
        var before = stat()
        if stat(path, &before) == 0, (before.st_mode & S_IFMT) != S_IFREG, (before.st_mode & S_IFMT) != S_IFDIR {
            throw OpenError.notRegular
        }
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
        let length = Int(info.st_size)
        self.mappedLength = length
        self.available = Atomic(length)
        self.complete = Atomic(true)
        self.isStream = false
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

    /// Address space reserved for a stream: 1 TiB (no memory is committed for it).
    static let streamReservation = 1 << 40

    /// Starts copying `inputFD` (stdin, a FIFO) into an unlinked temporary file in `$TMPDIR`
    /// (or /tmp) on a background thread and maps it; `length` grows as data arrives.
    init(streamingFrom inputFD: Int32, name: String, temporaryDirectory: String) throws {
        var template = Array("\(temporaryDirectory)/dtable-stream-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw OpenError.system("cannot create a temporary file in \(temporaryDirectory) for \(name): \(String(cString: strerror(errno)))")
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }  // gone from the directory; freed when dtable exits
        guard let pointer = mmap(nil, Self.streamReservation, PROT_READ, MAP_PRIVATE | MAP_NORESERVE, fd, 0),
              pointer != MAP_FAILED else {
            close(fd)
            throw OpenError.system("cannot map a temporary file for \(name): \(String(cString: strerror(errno)))")
        }
        self.path = name
        self.fd = fd
        self.base = UnsafeRawPointer(pointer)
        self.mappedLength = Self.streamReservation
        self.available = Atomic(0)
        self.complete = Atomic(false)
        self.isStream = true
        self.modifiedAtOpen = timespec()
        TruncationGuard.register(base: pointer, length: Self.streamReservation)
        DispatchQueue.global(qos: .userInitiated).async { [self] in copyStream(from: inputFD) }
    }

    /// The copier: reads the stream in 1 MiB pieces, appends them to the file, publishes the size.
    private func copyStream(from input: Int32) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let n = read(input, buffer, 1 << 20)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                if n < 0 { streamError.withLock { $0 = "reading \(path) failed: \(String(cString: strerror(errno)))" } }
                break
            }
            var written = 0
            while written < n {
                let w = pwrite(fd, buffer + written, n - written, off_t(total + written))
                if w < 0 && errno == EINTR { continue }
                if w <= 0 {
                    streamError.withLock { $0 = "buffering \(path) stopped: \(String(cString: strerror(errno)))" }
                    complete.store(true, ordering: .releasing)
                    return
                }
                written += w
            }
            total += n
            available.store(total, ordering: .releasing)
            if total + (1 << 20) > Self.streamReservation { break }
        }
        complete.store(true, ordering: .releasing)
    }

    /// Waits until `bytes` are available or the stream ended, at most `milliseconds`.
    func waitForBytes(_ bytes: Int, milliseconds: Int) {
        var waited = 0
        while !isComplete && length < bytes && waited < milliseconds {
            usleep(1000)
            waited += 1
        }
    }

    deinit {
        if let base {
            TruncationGuard.unregister(base: base)
            munmap(UnsafeMutableRawPointer(mutating: base), mappedLength)
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
        guard !isStream else { return (length, modifiedAtOpen) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return (length, modifiedAtOpen) }
        return (Int(info.st_size), info.st_mtim)
    }
}
