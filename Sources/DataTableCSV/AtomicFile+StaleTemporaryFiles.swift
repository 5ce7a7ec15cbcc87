import Glibc

/// Temporary files a killed dtable left next to a file it was writing.
extension AtomicFile {
    /// Removes `.NAME.dtable-PID-XXXXXX` files in `directory` whose PID is not a running
    /// process (SIGKILL during a write leaves one, as large as the table). Only regular files
    /// owned by this user are removed; a live PID's file (another dtable writing) is kept.
    /// Returns how many were removed.
    /// - Complexity: O(entries in the directory).
    @discardableResult
    static func removeStaleTemporaryFiles(directory: String, name: String) -> Int {
        guard let dir = opendir(directory) else { return 0 }
        defer { closedir(dir) }
        let prefix = Array(temporaryPrefix(name).utf8)
        var removed = 0
        while let entry = readdir(dir) {
            let entryName: [UInt8] = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard entryName.count > prefix.count, entryName.starts(with: prefix) else { continue }
            // PID, '-', then mkstemp's six characters.
            let rest = entryName[prefix.count...]
            guard let dash = rest.firstIndex(of: UInt8(ascii: "-")), entryName.endIndex - dash == 7,
                  let pid = Int32(String(decoding: rest[..<dash], as: UTF8.self)), pid > 0, pid != getpid()
            else { continue }
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
            let path = directory + "/" + String(decoding: entryName, as: UTF8.self)
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }
}

extension CSVTableWriter {
    /// Removes temporary files that dtables killed while writing `path` left beside it (their
    /// process is gone); a write does this too. Returns how many were removed.
    @discardableResult
    public static func removeStaleTemporaryFiles(nextTo path: String) -> Int {
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        let (directory, name) = AtomicFile.split(target)
        return AtomicFile.removeStaleTemporaryFiles(directory: directory, name: name)
    }
}
