import DataTableKit
import Glibc

/// Why writing a table failed, in one line for the status bar.
public struct CSVWriteError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Why the write failed, for the status line.
    public let message: String
    /// The target (or its `.bak`) holds a version the writer did not expect: another program
    /// saved it. The ways out are writing anyway (`overwriting`) or writing elsewhere.
    public let isConflict: Bool
    /// An error saying `message` (`isConflict`: another program saved the target).
    public init(_ message: String, isConflict: Bool = false) {
        self.message = message
        self.isConflict = isConflict
    }
    /// The message.
    public var description: String { message }
}

/// How a long write reports its progress and is cancelled (it runs on a worker thread).
public struct CSVWriteProgress: Sendable {
    /// Told the bytes written so far, after each piece written to the file.
    public var report: @Sendable (Int) -> Void
    /// Asked after each piece: true stops the write (the temporary file is removed, the target
    /// is untouched) with an error saying so.
    public var isCancelled: @Sendable () -> Bool

    /// Reports to `report`; stops when `isCancelled` says so.
    public init(report: @escaping @Sendable (Int) -> Void, isCancelled: @escaping @Sendable () -> Bool) {
        self.report = report
        self.isCancelled = isCancelled
    }
}

/// What a write did.
public struct CSVWriteResult: Sendable {
    /// The file written (symbolic links resolved).
    public let path: String
    /// Where the previous file was kept (`PATH.bak`), or nil when there was none.
    public let backupPath: String?
    /// Data rows written (deleted rows left out; the header not counted).
    public let rowsWritten: Int
    /// Bytes in the file written.
    public let bytesWritten: Int
    /// The state written, for `EditableDataSource.markSaved(savePoint:)` (nil for other sources).
    public let savePoint: Int?
}

/// Writes a table as CSV, atomically: into a temporary file in the target's directory, synced,
/// then renamed over the target, whose previous version is kept as `PATH.bak`. The target is
/// never partly written: on any error the temporary file is removed and the target is untouched.
///
/// What is written: the header (unless the source had none), then the rows in source order,
/// without the rows an `EditableDataSource` deleted and with its edited fields. Over a
/// `CSVFileDataSource` with the same dialect, unchanged rows (and the header) are copied byte for
/// byte from the file, so quoting, spacing and line terminators stay exactly as they were; in an
/// edited row only the edited fields are encoded (RFC 4180 quoting), its other fields and its line
/// terminator are copied byte for byte (invalid UTF-8, odd quoting, a CR-only line end).
/// Memory stays bounded (a 1 MB buffer; unchanged runs of rows are written straight from the
/// mapping), whatever the size.
///
/// Lost updates: a write to a `CSVWriteTarget` first checks that the file there (and its `.bak`)
/// is the version dtable read or last wrote, and refuses a conflict unless `overwriting`.
///
/// `AppendingColumnsDataSource` layers are looked through: their header-only columns are not data.
public struct CSVTableWriter: Sendable {
    /// How encoded records end: `\n` or `\r\n`.
    public enum LineTerminator: Sendable, Equatable {
        case lf, crlf
        var bytes: [UInt8] { self == .lf ? [0x0A] : [0x0D, 0x0A] }
    }

    /// The delimiter and quote of encoded records.
    public var dialect: CSVDialect
    /// The terminator of encoded records (copied records keep theirs).
    public var lineTerminator: LineTerminator
    /// Whether to write a header record (false for files read with `--no-header`).
    public var writesHeader: Bool
    /// Whether to start with a UTF-8 byte order mark.
    public var writesByteOrderMark: Bool

    /// Test hook: fail with a write error once this many bytes were written.
    var failAfterBytes: Int?

    /// A writer of `dialect` records ending in `lineTerminator`, with or without a header.
    public init(dialect: CSVDialect = .comma, lineTerminator: LineTerminator = .lf, writesHeader: Bool = true,
                writesByteOrderMark: Bool = false) {
        self.dialect = dialect
        self.lineTerminator = lineTerminator
        self.writesHeader = writesHeader
        self.writesByteOrderMark = writesByteOrderMark
    }

