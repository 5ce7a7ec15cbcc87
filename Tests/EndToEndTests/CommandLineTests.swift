import Testing
import TestSupport

extension EndToEnd {
    /// dtable without a terminal: errors and `--print`.
    @Suite("Command line without a terminal")
    struct CommandLine {
        @Test("A missing file: exit 2 and exactly one line on stderr")
        func missingFile() throws {
            let result = try runProcess([try dtableBinaryPath(), "/nonexistent.csv"], timeout: 20)
            #expect(!result.timedOut)
            #expect(result.status == 2)
            let lines = ProcessResult.lines(of: result.standardErrorText)
            #expect(lines.count == 1, "\(result.standardErrorText.debugDescription)")
            #expect(lines.first?.hasPrefix("dtable: ") == true, "\(result.standardErrorText.debugDescription)")
            #expect(result.standardErrorText.contains("/nonexistent.csv"))
            #expect(result.standardOutput.isEmpty)
        }

        @Test("A directory: exit 2 and exactly one line on stderr")
        func directoryArgument() throws {
            let result = try runProcess([try dtableBinaryPath(), "/tmp"], timeout: 20)
            #expect(!result.timedOut)
            #expect(result.status == 2)
            let lines = ProcessResult.lines(of: result.standardErrorText)
            #expect(lines.count == 1, "\(result.standardErrorText.debugDescription)")
            #expect(lines.first?.hasPrefix("dtable: ") == true, "\(result.standardErrorText.debugDescription)")
            #expect(result.standardOutput.isEmpty)
        }

        @Test("--print --width 40: the header first, lines within 40 columns, no escapes")
        func printPlain() throws {
            let directory = try Fixture.directoryWithPeople()
            let result = try runProcess([try dtableBinaryPath(), "--print", "--width", "40",
                                         directory.filePath(Fixture.peopleFileName)], timeout: 20)
            #expect(!result.timedOut)
            #expect(result.status == 0, "\(result.standardErrorText)")
            #expect(result.standardError.isEmpty, "\(result.standardErrorText)")
            #expect(!result.standardOutput.contains(0x1B), "escape bytes in --print output")
            let lines = ProcessResult.lines(of: result.standardOutputText)
            #expect(lines.count == 201)
            #expect(Fixture.words(lines.first ?? "") == Fixture.headerWords, "\(lines.prefix(3))")
            #expect(Fixture.words(lines.dropFirst().first ?? "") == ["1", "Name1", "City1", "7.50"], "\(lines.prefix(3))")
            #expect(Fixture.firstCell(lines.last ?? "") == "200", "\(lines.suffix(2))")
            // The fixture is ASCII, so characters are columns.
            let tooWide = lines.filter { $0.count > 40 }
            #expect(tooWide.isEmpty, "lines wider than 40 columns: \(tooWide.prefix(3))")
        }

        /// Issue 11: the man page said stdin is comma-separated and `--help` that `-d` defaults
        /// to a comma, while both are sniffed.
        @Test("Standard input's delimiter is sniffed, as --help and the man page say")
        func standardInputIsSniffed() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("semi.txt", bytes: Array("name;price\nalpha;1,5\nbeta;2,5\n".utf8))
            let result = try runProcess([try dtableBinaryPath(), "--print", "--width", "60"], standardInputPath: path, timeout: 20)
            #expect(result.status == 0, "\(result.standardErrorText)")
            let lines = ProcessResult.lines(of: result.standardOutputText)
            #expect(Fixture.words(lines.first ?? "") == ["name", "price"], "\(lines)")
            let help = try runProcess([try dtableBinaryPath(), "--help"], timeout: 20)
            let helpText = help.standardOutputText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(helpText.contains("else guessed from the lines"), "\(helpText)")
            #expect(!helpText.contains("else comma"))
            let root = try #require(#filePath.split(separator: "/Tests/").first)
            let manual = try #require(SnapshotFile.readFile(root + "/man/dtable.1"))
            #expect(manual.contains("standard input and FIFOs included,\nthe delimiter is sniffed"))
            #expect(!manual.contains("Standard input is comma"))
        }

        /// Issue 11: `--print` cut every column at 40 cells even when the print width had room.
        @Test("--print gives columns their full width when they all fit")
        func printFullWidth() throws {
            let directory = try TemporaryDirectory()
            let json = #"{"a":1,"b":[1,2,3],"c":"a long string that goes past forty cells"}"#
            let csv = "id,payload\n1,\"\(json.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\""))\"\n"
            let path = try directory.write("json.csv", text: csv)
            let wide = try runProcess([try dtableBinaryPath(), "--print", "--width", "250", path], timeout: 20)
            #expect(wide.status == 0, "\(wide.standardErrorText)")
            #expect(wide.standardOutputText.contains(json), "\(wide.standardOutputText)")
            // Too narrow for the full width: the usual cap and an ellipsis.
            let narrow = try runProcess([try dtableBinaryPath(), "--print", "--width", "60", path], timeout: 20)
            #expect(!narrow.standardOutputText.contains(json))
            #expect(narrow.standardOutputText.contains("…"), "\(narrow.standardOutputText)")
        }

        @Test("--color=always --print writes SGR escapes")
        func printColored() throws {
            let directory = try Fixture.directoryWithPeople()
            let result = try runProcess([try dtableBinaryPath(), "--color=always", "--print",
                                         directory.filePath(Fixture.peopleFileName)], timeout: 20)
            #expect(!result.timedOut)
            #expect(result.status == 0, "\(result.standardErrorText)")
            #expect(result.standardOutputText.contains("\u{1B}["))
            #expect(result.standardOutputText.contains("Name200"))
        }
    }
}
