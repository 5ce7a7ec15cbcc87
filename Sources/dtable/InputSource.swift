import DataTableCSV
import DataTableKit
import Glibc

/// Where the table comes from: a file, standard input, or the bundled demo.
enum InputSource {
    case file(String)
    case standardInput
    case demo

    /// Picks the source: FILE, `-` or no FILE with stdin not a terminal means stdin, else the demo.
    static func choose(file: String?, stdinIsTerminal: Bool) throws -> InputSource {
        if let file, file != "-" { return .file(file) }
        if file == "-" || !stdinIsTerminal { return .standardInput }
        return .demo
    }

    /// The name the status line shows.
    var displayName: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "stdin"
        case .demo: return "demo"
        }
    }

    /// Reads the whole input and parses it.
    func load(delimiter: UInt8?, hasHeader: Bool) throws -> DataTableDataSource {
        switch self {
        case .demo:
            return DemoTable.make()
        case .standardInput:
            let bytes = try readAll(fd: 0, name: "stdin")
            try Self.refuseBinary(bytes, name: "stdin")
            let dialect = delimiter.map { CSVDialect(delimiter: $0) } ?? .comma
            return CSVDataSource(bytes: bytes, dialect: dialect, hasHeader: hasHeader)
        case .file(let path):
            do {
                let dialect = delimiter.map { CSVDialect(delimiter: $0) }
                return try CSVFileDataSource(path: path, dialect: dialect, hasHeader: hasHeader)
            } catch MappedFile.OpenError.system(let message) {
                throw DTableError(message)
            } catch {
                // A FIFO or device cannot be mapped: read it like stdin.
                let fd = open(path, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { throw DTableError("cannot open '\(path)': \(String(cString: strerror(errno)))") }
                defer { close(fd) }
                let bytes = try readAll(fd: fd, name: "'\(path)'")
                try Self.refuseBinary(bytes, name: "'\(path)'")
                let dialect = delimiter.map { CSVDialect(delimiter: $0) } ?? CSVDialect.forFileName(path)
                return CSVDataSource(bytes: bytes, dialect: dialect, hasHeader: hasHeader)
            }
        }
    }

    /// Fails with a clear message when the input's first 64 KB look binary.
    private static func refuseBinary(_ bytes: [UInt8], name: String) throws {
        try bytes.withUnsafeBytes { raw in
            if let reason = BinarySniffer.reasonIfBinary(UnsafeRawBufferPointer(rebasing: raw.prefix(1 << 16))) {
                throw DTableError("\(name) \(reason)")
            }
        }
    }

    private func readAll(fd: Int32, name: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw DTableError("cannot read \(name): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }
}
