import Glibc

/// Bytes the calling thread has written with write(2) and friends, from
/// `/proc/thread-self/io` (`wchar`).
///
/// ncurses writes to the terminal's file descriptor itself, so the count is taken from the
/// kernel rather than from a wrapped stream. Per thread, because worker threads write too (the
/// copy of stdin into a temporary file); only the UI thread writes to the terminal.
/// 0 where `/proc` is not available.
enum WrittenBytes {
    static func current() -> Int {
        guard let file = fopen("/proc/thread-self/io", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 128)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("wchar:") {
                return Int(text.dropFirst(6).trimmingCharacters(in: " \n")) ?? 0
            }
        }
        return 0
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var s = self
        while let first = s.first, set.contains(first) { s = s.dropFirst() }
        while let last = s.last, set.contains(last) { s = s.dropLast() }
        return s
    }
}
