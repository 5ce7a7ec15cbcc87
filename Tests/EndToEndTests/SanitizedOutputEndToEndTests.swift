import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// Text from the file leaves dtable through one sanitizer wherever it goes to a terminal or
    /// stdout as table text (issue 19: U+2028 and U+2029 reached `--print` and `--print-marked`
    /// raw): `--print`, messages on stderr, `--print-marked` and `--echo-column` on a terminal.
    /// Marked rows and an echoed value written to a pipe or file are data: byte-exact.
    @Suite("Sanitized output")
    struct SanitizedOutput {
        /// Line and paragraph separators, a bidi override, a C1 CSI, an escape.
        static let hostile = "a\u{2028}b\u{2029}c\u{202E}d\u{9B}e\u{1B}f"
        static let csv = "name\(hostile),n\nx\(hostile),1\ny,2\n"

        /// The offsets of the UTF-8 encodings of U+2028, U+2029, the bidi controls and C1, and
        /// of C0 controls and DEL other than line ends (`allowing`: escapes a terminal program
        /// writes itself may be allowed).
        static func rawUnsafe(_ bytes: [UInt8], allowingEscapes: Bool = false) -> [Int] {
            let text = String(decoding: bytes, as: UTF8.self)
            let unsafe: Set<UInt32> = Set(Array(0x80...0x9F) + [0x061C, 0x200E, 0x200F, 0x2028, 0x2029]
                + Array(0x202A...0x202E) + Array(0x2066...0x2069))
            var found: [Int] = []
            for (i, scalar) in text.unicodeScalars.enumerated() {
                let v = scalar.value
                if unsafe.contains(v) { found.append(i) }
                if !allowingEscapes && (v < 0x20 && v != 0x0A || v == 0x7F) { found.append(i) }
            }
            return found
        }

        @Test("--print: no raw separator, bidi or control character in titles or values")
        func printed() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("h.csv", text: Self.csv)
            let result = try runProcess([try dtableBinaryPath(), "--print", "--width", "100", path], timeout: 20)
            #expect(result.status == 0, "\(result.standardErrorText)")
            #expect(Self.rawUnsafe(result.standardOutput).isEmpty, "\(result.standardOutputText.debugDescription)")
            #expect(result.standardOutputText.contains("xa�b�c�d�e␛f"), "\(result.standardOutputText)")
        }

        @Test("A message quoting a value with them: one line on stderr, none raw")
        func message() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("h.csv", text: Self.csv)
            let result = try runProcess([try dtableBinaryPath(), "--sort", "no\u{2028}such", path], timeout: 20)
            #expect(result.status == 2)
            #expect(ProcessResult.lines(of: result.standardErrorText).count == 1, "\(result.standardErrorText.debugDescription)")
            #expect(Self.rawUnsafe(result.standardError).isEmpty, "\(result.standardErrorText.debugDescription)")
        }

        /// dtable in a pane with `arguments`, stdout the pane, every byte written to the pane
        /// copied to a file; `keys` are sent once the table shows. Returns those bytes after exit.
        static func paneBytes(_ arguments: [String], keys: [String]) throws -> [UInt8] {
            let directory = try TemporaryDirectory()
            try directory.write("h.csv", text: Self.csv)
            let session = try TmuxSession(width: 80, height: 8, arguments: [try dtableBinaryPath()] + arguments + ["h.csv"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/2") }, "\(session.lastScreen)")
            let copy = directory.track("pane.bytes")
            try session.tmux("pipe-pane", "-O", "-t", session.target, "cat > \(shellQuoted(copy))")
            for key in keys { try session.sendKeys(key) }
            #expect(session.waitForExit() == 0, "\(session.lastScreen)")
            // What dtable wrote after the table: the header line and the marked row.
            let deadline = ContinuousClock.now + .seconds(5)
            var bytes: [UInt8] = []
            repeat {
                bytes = Array((directory.read("pane.bytes") ?? "").utf8)
                if String(decoding: bytes, as: UTF8.self).contains("y,2") || String(decoding: bytes, as: UTF8.self).contains("�e␛f") { break }
                usleep(20_000)
            } while ContinuousClock.now < deadline
            return bytes
        }

        @Test("--print-marked on a terminal: the marked rows' CSV with none raw")
        func printMarkedOnATerminal() throws {
            let bytes = try Self.paneBytes(["--print-marked"], keys: ["m", "j", "m", "q"])
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("name\u{FFFD}") || text.contains("namea�b"), "\(text.debugDescription)")
            #expect(Self.rawUnsafe(bytes, allowingEscapes: true).isEmpty, "\(text.debugDescription)")
        }

        @Test("--echo-column on a terminal: the value with none raw")
        func echoOnATerminal() throws {
            let bytes = try Self.paneBytes(["--echo-column", "1"], keys: ["Enter"])
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("xa�b�c�d�e␛f"), "\(text.debugDescription)")
            #expect(Self.rawUnsafe(bytes, allowingEscapes: true).isEmpty, "\(text.debugDescription)")
        }

        @Test("--print-marked to a file: the CSV bytes as they are (data, not terminal text)")
        func printMarkedToAFile() throws {
            let directory = try TemporaryDirectory()
            try directory.write("h.csv", text: Self.csv)
            let binary = shellQuoted(try dtableBinaryPath())
            let session = try TmuxSession(width: 80, height: 8, shellCommand: "\(binary) --print-marked h.csv > out.csv",
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/2") }, "\(session.lastScreen)")
            try session.sendKeys("m", "q")
            #expect(session.waitForExit() == 0)
            #expect(directory.read("out.csv") == "\"name\(Self.hostile)\",n\n\"x\(Self.hostile)\",1\n" ||
                    directory.read("out.csv") == "name\(Self.hostile),n\nx\(Self.hostile),1\n",
                    "\((directory.read("out.csv") ?? "").debugDescription)")
        }
    }
}
