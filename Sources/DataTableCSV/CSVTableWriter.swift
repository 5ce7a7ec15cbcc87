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

/// How a write put the new contents in place.
public enum CSVWriteMethod: Sendable, Equatable {
    /// A new file renamed over the old one (the old one kept as the backup).
    case replaced
    /// The old file's contents rewritten in place (after a copy of it went to the backup),
    /// because a new file would have lost something: `reasons` says what ("2 hard links",
    /// "owner uid 1000").
    case inPlace(reasons: [String])

    /// Why the file was written in place (empty when it was replaced).
    public var reasons: [String] {
        if case .inPlace(let reasons) = self { return reasons }
        return []
    }
}

/// What a write did.
public struct CSVWriteResult: Sendable {
    /// The file written (symbolic links resolved).
    public let path: String
    /// The path written through when it was a symbolic link (the link stays), else nil.
    public let linkPath: String?
    /// How the file was written: replaced, or rewritten in place (and why).
    public let method: CSVWriteMethod
    /// Where the previous file was kept (`PATH.bak`, or `PATH.bak.N` when another file holds
    /// that name), or nil when there was none.
    public let backupPath: String?
    /// Data rows written (deleted rows left out; the header not counted).
    public let rowsWritten: Int
    /// Bytes in the file written.
    public let bytesWritten: Int
    /// The state written, for `EditableDataSource.markSaved(savePoint:)` (nil for other sources).
    public let savePoint: Int?
}

/// Writes a table as CSV, atomically: into a temporary file in the target's directory, synced,
/// then renamed over the target, whose previous version is kept as `PATH.bak` (or `PATH.bak.N`:
/// a file the writer did not make is never replaced). The target is never partly written: on
/// any error the temporary file is removed and the target is untouched. A target a rename would
/// break (hard links, an owner the new file cannot get) is rewritten in place after a copy of it
/// went to the backup; a read-only one is replaced only when overwriting (`AtomicFile`).
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
/// Lost updates: a write to a `CSVWriteTarget` first checks that the file there is the version
/// dtable read or last wrote, and refuses a conflict unless `overwriting`.
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
    /// Whether to write a header record (false for files read without one).
    public var writesHeader: Bool
    /// Whether to start with a UTF-8 byte order mark.
    public var writesByteOrderMark: Bool

    /// Test hook: fail with a write error once this many bytes were written.
    var failAfterBytes: Int?
    /// Test hook: giving a file's owner to the new file fails (as for a user who is not root).
    var failsToGiveOwner = false
    /// Test hook: rewriting a file in place fails after this many bytes.
    var failRewriteAfterBytes: Int?

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
    /// `PATH.bak` (or `PATH.bak.N` when another file holds that name; the backup an earlier write
    /// to `target` made is replaced) and its mode, owner and group are kept. A symbolic link at
    /// the path is followed (the file it names is written, the link stays); a file with other
    /// hard links, or whose owner the new file cannot get, is rewritten in place (see
    /// `CSVWriteResult.method`).
    ///
    /// Unless `overwriting`, the file must be the version `target` expects (checked before
    /// writing and again just before the file changes) and must not be read-only, else a
    /// conflict is thrown and nothing changes. A table whose mapped file was changed in place is never written:
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
        if let state = (layers.data as? DataTableLoading)?.loadState, !state.isComplete {
            throw CSVWriteError("cannot write '\(path)' yet: the table is still loading (\(state.summary))")
        }
        if let file = layers.data as? CSVFileDataSource, file.hasChangedOnDisk {
            throw CSVWriteError("cannot write '\(path)': '\(file.path)' changed on disk since it was opened (reopen it first)")
        }
        if !overwriting { try target.verify() }
        let snapshot = layers.editable?.snapshot()
        var rows = 0
        let replaced = try AtomicFile.replace(path, options: options(for: target, overwriting: overwriting, data: layers.data),
                                              verify: overwriting ? {} : target.verify, progress: progress) { output in
            output.failAfterBytes = failAfterBytes
            rows = try encode(layers.data, snapshot, &output)
        }
        target.recordWrite(file: replaced.written, backup: replaced.backup)
        return CSVWriteResult(replaced, rowsWritten: rows, savePoint: snapshot?.savePoint)
    }

    /// How a write to `target` treats what it finds: a read-only file is replaced only when
    /// overwriting; the backup `target`'s last write made may be replaced; the mapped file the
    /// data is read from moves to the backup copy before its file is rewritten in place.
    func options(for target: CSVWriteTarget, overwriting: Bool, data: DataTableDataSource?) -> AtomicFile.Options {
        var options = AtomicFile.Options()
        options.replacesReadOnly = overwriting
        options.ownBackup = target.ownBackup
        options.mapped = (data as? CSVFileDataSource)?.file
        options.failsToGiveOwner = failsToGiveOwner
        options.failRewriteAfterBytes = failRewriteAfterBytes
        return options
    }

    /// Writes `bytes` to `target.path` by the rules every table write follows (a temporary file
    /// renamed over the target or written in place, links, mode, owner and group kept, a
    /// conflict unless `overwriting`, a read-only file only when `replacingReadOnly`), keeping
    /// the previous file as a backup when `keepingBackup`. For files that are not tables (a
    /// report): the one way a program on this library writes a file.
    @discardableResult
    public static func writeFile(_ bytes: [UInt8], to target: CSVWriteTarget, overwriting: Bool = false,
                                 replacingReadOnly: Bool = false, keepingBackup: Bool = true) throws -> CSVWriteResult {
        if !overwriting { try target.verify() }
        var options = CSVTableWriter().options(for: target, overwriting: replacingReadOnly, data: nil)
        options.keepsBackup = keepingBackup
        let replaced = try AtomicFile.replace(target.path, options: options, verify: overwriting ? {} : target.verify) { output in
            try output.append(bytes)
        }
        target.recordWrite(file: replaced.written, backup: replaced.backup)
        return CSVWriteResult(replaced, rowsWritten: 0, savePoint: nil)
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

extension CSVWriteResult {
    /// What `replaced` did, with the rows written and the state saved.
    init(_ replaced: AtomicFile.Replaced, rowsWritten: Int, savePoint: Int?) {
        self.init(path: replaced.target, linkPath: replaced.linkPath, method: replaced.method,
                  backupPath: replaced.backup?.path, rowsWritten: rowsWritten, bytesWritten: replaced.bytes,
                  savePoint: savePoint)
    }
}
