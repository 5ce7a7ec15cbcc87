import DataTableKit
import Glibc

/// Reading the config file: DataTableCSV is the module that reads files; DataTableKit only
/// parses the text.
extension ConfigurationFile {
    /// The file at `path`, or nil when there is none; errors name `path`. `[keys]` may name the
    /// program's commands, `commandNames`.
    public static func load(contentsOfFile path: String, commandNames: [String] = []) throws(ConfigurationError) -> ConfigurationFile? {
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
            if bytes.count > 1 << 20 {
                throw ConfigurationError(fileName: path, line: nil, message: "larger than 1 MiB; is this the configuration file?")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError(fileName: path, line: nil, message: "not UTF-8 text")
        }
        return try ConfigurationFile(parsing: text, fileName: path, commandNames: commandNames)
    }
}
