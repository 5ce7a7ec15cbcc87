import Synchronization

/// A file the table may be written to, with the versions the writer expects to find there: a
/// write does not replace anything else unless told to overwrite (`:w!`).
///
/// - The file: the version dtable opened, found when it started (an output file) or last wrote
///   itself; or no file at all (a new file: one that appears meanwhile is not overwritten).
/// - Its backup: only the backup a write to this target made (and still as it was made) may be
///   replaced by the next write's backup; any other file (a `PATH.bak` that was there before)
///   is kept, and the backup takes a free name (`PATH.bak.1`, …).
///
/// Versions are `FileStamp`s: device, inode, size and modification time in nanoseconds, so a
/// save by rename (`sed -i`, editors, another dtable) and a write in place are both seen.
/// Thread-safe: a writer on a worker thread records what it wrote.
public final class CSVWriteTarget: @unchecked Sendable {
    /// The path as given (symbolic links are followed when it is written).
    public let path: String

    private struct Expected {
        var file: FileStamp?
        var backup: AtomicFile.Backup?
    }
    private let expected: Mutex<Expected>

    /// Expects `file` at `path` (nil: no file there).
    public init(path: String, expecting file: FileStamp?) {
        self.path = path
        expected = Mutex(Expected(file: file, backup: nil))
    }

    /// Expects what is at `path` now (an output file as the program starts).
    public convenience init(recordingCurrentStateOf path: String) {
        self.init(path: path, expecting: FileStamp.current(atPath: path))
    }

    /// The version of the file expected at `path` (nil: none).
    public var expectedFile: FileStamp? { expected.withLock { $0.file } }

    /// Throws a conflict (`CSVWriteError.isConflict`) when the file is not the version
    /// expected. One `stat` call.
    func verify() throws {
        let file = expected.withLock { $0.file }
        switch (file, FileStamp.current(atPath: path)) {
        case (nil, nil): break
        case (nil, .some):
            throw CSVWriteError("'\(path)' exists", isConflict: true)
        case (.some, nil):
            throw CSVWriteError("'\(path)' was removed or renamed since it was read", isConflict: true)
        case (.some(let file), .some(let now)) where file != now:
            throw CSVWriteError("another program saved '\(path)' since it was read", isConflict: true)
        default: break
        }
    }

    /// The backup the last write to this target made, if any (the next write may replace it).
    var ownBackup: AtomicFile.Backup? { expected.withLock { $0.backup } }

    /// Records a write: `file` is now at the path and `backup`, when the write made one, is
    /// beside it.
    func recordWrite(file: FileStamp?, backup: AtomicFile.Backup?) {
        expected.withLock { expected in
            expected.file = file
            if let backup { expected.backup = backup }
        }
    }

    /// Takes the backup `other`'s writes made as this target's own (a new version of the same
    /// file read again: the backup this session made may still be replaced).
    func adoptBackup(of other: CSVWriteTarget?) {
        guard let backup = other?.ownBackup else { return }
        expected.withLock { $0.backup = backup }
    }

    /// Throws the error a write to this path would stop at before writing anything: what is
    /// there is not a regular file (or a link to one), or is read-only (a conflict) unless
    /// `replacingReadOnly`. For a program to refuse a bad path before it starts its work.
    public func checkWritable(replacingReadOnly: Bool = false) throws {
        let plan = try AtomicFile.Plan(path)
        if plan.isReadOnly && !replacingReadOnly { throw CSVWriteError("'\(path)' is read-only", isConflict: true) }
    }
}
