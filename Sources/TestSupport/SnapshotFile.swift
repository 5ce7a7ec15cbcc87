import Glibc

/// Compares text with a checked-in snapshot file; records it when missing or when asked.
///
/// Snapshots live in `__Snapshots__/NAME.txt` beside the test file. Set
/// `DTABLE_RECORD_SNAPSHOTS=1` to (re)write them; a missing snapshot is written and reported
/// as a failure, so a new test never passes silently.
public enum SnapshotFile {
    public enum Outcome: Equatable {
        case matched
        case recorded(path: String)
        case mismatched(path: String, expected: String)
    }

    public static func compare(_ actual: String, named name: String, testFile: String = #filePath) -> Outcome {
        let directory = String(testFile[..<(testFile.lastIndex(of: "/") ?? testFile.endIndex)]) + "/__Snapshots__"
        let path = directory + "/" + name + ".txt"
        let record = getenv("DTABLE_RECORD_SNAPSHOTS").map { String(cString: $0) == "1" } ?? false
        if !record, let expected = readFile(path) {
            return expected == actual ? .matched : .mismatched(path: path, expected: expected)
        }
        mkdir(directory, 0o755)
        writeFile(path, actual)
        return .recorded(path: path)
    }

    /// A whole text file, or nil when it cannot be read.
    public static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func writeFile(_ path: String, _ text: String) {
        guard let file = fopen(path, "w") else { return }
        fputs(text, file)
        fclose(file)
    }
}
