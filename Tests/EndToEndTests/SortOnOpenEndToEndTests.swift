import Testing
import TestSupport

extension EndToEnd {
    /// `--sort COL:desc` on a file indexed in several steps opens with the cursor on row 1
    /// (issue 19: `dtable --sort temp:desc weather.csv` opened on row 877).
    @Suite("Sort on open")
    struct SortOnOpen {
        @Test("--sort temp:desc on a file that indexes in steps: the cursor on row 1 once every row is sorted")
        func cursorOnRowOne() throws {
            // Temperatures rise through the file: the first rows' hottest is not the file's.
            var text = "n,temp\n"
            let rows = 400_000
            var hottest = 0
            for row in 0..<rows {
                let hundredths = (20 + row / 1_000) * 100 + row % 100
                hottest = max(hottest, hundredths)
                text += "\(row + 1),\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)\n"
            }
            let directory = try TemporaryDirectory()
            try directory.write("weather.csv", text: text)
            let session = try TmuxSession(width: 60, height: 8, arguments: [try dtableBinaryPath(), "--sort", "temp:desc", "weather.csv"],
                                          workingDirectory: directory.path)
            // Loaded (no "+" after the count) and sorted (no progress).
            let done = session.waitFor(timeout: 20) { screen in
                let status = Fixture.statusLine(screen)
                return status.contains("/400,000 ") && !status.contains("+") && !status.contains("sorting")
            }
            #expect(done, "\(session.lastScreen)")
            #expect(Fixture.statusLine(session.lastCapture).contains("row 1/400,000"), "\(session.lastScreen)")
            // The hottest temperature shows first.
            let top = "\(hottest / 100).\(hottest % 100)"
            #expect(session.lastCapture.count > 1 && session.lastCapture[1].hasSuffix(" " + top), "\(top): \(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }
    }
}
