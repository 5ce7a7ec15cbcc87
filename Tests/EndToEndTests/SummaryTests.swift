import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// `I`: the summary sheet of every column in the real binary.
    @Suite("Summary of every column")
    struct Summary {
        @Test("I shows a row per column; Enter on a row puts the table's cursor on that column")
        func summaryAndEnter() throws {
            let directory = try TemporaryDirectory()
            var text = "id,city,price,day\n"
            for i in 1...30 { text += "\(i),\(["Lagos", "Paris", "Lima"][i % 3]),\(i * 3).50,2024-01-\(10 + i % 19)\n" }
            try directory.write("orders.csv", text: text)
            let session = try TmuxSession(width: 150, height: 12, arguments: [try dtableBinaryPath(), "orders.csv"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/30") }, "no table:\n\(session.lastScreen)")
            try session.sendKeys("I")
            #expect(session.waitFor { screen in
                Fixture.words(screen.row(1)).prefix(7) == ["id", "int", "30", "0", "30", "1", "30"]
                    && Fixture.words(screen.row(2)).prefix(6) == ["city", "text", "30", "0", "3", "Lagos"]
                    && Fixture.words(screen.row(3)).prefix(9) == ["price", "decimal", "30", "0", "30", "3.50", "90.50", "47.0000", "47.00"]
                    && Fixture.statusLine(screen).contains("summary of 4 columns over 30 rows")
            }, "wrong summary:\n\(session.lastScreen)")
            // The third row is price: Enter goes back to the table on column 3.
            try session.sendKeys("j", "j", "Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("orders.csv") && Fixture.statusLine($0).contains("col 3/4 price") },
                    "not on price:\n\(session.lastScreen)")
            // Again from there: the sheet opens on price's row; day is the next one.
            try session.sendKeys("I")
            #expect(session.waitFor { Fixture.statusLine($0).contains("summary of 4 columns") && Fixture.statusLine($0).contains("row 3/4") },
                    "\(session.lastScreen)")
            try session.sendKeys("j", "Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("col 4/4 day") }, "not on day:\n\(session.lastScreen)")
            try session.sendKeys("I")
            #expect(session.waitFor { Fixture.statusLine($0).contains("summary of 4 columns") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitFor { Fixture.statusLine($0).contains("orders.csv") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test(":w FILE.md in the I sheet writes it as a Markdown table")
        func writesTheSummaryAsMarkdown() throws {
            let directory = try TemporaryDirectory()
            try directory.write("orders.csv", text: "id,city\n1,Lagos\n2,Paris\n3,Lagos\n")
            let session = try TmuxSession(width: 150, height: 12, arguments: [try dtableBinaryPath(), "orders.csv"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/3") }, "no table:\n\(session.lastScreen)")
            try session.sendKeys("I")
            #expect(session.waitFor { Fixture.statusLine($0).contains("summary of 2 columns") }, "\(session.lastScreen)")
            try session.sendKeys(":")
            try session.sendLiteral("w summary.md")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusAndMessage($0).contains("wrote sheet: 2 rows") }, "\(session.lastScreen)")
            let lines = (directory.read("summary.md") ?? "").split(separator: "\n").map(String.init)
            #expect(lines.count == 4, "\(lines)")
            #expect(lines.first?.hasPrefix("| column |") == true, "\(lines)")
            #expect(lines.dropFirst().first?.hasPrefix("| ---") == true || lines.dropFirst().first?.hasPrefix("|---") == true, "\(lines)")
            #expect(lines.dropFirst(2).first?.hasPrefix("| id ") == true, "\(lines)")
            #expect(lines.last?.hasPrefix("| city ") == true, "\(lines)")
            try session.sendKeys("q", "q")
            #expect(session.waitForExit() == 0)
        }
    }
}
