import Glibc

/// Moving a mapped file's reader to a copy of it, before the file is rewritten in place.
extension MappedFile {
    /// Whether this maps the file `info` describes (device and inode of what it reads now).
    func reads(_ info: stat) -> Bool {
        guard !isStream else { return false }
        var mine = stat()
        return fstat(fd, &mine) == 0 && mine.st_dev == info.st_dev && mine.st_ino == info.st_ino
    }

    /// Reads the copy at `path` (which must be `stamp`: the same bytes as this file, with its
    /// modification time) from now on: its descriptor takes the place of this file's, and the
    /// mapping is replaced at the same addresses (`MAP_FIXED`, atomic for other threads, which
    /// read the same bytes before and after). So the table keeps reading the version it opened
    /// while the file itself is rewritten in place, as it does after a save by rename (where it
    /// reads the old file, now the backup).
    func readFromCopy(atPath path: String, stamp: FileStamp) throws {
        let copy = open(path, O_RDONLY | O_CLOEXEC)
        guard copy >= 0 else { throw CSVWriteError("cannot read the backup '\(path)': \(String(cString: strerror(errno)))") }
        defer { close(copy) }
        var info = stat()
        guard fstat(copy, &info) == 0, FileStamp(info) == stamp, Int(info.st_size) == mappedLength,
              info.st_mtim.tv_sec == modifiedAtOpen.tv_sec, info.st_mtim.tv_nsec == modifiedAtOpen.tv_nsec else {
            throw CSVWriteError("the backup '\(path)' is not a copy of the version read")
        }
        guard dup2(copy, fd) >= 0, fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 else {
            throw CSVWriteError("cannot read the backup '\(path)': \(String(cString: strerror(errno)))")
        }
        guard let base, mappedLength > 0 else { return }
        guard let mapped = mmap(UnsafeMutableRawPointer(mutating: base), mappedLength, PROT_READ, MAP_PRIVATE | MAP_FIXED, copy, 0),
              mapped != MAP_FAILED else {
            throw CSVWriteError("cannot map the backup '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}
