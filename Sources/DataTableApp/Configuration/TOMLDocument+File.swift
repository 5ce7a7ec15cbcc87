import Glibc

/// Reading a TOML file's text (the config file, a view file): at most 1 MiB of UTF-8.
extension TOMLDocument {
    /// The largest file read: a configuration or a view is a few lines.
    public static let largestFile = 1 << 20

    /// The text of the file at `path`, or nil when there is none; errors name `path` (cannot
    /// open or read it, larger than `largestFile`, not UTF-8; `kind` names what it should be).
    public static func text(ofFile path: String, kind: String = "the configuration file") throws(ConfigurationError) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw ConfigurationError(fileName: path, line: nil, message: "cannot open: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw ConfigurationError(fileName: path, line: nil, message: "cannot read: \(String(cString: strerror(code)))")
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > largestFile {
                throw ConfigurationError(fileName: path, line: nil, message: "larger than 1 MiB; is this \(kind)?")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError(fileName: path, line: nil, message: "not UTF-8 text")
        }
        return text
    }
}
