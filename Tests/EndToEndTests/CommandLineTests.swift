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
