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

    /// Writes out what is buffered. A closed pipe (`dtable f.csv | head`) ends the program quietly.
    mutating func flush() {
        var offset = 0
        buffer.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Glibc.write(1, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    exit(errno == EPIPE ? 0 : 2)
                }
                offset += n
            }
        }
        bytesWritten += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }
}
