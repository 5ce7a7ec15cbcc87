import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

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

    /// The sources of the FILE arguments, in order: each as `choose(file:stdinIsTerminal:)`
    /// picks it (none given: stdin or the demo). `-` may be given once: stdin is read once.
    static func choose(files: [String], stdinIsTerminal: Bool) throws -> [InputSource] {
        guard files.count > 1 else { return [try choose(file: files.first, stdinIsTerminal: stdinIsTerminal)] }
        if files.filter({ $0 == "-" }).count > 1 { throw DTableError("- (stdin) can be given once: it is read once") }
        return try files.map { try choose(file: $0, stdinIsTerminal: stdinIsTerminal) }
    }

    /// The name the status line shows.
    var displayName: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "stdin"
        case .demo: return "demo"
        }
    }

    /// Opens the input: files are mapped (compressed ones decompressed); stdin and FIFOs are
    /// copied into an unlinked temporary file in `$TMPDIR` (else /tmp) that is indexed as it
    /// grows (decompressed on the way when the bytes are gzip, bzip2, xz or zstd), up to
    /// `bufferLimit` bytes of copy and index. `skipLines` lines are skipped before the header.
    /// Blocks while the input has no writer or no header yet; `waiting` says what for.
    func load(delimiter: UInt8?, hasHeader: Bool, skipLines: Int = 0, temporaryDirectory: String,
              bufferLimit: Int = Int.max, waiting: (@Sendable (String) -> Void)? = nil) throws -> DataTableDataSource {
        let dialect = delimiter.map { CSVDialect(delimiter: $0) }
        do {
            let file: CSVFileDataSource
            switch self {
            case .demo:
                return DemoTable.make()
            case .standardInput:
                file = try CSVFileDataSource(streamingFrom: 0, name: "stdin", dialect: dialect,
                                             hasHeader: hasHeader, skipLines: skipLines,
                                             temporaryDirectory: temporaryDirectory, bufferLimit: bufferLimit,
                                             waiting: waiting)
            case .file(let path):
                file = try CSVFileDataSource.open(path: path, dialect: dialect, hasHeader: hasHeader, skipLines: skipLines,
                                                  temporaryDirectory: temporaryDirectory, bufferLimit: bufferLimit,
                                                  waiting: waiting)
            }
            file.hints = DTableCommand.hints
            return file
        } catch MappedFile.OpenError.system(let message) {
            throw DTableError(message)
        }
    }
}
