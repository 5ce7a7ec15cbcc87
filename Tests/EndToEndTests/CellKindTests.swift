import Testing
import TestSupport

extension EndToEnd {
    /// The cell-kind options: printed, and on screen in tmux with a click on a button.
    @Suite("Cell kinds from the command line")
    struct CellKinds {
        static let tasksCSV = """
            name,state,done,trend,notes
            Ada Lovelace,done,74,1 5 2 8,a long note that wraps onto a second line
            Grace Hopper,failed,0.25,9 8 7,short
            Linus Torvalds,pending,,3 3 4,

            """

        func printTasks(_ arguments: [String]) throws -> ProcessResult {
            let directory = try TemporaryDirectory()
            let path = try directory.write("tasks.csv", text: Self.tasksCSV)
            return try runProcess([try dtableBinaryPath(), "--print", "--width", "100"] + arguments + [path],
                                  environment: ["LANG": "C.UTF-8"], timeout: 20)
        }

        @Test("--avatar --badge --progress --sparkline in --print output")
        func printedKinds() throws {
            let result = try printTasks(["--avatar", "name", "--badge", "state:failed=magenta", "--progress", "3",
                                         "--sparkline", "trend"])
            #expect(result.status == 0, "\(result.standardErrorText)")
            let lines = ProcessResult.lines(of: result.standardOutputText)
            #expect(lines.count == 4, "\(result.standardOutputText)")
            #expect(lines.row(1).contains(" AL  Ada Lovelace"), "\(lines)")
            #expect(lines.row(1).contains("● done"), "\(lines)")
            #expect(lines.row(1).contains("███████▍") && lines.row(1).contains("74%"), "\(lines)")
            #expect(lines.row(2).contains("25%"), "\(lines)")
            #expect(lines.row(1).contains("▁▅▂█"), "\(lines)")
        }

        @Test("--wrap=COL grows rows; --subtitle shows the detail below")
        func wrapAndSubtitle() throws {
            let wrapped = try printTasks(["--wrap=notes"])
            #expect(wrapped.status == 0, "\(wrapped.standardErrorText)")
            let lines = ProcessResult.lines(of: wrapped.standardOutputText)
            #expect(lines.count == 5, "\(wrapped.standardOutputText)")  // row 1 takes two lines
            #expect(lines.row(2).hasSuffix("second line") || lines.row(2).contains("line"), "\(lines)")
            // With a space, a column name that is not a file is the column too.
            let spaced = try printTasks(["--wrap", "notes"])
            #expect(spaced.standardOutputText == wrapped.standardOutputText, "\(spaced.standardErrorText)")
            let subtitled = try printTasks(["--subtitle", "name:state"])
            let sub = ProcessResult.lines(of: subtitled.standardOutputText)
            #expect(sub.count == 7, "\(subtitled.standardOutputText)")
            #expect(sub.row(2).trimmingLeadingSpaces.hasPrefix("done"), "\(sub)")
        }

        @Test("An unknown column is one line that lists the columns, exit 2")
        func unknownColumn() throws {
            let result = try printTasks(["--badge", "status"])
            #expect(result.status == 2)
            let lines = ProcessResult.lines(of: result.standardErrorText)
            #expect(lines.count == 1, "\(result.standardErrorText)")
            #expect(lines.row(0).contains("--badge: no column 'status'"), "\(lines)")
            #expect(lines.row(0).contains("1 name, 2 state, 3 done, 4 trend, 5 notes"), "\(lines)")
            #expect(result.standardOutput.isEmpty)
        }

        @Test("In a locale that is not UTF-8 the cells draw with ASCII")
        func asciiCells() throws {
            let directory = try TemporaryDirectory()
            _ = try directory.write("tasks.csv", text: Self.tasksCSV)
            let session = try TmuxSession(width: 100, height: 8,
                                          arguments: [try dtableBinaryPath(), "--badge", "state", "--progress", "done", "tasks.csv"],
                                          environment: ["LANG": "C"], workingDirectory: directory.path)
            #expect(session.waitFor { $0.row(1).contains("* done") }, "\(session.lastScreen)")
            #expect(session.lastCapture.row(1).contains("#######") && !session.lastCapture.row(1).contains("█"),
                    "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("--action adds buttons; a click on [ Archive ] of row 2 fires it for that row")
        func clickAnActionButton() throws {
            let directory = try TemporaryDirectory()
            _ = try directory.write("tasks.csv", text: Self.tasksCSV)
            let session = try TmuxSession(width: 120, height: 10,
                                          arguments: [try dtableBinaryPath(), "--action", "Edit", "--action", "Archive", "tasks.csv"],
                                          workingDirectory: directory.path)
            // The frame may reach tmux in pieces: wait for the row that is clicked.
            #expect(session.waitFor { $0.row(2).contains("[ Archive ]") }, "\(session.lastScreen)")
            let screen = session.lastCapture
            let line = screen.row(2)
            let x = ScreenText.column(of: "[ Archive ]", in: line)
            try #require(x != nil, "no [ Archive ] on row 2:\n\(session.lastScreen)")
            try session.click(column: x! + 3, row: 3)  // 1-based: inside "[ Archive ]" on screen row 2
            #expect(session.waitFor { Fixture.statusLine($0).contains("Archive: row 2") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }
    }
}

extension String {
    var trimmingLeadingSpaces: Substring { drop { $0 == " " } }
}
