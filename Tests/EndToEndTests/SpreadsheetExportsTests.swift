import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// Files as Excel (European locale) and US spreadsheets write them: the true order of their
    /// numbers and dates, computed here by a reader written for the test, in `--print --sort`
    /// both ways and in the viewer.
    @Suite("Spreadsheet exports")
    struct SpreadsheetExports {
        /// An Excel "CSV (semicolon)" export: BOM, `sep=;`, CRLF, decimal commas with `.`
        /// grouping, `D.M.YYYY` dates, an empty cell.
        static let excel: String = {
            var text = "\u{FEFF}sep=;\r\nItem;Amount;Day\r\n"
            for i in 0..<60 {
                let cents = (i * 7_919) % 250_000 - 40_000
                let whole = abs(cents) / 100, part = abs(cents) % 100
                let grouped = whole >= 1000 ? "\(whole / 1000).\(pad(whole % 1000, 3))" : "\(whole)"
                let amount = i == 17 ? "" : (cents < 0 ? "-" : "") + grouped + "," + pad(part, 2)
                let day = "\(1 + (i * 13) % 28).\(1 + (i * 5) % 12).\(1998 + (i * 11) % 27)"
                text += "item\(i);\(amount);\(day)\r\n"
            }
            return text
        }()

        /// A US spreadsheet export: `M/D/YYYY h:mm AM` times and `$1,234.50` money.
        static let us: String = {
            var text = "order,total,placed\n"
            for i in 0..<60 {
                let cents = (i * 104_729) % 900_000 + 5
                let money = "\"$\(cents / 100 >= 1000 ? "\(cents / 100_000),\(pad((cents / 100) % 1000, 3))" : "\(cents / 100)").\(pad(cents % 100, 2))\""
                let hour = 1 + (i * 5) % 12, minute = (i * 17) % 60
                let placed = "\(1 + (i * 7) % 12)/\(1 + (i * 3) % 28)/\(2015 + i % 6) \(hour):\(pad(minute, 2)) \(i % 2 == 0 ? "AM" : "PM")"
                text += "o\(i),\(money),\(placed)\n"
            }
            return text
        }()

        /// `n` with leading zeros to `width` digits.
        static func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }

        /// The test's own readers: a decimal-comma amount, a `D.M.YYYY` day, US money, a US time.
        static func excelAmount(_ s: String) -> Double? {
            s.isEmpty ? nil : Double(s.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: "."))
        }
        static func excelDay(_ s: String) -> Int {
            let p = s.split(separator: ".").map { Int($0)! }
            return p[2] * 10_000 + p[1] * 100 + p[0]
        }
        static func usMoney(_ s: String) -> Double {
            Double(s.replacingOccurrences(of: "$", with: "").replacingOccurrences(of: ",", with: ""))!
        }
        static func usTime(_ s: String) -> Int {
            let parts = s.split(separator: " ")
            let date = parts[0].split(separator: "/").map { Int($0)! }
            let clock = parts[1].split(separator: ":").map { Int($0)! }
            let hour = clock[0] % 12 + (parts[2] == "PM" ? 12 : 0)
            return ((date[2] * 100 + date[0]) * 100 + date[1]) * 10_000 + hour * 100 + clock[1]
        }

        /// Field `column` (0-based) of every data row of `text` (a simple split: the fixtures
        /// quote only money, whose commas the test joins back).
        static func fields(_ text: String, separator: Character, column: Int) -> [String] {
            text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).dropFirst(separator == ";" ? 2 : 1).map { line in
                let line = line.replacingOccurrences(of: "\r", with: "")
                if separator == ",", line.contains("\"") {
                    let quoted = line.split(separator: "\"")
                    return column == 1 ? String(quoted[1]) : String(line.split(separator: ",").last!)
                }
                return line.split(separator: separator, omittingEmptySubsequences: false).map(String.init)[column]
            }
        }

        /// The words of each printed row (after the header).
        static func rows(_ output: String) -> [[String]] {
            ProcessResult.lines(of: output).dropFirst().map { Fixture.words($0) }
        }

        func printSorted(_ text: String, file: String, sort: String) throws -> String {
            let directory = try TemporaryDirectory()
            try directory.write(file, text: text)
            let result = try runProcess([try dtableBinaryPath(), "--print", "--width", "200", "--sort", sort,
                                         directory.filePath(file)], timeout: 30)
            #expect(result.status == 0, "\(result.standardErrorText)")
            return result.standardOutputText
        }

        @Test("Excel export: decimal-comma amounts and D.M.YYYY days sort by value both ways, the empty cell last")
        func excelOrder() throws {
            let amounts = Self.fields(Self.excel, separator: ";", column: 1)
            let days = Self.fields(Self.excel, separator: ";", column: 2)
            for ascending in [true, false] {
                let byAmount = try printSorted(Self.excel, file: "excel.csv", sort: "Amount" + (ascending ? "" : ":desc"))
                let values = amounts.filter { !$0.isEmpty }.sorted {
                    ascending ? Self.excelAmount($0)! < Self.excelAmount($1)! : Self.excelAmount($0)! > Self.excelAmount($1)!
                } + [""]
                #expect(Self.rows(byAmount).map { $0.count == 3 ? $0[1] : "" } == values, "ascending \(ascending)")
                let byDay = try printSorted(Self.excel, file: "excel.csv", sort: "Day" + (ascending ? "" : ":desc"))
                let shownDays = Self.rows(byDay).map { Self.excelDay($0.last!) }
                let expectedDays = days.map(Self.excelDay).sorted(by: ascending ? (<) : (>))
                #expect(shownDays == expectedDays, "ascending \(ascending)")
            }
        }

        @Test("US export: $1,234.50 money and M/D/YYYY h:mm AM times sort by value both ways")
        func usOrder() throws {
            let money = Self.fields(Self.us, separator: ",", column: 1)
            let times = Self.fields(Self.us, separator: ",", column: 2)
            for ascending in [true, false] {
                let byTotal = try printSorted(Self.us, file: "us.csv", sort: "total" + (ascending ? "" : ":desc"))
                let expectedMoney = money.map(Self.usMoney).sorted(by: ascending ? (<) : (>))
                #expect(Self.rows(byTotal).map { Self.usMoney($0[1]) } == expectedMoney, "ascending \(ascending)")
                let byTime = try printSorted(Self.us, file: "us.csv", sort: "placed" + (ascending ? "" : ":desc"))
                let expectedTimes = times.map(Self.usTime).sorted(by: ascending ? (<) : (>))
                #expect(Self.rows(byTime).map { Self.usTime($0[2...].joined(separator: " ")) } == expectedTimes, "ascending \(ascending)")
            }
        }

        @Test("In the viewer: ] on the Excel amounts shows the largest first")
        func viewerSortsExcelAmounts() throws {
            let directory = try TemporaryDirectory()
            try directory.write("excel.csv", text: Self.excel)
            let largest = Self.fields(Self.excel, separator: ";", column: 1).compactMap(Self.excelAmount).max()!
            let session = try TmuxSession(width: 80, height: 12, arguments: [try dtableBinaryPath(), directory.filePath("excel.csv")])
            #expect(session.waitFor("item0"), "\(session.lastScreen)")
            try session.sendKeys("l")
            try session.sendKeys("]")
            #expect(session.waitFor(timeout: 10) { lines in
                lines.count > 1 && Fixture.words(lines[1]).count >= 2
                    && Self.excelAmount(Fixture.words(lines[1])[1]) == largest
            }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit(timeout: 10) == 0)
        }
    }
}
