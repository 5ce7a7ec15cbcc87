import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// Endless and huge input: `--buffer-limit` and fields too long to show whole.
    @Suite("Endless and huge input")
    struct InputLimits {
        @Test("An endless stdin stops at --buffer-limit: its writer ends, the rows read stay usable")
        func endlessStandardInputStopsAtTheLimit() throws {
            let directory = try TemporaryDirectory()
            _ = directory.track("yes-status")
            // `yes`'s own status tells whether dtable stopped reading: 141 is SIGPIPE.
            let command = "(yes 12345,abcdef; echo $? > yes-status) | \(shellQuoted(try dtableBinaryPath())) --buffer-limit 1M"
            let session = try TmuxSession(width: 120, height: 10, shellCommand: command, workingDirectory: directory.path)
            #expect(session.waitFor { Fixture.statusLine($0).contains("stopped reading stdin at the 1 MiB limit") },
                    "\(session.lastScreen)")
            #expect(waitUntil { directory.read("yes-status")?.isEmpty == false }, "yes is still writing: dtable kept reading")
            #expect(directory.read("yes-status")?.hasPrefix("141") == true, "\(directory.read("yes-status") ?? "")")
            // The rows read before the limit are all there and whole; the program answers keys.
            try session.sendKeys("G")
            #expect(session.waitFor { screen in
                screen.dropLast().last { !Fixture.words($0).isEmpty }.map { Fixture.words($0) == ["12345", "abcdef"] } ?? false
                    && Fixture.statusLine(screen).contains("row ")
            }, "\(session.lastScreen)")
            let rows = Fixture.statusLine(session.lastCapture).split(separator: "/").dropFirst().first
                .map { Int($0.prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)) ?? 0 } ?? 0
            // 1 MiB holds ~80,000 rows of 13 bytes with their 8-byte index entries.
            #expect(rows > 40_000 && rows < 1 << 20 / 13, "\(Fixture.statusLine(session.lastCapture))")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("A bad --buffer-limit is a usage error")
        func badBufferLimit() throws {
            let result = try runProcess([try dtableBinaryPath(), "--buffer-limit", "lots", "--print", "-"], timeout: 20)
            #expect(result.status == 2)
            #expect(result.standardErrorText.contains("--buffer-limit"), "\(result.standardErrorText)")
        }

        /// A file with a header and one row holding a field of `megabytes` MiB.
        func hugeFieldFile(in directory: TemporaryDirectory, megabytes: Int) throws -> String {
            let path = directory.track("huge.csv")
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            #expect(fd >= 0)
            defer { close(fd) }
            _ = "id,text,n\n1,".withCString { write(fd, $0, strlen($0)) }
            let block = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            for _ in 0..<megabytes { _ = block.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
            _ = ",2\n".withCString { write(fd, $0, strlen($0)) }
            return path
        }

        /// The number after `"key": ` in a --stats JSON file.
        func statistic(_ key: String, in json: String) -> Int? {
            let marker = "\"\(key)\": "
            guard let piece = json.split(separator: ",").first(where: { $0.trimmingPrefix(" ").hasPrefix(marker) || $0.hasPrefix("{" + marker) })
            else { return nil }
            return Int(piece.split(separator: ":").last.map { $0.filter(\.isNumber) } ?? "")
        }

        @Test("A 32 MiB field costs --print a few MiB of anonymous memory, not the field")
        func hugeFieldInPrintMode() throws {
            let directory = try TemporaryDirectory()
            let file = try hugeFieldFile(in: directory, megabytes: 32)
            let stats = directory.track("print-stats.json")
            let result = try runProcess([try dtableBinaryPath(), "--print", "--width", "60", "--stats", stats, file], timeout: 60)
            #expect(result.status == 0, "\(result.standardErrorText)")
            let lines = ProcessResult.lines(of: result.standardOutputText)
            #expect(lines.count == 2)
            let cells = Fixture.words(lines.last ?? "")
            #expect(cells.count == 3 && cells.first == "1" && cells[1].hasPrefix("xxxx") && cells.last == "2", "\(lines.last ?? "")")
            let json = directory.read("print-stats.json") ?? ""
            let peak = statistic("rss_anon_peak_kb", in: json) ?? Int.max
            #expect(peak < 12 * 1024, "RssAnon peak \(peak) kB for a 32 MiB field: \(json)")
        }

        @Test("A 32 MiB field costs the viewer a few MiB of anonymous memory, wrapped and in the record view")
        func hugeFieldInTheViewer() throws {
            let directory = try TemporaryDirectory()
            let file = try hugeFieldFile(in: directory, megabytes: 32)
            let stats = directory.track("view-stats.json")
            let session = try TmuxSession(width: 80, height: 20, arguments: [try dtableBinaryPath(), "--stats", stats, file])
            #expect(session.waitFor(timeout: 30) { $0.contains { $0.contains("xxxxxxxx") } }, "\(session.lastScreen)")
            // Wrapped rows, then the record view, which shows where the field was cut.
            try session.sendKeys("w")
            try session.sendKeys("Enter")
            // The record view wraps the 64 KiB shown (~1,000 lines at this width); its end says
            // where the field was cut (the screen reads a record's first 16 MiB: the field runs
            // past them).
            for _ in 0..<80 { try session.sendKeys("NPage") }
            #expect(session.waitFor(timeout: 30) { $0.contains { $0.contains("of more than 16 MiB shown]") } }, "\(session.lastScreen)")
            try session.sendKeys("q")
            try session.sendKeys("q")
            #expect(session.waitForExit(timeout: 20) == 0)
            let json = directory.read("view-stats.json") ?? ""
            let peak = statistic("rss_anon_peak_kb", in: json) ?? Int.max
            #expect(peak < 16 * 1024, "RssAnon peak \(peak) kB for a 32 MiB field: \(json)")
        }

        func waitUntil(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
            for _ in 0..<Int(seconds * 100) {
                if condition() { return true }
                usleep(10_000)
            }
            return condition()
        }
    }
}
