import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// `dtable a.csv b.csv c.csv.gz`: three files, each keeping its view; `:n`, `:p`, the list.
    @Suite("Several files")
    struct SeveralFiles {
        static let pythonInstalled = access("/usr/bin/python3", X_OK) == 0

        /// Three files as R, Excel and pandas write them: a.csv quoted with CRLF and a BOM,
        /// b.csv plain, c.csv.gz written by Python's gzip module.
        func directoryWithThreeFiles() throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            _ = try directory.write("a.csv", bytes: Array("\u{FEFF}\"name\",\"price\"\r\n\"pear\",\"3,50\"\r\n\"apple\",\"1,20\"\r\n\"fig, dried\",\"9,00\"\r\n".utf8))
            _ = try directory.write("b.csv", text: "city,pop\nOslo,700\nLima,9000\nRome,2800\n")
            let script = "import gzip,sys\nwith gzip.open(sys.argv[1], 'wt', newline='') as f: f.write('k,v\\nzeta,1\\nalpha,2\\n')"
            let result = try runProcess(["/usr/bin/python3", "-c", script, directory.filePath("c.csv.gz")], timeout: 20)
            #expect(result.status == 0, "\(result.standardErrorText)")
            _ = directory.track("c.csv.gz")
            return directory
        }

        /// The records of `name` in `directory` (gzip or not) as Python's csv module reads them.
        func pythonRows(_ name: String, in directory: TemporaryDirectory) throws -> [[String]] {
            let script = "import csv,gzip,json,sys\np=sys.argv[1]\nf=(gzip.open(p,'rt',newline='',encoding='utf-8-sig') "
                + "if p.endswith('.gz') else open(p,newline='',encoding='utf-8-sig'))\n"
                + "print('\\n'.join('\\x1f'.join(r) for r in csv.reader(f)))"
            let result = try runProcess(["/usr/bin/python3", "-c", script, directory.filePath(name)], timeout: 20)
            return ProcessResult.lines(of: result.standardOutputText).filter { !$0.isEmpty }
                .map { $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init) }
        }

        /// dtable on the three files, with a delete button (`a` deletes the cursor's row).
        func startThreeFiles(in directory: TemporaryDirectory) throws -> TmuxSession {
            try TmuxSession(width: 70, height: 10, arguments: [try dtableBinaryPath(), "--action", "delete", "a.csv", "b.csv", "c.csv.gz"],
                            workingDirectory: directory.path)
        }

        @Test(":n, :p and the list switch files; each keeps its sort and its edits; q with an edit in a file not shown asks",
              .enabled(if: pythonInstalled, "python3 is not installed"))
        func switchKeepsEachView() throws {
            let directory = try directoryWithThreeFiles()
            let a = try pythonRows("a.csv", in: directory)
            let b = try pythonRows("b.csv", in: directory)
            let c = try pythonRows("c.csv.gz", in: directory)
            let session = try startThreeFiles(in: directory)
            #expect(session.waitFor { Fixture.statusLine($0).contains("[1/3] a.csv") && $0.contains { $0.contains(a[1][0]) } },
                    "\(session.lastScreen)")
            // a.csv sorted descending by name: the first row is the largest name.
            try session.sendKeys("]")
            let aTop = try #require(a.dropFirst().map { $0[0] }.max())
            #expect(session.waitFor { $0.count > 1 && $0[1].hasPrefix(aTop) }, "\(session.lastScreen)")
            // :n shows b.csv in file order; a deletes its first row there.
            try session.sendKeys(":")
            try session.sendLiteral("n")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("[2/3] b.csv") && $0.count > 1 && $0[1].hasPrefix(b[1][0]) },
                    "\(session.lastScreen)")
            try session.sendKeys("a")
            #expect(session.waitFor { $0.count > 1 && $0[1].hasPrefix(b[2][0]) }, "\(session.lastScreen)")
            // Ctrl-P: back to a.csv, still sorted.
            try session.sendKeys("C-p")
            #expect(session.waitFor { Fixture.statusLine($0).contains("[1/3] a.csv") && $0.count > 1 && $0[1].hasPrefix(aTop) },
                    "\(session.lastScreen)")
            // The list (B): three files; Enter on the third shows the gzip file.
            try session.sendKeys("B")
            #expect(session.waitFor { screen in ["a.csv", "b.csv", "c.csv.gz"].allSatisfy { name in screen.contains { $0.contains(name) } } },
                    "\(session.lastScreen)")
            try session.sendKeys("j", "j", "Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("[3/3] c.csv.gz") && $0.count > 1 && $0[1].hasPrefix(c[1][0]) },
                    "\(session.lastScreen)")
            // :p: b.csv keeps its deletion.
            try session.sendKeys(":")
            try session.sendLiteral("p")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("[2/3] b.csv") && $0.count > 1 && $0[1].hasPrefix(b[2][0]) },
                    "\(session.lastScreen)")
            // On c.csv.gz, which has no edit, q asks about b.csv's; q then quits without writing.
            try session.sendKeys("C-n")
            #expect(session.waitFor { Fixture.statusLine($0).contains("[3/3] c.csv.gz") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitFor { Fixture.statusLine($0).contains("unsaved changes") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
            #expect(try pythonRows("b.csv", in: directory) == b)
        }

        @Test("w in the quit question writes every file with changes, then quits",
              .enabled(if: pythonInstalled, "python3 is not installed"))
        func quitQuestionWritesEveryFile() throws {
            let directory = try directoryWithThreeFiles()
            let a = try pythonRows("a.csv", in: directory)
            let b = try pythonRows("b.csv", in: directory)
            let session = try startThreeFiles(in: directory)
            #expect(session.waitFor { Fixture.statusLine($0).contains("[1/3] a.csv") }, "\(session.lastScreen)")
            try session.sendKeys("a")  // deletes a.csv's first record
            #expect(session.waitFor { $0.count > 1 && $0[1].hasPrefix(a[2][0]) }, "\(session.lastScreen)")
            try session.sendKeys("C-n")
            #expect(session.waitFor { Fixture.statusLine($0).contains("[2/3] b.csv") }, "\(session.lastScreen)")
            try session.sendKeys("j", "a")  // deletes b.csv's second record
            #expect(session.waitFor { Fixture.words($0.count > 2 ? $0[2] : "").first == b[3][0] }, "\(session.lastScreen)")
            try session.sendKeys("C-n")
            #expect(session.waitFor { Fixture.statusLine($0).contains("[3/3] c.csv.gz") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitFor { Fixture.statusLine($0).contains("unsaved changes") }, "\(session.lastScreen)")
            try session.sendKeys("w")
            #expect(session.waitForExit() == 0, "\(session.lastScreen)")
            #expect(try pythonRows("a.csv", in: directory) == [a[0]] + a.dropFirst(2))
            #expect(try pythonRows("b.csv", in: directory) == [b[0], b[1]] + b.dropFirst(3))
        }

        @Test("--print with several files prints each after ==> NAME <== as head(1) does; a missing one says so on stderr",
              .enabled(if: pythonInstalled, "python3 is not installed"))
        func printEachFile() throws {
            let directory = try directoryWithThreeFiles()
            let b = try pythonRows("b.csv", in: directory)
            let c = try pythonRows("c.csv.gz", in: directory)
            let result = try runProcess([try dtableBinaryPath(), "--print", "--format", "csv", directory.filePath("b.csv"),
                                         directory.filePath("missing.csv"), directory.filePath("c.csv.gz")])
            #expect(result.status == 2)
            #expect(result.standardErrorText.contains("missing.csv: cannot open"), "\(result.standardErrorText)")
            let expected = ["==> \(directory.filePath("b.csv")) <=="] + b.map { $0.joined(separator: ",") }
                + ["", "==> \(directory.filePath("missing.csv")) <==", "", "==> \(directory.filePath("c.csv.gz")) <=="]
                + c.map { $0.joined(separator: ",") }
            #expect(ProcessResult.lines(of: result.standardOutputText).filter { !$0.isEmpty } == expected.filter { !$0.isEmpty },
                    "\(result.standardOutputText)")
        }

        @Test("--output with several files, and - given twice, are refused before anything opens")
        func refusedAtStart() throws {
            let directory = try directoryWithThreeFiles()
            let output = try runProcess([try dtableBinaryPath(), "--output", directory.filePath("out.csv"),
                                         directory.filePath("b.csv"), directory.filePath("c.csv.gz")])
            #expect(output.status == 2)
            #expect(output.standardErrorText.contains("--output names one file"), "\(output.standardErrorText)")
            #expect(directory.read("out.csv") == nil)
            let stdin = try runProcess([try dtableBinaryPath(), "--print", "-", "-"])
            #expect(stdin.status == 2)
            #expect(stdin.standardErrorText.contains("- (stdin) can be given once"), "\(stdin.standardErrorText)")
        }

        @Test("A file name with escapes, among several: its ==> line and its error are shown safe")
        func hostileNameAmongSeveral() throws {
            let directory = try TemporaryDirectory()
            let plain = try directory.write("a.csv", text: "x\n1\n")
            let result = try runProcess([try dtableBinaryPath(), "--print", plain, directory.filePath("b\u{1B}[2J.csv")])
            #expect(result.status == 2)
            #expect(!result.standardOutput.contains(0x1B) && !result.standardError.contains(0x1B))
            #expect(result.standardOutputText.contains("==> \(directory.filePath("b␛[2J.csv")) <=="), "\(result.standardOutputText)")
            #expect(result.standardErrorText.contains("b␛[2J.csv: cannot open"), "\(result.standardErrorText)")
        }
    }
}
