import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// Hiding, moving and choosing columns in the real binary: `-` `H` `L` `c` `*` in tmux,
    /// `--columns` with `--print`.
    @Suite("Columns: hide, move, go to, filter")
    struct Columns {
        @Test("- hides the cursor column and says so; H and L move it, the cursor following")
        func hideAndMove() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory)
            try session.sendKeys("l", "-")
            #expect(session.waitFor { screen in
                Fixture.words(screen.row(0)) == ["id", "city", "amount"]
                    && Fixture.statusAndMessage(screen).contains("hidden: name (+ shows all)")
            }, "\(session.lastScreen)")
            #expect(session.waitFor { Fixture.statusLine($0).contains("col 2/3 (1 hidden) city") }, "\(session.lastScreen)")
            try session.sendKeys("L")
            #expect(session.waitFor { screen in
                Fixture.words(screen.row(0)) == ["id", "amount", "city"]
                    && Fixture.statusLine(screen).contains("col 3/3 (1 hidden) city")
                    && Fixture.words(screen.row(1)) == ["1", "7.50", "City1"]
            }, "\(session.lastScreen)")
            try session.sendKeys("H", "H")
            #expect(session.waitFor { screen in
                Fixture.words(screen.row(0)) == ["city", "id", "amount"]
                    && Fixture.statusLine(screen).contains("col 1/3 (1 hidden) city")
            }, "\(session.lastScreen)")
            try session.sendKeys("+")
            #expect(session.waitFor { Fixture.words($0.row(0)) == ["city", "id", "name", "amount"] }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("c goes to a column by name, Tab completing it")
        func goToColumn() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory)
            try session.sendKeys("c")
            try session.sendLiteral("am")
            try session.sendKeys("Tab")
            #expect(session.waitFor { Fixture.statusLine($0).contains("column: amount") }, "\(session.lastScreen)")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("col 4/4 amount") }, "\(session.lastScreen)")
            try session.sendKeys("c")
            try session.sendLiteral("it")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("col 3/4 city") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("* shows only the columns whose titles match; a bad regex says why")
        func filterColumns() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory)
            try session.sendKeys("*")
            try session.sendLiteral("^(id|city)$")
            try session.sendKeys("Enter")
            #expect(session.waitFor { screen in
                Fixture.words(screen.row(0)) == ["id", "city"] && Fixture.statusAndMessage(screen).contains("2 of 4 columns match")
            }, "\(session.lastScreen)")
            try session.sendKeys("*", "C-u")
            try session.sendLiteral("(")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusAndMessage($0).contains("invalid regex") }, "\(session.lastScreen)")
            #expect(Fixture.words(session.lastCapture.row(0)) == ["id", "city"])
            try session.sendKeys("*", "C-u", "Enter")
            #expect(session.waitFor { Fixture.words($0.row(0)) == Fixture.headerWords }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("--columns with --print prints only the matching columns; no match is an error (status 2)")
        func columnsOption() throws {
            let directory = try Fixture.directoryWithPeople()
            let path = directory.filePath(Fixture.peopleFileName)
            let result = try runProcess([try dtableBinaryPath(), "--print", "--width", "60", "--columns", "^(amount|id)$", path],
                                        timeout: 20)
            #expect(result.status == 0, "\(result.standardErrorText)")
            let lines = result.standardOutputText.split(separator: "\n").map(String.init)
            #expect(Fixture.words(lines.first ?? "") == ["id", "amount"])
            #expect(Fixture.words(lines.count > 1 ? lines[1] : "") == ["1", "7.50"])
            #expect(lines.count == 201)

            let none = try runProcess([try dtableBinaryPath(), "--print", "--columns", "^zzz", path], timeout: 20)
            #expect(none.status == 2)
            #expect(none.standardErrorText.contains("--columns '^zzz' matches no column; the columns: 1 id, 2 name, 3 city, 4 amount"),
                    "\(none.standardErrorText)")
            let bad = try runProcess([try dtableBinaryPath(), "--print", "--columns", "(", path], timeout: 20)
            #expect(bad.status == 2)
            #expect(bad.standardErrorText.contains("invalid regex"), "\(bad.standardErrorText)")
        }

        @Test("--columns in the viewer: the matching columns show, + shows the others")
        func columnsOptionInTheViewer() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try TmuxSession(width: 80, height: 24,
                                          arguments: [try dtableBinaryPath(), "--columns", "name|amount", Fixture.peopleFileName],
                                          workingDirectory: directory.path)
            #expect(session.waitFor { Fixture.words($0.row(0)) == ["name", "amount"] }, "\(session.lastScreen)")
            try session.sendKeys("+")
            #expect(session.waitFor { Fixture.words($0.row(0)) == Fixture.headerWords }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }
    }
}