    /// The format of the file `source` was read from: its dialect, header or not, BOM, and CRLF
    /// when its first record ended with CR LF. Defaults for sources that are not files.
    public init(matching source: DataTableDataSource) {
        self.init()
        let data = Layers(source).data
        if let file = data as? CSVFileDataSource {
            dialect = file.dialect
            writesHeader = file.hasHeader
            writesByteOrderMark = file.hasByteOrderMark
            lineTerminator = file.usesCRLF ? .crlf : .lf
        } else if let memory = data as? CSVDataSource {
            writesHeader = !memory.document.header.allSatisfy(\.isEmpty)
        }
    }

    /// Writes the table back to the file it was read from (in its format), keeping the previous
    /// version as `PATH.bak`, and marks an `EditableDataSource` saved (at the state written).
    @discardableResult
    public static func save(_ source: DataTableDataSource, overwriting: Bool = false,
                            progress: CSVWriteProgress? = nil) throws -> CSVWriteResult {
        let layers = Layers(source)
        guard let file = layers.data as? CSVFileDataSource, let target = file.writeTarget else {
            throw CSVWriteError("cannot save: the table was not read from a file (write it to a file instead)")
        }
        let result = try CSVTableWriter(matching: source).write(source, to: target, overwriting: overwriting,
                                                                progress: progress)
        if let editable = layers.editable, let savePoint = result.savePoint { editable.markSaved(savePoint: savePoint) }
        return result
    }

    /// The bytes a write of `source` will about take (for progress): the file's size for a
    /// table read from a file, else an estimate from its rows and columns.
    public static func estimatedSize(of source: DataTableDataSource) -> Int {
        let data = Layers(source).data
        if let file = data as? CSVFileDataSource { return file.file.length }
        return data.rowCount * max(1, data.columnCount) * 8
    }

    /// Writes the table to `path` atomically, over whatever is there (see
    /// `write(_:to:overwriting:progress:)` with `overwriting`).
    @discardableResult
    public func write(_ source: DataTableDataSource, to path: String) throws -> CSVWriteResult {
        try write(source, to: CSVWriteTarget(recordingCurrentStateOf: path), overwriting: true)
    }

    /// Writes the table to `target.path` atomically; an existing file there is kept as
    /// `PATH.bak` (replacing an older `.bak`) and its permission bits are kept. A symbolic link
    /// at the path is followed (the file it names is replaced, the link stays).
    ///
    /// Unless `overwriting`, the file and its `.bak` must be the versions `target` expects
    /// (checked before writing and again just before the rename), else a conflict is thrown
    /// and nothing changes. A table whose mapped file was changed in place is never written:
    /// its rows are copied from that mapping. Stale temporary files of dead dtables next to the
    /// target are removed first.
    @discardableResult
    public func write(_ source: DataTableDataSource, to target: CSVWriteTarget, overwriting: Bool = false,
                      progress: CSVWriteProgress? = nil) throws -> CSVWriteResult {
        try replace(target, with: source, overwriting: overwriting, progress: progress) { data, snapshot, output in
            try encode(data, snapshot: snapshot, into: &output)
        }
    }

