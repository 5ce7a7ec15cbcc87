import Glibc

/// The `Name:   123 kB` lines of a /proc file (/proc/self/status, /proc/meminfo): the one reader
/// of them (`--stats` memory fields, `MemoryPressureWatch`).
enum ProcFields {
    /// The number on each line of `text` whose name is one of `names` (its digits; the unit is
    /// not read), by name; a line with no digits is left out.
    static func numbers(in text: ArraySlice<UInt8>, named names: Set<String>) -> [String: Int] {
        var found: [String: Int] = [:]
        for line in text.split(separator: UInt8(ascii: "\n")) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            guard names.contains(name) else { continue }
            var number = 0, digits = 0
            for byte in line[(colon + 1)...] where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                number = number &* 10 &+ Int(byte - UInt8(ascii: "0"))
                digits += 1
            }
            if digits > 0 { found[name] = number }
        }
        return found
    }

    /// `numbers(in:named:)` of the file at `path` (its first 8 KiB), nil when it cannot be read.
    static func numbers(inFile path: String, named names: Set<String>) -> [String: Int]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        var count = 0
        while count < buffer.count {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got <= 0 { break }
            count += got
        }
        guard count > 0 else { return nil }
        return numbers(in: buffer[..<count], named: names)
    }
}
