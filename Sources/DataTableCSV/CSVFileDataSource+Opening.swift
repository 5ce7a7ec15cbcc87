import Glibc
import TerminalSurface

extension CSVFileDataSource {
    /// Opens the file at `path`, whatever it is: a regular file is mapped; a compressed one
    /// (gzip, bzip2, xz, zstd: told by its first bytes, not its name) is decompressed on a
    /// background thread into an unlinked temporary file in `temporaryDirectory`, and a FIFO or
    /// device is copied there, both indexed as they grow (up to `bufferLimit` bytes of
    /// decompressed copy and index). The one way to open a path: the viewer, print mode and
    /// re-opening a file all use it.
    ///
    /// `dialect` nil: `sep=` line, else sniffed (`.tsv` names, with or without a compression
    /// suffix, are tab-separated). `skipLines` lines after the BOM and a `sep=` line are skipped
    /// before the header. Errors are `MappedFile.OpenError.system` with a message naming the
    /// file safely.
    ///
    /// Opening may wait: for a writer on a FIFO (open(2) blocks until one comes, as `cat`
    /// would), and for a stream's first record. `waiting` is told what it waits for, before it
    /// waits ("waiting for a writer on 'p'"), on the opening thread: a program that must answer
    /// meanwhile opens on a thread of its own and shows it.
    public static func open(path: String, dialect: CSVDialect? = nil, hasHeader: Bool = true, skipLines: Int = 0,
                            temporaryDirectory: String = "/tmp", bufferLimit: Int = Int.max,
                            waiting: (@Sendable (String) -> Void)? = nil) throws -> CSVFileDataSource {
        let mapped: MappedFile
        do {
            mapped = try MappedFile(path: path)
        } catch MappedFile.OpenError.notRegular {
            // A FIFO or device cannot be mapped: stream it like stdin.
            return try stream(path: path, dialect: dialect, hasHeader: hasHeader, skipLines: skipLines,
                              temporaryDirectory: temporaryDirectory, bufferLimit: bufferLimit, waiting: waiting)
        }
        let head = mapped.bytes(0..<CompressionFormat.longestMagic)
        if case .compressed = CompressionFormat.detect(head) {
            return try stream(path: path, dialect: dialect, hasHeader: hasHeader, skipLines: skipLines,
                              temporaryDirectory: temporaryDirectory, bufferLimit: bufferLimit, waiting: waiting)
        }
        return try CSVFileDataSource(file: mapped, dialect: dialect, hasHeader: hasHeader, skipLines: skipLines)
    }

    /// Opens `path` once and streams it through a temporary file (decompressing it when it is
    /// compressed).
    private static func stream(path: String, dialect: CSVDialect?, hasHeader: Bool, skipLines: Int,
                               temporaryDirectory: String, bufferLimit: Int,
                               waiting: (@Sendable (String) -> Void)?) throws -> CSVFileDataSource {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO {
            waiting?("waiting for a writer on \(TerminalText.quoted(path))")
        }
        // Blocking: a FIFO opens when a writer does (non-blocking, a reader with no writer yet
        // would read an end of file at once).
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw MappedFile.OpenError.system("cannot open \(TerminalText.quoted(path)): \(String(cString: strerror(errno)))")
        }
        // Quoted here, once: the stream's messages use the name as given. The descriptor stays
        // open for the copier (it reads to the end, or is replaced by /dev/null at the limit).
        return try CSVFileDataSource(streamingFrom: fd, name: TerminalText.quoted(path), dialect: dialect,
                                     hasHeader: hasHeader, skipLines: skipLines, dialectFileName: path,
                                     temporaryDirectory: temporaryDirectory, bufferLimit: bufferLimit, waiting: waiting)
    }
}
