import Glibc

/// The backup a write keeps of the file it replaces, under a name no other file holds.
extension AtomicFile {
    /// The highest N of `FILE.bak.N` tried when `FILE.bak` is taken.
    static let maximumBackupNumber = 999

    /// Keeps the file `plan` names as a backup beside it: `TARGET.bak` or, when a file this
    /// target's writes did not make (`own`) holds that name, the first free `TARGET.bak.N`.
    /// `own` itself, if still as it was made, is replaced. A name is claimed atomically (a
    /// hard link or `O_EXCL`), so a file that appears meanwhile is never replaced either.
    ///
    /// The backup is a hard link to the file (it becomes the old version once the new one is
    /// renamed over the path), or a copy when `copying` (the file is about to be rewritten in
    /// place) or where the file system has no hard links: the same bytes, mode, owner and group
    /// (where allowed) and times, synced before this returns.
    static func makeBackup(of plan: Plan, own: Backup?, copying: Bool) throws -> Backup {
        let target = plan.target
        var copies = copying
        for number in 0...maximumBackupNumber {
            let name = number == 0 ? target + ".bak" : target + ".bak.\(number)"
            if let own, own.path == name, isUnchanged(own) { unlink(name) }
            while true {
                if copies {
                    guard try copyFile(plan, to: name) else { break }
                } else if link(target, name) != 0 {
                    if errno == EEXIST { break }
                    // No hard links here (some file systems): copy instead.
                    guard errno == EPERM || errno == EXDEV || errno == EMLINK || errno == ENOTSUP || errno == EOPNOTSUPP else {
                        throw failure(plan.path, "cannot keep a backup as '\(name)'")
                    }
                    copies = true
                    continue
                }
                guard let stamp = FileStamp.current(atPath: name) else {
                    throw failure(plan.path, "cannot read the backup '\(name)'")
                }
                return Backup(path: name, stamp: stamp)
            }
        }
        throw CSVWriteError("cannot write '\(plan.path)': cannot keep a backup: '\(target).bak' to "
                            + "'\(target).bak.\(maximumBackupNumber)' are all taken")
    }

    /// Whether `backup` is still the file a write made (a regular file, same version).
    private static func isUnchanged(_ backup: Backup) -> Bool {
        var info = stat()
        return lstat(backup.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && FileStamp(info) == backup.stamp
    }

    /// Copies the file `plan` names to a new file `name` (false when `name` is taken).
    private static func copyFile(_ plan: Plan, to name: String) throws -> Bool {
        guard let info = plan.existing else { return false }
        let output = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if output < 0 {
            if errno == EEXIST { return false }
            throw failure(plan.path, "cannot keep a backup as '\(name)'")
        }
        var made = false
        defer {
            close(output)
            if !made { unlink(name) }
        }
        let input = open(plan.target, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure(plan.path, "cannot read it to keep a backup") }
        defer { close(input) }
        guard copyContents(from: input, to: output) != nil else { throw failure(plan.path, "cannot keep a backup as '\(name)'") }
        _ = fchown(output, info.st_uid, info.st_gid)  // only root may give it away; else it is the writer's
        var times = [info.st_atim, info.st_mtim]
        guard fchmod(output, info.st_mode & 0o7777) == 0, futimens(output, &times) == 0, fsync(output) == 0 else {
            throw failure(plan.path, "cannot keep a backup as '\(name)'")
        }
        made = true
        return true
    }

    /// Copies every byte of `input` (from its start) over `output` (from its start); returns
    /// the bytes copied, or nil with `errno` set. `failAfter` (a test hook) fails the copy once
    /// that many bytes were written.
    static func copyContents(from input: Int32, to output: Int32, failAfter: Int? = nil) -> Int? {
        let size = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while true {
            let n = pread(input, buffer, size, off_t(offset))
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return offset }
            var written = 0
            while written < n {
                if let failAfter, offset + written >= failAfter {
                    errno = ENOSPC
                    return nil
                }
                let count = min(n - written, failAfter.map { $0 - offset - written } ?? Int.max)
                let w = pwrite(output, buffer + written, count, off_t(offset + written))
                if w < 0 {
                    if errno == EINTR { continue }
                    return nil
                }
                written += w
            }
            offset += n
        }
    }
}
