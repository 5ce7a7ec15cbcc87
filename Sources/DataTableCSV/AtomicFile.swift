import Glibc

/// The one way dtable writes a file (tables, views, sheets, statistics): the new contents go
/// to a temporary file beside the target, then replace the file there without losing anything
/// the user did not ask to lose. See docs/decisions/0074-one-careful-way-to-write-a-file.md.
///
/// - Nothing at the target is opened before the new contents are complete and synced.
/// - A symbolic link stays a link: the file it names is written.
/// - A read-only file is replaced only when asked (`replacesReadOnly`).
/// - The file there is kept as a backup (`FILE.bak`; a name already taken by a file this
///   target's writes did not make is skipped: `FILE.bak.1`, …), unless told not to.
/// - A file is replaced by renaming the new one over it, which keeps its mode and (where
///   allowed) owner and group; when that would lose something (other hard links, an owner or
///   group the new file cannot get) it is rewritten in place instead, after a copy of it went
///   to the backup and was synced (vim's `backupcopy=auto`).
enum AtomicFile {
    /// How a write treats what it finds.
    struct Options {
        /// Whether a read-only file may be replaced (`:w!`).
        var replacesReadOnly = false
        /// Whether the file there is kept as a backup.
        var keepsBackup = true
        /// The backup an earlier write to the same target made: that file may be replaced by
        /// this write's backup; no other file is.
        var ownBackup: Backup?
        /// The file the data being written is read from (mapped): when it is the target and
        /// the target is rewritten in place, its reader is moved to the backup copy first.
        var mapped: MappedFile?
        /// Test hook: giving the file's owner and group to the new file fails, as it does for
        /// a user who is not root.
        var failsToGiveOwner = false
        /// Test hook: rewriting in place fails after this many bytes.
        var failRewriteAfterBytes: Int?
    }

    /// A backup a write made.
    struct Backup: Equatable, Sendable {
        /// Its path.
        let path: String
        /// Its version when made.
        let stamp: FileStamp
    }

    /// What `replace` did.
    struct Replaced {
        /// The file written (links resolved).
        var target: String
        /// The path as given when it was a symbolic link.
        var linkPath: String?
        /// Renamed over, or rewritten in place (and why).
        var method: CSVWriteMethod = .replaced
        /// Where the previous file was kept, when there was one to keep.
        var backup: Backup?
        var bytes: Int
        /// The version written.
        var written: FileStamp?
    }

    /// Calls `body` to fill a temporary file next to `path` (`.NAME.dtable-PID-XXXXXX`, so a
    /// later dtable can remove it when this process died), then syncs it, gives it the mode
    /// (and owner and group, where allowed) of the file at `path`, calls `verify` (which
    /// throws when the target is no longer the version expected) and puts it in place: a new
    /// file is linked to the path (never over a file that appeared meanwhile), an existing one
    /// is kept as the backup and replaced by a rename, or rewritten in place (see the type's
    /// summary). On any error before the file is touched, the temporary file is removed and
    /// the target is as it was.
    static func replace(_ path: String, options: Options = Options(), verify: () throws -> Void,
                        progress: CSVWriteProgress? = nil, body: (inout OutputBuffer) throws -> Void) throws -> Replaced {
        let plan = try Plan(path)
        if plan.isReadOnly && !options.replacesReadOnly { throw CSVWriteError("'\(path)' is read-only", isConflict: true) }
        let target = plan.target
        let (directory, name) = split(target)
        removeStaleTemporaryFiles(directory: directory, name: name)

        var template = Array("\(directory)/\(temporaryPrefix(name))\(getpid())-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, "cannot create a temporary file in '\(directory)'") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var result = Replaced(target: target, linkPath: plan.linkPath, bytes: 0)
        do {
            defer { close(fd) }
            var output = OutputBuffer(fd: fd)
            output.progress = progress
            try body(&output)
            try output.flush()
            result.bytes = output.bytesWritten
            var reasons = plan.inPlaceReasons
            let mode: mode_t
            if let info = plan.existing {
                mode = info.st_mode & 0o7777
                if let reason = giveOwner(of: info, to: fd, failing: options.failsToGiveOwner) { reasons.append(reason) }
            } else {
                let mask = umask(0o022)
                umask(mask)
                mode = 0o666 & ~mask
            }
            guard fchmod(fd, mode) == 0 else { throw failure(path, "cannot set permissions") }
            guard fsync(fd) == 0 else { throw failure(path, "cannot sync the data to disk") }
            result.written = FileStamp.current(fd: fd)
            // The last look before anything at the target changes: a save by another program
            // during a long write is seen here.
            try verify()
            if plan.existing == nil {
                try placeNewFile(temporary, at: target, path: path)
            } else if reasons.isEmpty {
                result.backup = try replaceByRename(plan, with: temporary, options: options)
            } else {
                result.method = .inPlace(reasons: reasons)
                try rewriteInPlace(plan, from: fd, length: output.bytesWritten, options: options, verify: verify,
                                   result: &result)
                unlink(temporary)
            }
        } catch let error as CSVWriteError {
            unlink(temporary)
            // A write error names the file it failed for.
            throw error.message.hasPrefix("cannot write") || error.isConflict
                ? error : CSVWriteError("cannot write '\(path)': \(error.message)")
        } catch is WriteCancelled {
            unlink(temporary)
            throw CSVWriteError("writing '\(path)' cancelled: the file is untouched")
        } catch {
            unlink(temporary)
            throw CSVWriteError("cannot write '\(path)': \(error)")
        }
        // The rename or link itself is durable once the directory is synced (best effort).
        let directoryFD = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
        return result
    }

    /// A new file: linked to `target`, which fails rather than replace a file that appeared
    /// there meanwhile; renamed where the file system has no hard links.
    private static func placeNewFile(_ temporary: String, at target: String, path: String) throws {
        if link(temporary, target) == 0 {
            unlink(temporary)
            return
        }
        if errno == EEXIST { throw CSVWriteError("'\(path)' appeared while it was written", isConflict: true) }
        guard rename(temporary, target) == 0 else { throw failure(path, "cannot make the file") }
    }

    /// The file is kept as the backup (a hard link to it, or a copy where there are none),
    /// then the temporary file is renamed over it. Returns the backup.
    private static func replaceByRename(_ plan: Plan, with temporary: String, options: Options) throws -> Backup? {
        let backup = options.keepsBackup ? try makeBackup(of: plan, own: options.ownBackup, copying: false) : nil
        if rename(temporary, plan.target) != 0 {
            let error = failure(plan.path, "cannot replace the file")
            if let backup { unlink(backup.path) }
            throw error
        }
        return backup
    }

    /// Gives the new file at `fd` the owner and group of the file it replaces when they
    /// differ; returns why that failed (only root may give a file away), when it did.
    static func giveOwner(of info: stat, to fd: Int32, failing: Bool) -> String? {
        var mine = stat()
        guard fstat(fd, &mine) == 0, mine.st_uid != info.st_uid || mine.st_gid != info.st_gid else { return nil }
        if !failing && fchown(fd, info.st_uid, info.st_gid) == 0 { return nil }
        return mine.st_uid != info.st_uid ? "owner uid \(info.st_uid)" : "group gid \(info.st_gid)"
    }

    /// "cannot write 'PATH': WHAT: the system's reason".
    static func failure(_ path: String, _ what: String) -> CSVWriteError {
        CSVWriteError("cannot write '\(path)': \(what): \(String(cString: strerror(errno)))")
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
