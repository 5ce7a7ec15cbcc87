import DataTableKit
import Glibc
import Synchronization
import TerminalSurface

/// A file mapped read-only and private: the bytes are the page cache's, never copied.
///
/// Either a regular file, mapped at its size, or a *stream* (stdin, a FIFO) that a copier
/// thread writes into an unlinked temporary file: that file is mapped with room to grow (address
/// space only), and `length` grows as bytes arrive, so the table shows the first rows at once.
public final class MappedFile: @unchecked Sendable {
    let path: String
    /// How messages name the file, safe for a terminal: the path quoted once
    /// (`TerminalText.quoted`), or for a stream the name its creator gave (`stdin`, a FIFO's
    /// quoted path), sanitized.
    let displayName: String
    let fd: Int32
    /// Start of the mapping; nil for an empty regular file.
    let base: UnsafeRawPointer?
    /// Bytes of address space mapped (the file size, or the stream's reservation).
    let mappedLength: Int
    /// Bytes readable now: the file size when opened, or what the stream copier has written.
    private let available: Atomic<Int>
    /// False while a stream is still arriving.
    private let complete: Atomic<Bool>
    /// Why copying a stream stopped early (a full disk), if it did.
    private let streamError = Mutex<String?>(nil)
    /// The file's modification time when it was opened.
    let modifiedAtOpen: timespec
    /// The version of the file opened (nil for a stream): what a write back to `path` expects
    /// to find there.
    let openedStamp: FileStamp?
    /// Whether this is a stream copied into a temporary file.
    let isStream: Bool
    /// Most bytes a stream may hold: its temporary file plus the row index over it (`Int.max`:
    /// no limit but the reservation). See `copyStream`.
    let bufferLimit: Int
    /// Set when the copier stopped at `bufferLimit` (the rest of the stream was not read).
    private let stoppedAtLimit = Atomic<Bool>(false)
    /// What the indexer has reported: bytes it has scanned, and the index bytes they took.
    private let indexedBytes = Atomic<Int>(0)
    private let indexBytes = Atomic<Int>(0)
    /// Set when nobody reads the file any more: the copier stops.
    private let abandoned = Atomic<Bool>(false)
    /// The compressed format the stream turned out to be in (nil: plain, or not known yet).
    private let decodedFormat = Mutex<CompressionFormat?>(nil)
    /// Bytes read from the stream's descriptor (compressed bytes when decompressing).
    private let sourceBytesRead = Atomic<Int>(0)
    /// The size of what the stream reads when it is a regular file (a compressed file), else nil.
    let sourceSize: Int?
    /// Set when the stream's data broke off (corrupt or truncated compressed data): the bytes
    /// end inside a record.
    private let endedInsideData = Atomic<Bool>(false)
    /// Why the stream's first bytes were refused as binary (`BinarySniffer`), if they were.
    private let binaryReason = Mutex<String?>(nil)

    /// Bytes readable now (see `available`).
    var length: Int { available.load(ordering: .acquiring) }
    /// Whether all bytes have arrived (always true for a regular file).
    var isComplete: Bool { complete.load(ordering: .acquiring) }
    /// Why a stream stopped before its end, if it did.
    var streamFailure: String? { streamError.withLock { $0 } }
    /// Whether the copier stopped reading the stream at `bufferLimit`.
    var isStoppedAtLimit: Bool { stoppedAtLimit.load(ordering: .acquiring) }
    /// Whether the bytes end inside a record that will never be completed (the limit, or
    /// compressed data that broke off): the indexer drops that record.
    var endsInsideRecord: Bool { isStoppedAtLimit || endedInsideData.load(ordering: .acquiring) }
    /// Why the copier refused the stream after its first `sniffBytes` (or all of it, when
    /// shorter): they do not look like text (`BinarySniffer`). Nothing past them was read.
    var binaryRefusal: String? { binaryReason.withLock { $0 } }
    /// The compressed format being decoded, once the first bytes have told (nil: plain).
    var compressionFormat: CompressionFormat? { decodedFormat.withLock { $0 } }
    /// Bytes read from the stream's own descriptor so far (compressed bytes when decompressing).
    var sourceBytesConsumed: Int { sourceBytesRead.load(ordering: .relaxed) }

