import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// Files as they come: compressed, with Excel's `sep=` line, with a preamble.
    @Suite("Files as they come")
    struct FilesAsTheyCome {
        /// A directory with `people.csv` (1,000 rows) and its gzip copy `people.csv.gz`.
        func directoryWithGzip() throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            var text = "id,name,city\n"
            for i in 1...1000 { text += "\(i),Name\(i),City\(i % 7)\n" }
            let plain = try directory.write("people.csv", text: text)
            let result = try runProcess(["sh", "-c", "gzip -c \(shellQuoted(plain)) > \(shellQuoted(plain)).gz"], timeout: 20)
            #expect(result.status == 0, "\(result.standardErrorText)")
            _ = directory.track("people.csv.gz")
            return directory
        }

        static let gzipInstalled = access("/usr/bin/gzip", X_OK) == 0 || access("/bin/gzip", X_OK) == 0

        @Test("dtable file.csv.gz shows the rows", .enabled(if: gzipInstalled, "gzip is not installed"))
        func opensAGzipFile() throws {
            let directory = try directoryWithGzip()
            let session = try TmuxSession(width: 80, height: 12, arguments: [try dtableBinaryPath(), "people.csv.gz"],
                                          workingDirectory: directory.path)
            #expect(session.waitFor { screen in
                screen.contains { Fixture.words($0) == ["1", "Name1", "City1"] } && Fixture.statusLine(screen).contains("/1,000")
            }, "\(session.lastScreen)")
            try session.sendKeys("G")
            #expect(session.waitFor { $0.contains { Fixture.words($0) == ["1000", "Name1000", "City6"] } }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("gzip -c f | dtable shows the rows", .enabled(if: gzipInstalled, "gzip is not installed"))
        func gzipOnStandardInput() throws {
            let directory = try directoryWithGzip()
            let command = "gzip -c people.csv | \(shellQuoted(try dtableBinaryPath()))"
            let session = try TmuxSession(width: 80, height: 12, shellCommand: command, workingDirectory: directory.path)
            #expect(session.waitFor { screen in
                screen.contains { Fixture.words($0) == ["1", "Name1", "City1"] } && Fixture.statusLine(screen).contains("/1,000")
            }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("--print of a cut .gz prints the rows read and says what is wrong", .enabled(if: gzipInstalled, "gzip is not installed"))
        func truncatedGzipInPrintMode() throws {
            let directory = try directoryWithGzip()
            let cut = directory.track("cut.csv.gz")
            let command = "head -c 2000 \(shellQuoted(directory.filePath("people.csv.gz"))) > \(shellQuoted(cut))"
            #expect(try runProcess(["sh", "-c", command], timeout: 20).status == 0)
            let result = try runProcess([try dtableBinaryPath(), "--print", directory.filePath("cut.csv.gz")], timeout: 20)
            #expect(!result.timedOut)
            #expect(result.standardErrorText.contains("the gzip data ends early (the file is truncated); showing the"),
                    "\(result.standardErrorText)")
            let lines = ProcessResult.lines(of: result.standardOutputText)
            #expect(lines.count > 10, "\(lines.count)")
            #expect(Fixture.words(lines.first ?? "") == ["id", "name", "city"])
        }

        @Test("An Excel export with sep=; prints with its own columns")
        func excelSeparatorLineInPrintMode() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("excel.csv", text: "\u{FEFF}sep=;\r\nArtikel;Preis\r\nÄpfel;1,99\r\nBirnen;39,1\r\n")
            let result = try runProcess([try dtableBinaryPath(), "--print", path], timeout: 20)
            #expect(result.status == 0, "\(result.standardErrorText)")
            let lines = ProcessResult.lines(of: result.standardOutputText)
            #expect(lines.map(Fixture.words) == [["Artikel", "Preis"], ["Äpfel", "1,99"], ["Birnen", "39,1"]], "\(lines)")
        }

        @Test("--skip 2 in print mode; without it, the preamble hint on stderr")
        func skipInPrintMode() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("report.csv", text: "Report, Q3\nby region\nregion;sales\nnorth;1\nsouth;2\neast;3\n")
            let skipped = try runProcess([try dtableBinaryPath(), "--print", "--skip", "2", path], timeout: 20)
            #expect(ProcessResult.lines(of: skipped.standardOutputText).map(Fixture.words).first == ["region", "sales"])
            #expect(skipped.standardError.isEmpty, "\(skipped.standardErrorText)")
            let hinted = try runProcess([try dtableBinaryPath(), "--print", path], timeout: 20)
            #expect(hinted.standardErrorText.contains("the first 2 lines look like a preamble, not the header: --skip 2"),
                    "\(hinted.standardErrorText)")
        }
    }
}
