import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// `dtable` with no input: the demo table of made-up rows.
    @Suite("Demo table")
    struct DemoTable {
        /// The demo made up its rows: a deletion there is not offered for writing, and `q`
        /// leaves at once (it used to ask, fail to write, and need `q q`).
        @Test("The demo quits with one q after a deletion")
        func demoQuitsAfterADeletion() throws {
            let session = try TmuxSession(width: 100, height: 20, arguments: [try dtableBinaryPath()])
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/500") }, "\(session.lastScreen)")
            try session.sendKeys("a")
            #expect(session.waitFor { Fixture.statusLine($0).contains("Delete") }, "\(session.lastScreen)")
            try session.sendKeys("d")
            #expect(session.waitFor { screen in
                Fixture.statusAndMessage(screen).contains("deleted row 1 (u undoes, :w FILE writes)")
                    && Fixture.statusLine(screen).contains("row 1/499")
            }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0, "\(session.lastScreen)")
        }
    }
}
