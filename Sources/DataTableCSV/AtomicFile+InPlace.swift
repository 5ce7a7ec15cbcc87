import Glibc

/// Rewriting a file in place, for a file a rename would break (other hard links, an owner or
/// group a new file cannot get): its inode, links, mode, owner and group stay as they are.
extension AtomicFile {
    /// Writes the `length` bytes of the complete temporary file `temporaryFD` over the file
    /// `plan` names, in place. In order: the file is opened for writing (not truncated), so a
    /// file that cannot be written fails before anything changes; a copy of it goes to the
    /// backup and is synced; `verify` looks a last time; a reader of the file (`mapped`) moves
    /// to the copy; then the bytes are written, the file cut to `length` and synced. If that
    /// fails, the backup is copied back, and the error says where the previous version is.
    static func rewriteInPlace(_ plan: Plan, from temporaryFD: Int32, length: Int, options: Options,
                               verify: () throws -> Void, result: inout Replaced) throws {
        guard let info = plan.existing else { return }
        let why = result.method.reasons.joined(separator: ", ")
        let output = try openForRewriting(plan, info: info, allowingReadOnly: options.replacesReadOnly, why: why)
        defer { close(output) }
        let backup = options.keepsBackup ? try makeBackup(of: plan, own: options.ownBackup, copying: true) : nil
        do {
            try verify()
            if let mapped = options.mapped, mapped.reads(info) {
                guard let backup else {
                    throw CSVWriteError("cannot write '\(plan.path)' in place (\(why)) without a backup: the table is read from it")
                }
                try mapped.readFromCopy(atPath: backup.path, stamp: backup.stamp)
            }
        } catch {
            if let backup { unlink(backup.path) }
            throw error
        }
        result.backup = backup
        // From here on the file changes.
        guard copyContents(from: temporaryFD, to: output, failAfter: options.failRewriteAfterBytes) == length,
              ftruncate(output, off_t(length)) == 0, fsync(output) == 0 else {
            let reason = String(cString: strerror(errno))
            guard let backup else { throw CSVWriteError("cannot write '\(plan.path)' in place (\(why)): \(reason); it may be incomplete") }
            let restored = restore(output, from: backup.path)
            throw CSVWriteError("cannot write '\(plan.path)' in place (\(why)): \(reason); "
                                + (restored ? "it was put back as it was (also kept as '\(backup.path)')"
                                            : "it may be incomplete: the previous version is in '\(backup.path)'"))
        }
        result.written = FileStamp.current(fd: output)
    }

    /// The file opened for writing, not truncated. A read-only file of one's own written with
    /// `!` is made writable just long enough to open it, and its mode is put back at once.
    private static func openForRewriting(_ plan: Plan, info: stat, allowingReadOnly: Bool, why: String) throws -> Int32 {
        var fd = open(plan.target, O_WRONLY | O_CLOEXEC)
        if fd < 0 && errno == EACCES && allowingReadOnly && info.st_uid == geteuid() {
            let mode = info.st_mode & 0o7777
            if chmod(plan.target, mode | S_IWUSR) == 0 {
                fd = open(plan.target, O_WRONLY | O_CLOEXEC)
                let saved = errno
                chmod(plan.target, mode)
                errno = saved
            }
        }
        guard fd >= 0 else { throw failure(plan.path, "cannot open it to write in place (\(why))") }
        return fd
    }

    /// Copies the backup back over the file (after a failed rewrite); whether that worked.
    private static func restore(_ output: Int32, from backup: String) -> Bool {
        let input = open(backup, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return false }
        defer { close(input) }
        guard let length = copyContents(from: input, to: output) else { return false }
        return ftruncate(output, off_t(length)) == 0 && fsync(output) == 0
    }
}
