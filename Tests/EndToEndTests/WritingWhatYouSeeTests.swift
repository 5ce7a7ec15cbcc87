import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// Writing what you see: `:w FILE` writes the view, `:w` the whole table; `--echo-column`
    /// picks a value for a pipe; `--print` prints the view.
    @Suite("Writing what you see")
    struct WritingWhatYouSee {
        @Test(":w view.csv after a sort and a filter writes those rows in that order; :w alone writes the whole file")
        func writeViewAfterSortAndFilter() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory, width: 120)
            // Descending by amount, then only the rows with City1 in them (111 rows).
            try session.sendKeys("l", "l", "l", "]")
            #expect(session.waitFor { $0.row(0).contains("▼amount") }, "\(session.lastScreen)")
            try session.sendKeys("&")
            try session.sendLiteral("City1")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("/111") }, "\(session.lastScreen)")
            try session.sendKeys(":")
            try session.sendLiteral("w view.csv")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusAndMessage($0).contains("wrote view: 111 rows × 4 columns to view.csv") },
                    "\(session.lastScreen)")
            let ids = [1] + Array(10...19) + Array(100...199)
            let expected = "id,name,city,amount\n" + ids.sorted(by: >).map { "\($0),Name\($0),City\($0),\($0 * 7).50\n" }.joined()
            #expect(directory.read("view.csv") == expected)

            // :w with the input's own name while the view leaves rows out: refused, file untouched.
            try session.sendKeys(":")
            try session.sendLiteral("w \(Fixture.peopleFileName)")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusAndMessage($0).contains("is the file being viewed") }, "\(session.lastScreen)")
            #expect(directory.read(Fixture.peopleFileName) == Fixture.peopleCSV)

            // :w alone: the whole table, in file order, whatever the view.
            try session.sendKeys(":")
            try session.sendLiteral("w")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusAndMessage($0).contains("wrote 200 rows to") }, "\(session.lastScreen)")
            #expect(directory.read(Fixture.peopleFileName) == Fixture.peopleCSV)
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("--echo-column: Enter prints the cursor row's value of the column to a pipe, raw, and exits 0")
        func echoColumnToAPipe() throws {
            let directory = try TemporaryDirectory()
            // Row 2's note holds an escape sequence and a newline: raw for a pipe.
            let bytes = Array("id,note\n1,first\n2,\"x\u{1B}[31my\nz\"\n3,third\n".utf8)
            _ = try directory.write("e.csv", bytes: bytes)
            let command = "\(shellQuoted(try dtableBinaryPath())) --echo-column note e.csv > out.txt; echo $? > status.txt"
            let session = try TmuxSession(width: 60, height: 8, shellCommand: command, workingDirectory: directory.path)
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 1/3") }, "\(session.lastScreen)")
            try session.sendKeys("j", "Enter")
            var status: String?
            for _ in 0..<500 where status == nil {
                status = directory.read("status.txt")
                if status == nil { usleep(20_000) }
            }
            #expect(status == "0\n")
            #expect(directory.read("out.txt") == "x\u{1B}[31my\nz\n")
        }

        @Test("--echo-column by number: Enter on the first row prints it; an unknown column is a one-line error")
        func echoColumnByNumberAndUnknown() throws {
            let directory = try Fixture.directoryWithPeople()
            let command = "\(shellQuoted(try dtableBinaryPath())) --echo-column 2 \(Fixture.peopleFileName) | cat > out.txt; echo done > status.txt"
            let session = try TmuxSession(width: 80, height: 8, shellCommand: command, workingDirectory: directory.path)
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 1/200") }, "\(session.lastScreen)")
            try session.sendKeys("Enter")
            for _ in 0..<500 where directory.read("status.txt") == nil { usleep(20_000) }
            #expect(directory.read("out.txt") == "Name1\n")

            let result = try runProcess([try dtableBinaryPath(), "--print", "--echo-column", "nope", directory.filePath(Fixture.peopleFileName)])
            #expect(result.status == 2)
            #expect(result.standardErrorText.hasPrefix("dtable: --echo-column: no column 'nope'"), "\(result.standardErrorText)")
        }

        @Test("--print --sort prints the view in the sorted order")
        func printSorted() throws {
            let directory = try Fixture.directoryWithPeople()
            let result = try runProcess([try dtableBinaryPath(), "--print", "--width", "60", "--sort", "id:desc",
                                         directory.filePath(Fixture.peopleFileName)])
            #expect(result.status == 0)
            let lines = ProcessResult.lines(of: result.standardOutputText)
            #expect(lines.count == 201)
            #expect(Fixture.firstCell(lines[1]) == "200" && Fixture.firstCell(lines[200]) == "1", "\(lines.prefix(3))")
        }
    }
}
