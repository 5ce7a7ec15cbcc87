import Testing
import TestSupport

extension EndToEnd {
    /// Issue 21: marking rows with Shift-Down and a drag on the real binary, with the bytes an
    /// xterm sends (Shift-Down `CSI 1;2B`; a drag in button-event mode: `CSI < 32;x;y M`).
    @Suite("Selection")
    struct Selection {
        @Test("Shift-Down marks a range from the cursor; M unmarks; a drag marks the rows it passes")
        func shiftDownAndDrag() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory, width: 60, height: 12)
            try session.sendLiteral("\u{1B}[1;2B")
            try session.sendLiteral("\u{1B}[1;2B")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 3/200") && Fixture.statusLine($0).contains("3 marked") },
                    "\(session.lastScreen)")
            try session.sendKeys("M")
            #expect(session.waitFor { Fixture.statusLine($0).contains("3 rows unmarked") }, "\(session.lastScreen)")
            // Press on the row of id 2 (screen line 3, 1-based), drag down to id 5, release.
            try session.sendLiteral("\u{1B}[<0;3;3M")
            try session.sendLiteral("\u{1B}[<32;3;4M")
            try session.sendLiteral("\u{1B}[<32;3;6M")
            try session.sendLiteral("\u{1B}[<0;3;6m")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 5/200") && Fixture.statusLine($0).contains("4 marked") },
                    "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }
    }
}
