import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// The view in any format: `--print --format`, `:w FILE` by its extension.
    @Suite("Formats")
    struct Formats {
        @Test("--format jsonl prints the filtered, sorted view as typed objects; csv as written; to a pipe the bytes are exact")
        func printFormats() throws {
            let directory = try Fixture.directoryWithPeople()
            let path = directory.filePath(Fixture.peopleFileName)
            let jsonl = try runProcess([try dtableBinaryPath(), "--print", "--format", "jsonl", "--where", "id:<=3",
                                        "--sort", "id:desc", "--columns", "^(id|name|amount)$", path], timeout: 20)
            #expect(jsonl.status == 0, "\(jsonl.standardErrorText)")
            #expect(jsonl.standardOutputText == (1...3).reversed().map { "{\"id\":\($0),\"name\":\"Name\($0)\",\"amount\":\($0 * 7).50}\n" }.joined())  // a number as written
            _ = try directory.write("raw.csv", bytes: Array("a,b\n\"x\u{1B}[31my\",2\n".utf8))
            let csv = try runProcess([try dtableBinaryPath(), "--format", "csv", directory.filePath("raw.csv")], timeout: 20)
            #expect(csv.status == 0, "\(csv.standardErrorText)")
            // A quoted field is copied as it stands: the escape byte exact.
            #expect(csv.standardOutputText == "a,b\n\"x\u{1B}[31my\",2\n")
        }

        @Test("--format csv and json to a terminal: text from the file is made safe, never sent raw")
        func formatToTheTerminalIsSanitized() throws {
            let directory = try TemporaryDirectory()
            _ = try directory.write("e.csv", bytes: Array("id,note\n1,\"a\u{1B}]0;pwned\u{7}b\"\n".utf8))
            let binary = shellQuoted(try dtableBinaryPath())
            // Both formats, then the shell waits a moment so the pane still shows what they printed.
            let session = try TmuxSession(width: 60, height: 8, shellCommand: "\(binary) --format csv e.csv; \(binary) --format json e.csv; "
                                          + "echo status=$?; sleep 5", workingDirectory: directory.path)
            #expect(session.waitFor { $0.contains { $0.contains("status=0") } }, "\(session.lastScreen)")
            let screen = session.lastCapture
            #expect(screen.contains { $0.contains("1,\"a␛]0;pwned␇b\"") }, "\(session.lastScreen)")
            // JSON escapes the control characters itself: nothing raw is left to make safe.
            #expect(screen.contains { $0.contains("\"note\":\"a\\u001b]0;pwned\\u0007b\"") }, "\(session.lastScreen)")
        }

        @Test(":w view.json writes the view as JSON and :w view.md as Markdown, by their extensions")
        func writeByExtension() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory, width: 120)
            try session.sendKeys("&")
            try session.sendLiteral("Name19")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("/11") }, "\(session.lastScreen)")
            for name in ["view.json", "view.md"] {
                try session.sendKeys(":")
                try session.sendLiteral("w \(name)")
                try session.sendKeys("Enter")
                #expect(session.waitFor { Fixture.statusAndMessage($0).contains("wrote view: 11 rows × 4 columns to \(name)") },
                        "\(session.lastScreen)")
            }
            let ids = [19] + Array(190...199)
            let json = "[\n" + ids.map { "{\"id\":\($0),\"name\":\"Name\($0)\",\"city\":\"City\($0)\",\"amount\":\($0 * 7).50}" }
                .joined(separator: ",\n") + "\n]\n"
            #expect(directory.read("view.json") == json)
            #expect(directory.read("view.md")?.hasPrefix("| id | name | city | amount |\n| --- | --- | --- | --- |\n| 19 | Name19 |") == true)
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }
    }
}
