import Synchronization

/// A file the table may be written to, with the versions the writer expects to find there: a
/// write does not replace anything else unless told to overwrite (`:w!`).
///
/// - The file: the version dtable opened, found when it started (`--output`) or last wrote
///   itself; or no file at all (a new file: one that appears meanwhile is not overwritten).
/// - Its backup `PATH.bak`: as it was when the target was made, or the backup dtable made
///   itself since. Any other `.bak` was written by someone else, and is not replaced.
///
/// Versions are `FileStamp`s: device, inode, size and modification time in nanoseconds, so a
/// save by rename (`sed -i`, editors, another dtable) and a write in place are both seen.
/// Thread-safe: a writer on a worker thread records what it wrote.
public final class CSVWriteTarget: @unchecked Sendable {
    /// The path as given (symbolic links are followed when it is written).
    public let path: String

    private struct Expected {
        var file: FileStamp?
        var backup: FileStamp?
    }
    private let expected: Mutex<Expected>

    /// Expects `file` at `path` (nil: no file there) and the backup that is there now.
    public init(path: String, expecting file: FileStamp?) {
        self.path = path
        expected = Mutex(Expected(file: file, backup: FileStamp.current(atPath: path + ".bak")))
    }

    /// Expects what is at `path` now (`--output FILE` as dtable starts).
    public convenience init(recordingCurrentStateOf path: String) {
        self.init(path: path, expecting: FileStamp.current(atPath: path))
    }

    /// The version of the file expected at `path` (nil: none).
    public var expectedFile: FileStamp? { expected.withLock { $0.file } }

    /// Throws a conflict (`CSVWriteError.isConflict`) when the file or its backup is not the
    /// version expected. Two `stat` calls.
    func verify() throws {
        let (file, backup) = expected.withLock { ($0.file, $0.backup) }
        let now = FileStamp.current(atPath: path)
        switch (file, now) {
        case (nil, nil): break
        case (nil, .some):
            throw CSVWriteError("'\(path)' exists", isConflict: true)
        case (.some, nil):
            throw CSVWriteError("'\(path)' was removed or renamed since dtable read it", isConflict: true)
        case (.some(let file), .some(let now)) where file != now:
            throw CSVWriteError("another program saved '\(path)' since dtable read it", isConflict: true)
        default: break
        }
        // Only a file that is there gets a backup; a backup of another version is not replaced.
        guard now != nil, let current = FileStamp.current(atPath: path + ".bak"), current != backup else { return }
        throw CSVWriteError("another program wrote '\(path).bak' since dtable read '\(path)'", isConflict: true)
    }

    /// Records a write: `file` is now at the path and, when `madeBackup`, `backup` is beside it
    /// (otherwise the backup there is still the one expected).
    func recordWrite(file: FileStamp?, madeBackup: Bool, backup: FileStamp?) {
        expected.withLock { expected in
            expected.file = file
            if madeBackup { expected.backup = backup }
        }
    }
}
