import Glibc
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableCSV

/// The message `body` fails with, from `MappedFile.OpenError.system`.
private func openErrorMessage(_ body: () throws -> Any) -> String? {
    do {
        _ = try body()
        return nil
    } catch MappedFile.OpenError.system(let message) {
        return message
    } catch {
        return "unexpected \(error)"
    }
}

/// Whether `text` holds nothing a terminal would execute: no C0 control, DEL, C1 control.
func isTerminalSafe(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
}

/// Names of files in the messages of opening them: quoted once, escapes shown as placeholders.
@Suite struct OpenErrorMessageTests {
    static let hostile = "a\u{1B}]0;OWNED\u{07}\u{1B}[2J"

    /// A fresh directory under /tmp; its path.
    func makeDirectory() throws -> String {
        var template = Array("\(ScratchDirectory.path)/dtable-names-XXXXXX".utf8CString)
        return try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
    }

    @Test func aDirectory() throws {
        let parent = try makeDirectory()
        let path = parent + "/" + Self.hostile + ".csv"
        #expect(mkdir(path, 0o755) == 0)
        defer { rmdir(path); rmdir(parent) }
        let message = openErrorMessage { try CSVFileDataSource(path: path) }
        #expect(message == "'\(parent)/a␛]0;OWNED␇␛[2J.csv' is a directory, not a CSV file")
        #expect(message.map(isTerminalSafe) == true)
    }

    @Test func aFileThatCannotBeOpened() throws {
        let parent = try makeDirectory()
        defer { rmdir(parent) }
        let path = parent + "/" + Self.hostile + "\u{9B}1m.csv"
        let message = openErrorMessage { try CSVFileDataSource(path: path) }
        #expect(message == "cannot open '\(parent)/a␛]0;OWNED␇␛[2J\u{FFFD}1m.csv': No such file or directory")
        #expect(message.map(isTerminalSafe) == true)
    }

    @Test func aBinaryFile() throws {
        let parent = try makeDirectory()
        let path = parent + "/" + Self.hostile + ".bin"
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        defer { unlink(path); rmdir(parent) }
        let message = openErrorMessage { try CSVFileDataSource(path: path) }
        #expect(message?.hasPrefix("'\(parent)/a␛]0;OWNED␇␛[2J.bin' looks like a binary file") == true, "\(message ?? "")")
        #expect(message.map(isTerminalSafe) == true)
    }

    /// A stream's messages use its name as given: a FIFO's path quoted once by the caller.
    @Test func aBinaryStreamIsNamedOnce() throws {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        let bytes = [UInt8](repeating: 0, count: 4096)
        _ = bytes.withUnsafeBytes { write(pipeEnds[1], $0.baseAddress, $0.count) }
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        let message = openErrorMessage {
            try CSVFileDataSource(streamingFrom: pipeEnds[0], name: TerminalText.quoted("/dev/x\u{1B}[2J"))
        }
        #expect(message?.hasPrefix("'/dev/x␛[2J' looks like a binary file") == true, "\(message ?? "")")
        #expect(message?.contains("''") == false)
    }
}
