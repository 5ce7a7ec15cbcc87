import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// Sorting, searching and filtering typed at a real terminal.
    @Suite("Sort, search and filter")
    struct SortSearchFilter {
        @Test("] and [ sort by the cursor column: the order on screen and the header mark change")
        func sortByKeys() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory)
            try session.sendKeys("l", "l", "l", "]")
            // The cursor was on the first row: it stays there, at the top of the new order.
            #expect(session.waitFor { screen in
                screen.row(0).contains("▼amount") && Fixture.statusLine(screen).contains("row 1/200")
                    && Fixture.firstCell(screen.row(1)) == "200" && Fixture.firstCell(screen.row(2)) == "199"
            }, "not sorted descending by amount:\n\(session.lastScreen)")
            // Elsewhere the cursor stays on its record: id 199, now second from the end.
            try session.sendKeys("j", "[")
            #expect(session.waitFor { screen in
                screen.row(0).contains("▲amount") && Fixture.statusLine(screen).contains("row 199/200")
            }, "\(session.lastScreen)")
            try session.sendKeys("g")
            #expect(session.waitFor { Fixture.firstCell($0.row(1)) == "1" && Fixture.firstCell($0.row(2)) == "2" },
                    "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("/ finds a row, & keeps matching rows, Esc shows all rows again")
        func searchAndFilter() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory)
            try session.sendKeys("/")
            try session.sendLiteral("name150")
            #expect(session.waitFor { Fixture.statusLine($0).contains("/name150") }, "\(session.lastScreen)")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 150/200") }, "\(session.lastScreen)")
            try session.sendKeys("/")
            try session.sendLiteral("nobody")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("not found: nobody") }, "\(session.lastScreen)")

            try session.sendKeys("&")
            try session.sendLiteral("City1")
            try session.sendKeys("Enter")
            // City1, City10-City19 and City100-City199: 111 rows.
            #expect(session.waitFor { screen in
                Fixture.statusLine(screen).contains("/111") && Fixture.statusLine(screen).contains("filter: City1")
            }, "\(session.lastScreen)")
            try session.sendKeys("Escape")
            #expect(session.waitFor { Fixture.statusLine($0).contains("/200") && !Fixture.statusLine($0).contains("filter") },
                    "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("A stream on stdin shows its rows, and all of them once it ends")
        func streamedStandardInput() throws {
            let directory = try TemporaryDirectory()
            var text = "n,square\n"
            for i in 1...50_000 { text += "\(i),\(i * i)\n" }
            _ = try directory.write("squares.csv", text: text)
            let session = try TmuxSession(width: 60, height: 10,
                                          shellCommand: "cat squares.csv | \(shellQuoted(try dtableBinaryPath()))",
                                          workingDirectory: directory.path)
            #expect(session.waitFor { Fixture.statusLine($0).contains("stdin") && Fixture.statusLine($0).contains("/50,000") },
                    "\(session.lastScreen)")
            try session.sendKeys("G")
            #expect(session.waitFor { screen in screen.contains { Fixture.firstCell($0) == "50000" } }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }
    }
}
