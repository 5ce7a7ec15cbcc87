import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// A regex that backtracks catastrophically, typed at a real terminal: dtable stays
    /// responsive and says "pattern too complex" (issue: a regex could wedge the program).
    @Suite("Regex limits")
    struct RegexLimits {
        /// `(\w+\s?)+$` backtracks exponentially over a row of words that ends in `!`.
        static let pattern = #"(\w+\s?)+$"#
        /// One column, so no other field of the first row matches before the pattern runs out.
        static let csv = "text\nthe quick brown fox jumps over the lazy dog again and again!\nhello world\n"

        static func start() throws -> (TemporaryDirectory, TmuxSession) {
            let directory = try TemporaryDirectory()
            try directory.write("wedge.csv", text: csv)
            let session = try TmuxSession(width: 100, height: 10, arguments: [try dtableBinaryPath(), "wedge.csv"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/2") }, "\(session.lastScreen)")
            return (directory, session)
        }

        @Test("Typing the pattern at / highlights as you type without hanging; Esc and q quit with 0 within a second")
        func typedPatternDoesNotWedge() throws {
            let (directory, session) = try Self.start()
            _ = directory
            try session.sendKeys("/")
            try session.sendKeys("C-r")
            #expect(session.waitFor { Fixture.statusLine($0).contains("(regex)") }, "\(session.lastScreen)")
            try session.sendLiteral(Self.pattern)
            // The highlight gave up on the pattern and says so instead of running for ever.
            #expect(session.waitFor(timeout: 5) { screen in
                Fixture.statusLine(screen).contains(Self.pattern) && Fixture.statusLine(screen).contains("pattern too complex")
            }, "\(session.lastScreen)")
            let sent = ContinuousClock.now
            try session.sendKeys("Escape")
            try session.sendKeys("q")
            let status = session.waitForExit(timeout: 5)
            let elapsed = ContinuousClock.now - sent
            #expect(status == 0)
            #expect(elapsed < .seconds(1), "Esc and q took \(elapsed)")
        }

        @Test("A filter with the pattern says \"pattern too complex\" and keeps every row")
        func filterSaysTooComplex() throws {
            let (directory, session) = try Self.start()
            _ = directory
            try session.sendKeys("&")
            try session.sendKeys("C-r")
            try session.sendLiteral(Self.pattern)
            try session.sendKeys("Enter")
            #expect(session.waitFor(timeout: 5) { screen in
                let status = Fixture.statusLine(screen)
                return status.contains("pattern too complex") && status.contains("row 1/2") && !status.contains("filter:")
            }, "\(session.lastScreen)")
            // Still responsive: the cursor moves, and a fine regex filters.
            try session.sendKeys("j")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 2/2") }, "\(session.lastScreen)")
            try session.sendKeys("&")  // empty: the failed filter was not kept
            try session.sendKeys("C-r")
            try session.sendLiteral(#"^h\w+ w"#)
            try session.sendKeys("Enter")
            #expect(session.waitFor { screen in
                Fixture.statusLine(screen).contains("row 1/1") && screen.contains { $0.contains("hello world") }
            }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }
    }
}
