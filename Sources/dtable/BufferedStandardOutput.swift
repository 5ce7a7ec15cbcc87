import Glibc

/// Writes to stdout through a large buffer and counts the bytes (for --print and --stats).
struct BufferedStandardOutput {
    private var buffer: [UInt8] = []
    private(set) var bytesWritten = 0

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends bytes as they are (a value for a pipe: not necessarily UTF-8).
    mutating func write(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends a chunk; one at least as large as the buffer goes straight to stdout.
    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 1 << 16 else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { flush() }
            return
        }
        flush()
        Self.writeAll(bytes)
        bytesWritten += bytes.count
    }

    /// Writes out what is buffered. A closed pipe (`dtable f.csv | head`) ends the program quietly.
    mutating func flush() {
        buffer.withUnsafeBytes { Self.writeAll($0) }
        bytesWritten += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes all of `raw` to fd 1.
    private static func writeAll(_ raw: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(1, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                exit(errno == EPIPE ? 0 : 2)
            }
            offset += n
        }
    }
}
