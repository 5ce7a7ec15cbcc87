import Glibc

extension AtomicFile {
    /// What is at a path about to be written, looked at before anything is written: the file a
    /// symbolic link names, whether a file is there, its status, whether it is read-only and
    /// whether replacing it by a new file would lose something (its other hard links).
    struct Plan {
        /// The path as given.
        let path: String
        /// The file written: `path` with a symbolic link resolved.
        let target: String
        /// `path` when it is a symbolic link (the link stays; the file it names is written).
        let linkPath: String?
        /// The status of the file there (nil: there is none; a new file is made).
        let existing: stat?

        /// Looks at `path`: a symbolic link is resolved (a dangling one is an error); what is
        /// there must be a regular file.
        init(_ path: String) throws {
            func failure(_ what: String) -> CSVWriteError {
                CSVWriteError("cannot write '\(path)': \(what): \(String(cString: strerror(errno)))")
            }
            guard !path.isEmpty else { throw CSVWriteError("cannot write: no file name") }
            self.path = path
            var info = stat()
            var target = path
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                guard let resolved = realpath(path, nil) else { throw failure("cannot resolve the link") }
                target = String(cString: resolved)
                free(resolved)
                linkPath = path
            } else {
                linkPath = nil
            }
            self.target = target
            if stat(target, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFREG else {
                    throw CSVWriteError("cannot write '\(path)': it is not a regular file")
                }
                existing = info
            } else {
                guard errno == ENOENT else { throw failure("cannot read its status") }
                existing = nil
            }
        }

        /// Whether the file there may not be written by this process: no write permission for
        /// it (for root, which may write anything: no write bit at all, as `chmod a-w` leaves
        /// it). Replacing it needs the user's say-so (`:w!`), as in vim.
        var isReadOnly: Bool {
            guard let info = existing else { return false }
            if geteuid() == 0 { return info.st_mode & 0o222 == 0 }
            return faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) != 0
        }

        /// Why a new file renamed over this one would lose something, so it must be written in
        /// place: its other hard links would keep the old contents. (An owner or group a new
        /// file cannot get is found when the write tries to give them.)
        var inPlaceReasons: [String] {
            guard let info = existing, info.st_nlink > 1 else { return [] }
            return ["\(info.st_nlink) hard links"]
        }
    }
}
