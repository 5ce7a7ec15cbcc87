import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// Filters on one column (`|`), find and filter like this cell (`#`, `@`), and the row
    /// options `--filter`, `--where`, `--find`, in the viewer and with `--print`.
    @Suite("Column filters")
    struct ColumnFilters {
        @Test("|>30 on the amount column, a second | narrows, Esc pops back")
        func pipeFiltersTheCursorColumn() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory, width: 100)
            try session.sendKeys("l", "l", "l", "|")
            #expect(session.waitFor { Fixture.statusLine($0).contains("Enter filter amount") }, "\(session.lastScreen)")
            try session.sendLiteral(">30")
            try session.sendKeys("Enter")
            // Amounts are 7.50, 14.50, …: 35.50 (row 5) is the first over 30.
            #expect(session.waitFor { screen in
                Fixture.statusLine(screen).contains("amount>30 · 196 of 200 rows")
                    && Fixture.firstCell(screen.row(1)) == "5"
            }, "\(session.lastScreen)")
            try session.sendKeys("0", "|")
            try session.sendLiteral("<=10")
            try session.sendKeys("Enter")
            #expect(session.waitFor { screen in
                Fixture.statusLine(screen).contains("amount>30 · id<=10 · 6 of 200 rows")
                    && (1...6).map { Fixture.firstCell(screen.row($0)) } == ["5", "6", "7", "8", "9", "10"]
                    && Fixture.firstCell(screen.row(7)).isEmpty
            }, "\(session.lastScreen)")
            try session.sendKeys("Escape")
            #expect(session.waitFor { Fixture.statusLine($0).contains("amount>30 · 196 of 200 rows") }, "\(session.lastScreen)")
            try session.sendKeys("Escape")
            #expect(session.waitFor { screen in
                Fixture.statusLine(screen).contains("row ") && !Fixture.statusLine(screen).contains("of 200 rows")
                    && Fixture.statusLine(screen).contains("/200")
            }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("# goes to the next row with the cell's value, @ keeps only those rows")
        func findAndFilterLikeThisCell() throws {
            let directory = try TemporaryDirectory()
            try directory.write("teams.csv", text: "id,team\n1,red\n2,blue\n3,red\n4,green\n5,red\n6,blue\n")
            let session = try TmuxSession(width: 60, height: 12, arguments: [try dtableBinaryPath(), "teams.csv"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { $0.count == 12 && Fixture.statusLine($0).contains("row 1/6") }, "\(session.lastScreen)")
            try session.sendKeys("l", "#")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 3/6") }, "\(session.lastScreen)")
            try session.sendKeys("#")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 5/6") }, "\(session.lastScreen)")
            try session.sendKeys("#")  // wraps around
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 1/6") }, "\(session.lastScreen)")
            try session.sendKeys("j", "@")
            #expect(session.waitFor { screen in
                Fixture.statusLine(screen).contains("team=blue · 2 of 6 rows")
                    && Fixture.firstCell(screen.row(1)) == "2" && Fixture.firstCell(screen.row(2)) == "6"
                    && Fixture.firstCell(screen.row(3)).isEmpty
            }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("--filter keeps the matching rows and --find starts on the first match; n goes on")
        func startUpOptionsInTheViewer() throws {
            let directory = try Fixture.directoryWithPeople()
            let filtered = try Fixture.startViewer(in: directory, extraArguments: ["--filter", "Name1[0-9]$"])
            #expect(filtered.waitFor { screen in
                Fixture.statusLine(screen).contains("row 1/10") && Fixture.statusLine(screen).contains("filter: Name1[0-9]$")
                    && Fixture.firstCell(screen.row(1)) == "10"
            }, "\(filtered.lastScreen)")
            try filtered.sendKeys("q")
            #expect(filtered.waitForExit() == 0)

            let found = try Fixture.startViewer(in: directory, extraArguments: ["--find", "City15[0-9]$"])
            #expect(found.waitFor { screen in
                Fixture.statusLine(screen).contains("row 150/200") && Fixture.statusLine(screen).contains("col 3/4 city")
            }, "\(found.lastScreen)")
            try found.sendKeys("n")
            #expect(found.waitFor { Fixture.statusLine($0).contains("row 151/200") }, "\(found.lastScreen)")
            try found.sendKeys("q")
            #expect(found.waitForExit() == 0)
        }

        @Test("--print with --filter and --where prints the kept rows; --find keeps every row")
        func startUpOptionsInPrint() throws {
            let directory = try Fixture.directoryWithPeople()
            let path = directory.filePath(Fixture.peopleFileName)
            let filter = try runProcess([try dtableBinaryPath(), "--print", "--filter", "Name1[0-9]$", path], timeout: 20)
            #expect(filter.status == 0, "\(filter.standardErrorText)")
            let filterLines = ProcessResult.lines(of: filter.standardOutputText)
            #expect(filterLines.dropFirst().map(Fixture.firstCell) == (10...19).map(String.init), "\(filterLines)")

            let where_ = try runProcess([try dtableBinaryPath(), "--print", "--where", "amount:>1000", "--where", "id:<=150",
                                         "--sort", "id:desc", path], timeout: 20)
            #expect(where_.status == 0, "\(where_.standardErrorText)")
            let whereLines = ProcessResult.lines(of: where_.standardOutputText)
            // 7 × 143 + 0.5 = 1001.5 is the first amount over 1000.
            #expect(whereLines.dropFirst().map(Fixture.firstCell) == (143...150).reversed().map(String.init), "\(whereLines)")

            let find = try runProcess([try dtableBinaryPath(), "--print", "--find", "City15", path], timeout: 20)
            #expect(find.status == 0, "\(find.standardErrorText)")
            #expect(ProcessResult.lines(of: find.standardOutputText).count == 201)
        }

        @Test("Bad row options fail with one line: an invalid regex, a column that is not there, an operand it cannot read")
        func badRowOptions() throws {
            let directory = try Fixture.directoryWithPeople()
            let path = directory.filePath(Fixture.peopleFileName)
            for (arguments, message) in [
                (["--filter", "("], "--filter: invalid regex"),
                (["--find", "[a"], "--find: invalid regex"),
                (["--where", "price:>30"], "--where: no column 'price'"),
                (["--where", "amount:>cheap"], "--where: amount: not a number: cheap"),
                (["--where", "amount"], "--where: 'amount' needs COL:FILTER"),
            ] {
                let result = try runProcess([try dtableBinaryPath(), "--print"] + arguments + [path], timeout: 20)
                #expect(result.status != 0, "\(arguments)")
                #expect(result.standardErrorText.contains(message), "\(arguments): \(result.standardErrorText)")
                #expect(result.standardOutput.isEmpty, "\(arguments)")
            }
        }
    }
}