    /// The indexer's report (any thread): it has scanned the first `bytes` and holds `indexMemory`
    /// bytes of index for them. The copier counts the index against `bufferLimit`.
    func noteIndexed(upTo bytes: Int, indexMemory: Int) {
        indexBytes.store(indexMemory, ordering: .relaxed)
        indexedBytes.store(bytes, ordering: .releasing)
    }

    /// Tells the copier that nobody reads the file any more (the data source went away).
    func abandon() { abandoned.store(true, ordering: .releasing) }

    /// Why a file could not be mapped.
    public enum OpenError: Error, Sendable {
        case system(String)
        case notRegular
    }

    /// Maps `path`. A directory is an error; a FIFO, socket or device throws `.notRegular` so the
    /// caller can stream it instead.
    init(path: String) throws {
        let displayName = TerminalText.quoted(path)
        // Look before opening: opening a FIFO would consume its writer, and the caller must open
        // it exactly once, to stream it.
        var before = stat()
        if stat(path, &before) == 0, (before.st_mode & S_IFMT) != S_IFREG, (before.st_mode & S_IFMT) != S_IFDIR {
            throw OpenError.notRegular
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw OpenError.system("cannot open \(displayName): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw OpenError.system("cannot read \(displayName): \(String(cString: strerror(errno)))")
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR {
            close(fd)
            throw OpenError.system("\(displayName) is a directory, not a CSV file")
        }
        guard type == S_IFREG else {
            close(fd)
            throw OpenError.notRegular
        }
        self.path = path
        self.displayName = displayName
        self.fd = fd
        let length = Int(info.st_size)
        self.mappedLength = length
        self.available = Atomic(length)
        self.complete = Atomic(true)
        self.isStream = false
        self.sourceSize = nil
        self.bufferLimit = Int.max
        self.modifiedAtOpen = info.st_mtim
        self.openedStamp = FileStamp(info)
        if length > 0 {
            guard let pointer = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), pointer != MAP_FAILED else {
                close(fd)
                throw OpenError.system("cannot map \(displayName): \(String(cString: strerror(errno)))")
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

    /// Starts copying `inputFD` (stdin, a FIFO, a compressed file) into an unlinked temporary file
    /// in `$TMPDIR` (or /tmp) on a background thread and maps it; `length` grows as data arrives,
    /// until the stream ends or the file and its index reach `bufferLimit` bytes. Data in gzip,
    /// bzip2, xz or zstd format (told by its first bytes) is decompressed on the way
    /// (`StreamReader`): the file, the limit and the index are about the decompressed bytes.
    /// `name` is how messages call the stream, as is (`stdin`; a FIFO's path quoted by the caller).
    init(streamingFrom inputFD: Int32, name: String, temporaryDirectory: String, bufferLimit: Int = Int.max) throws {
        let name = TerminalText.sanitized(name)
        var template = Array("\(temporaryDirectory)/dtable-stream-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw OpenError.system("cannot create a temporary file in \(TerminalText.quoted(temporaryDirectory)) for \(name): \(String(cString: strerror(errno)))")
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }  // gone from the directory; freed when dtable exits
        guard let pointer = mmap(nil, Self.streamReservation, PROT_READ, MAP_PRIVATE | MAP_NORESERVE, fd, 0),
              pointer != MAP_FAILED else {
            close(fd)
            throw OpenError.system("cannot map a temporary file for \(name): \(String(cString: strerror(errno)))")
        }
        self.path = name
        self.displayName = name
        self.fd = fd
        self.base = UnsafeRawPointer(pointer)
        self.mappedLength = Self.streamReservation
        self.available = Atomic(0)
        self.complete = Atomic(false)
        self.isStream = true
        var input = stat()
        self.sourceSize = fstat(inputFD, &input) == 0 && (input.st_mode & S_IFMT) == S_IFREG ? Int(input.st_size) : nil
        self.bufferLimit = bufferLimit
        self.modifiedAtOpen = timespec()
        self.openedStamp = nil
        TruncationGuard.register(base: pointer, length: Self.streamReservation)
        BackgroundWork.start { [self] in copyStream(from: inputFD) }
    }

    /// Bytes of row index one byte of data can cost at most: a row of just a line feed takes
    /// one 4-byte offset (`RowOffsetIndex.bytesPerRow`).
    static let indexBytesPerByte = RowOffsetIndex.bytesPerRow

    /// Bytes at the start of a stream (decompressed) that the copier checks for binary data
    /// before it reads any more.
    static let sniffBytes = 1 << 16

    /// The copier: reads the stream in pieces of up to 1 MiB, appends them to the file,
    /// publishes the size.
    ///
    /// The first `sniffBytes` are read on their own and checked (`BinarySniffer`): a binary
    /// stream (`/dev/zero`, `/dev/urandom`, an image) is refused there, its input replaced by
    /// /dev/null as at the limit, instead of being copied until the limit.
    ///
    /// The limit counts the file and the row index over it, so that neither can outgrow it: before
    /// each read, bytes not yet indexed are counted at their worst (`indexBytesPerByte` each),
    /// and a read takes at most what then fits even if every byte read starts a row. When nothing
    /// more fits, the copier waits for the indexer to catch up (its real count is usually far
    /// lower); once everything is indexed and still nothing fits, it stops: the input is replaced
    /// by /dev/null (the writer gets EPIPE or SIGPIPE) and the stream counts as complete.
    private func copyStream(from input: Int32) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        var reader = StreamReader(fd: input)
        defer {
            buffer.deallocate()
            reader.deallocate()
        }
        var total = 0
        var sniffed = false
        /// Stops reading `input`: a writer gets EPIPE or SIGPIPE, a device is let go.
        func closeInput() {
            let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
            if null >= 0 {
                dup2(null, input)
                close(null)
            }
        }
        while !abandoned.load(ordering: .acquiring) {
            var want = 1 << 20
            if !sniffed { want = Self.sniffBytes - total }
            if bufferLimit != Int.max {
                let indexed = min(indexedBytes.load(ordering: .acquiring), total)
                let projected = total + indexBytes.load(ordering: .relaxed) + (total - indexed) * Self.indexBytesPerByte
                want = min(want, max(0, bufferLimit - projected) / (1 + Self.indexBytesPerByte))
                if want == 0 {
                    if indexed < total {
                        usleep(1000)  // the indexer will say what the unindexed bytes really cost
                        continue
                    }
                    stoppedAtLimit.store(true, ordering: .releasing)
                    closeInput()
                    break
                }
            }
            let outcome = reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: want))
            if reader.format != nil && decodedFormat.withLock({ $0 }) == nil { decodedFormat.withLock { $0 = reader.format } }
            sourceBytesRead.store(reader.bytesRead, ordering: .relaxed)
            let n: Int
            switch outcome {
            case .bytes(let count): n = count
            case .end: n = 0
            case .failed(let reason, let isData):
                if isData {
                    // The last record decoded is cut: it is dropped like one cut at the limit.
                    endedInsideData.store(true, ordering: .releasing)
                    streamError.withLock { $0 = "\(displayName): \(reason)" }
                } else {
                    streamError.withLock { $0 = "reading \(displayName) failed: \(reason)" }
                }
                n = 0
            }
            if n <= 0 { break }
            var written = 0
            while written < n {
                let w = pwrite(fd, buffer + written, n - written, off_t(total + written))
                if w < 0 && errno == EINTR { continue }
                if w <= 0 {
                    streamError.withLock { $0 = "buffering \(displayName) stopped: \(String(cString: strerror(errno)))" }
                    complete.store(true, ordering: .releasing)
                    return
                }
                written += w
            }
            total += n
            if !sniffed && total >= Self.sniffBytes {
                sniffed = true
                if let reason = BinarySniffer.reasonIfBinary(UnsafeRawBufferPointer(start: base, count: total)) {
                    binaryReason.withLock { $0 = reason }
                    endedInsideData.store(true, ordering: .releasing)
                    streamError.withLock { $0 = "\(displayName) \(reason)" }
                    closeInput()
                    break
                }
            }
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
