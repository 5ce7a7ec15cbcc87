import Testing
import TestSupport

extension EndToEnd {
    /// `--print` of a large file into a reader that goes away early, while the rows are laid
    /// out on both cores (`TablePrinter+ParallelTextRows`): dtable ends at once, quietly, with
    /// status 0, and the lines read are the first ones, in order.
    @Suite("--print into a pipe")
    struct PrintIntoAPipe {
        /// `people.csv`: 60,000 rows (~4 MB, many batches and pipe buffers) with quotes, CJK and
        /// accents.
        func directoryWithManyRows() throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            var text = "id,name,note\n"
            for i in 1...60_000 { text += "\(i),Zoë \(i),\"said \"\"hi\"\", 東京 \(i % 97)\"\n" }
            _ = try directory.write("people.csv", text: text)
            return directory
        }

        @Test("dtable --print big.csv | head -3: the first lines, status 0, nothing on stderr",
              arguments: [[], ["--sort", "id:desc"]])
        func headEndsItQuietly(options: [String]) throws {
            let directory = try directoryWithManyRows()
            let command = "{ \(shellQuoted(try dtableBinaryPath())) --print --width 200 "
                + options.map(shellQuoted).joined(separator: " ")
                + " people.csv 2> err.txt; echo $? > status.txt; } | head -3 > out.txt"
            _ = directory.track("err.txt")
            _ = directory.track("status.txt")
            _ = directory.track("out.txt")
            let result = try runProcess(["sh", "-c", "cd \(shellQuoted(directory.path)) && \(command)"], timeout: 30)
            #expect(!result.timedOut)
            #expect(result.status == 0, "\(result.standardErrorText)")
            let status = try runProcess(["cat", directory.filePath("status.txt")], timeout: 10).standardOutputText
            #expect(status == "0\n", "dtable's status: \(status.debugDescription)")
            let errors = try runProcess(["cat", directory.filePath("err.txt")], timeout: 10).standardOutputText
            #expect(errors.isEmpty, "\(errors)")
            let out = try runProcess(["cat", directory.filePath("out.txt")], timeout: 10).standardOutputText
            let lines = ProcessResult.lines(of: out).map(Fixture.words)
            let first = options.isEmpty ? "1" : "60000", second = options.isEmpty ? "2" : "59999"
            #expect(lines.count == 3, "\(lines)")
            #expect(lines.first?.first == (options.isEmpty ? "id" : "▼id"), "\(lines)")
            #expect(lines.dropFirst().first?.prefix(3) == [first, "Zoë", first], "\(lines)")
            #expect(lines.dropFirst(2).first?.prefix(3) == [second, "Zoë", second], "\(lines)")
        }
    }
}