    /// What every write does around its encoding: refuses a table still loading or whose file
    /// changed on disk, checks `target` (unless `overwriting`), takes the edits' snapshot,
    /// replaces `target.path` atomically with what `encode` writes (given the data layer of
    /// `source`, the snapshot and the output; it returns the records written) and records the
    /// write in `target`.
    func replace(_ target: CSVWriteTarget, with source: DataTableDataSource, overwriting: Bool,
                 progress: CSVWriteProgress?,
                 encode: (DataTableDataSource, EditableDataSource.Snapshot?, inout OutputBuffer) throws -> Int)
        throws -> CSVWriteResult {
        let path = target.path
        let layers = Layers(source)
        if let state = layers.data.loadState, !state.isComplete {
            throw CSVWriteError("cannot write '\(path)' yet: the table is still loading (\(state.summary))")
        }
        if let file = layers.data as? CSVFileDataSource, file.hasChangedOnDisk {
            throw CSVWriteError("cannot write '\(path)': '\(file.path)' changed on disk since it was opened (reopen it first)")
        }
        if !overwriting { try target.verify() }
        let snapshot = layers.editable?.snapshot()
        var rows = 0
        let replaced = try AtomicFile.replace(path, verify: overwriting ? {} : target.verify, progress: progress) { output in
            output.failAfterBytes = failAfterBytes
            rows = try encode(layers.data, snapshot, &output)
        }
        target.recordWrite(file: replaced.written, madeBackup: replaced.backupPath != nil, backup: replaced.backup)
        return CSVWriteResult(path: replaced.target, backupPath: replaced.backupPath, rowsWritten: rows,
                              bytesWritten: replaced.bytes, savePoint: snapshot?.savePoint)
    }

    // MARK: - Encoding

    /// Writes the whole table to `output`; returns the number of data rows written.
    func encode(_ data: DataTableDataSource, snapshot: EditableDataSource.Snapshot?,
                into output: inout OutputBuffer) throws -> Int {
        let columns = data.columnCount
        let edits = snapshot?.edits ?? [:]
        let deleted = snapshot?.deletedRows ?? []
        let file = (data as? CSVFileDataSource).flatMap { $0.dialect == dialect ? $0 : nil }
        if writesByteOrderMark { try output.append([0xEF, 0xBB, 0xBF]) }
        if writesHeader {
            if let file, file.hasHeader {
                let start = file.hasByteOrderMark ? 3 : 0
                try output.append(file.file.bytes(start..<file.dataStart))
            } else if let other = data as? CSVFileDataSource, other.hasHeader {
                // The header as the file has it (empty titles stay empty, not "column 3"); not
                // its `sep=` line or skipped lines, which name the old delimiter.
                let titles = other.file.bytes(other.headerStart..<other.dataStart).withMemoryRebound(to: UInt8.self) { buffer in
                    var scanner = CSVReader.Scanner(buffer, dialect: other.dialect)
                    return scanner.nextRecord() ?? []
                }
                try appendRecord(titles, endsWithTerminator: true, to: &output)
            } else {
                try appendRecord((0..<columns).map(data.title(ofColumn:)), endsWithTerminator: true, to: &output)
            }
        }
        let rowCount = data.rowCount
        var written = 0
        func encodedRow(_ row: Int) -> [String] {
            var fields = data.fields(row: row)
            for (column, text) in edits[row] ?? [:] where column < columns {
                if column >= fields.count { fields += repeatElement("", count: column + 1 - fields.count) }
                fields[column] = text
            }
            return fields
        }
        guard let file else {
            for row in 0..<rowCount where !deleted.contains(row) {
                var fields = encodedRow(row)
                if fields.count < columns { fields += repeatElement("", count: columns - fields.count) }
                try appendRecord(fields, endsWithTerminator: true, to: &output)
                written += 1
            }
            return written
        }
        // Rows that are not copied: deleted or edited. Runs of other rows are copied as they are.
        let special = Set(deleted).union(edits.keys).filter { $0 < rowCount }.sorted()
        let all = file.file.bytes(0..<file.file.length)
        let index = file.index
        func copy(_ rows: Range<Int>) throws {
            guard !rows.isEmpty else { return }
            let lower = min(index[rows.lowerBound], all.count), upper = min(index[rows.upperBound], all.count)
            try output.append(UnsafeRawBufferPointer(rebasing: all[lower..<upper]))
            written += rows.count
        }
        var next = 0
        for row in special {
            try copy(next..<row)
            next = row + 1
            if deleted.contains(row) { continue }
            let lower = min(index[row], all.count), upper = min(index[row + 1], all.count)
            try appendEditedRecord(UnsafeRawBufferPointer(rebasing: all[lower..<max(lower, upper)]),
                                   edits: (edits[row] ?? [:]).filter { $0.key < columns }, to: &output)
            written += 1
        }
        try copy(next..<rowCount)
        return written
    }

