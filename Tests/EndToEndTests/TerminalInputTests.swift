import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// The terminal's bytes as dtable decodes them itself (ncurses parses no input): hostile
    /// mouse reports, both mouse encodings, and the named keys under several TERMs.
    @Suite("Terminal input")
    struct TerminalInput {
        @Test("A mouse report of 40 numbers (it aborted dtable inside ncurses) is ignored; keys and clicks after it work")
        func oversizedMouseReport() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory)
            try session.sendLiteral("\u{1B}[<0;" + String(repeating: "1;", count: 39) + "1M")
            try session.sendLiteral("\u{1B}[<0;" + String(repeating: "7;", count: 5_000) + "7m")
            try session.sendKeys("j")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 2/200") }, "\(session.lastScreen)")
            try session.click(column: 3, row: 6)  // the row of id 5
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 5/200") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("X10 mouse reports (what terminals without SGR send) click and scroll like SGR ones")
        func x10Mouse() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory, height: 12)
            func report(_ code: Int, column: Int, row: Int) -> String {
                "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + code))) + String(UnicodeScalar(UInt8(32 + column)))
                    + String(UnicodeScalar(UInt8(32 + row)))
            }
            try session.sendLiteral(report(0, column: 3, row: 4) + report(3, column: 3, row: 4))  // id 3
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 3/200") }, "\(session.lastScreen)")
            try session.sendLiteral(report(65, column: 3, row: 4))  // wheel down: 3 rows
            #expect(session.waitFor { Fixture.firstCell($0.row(1)) == "4" }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("Named keys arrive as the table and the prompt know them, whatever the TERM",
              arguments: ["xterm-256color", "tmux-256color", "screen-256color", "rxvt-unicode-256color", "linux"])
        func namedKeys(term: String) throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try TmuxSession(width: 80, height: 12, arguments: [try dtableBinaryPath(), Fixture.peopleFileName],
                                          environment: ["TERM": term], workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.isTableScreen($0, height: 12) }, "\(term):\n\(session.lastScreen)")
            let steps: [(keys: [String], status: String)] = [
                (["End"], "row 200/200"), (["Home"], "row 1/200"), (["NPage"], "row 11/200"), (["PPage"], "row 1/200"),
                (["Down", "Down", "Up"], "row 2/200"), (["Right", "Right"], "col 3/4"), (["Left"], "col 2/4"),
            ]
            for step in steps {
                try session.sendKeys(step.keys)
                #expect(session.waitFor { Fixture.statusLine($0).contains(step.status) }, "\(term) \(step.keys):\n\(session.lastScreen)")
            }
            // The prompt's editing keys: Home, Delete, End, BSpace, Left, a character.
            try session.sendKeys("/")
            try session.sendLiteral("Xabcd")
            try session.sendKeys("Home", "DC", "End", "BSpace", "Left", "Left")
            try session.sendLiteral("-")
            #expect(session.waitFor { Fixture.statusLine($0).hasPrefix(" /a-bc") }, "\(term):\n\(session.lastScreen)")
            try session.sendKeys("Escape")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 2/200") }, "\(term):\n\(session.lastScreen)")
            try session.sendKeys("F1")
            #expect(session.waitFor { $0.row(0).contains("dtable: keys") }, "\(term):\n\(session.lastScreen)")
            try session.sendKeys("Escape")
            #expect(session.waitFor { Fixture.isTableScreen($0, height: 12) }, "\(term):\n\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }
    }
}

extension TmuxSession {
    /// Sends tmux key names given as an array.
    func sendKeys(_ keys: [String]) throws {
        try tmux(arguments: ["send-keys", "-t", target] + keys)
    }
}
