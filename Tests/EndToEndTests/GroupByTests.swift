import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// `--group-by`: sections with headers and footers in the real binary.
    @Suite("Group by")
    struct GroupBy {
        /// 30 orders over 3 regions: `N,REGION,N,N.25`.
        static let ordersCSV: String = {
            var text = "id,region,units,price\n"
            let regions = ["north", "south", "east"]
            for i in 1...30 { text += "\(i),\(regions[i % 3]),\(i),\(i).25\n" }
            return text
        }()

        @Test("--group-by shows headers with counts and footers with sums; o collapses a section, O all")
        func groupByHeadersFootersAndCollapse() throws {
            let directory = try TemporaryDirectory()
            try directory.write("orders.csv", text: Self.ordersCSV)
            let session = try TmuxSession(width: 100, height: 30,
                                          arguments: [try dtableBinaryPath(), "--group-by", "region", "orders.csv"],
                                          workingDirectory: directory.path)
            // east: ids 2,5,...,29 (10 rows): units sum 155, price sum 155 + 2.50 = 157.50.
            #expect(session.waitFor { screen in
                screen.row(1).contains("▾ region: east  (10 rows)")
                    && screen.contains { $0.contains("Σ") && $0.contains("155") && $0.contains("157.50") }
                    && Fixture.statusLine(screen).contains("3 groups")
            }, "no sections:\n\(session.lastScreen)")
            // o on the first header collapses east: north's header follows its footer.
            try session.sendKeys("o")
            #expect(session.waitFor { screen in
                screen.row(1).contains("▸ region: east  (10 rows)") && screen.row(3).contains("▾ region: north")
            }, "not collapsed:\n\(session.lastScreen)")
            // O collapses every section; O again expands them.
            try session.sendKeys("O")
            #expect(session.waitFor { screen in
                screen.row(3).contains("▸ region: north") && screen.row(5).contains("▸ region: south")
            }, "not all collapsed:\n\(session.lastScreen)")
            try session.sendKeys("O")
            #expect(session.waitFor { $0.row(1).contains("▾ region: east") && $0.row(2).contains("east") }, "\(session.lastScreen)")
            // A filter keeps the sections of matching rows, counting shown of total.
            try session.sendKeys("&")
            try session.sendLiteral("north")
            try session.sendKeys("Enter")
            #expect(session.waitFor { screen in
                screen.row(1).contains("▾ region: north  (10 rows)") && !screen.contains { $0.contains("region: east") }
            }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("--print with --group-by prints headers and footers; --sort orders rows within sections")
        func printGroupedAndSorted() throws {
            let directory = try TemporaryDirectory()
            let file = try directory.write("orders.csv", text: Self.ordersCSV)
            let result = try runProcess([try dtableBinaryPath(), "--print", "--width", "60", "--group-by", "2",
                                         "--sort", "units:desc", file])
            #expect(result.status == 0, "\(result.standardErrorText)")
            let lines = result.standardOutputText.split(separator: "\n").map(String.init)
            #expect(lines.count == 1 + 3 * 12, "\(result.standardOutputText)")
            #expect(lines[1].hasPrefix("▾ region: east  (10 rows)"), "\(result.standardOutputText)")
            #expect(Fixture.firstCell(lines[2]) == "29", "rows within a section follow --sort: \(lines[2])")
            #expect(lines[12].contains("Σ") && lines[12].contains("155") && lines[12].contains("157.50"), "\(lines[12])")
            #expect(lines[13].hasPrefix("▾ region: north"))
        }

        @Test("--group-by on an Excel export: rows sort by their decimal-comma values within sections, footers sum them as written")
        func groupedDecimalCommas() throws {
            let directory = try TemporaryDirectory()
            let file = try directory.write("eu.csv", text: "sep=;\r\nname;region;price\r\na;north;39,1\r\nb;south;NA\r\n"
                                           + "c;north;-24,69\r\nd;south;1.234,5\r\ne;north;7,5\r\n")
            let result = try runProcess([try dtableBinaryPath(), "--print", "--width", "60", "--group-by", "region",
                                         "--sort", "price", file])
            #expect(result.status == 0, "\(result.standardErrorText)")
            let lines = result.standardOutputText.split(separator: "\n").map(String.init)
            // Expected by hand: north -24.69 < 7.5 < 39.1, sum 21.91; south 1234.5 then the null.
            #expect(lines.map { Fixture.firstCell($0) } == ["name", "▾", "c", "e", "a", "Σ", "▾", "d", "b", "Σ"], "\(lines)")
            #expect(lines[5].hasSuffix("21,91"), "\(lines[5])")
            #expect(lines[9].hasSuffix("1.234,5"), "\(lines[9])")
        }

        @Test("--group-by names an unknown column: a clear error, status 2")
        func unknownColumn() throws {
            let directory = try TemporaryDirectory()
            let file = try directory.write("orders.csv", text: Self.ordersCSV)
            let result = try runProcess([try dtableBinaryPath(), "--print", "--group-by", "nope", file])
            #expect(result.status != 0)
            #expect(result.standardErrorText.contains("--group-by"), "\(result.standardErrorText)")
        }
    }
}