    private func appendRecord(_ fields: [String], endsWithTerminator: Bool, to output: inout OutputBuffer) throws {
        for (i, field) in fields.enumerated() {
            if i > 0 { try output.append(dialect.delimiter) }
            try output.append(CSVField.encode(field, delimiter: dialect.delimiter, quote: dialect.quote))
        }
        if endsWithTerminator { try output.append(lineTerminator.bytes) }
    }
}

/// The layers of a source: an `EditableDataSource` (if any) and the data under it, with
/// `AppendingColumnsDataSource` layers looked through.
struct Layers {
    let editable: EditableDataSource?
    let data: DataTableDataSource

    init(_ source: DataTableDataSource) {
        editable = source.layer(EditableDataSource.self)
        data = source.innermostSource
    }
}

/// Buffered writes to a file descriptor.
struct OutputBuffer {
    let fd: Int32
    private var buffer: [UInt8] = []
    private let capacity = 1 << 20
    private(set) var bytesWritten = 0
    var failAfterBytes: Int?
    var progress: CSVWriteProgress?

    init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(capacity)
    }

    mutating func append(_ byte: UInt8) throws {
        if buffer.count == capacity { try flush() }
        buffer.append(byte)
    }

    mutating func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }

    /// Small pieces are buffered; large ones (runs of copied rows) go straight to the file.
    mutating func append(_ bytes: UnsafeRawBufferPointer) throws {
        if buffer.count + bytes.count <= capacity {
            buffer.append(contentsOf: bytes)
            return
        }
        try flush()
        if bytes.count < capacity / 2 {
            buffer.append(contentsOf: bytes)
        } else {
            try writeAll(bytes)
        }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            // At most 64 MB per call (some kernels cap a single write near 2 GB); 16 MB when
            // someone watches the progress (a cancel is seen within one piece).
            var count = min(bytes.count - offset, progress == nil ? 1 << 26 : 1 << 24)
            if let limit = failAfterBytes {
                if bytesWritten >= limit { throw CSVWriteError("write error: No space left on device (test)") }
                count = min(count, limit - bytesWritten)
            }
            let n = Glibc.write(fd, bytes.baseAddress! + offset, count)
            if n < 0 {
                if errno == EINTR { continue }
                throw CSVWriteError("write error: \(String(cString: strerror(errno)))")
            }
            offset += n
            bytesWritten += n
            if let progress {
                progress.report(bytesWritten)
                if progress.isCancelled() { throw WriteCancelled() }
            }
        }
    }
}

/// Thrown by `OutputBuffer` when the write's progress says it was cancelled.
struct WriteCancelled: Error {}

/// Replacing a file atomically through a temporary file in its directory.
enum AtomicFile {
    /// What `replace` did.
    struct Replaced {
        /// The file written (links resolved).
        var target: String
        /// `PATH.bak` when there was a file to keep, and its version.
        var backupPath: String?
        var backup: FileStamp?
        var bytes: Int
        /// The version written.
        var written: FileStamp?
    }

