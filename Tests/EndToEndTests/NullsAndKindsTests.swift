import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// Files as R, pandas and baseball databases write them: null tokens sort last, stray values
    /// after the values and before the nulls, `--type` and the `t` keys set a column's kind.
    @Suite("Nulls and kinds")
    struct NullsAndKinds {
        /// An R `write.csv` export: quoted empty row-name title, quoted row names, `NA`s (first
        /// among the first 200 values), the sorted column last.
        static let rExport: String = {
            var text = "\"\",\"species\",\"island\",\"body_mass_g\"\n"
            for i in 1...344 {
                let mass = i % 9 == 2 ? "NA" : String(2700 + (i * 7919) % 3600)
                text += "\"\(i)\",\"\(["Adelie", "Gentoo", "Chinstrap"][i % 3])\",\"Biscoe\",\(mass)\n"
            }
            return text
        }()

        /// A pandas `to_csv` export: an empty index title, `NaN`-free floats with empty fields
        /// and `NaN` written by hand-edited rows.
        static let pandasExport: String = {
            var text = ",name,score\n"
            for i in 0..<300 {
                let score = i % 11 == 0 ? "" : i % 13 == 0 ? "NaN" : String(Double((i * 37) % 1000) / 8)
                text += "\(i),n\(i),\(score)\n"
            }
            return text
        }()

        /// Baseball-style: 250 `NA` rows first, then stolen bases; the top value on line 8,004;
        /// a few stray `n/k` further down.
        static let baseball: String = {
            var text = "playerID,yearID,SB\n"
            for i in 0..<9000 {
                let sb: String
                if i < 250 || i % 97 == 0 { sb = "NA" } else if i == 8002 { sb = "138" } else if i % 1001 == 5 { sb = "n/k" } else {
                    sb = String((i * 7919) % 120)
                }
                text += "p\(i),\(1871 + i % 150),\(sb)\n"
            }
            return text
        }()

        /// The last column's value on each body line of `--print` output (an empty field prints
        /// as nothing, so a line with one word fewer holds an empty one).
        static func lastColumn(_ output: String, columns: Int) -> [String] {
            ProcessResult.lines(of: output).dropFirst().map { line in
                let words = Fixture.words(line)
                return words.count == columns ? words[columns - 1] : ""
            }
        }

        /// The order the test expects, computed here: numbers by value in the direction, then
        /// strays by text, then nulls in file order.
        static func expectedOrder(_ values: [String], ascending: Bool) -> [String] {
            let nulls: Set<String> = ["", "NA", "NaN"]
            let numbers = values.filter { !nulls.contains($0) && Double($0) != nil }
                .sorted { ascending ? Double($0)! < Double($1)! : Double($0)! > Double($1)! }
            let strays = values.filter { !nulls.contains($0) && Double($0) == nil }.sorted { ascending ? $0 < $1 : $0 > $1 }
            return numbers + strays + values.filter { nulls.contains($0) }
        }

        func printSorted(_ text: String, file: String, sort: String, extra: [String] = []) throws -> ProcessResult {
            let directory = try TemporaryDirectory()
            try directory.write(file, text: text)
            let result = try runProcess([try dtableBinaryPath(), "--print", "--width", "200", "--sort", sort] + extra
                                        + [directory.filePath(file)], timeout: 30)
            #expect(!result.timedOut)
            #expect(result.status == 0, "\(result.standardErrorText)")
            return result
        }

        @Test("--print --sort on R, pandas and baseball exports: true order, strays then nulls last, both directions",
              arguments: [
                  ("r.csv", "body_mass_g", 4),
                  ("pandas.csv", "score", 3),
                  ("baseball.csv", "SB", 3),
              ])
        func printSortedExports(file: String, column: String, columns: Int) throws {
            let text = file == "r.csv" ? Self.rExport : file == "pandas.csv" ? Self.pandasExport : Self.baseball
            let values = ProcessResult.lines(of: text).dropFirst().map { line -> String in
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                return String(fields[columns - 1])
            }
            for ascending in [true, false] {
                let result = try printSorted(text, file: file, sort: column + (ascending ? "" : ":desc"))
                let shown = Self.lastColumn(result.standardOutputText, columns: columns)
                let expected = Self.expectedOrder(values, ascending: ascending)
                #expect(shown == expected, "\(file) ascending \(ascending): \(shown.prefix(5)) … \(shown.suffix(5))")
            }
        }

        @Test("--null replaces the set: with --null '' only empty fields are null, so NA and - are strays")
        func nullOptionReplacesTheSet() throws {
            let text = "id,v\n1,5\n2,NA\n3,\n4,-\n5,2\n"
            // The default set: NA and - (numeric column) are null.
            let standard = try printSorted(text, file: "n.csv", sort: "v")
            #expect(Self.lastColumn(standard.standardOutputText, columns: 2) == ["2", "5", "NA", "", "-"])
            let result = try printSorted(text, file: "n.csv", sort: "v", extra: ["--null", "", "--type", "v:int"])
            #expect(Self.lastColumn(result.standardOutputText, columns: 2) == ["2", "5", "-", "NA", ""])
            // `--null -` alone: NA is a value, so two numbers among three values make a text column.
            let dash = try printSorted(text, file: "n.csv", sort: "v:desc", extra: ["--null", "-"])
            #expect(Self.lastColumn(dash.standardOutputText, columns: 2) == ["NA", "5", "2", "", "-"])
        }

        @Test("--type COL:text sorts numbers as text; unknown columns and kinds are clear, sanitized errors")
        func typeOption() throws {
            let text = "id,code\n1,10\n2,9\n3,100\n"
            let asText = try printSorted(text, file: "t.csv", sort: "code", extra: ["--type", "code:text"])
            #expect(Self.lastColumn(asText.standardOutputText, columns: 2) == ["10", "100", "9"])
            let asNumbers = try printSorted(text, file: "t.csv", sort: "code", extra: ["--type", "code:int"])
            #expect(Self.lastColumn(asNumbers.standardOutputText, columns: 2) == ["9", "10", "100"])

            let directory = try TemporaryDirectory()
            try directory.write("t.csv", text: text)
            for (spec, message) in [("nope:int", "--type: no column 'nope'"), ("code:money", "names no kind"),
                                    ("code:int:%d", "for date columns only"), ("co\u{1B}[31mde:int", "␛"),
                                    ("code:date:%d|%q\u{1B}", "%q in the date format")] {
                let result = try runProcess([try dtableBinaryPath(), "--print", "--type", spec, directory.filePath("t.csv")])
                #expect(result.status == 2, "\(spec): \(result.standardErrorText)")
                #expect(result.standardErrorText.contains(message), "\(spec): \(result.standardErrorText)")
                #expect(!result.standardError.contains(0x1B), "raw escape in \(result.standardErrorText)")
            }
        }

        @Test("t # and t ~ change how the cursor column sorts, and the status line shows the kind set")
        func tKeysInTheViewer() throws {
            let directory = try TemporaryDirectory()
            var text = "id,code\n"
            for (i, code) in ["10", "9", "100", "NA", "8"].enumerated() { text += "\(i + 1),\(code)\n" }
            try directory.write("codes.csv", text: text)
            let session = try TmuxSession(width: 70, height: 12, arguments: [try dtableBinaryPath(), "codes.csv"],
                                          workingDirectory: directory.path)
            #expect(session.waitFor { $0.row(0).contains("code") && Fixture.statusLine($0).contains(" row ") },
                    "\(session.lastScreen)")
            func codes(_ screen: [String]) -> [String] { (1...5).map { Fixture.words(screen.row($0)).last ?? "" } }
            try session.sendKeys("l", "[")
            #expect(session.waitFor { codes($0) == ["8", "9", "10", "100", "NA"] }, "\(session.lastScreen)")
            try session.sendKeys("t")
            #expect(session.waitFor { Fixture.statusAndMessage($0).contains("~ text") }, "\(session.lastScreen)")
            try session.sendKeys("~")
            #expect(session.waitFor { codes($0) == ["10", "100", "8", "9", "NA"] && Fixture.statusLine($0).contains("code: text (set)") },
                    "\(session.lastScreen)")
            try session.sendKeys("t", "#")
            #expect(session.waitFor { codes($0) == ["8", "9", "10", "100", "NA"] && Fixture.statusLine($0).contains("code: int (set)") },
                    "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }
    }
}