    /// Calls `body` to fill a temporary file next to `path` (`.NAME.dtable-PID-XXXXXX`, so a
    /// later dtable can remove it when this process died), then syncs it, gives it the
    /// permission bits (and, where allowed, the owner) of the file at `path`, calls `verify`
    /// (which throws when the target is no longer the version expected), keeps that file as
    /// `PATH.bak` and renames the temporary file over it.
    static func replace(_ path: String, verify: () throws -> Void, progress: CSVWriteProgress? = nil,
                        body: (inout OutputBuffer) throws -> Void) throws -> Replaced {
        func failure(_ what: String) -> CSVWriteError {
            CSVWriteError("cannot write '\(path)': \(what): \(String(cString: strerror(errno)))")
        }
        guard !path.isEmpty else { throw CSVWriteError("cannot write: no file name") }
        // Follow a symbolic link: replace the file it names, not the link.
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = realpath(path, nil) else { throw failure("cannot resolve the link") }
            target = String(cString: resolved)
            free(resolved)
        }
        let exists = stat(target, &info) == 0
        if !exists && errno != ENOENT { throw failure("cannot read its status") }
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            throw CSVWriteError("cannot write '\(path)': it is not a regular file")
        }
        let (directory, name) = split(target)
        removeStaleTemporaryFiles(directory: directory, name: name)

        var template = Array("\(directory)/\(temporaryPrefix(name))\(getpid())-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure("cannot create a temporary file in '\(directory)'") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var open = true
        var result = Replaced(target: target, bytes: 0)
        do {
            var output = OutputBuffer(fd: fd)
            output.progress = progress
            try body(&output)
            try output.flush()
            let mode: mode_t
            if exists {
                mode = info.st_mode & 0o7777
                _ = fchown(fd, info.st_uid, info.st_gid)  // only root may; otherwise the writer owns it
            } else {
                let mask = umask(0o022)
                umask(mask)
                mode = 0o666 & ~mask
            }
            guard fchmod(fd, mode) == 0 else { throw failure("cannot set permissions") }
            guard fsync(fd) == 0 else { throw failure("cannot sync the data to disk") }
            result.written = FileStamp.current(fd: fd)
            open = false
            guard close(fd) == 0 else { throw failure("cannot close the temporary file") }
            // The last look before anything at the target changes: a save by another program
            // during a long write is seen here.
            try verify()
            var renamedToBackup = false
            if exists {
                let bak = target + ".bak"
                if unlink(bak) != 0 && errno != ENOENT { throw failure("cannot replace the backup '\(bak)'") }
                if link(target, bak) != 0 {
                    // No hard links here (some file systems): move the original aside instead.
                    guard errno == EPERM || errno == EXDEV || errno == EMLINK || errno == ENOTSUP,
                          rename(target, bak) == 0 else { throw failure("cannot keep a backup as '\(bak)'") }
                    renamedToBackup = true
                }
                result.backupPath = bak
                result.backup = FileStamp.current(atPath: bak)
            }
            if rename(temporary, target) != 0 {
                let error = failure("cannot replace the file")
                if renamedToBackup, let backup = result.backupPath { rename(backup, target) }
                throw error
            }
            // The rename itself is durable once the directory is synced (best effort).
            let directoryFD = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if directoryFD >= 0 {
                fsync(directoryFD)
                close(directoryFD)
            }
            result.bytes = output.bytesWritten
            return result
        } catch let error as CSVWriteError {
            if open { close(fd) }
            unlink(temporary)
            // A write error names the file it failed for.
            throw error.message.hasPrefix("cannot write") || error.isConflict
                ? error : CSVWriteError("cannot write '\(path)': \(error.message)")
        } catch is WriteCancelled {
            if open { close(fd) }
            unlink(temporary)
            throw CSVWriteError("writing '\(path)' cancelled: the file is untouched")
        } catch {
            if open { close(fd) }
            unlink(temporary)
            throw CSVWriteError("cannot write '\(path)': \(error)")
        }
    }

    /// The directory and the name of a path ("." for a bare name).
    static func split(_ path: String) -> (directory: String, name: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return (directory, name)
    }

    /// How temporary files for `name` start: `.NAME.dtable-` (then the writer's PID, `-`, and
    /// six random characters).
    static func temporaryPrefix(_ name: String) -> String { ".\(name).dtable-" }
}
