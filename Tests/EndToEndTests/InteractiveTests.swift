import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// dtable full screen in a tmux pane: keys, mouse, resize, signals.
    @Suite("Interactive viewer")
    struct Interactive {
        @Test("Opens a file, moves with j G g l, quits with q and leaves the alternate screen")
        func navigateAndQuit() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory)

            var screen = session.lastCapture
            #expect(Fixture.words(screen.row(0)) == Fixture.headerWords, "\(session.lastScreen)")
            let status = Fixture.statusLine(screen)
            #expect(status.contains(Fixture.peopleFileName), "\(session.lastScreen)")
            #expect(status.contains("row 1/200"), "\(session.lastScreen)")
            #expect(Fixture.firstCell(screen.row(1)) == "1", "\(session.lastScreen)")

            try session.sendKeys("j", "j", "j")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 4/200") }, "\(session.lastScreen)")

            try session.sendKeys("G")
            #expect(session.waitFor { screen in
                Fixture.statusLine(screen).contains("row 200/200")
                    && screen.dropFirst().dropLast().contains { Fixture.firstCell($0) == "200" }
            }, "row 200 is not on screen:\n\(session.lastScreen)")
            screen = session.lastCapture
            #expect(Fixture.words(screen.row(0)) == Fixture.headerWords, "\(session.lastScreen)")

            try session.sendKeys("g")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 1/200") && Fixture.firstCell($0.row(1)) == "1" },
                    "\(session.lastScreen)")

            try session.sendKeys("l")
            #expect(session.waitFor { Fixture.statusLine($0).contains("col 2/4 name") }, "\(session.lastScreen)")

            try session.sendKeys("q")
            let exitStatus = session.waitForExit()
            #expect(exitStatus == 0)
            // The alternate screen is gone: the pane shows what was there before (nothing) and
            // tmux's remain-on-exit notice.
            #expect(session.waitFor("Pane is dead (status 0"), "\(session.lastScreen)")
            screen = session.lastCapture
            #expect(!screen.contains { $0.contains("amount") || $0.contains("Name1") || $0.contains("row 1/200") },
                    "the table is still on screen after exit:\n\(screen.joined(separator: "\n"))")
            #expect(try session.display("#{alternate_on}") == "0", "still on the alternate screen")
        }

        @Test("A resize lays the table out again: status on the new last row, header on row 0")
        func resize() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory, width: 80, height: 24)
            #expect(Fixture.statusLine(session.lastCapture).hasSuffix("? help"), "\(session.lastScreen)")

            try session.resize(width: 60, height: 12)
            #expect(session.waitFor { screen in
                Fixture.isTableScreen(screen, height: 12) && screen.row(11).hasSuffix("? help")
                    && Fixture.firstCell(screen.row(10)) == "10"
            }, "\(session.lastScreen)")
            var screen = session.lastCapture
            #expect(screen.count == 12)
            #expect(screen.row(11).contains("row 1/200"), "\(session.lastScreen)")
            // The hint is right-aligned for the new width (one blank column after it, trimmed by tmux).
            #expect(screen.row(11).count == 59, "\(session.lastScreen)")
            #expect(screen.allSatisfy { $0.count <= 60 })

            try session.sendKeys("j")
            #expect(session.waitFor { $0.count == 12 && $0.row(11).contains("row 2/200") }, "\(session.lastScreen)")

            try session.resize(width: 100, height: 30)
            #expect(session.waitFor { screen in
                Fixture.isTableScreen(screen, height: 30) && screen.row(29).hasSuffix("? help") && screen.row(29).count == 99
                    && Fixture.firstCell(screen.row(28)) == "28"
            }, "\(session.lastScreen)")
            screen = session.lastCapture
            #expect(screen.row(29).contains("row 2/200"), "\(session.lastScreen)")

            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("? shows the key help with every group (a page, then the rest after Space); q closes it")
        func help() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory)

            try session.sendKeys("?")
            let groups: [(keys: String, summary: String)] = [
                ("Up, k", "cursor up"), ("Down, j", "cursor down"),
                ("Left, h", "cursor left"), ("Right, l", "cursor right"),
                ("PgDn, Ctrl-F, Space", "page down"), ("PgUp, Ctrl-B", "page up"),
                ("Ctrl-D", "half a page down"), ("Ctrl-U", "half a page up"),
                ("g, Home", "first row"), ("G, End", "last row"),
                ("0 ", "first column"), ("$ ", "last column"),
                ("?, F1", "help"), ("q, Ctrl-C", "quit"),
            ]
            func hasLine(_ group: (keys: String, summary: String), _ screen: [String]) -> Bool {
                screen.contains { line in
                    let trimmed = line.drop { $0 == " " }
                    return trimmed.hasPrefix(group.keys) && trimmed.contains(group.summary)
                }
            }
            // The frame may reach tmux in pieces: wait for all of it (the footer is drawn last).
            let firstPage = groups.prefix(12)
            #expect(session.waitFor { screen in
                screen.first?.contains("dtable: keys") == true && firstPage.allSatisfy { hasLine($0, screen) }
                    && screen.last?.contains("closes this help") == true
            }, "\(session.lastScreen)")
            var screen = session.lastCapture
            // The rest is a page or more further down (Space until the last lines show).
            var pages = 0
            repeat {
                try session.sendKeys("Space")
                pages += 1
                _ = session.waitFor(timeout: 3) { screen in groups.suffix(2).allSatisfy { hasLine($0, screen) } }
                screen += session.lastCapture
            } while pages < 4 && !groups.suffix(2).allSatisfy({ hasLine($0, session.lastCapture) })
            #expect(groups.suffix(2).allSatisfy { hasLine($0, session.lastCapture) }, "\(session.lastScreen)")
            for group in groups {
                #expect(hasLine(group, screen), "no help line for \(group.keys) / \(group.summary):\n\(session.lastScreen)")
            }
            #expect(!screen.contains { $0.contains("row 1/200") }, "the status line shows through the help")

            try session.sendKeys("q")
            #expect(session.waitFor { Fixture.isTableScreen($0, height: 24) && !$0.contains { $0.contains("dtable: keys") } },
                    "\(session.lastScreen)")
            #expect(Fixture.statusLine(session.lastCapture).contains("row 1/200"), "\(session.lastScreen)")

            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("A click moves the cursor to the clicked row; the wheel scrolls")
        func mouse() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory)
            // Row 6 of the screen (1-based) is the 5th data row; column 6 is in the name column.
            #expect(Fixture.firstCell(session.lastCapture.row(5)) == "5", "\(session.lastScreen)")

            try session.click(column: 6, row: 6)
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 5/200  col 2/4 name") }, "\(session.lastScreen)")

            try session.wheel(down: true, column: 6, row: 6)
            #expect(session.waitFor { screen in
                let first = Fixture.firstCell(screen.row(1))
                return Int(first).map { $0 > 1 } ?? false
            }, "\(session.lastScreen)")
            #expect(Fixture.words(session.lastCapture.row(0)) == Fixture.headerWords, "\(session.lastScreen)")

            try session.wheel(down: false, column: 6, row: 6)
            #expect(session.waitFor { Fixture.firstCell($0.row(1)) == "1" }, "\(session.lastScreen)")

            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("CSV from a pipe, keys from /dev/tty")
        func standardInput() throws {
            let directory = try Fixture.directoryWithPeople()
            let binary = try dtableBinaryPath()
            let session = try TmuxSession(shellCommand: "cat \(shellQuoted(Fixture.peopleFileName)) | \(shellQuoted(binary))",
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.isTableScreen($0, height: 24) }, "\(session.lastScreen)")
            let status = Fixture.statusLine(session.lastCapture)
            #expect(status.contains("stdin"), "\(session.lastScreen)")
            #expect(status.contains("row 1/200"), "\(session.lastScreen)")

            try session.sendKeys("j")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 2/200") }, "\(session.lastScreen)")

            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("SIGTERM ends dtable with status 143 and restores the terminal")
        func terminateSignal() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory)
            try session.sendKeys("j")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 2/200") }, "\(session.lastScreen)")

            let pid = try session.processID(named: "dtable")
            #expect(kill(pid, SIGTERM) == 0)
            let exitStatus = session.waitForExit()
            #expect(exitStatus == 143)

            #expect(session.waitFor("Pane is dead (status 143"), "\(session.lastScreen)")
            let screen = session.lastCapture
            #expect(!screen.contains { $0.contains("amount") || $0.contains("Name1") || $0.contains(" row ") },
                    "the table is still on screen after SIGTERM:\n\(screen.joined(separator: "\n"))")
            #expect(try session.display("#{alternate_on}") == "0", "still on the alternate screen")
            #expect(try session.display("#{mouse_any_flag}#{mouse_sgr_flag}") == "00", "mouse reporting left on")
        }

        /// dtable on the people file, started from an interactive shell with job control, as a
        /// user starts it; returns once the table is on screen.
        func startViewerInAShell(in directory: TemporaryDirectory) throws -> TmuxSession {
            let session = try TmuxSession(arguments: ["bash", "--norc", "--noprofile", "-i"], environment: ["PS1": "prompt$ "],
                                          workingDirectory: directory.path)
            try #require(session.waitFor("prompt$"), "\(session.lastScreen)")
            try session.sendLiteral("\(shellQuoted(try dtableBinaryPath())) \(Fixture.peopleFileName)")
            try session.sendKeys("Enter")
            try #require(session.waitFor { Fixture.isTableScreen($0, height: 24) }, "\(session.lastScreen)")
            return session
        }

        @Test("Ctrl-Z gives the terminal back to the shell; fg redraws the table and it still works")
        func suspendAndResume() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try startViewerInAShell(in: directory)
            try session.sendKeys("j")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 2/200") }, "\(session.lastScreen)")

            try session.sendKeys("C-z")
            #expect(session.waitFor { $0.contains { $0.contains("Stopped") } }, "\(session.lastScreen)")
            #expect(try session.display("#{alternate_on}#{mouse_any_flag}#{mouse_sgr_flag}#{cursor_flag}") == "0001",
                    "terminal not restored while stopped")

            try session.sendLiteral("fg")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.isTableScreen($0, height: 24) && Fixture.statusLine($0).contains("row 2/200") },
                    "not redrawn after fg:\n\(session.lastScreen)")
            #expect(try session.display("#{alternate_on}#{mouse_any_flag}") == "11", "full-screen modes not back")
            try session.sendKeys("j")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 3/200") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            try session.sendLiteral("echo dtable-exit=$?")
            try session.sendKeys("Enter")
            #expect(session.waitFor("dtable-exit=0"), "\(session.lastScreen)")
        }

        @Test("Keys typed after q reach the shell: dtable reads no further than the key that quits")
        func typeAheadAfterQuitReachesTheShell() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try startViewerInAShell(in: directory)
            // One write: the key that quits and a command for the shell, as a fast typist sends them.
            try session.sendLiteral("qecho typed-ahead-$((40 + 2))\n")
            #expect(session.waitFor("typed-ahead-42"), "\(session.lastScreen)")
        }

        /// Keys the terminal turns into signals (the tty driver sends them to dtable's process
        /// group; in an `sh -c` pane that would be the shell's too, so dtable runs alone here).
        @Test("Ctrl-\\ and Ctrl-C typed at the terminal quit cleanly (131, 130): no crash report, terminal restored",
              arguments: [("C-\\", 128 + SIGQUIT), ("C-c", 128 + SIGINT)])
        func quitKeysFromTheTerminal(key: String, expectedStatus: Int32) throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory)
            try session.sendKeys(key)
            #expect(session.waitForExit() == expectedStatus)
            #expect(session.waitFor("Pane is dead (status \(expectedStatus)"), "\(session.lastScreen)")
            let screen = session.lastCapture
            #expect(!screen.contains { $0.contains("crashed") || $0.contains("Backtrace") || $0.contains(" row ") },
                    "a crash report or the table is on screen:\n\(session.lastScreen)")
            #expect(try session.display("#{alternate_on}") == "0", "still on the alternate screen")
            #expect(try session.display("#{mouse_any_flag}#{mouse_sgr_flag}") == "00", "mouse reporting left on")
        }

        /// How dtable is made to leave, and the status it should leave with.
        enum Ending: String, CaseIterable, CustomTestStringConvertible {
            case quitKey, sigterm, sigint, sighup, sigquit
            var expectedStatus: Int32 {
                switch self {
                case .quitKey: 0
                case .sigterm: 128 + SIGTERM
                case .sigint: 128 + SIGINT
                case .sighup: 128 + SIGHUP
                case .sigquit: 128 + SIGQUIT
                }
            }
            var testDescription: String { rawValue }
        }

        /// With a shell after dtable in the same pane (so tmux does not take the pane over), the
        /// pane's modes show what dtable left behind.
        @Test("The terminal is restored after quitting", arguments: Ending.allCases)
        func terminalRestored(ending: Ending) throws {
            let directory = try Fixture.directoryWithPeople()
            let binary = try dtableBinaryPath()
            let session = try TmuxSession(
                shellCommand: "\(shellQuoted(binary)) \(Fixture.peopleFileName); echo \"dtable-exit=$?\"; exec sleep 600",
                workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.isTableScreen($0, height: 24) }, "\(session.lastScreen)")
            #expect(try session.display("#{alternate_on}#{mouse_any_flag}#{mouse_sgr_flag}#{cursor_flag}") == "1110",
                    "full-screen modes while running")

            switch ending {
            case .quitKey:
                try session.sendKeys("q")
            case .sigterm, .sigint, .sighup, .sigquit:
                let signal = ending == .sigterm ? SIGTERM : ending == .sigint ? SIGINT : ending == .sigquit ? SIGQUIT : SIGHUP
                #expect(kill(try session.processID(named: "dtable"), signal) == 0)
            }
            #expect(session.waitFor("dtable-exit=\(ending.expectedStatus)"), "\(session.lastScreen)")
            let screen = session.lastCapture
            // No crash report from the runtime (SIGQUIT used to print one over the table).
            #expect(!screen.contains { $0.contains("crashed") || $0.contains("Backtrace") }, "\(session.lastScreen)")
            #expect(!screen.contains { $0.contains("amount") || $0.contains("Name1") || $0.contains(" row ") },
                    "the table is still on screen:\n\(session.lastScreen)")
            #expect(try session.display("#{alternate_on}") == "0", "still on the alternate screen")
            #expect(try session.display("#{cursor_flag}") == "1", "the cursor is still hidden")
            #expect(try session.display("#{mouse_any_flag}#{mouse_standard_flag}#{mouse_button_flag}#{mouse_sgr_flag}") == "0000",
                    "mouse reporting left on")
            #expect(try session.display("#{keypad_cursor_flag}#{keypad_flag}") == "00", "keypad mode left on")
        }

        @Test("Control characters in a field are shown as Control Pictures, not sent to the terminal")
        func controlCharacters() throws {
            let directory = try TemporaryDirectory()
            try directory.write("controls.csv", text: "id,text,other\n1,plain,x\n2,\"a\u{1B}[31mred\u{07}bell\",y\n3,after,z\n")
            let session = try TmuxSession(arguments: [try dtableBinaryPath(), "controls.csv"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { screen in
                screen.count == 24 && screen.row(2).contains("\u{241B}[31mred\u{2407}bell") && screen.row(23).contains("row 1/3")
            }, "\(session.lastScreen)")
            let screen = session.lastCapture
            #expect(Fixture.words(screen.row(0)) == ["id", "text", "other"], "\(session.lastScreen)")
            #expect(Fixture.words(screen.row(2)) == ["2", "a\u{241B}[31mred\u{2407}bell", "y"], "\(session.lastScreen)")
            // The rows after it are unharmed (no raw escape moved the cursor or changed colours).
            #expect(Fixture.words(screen.row(3)) == ["3", "after", "z"], "\(session.lastScreen)")

            let styled = try session.captureWithEscapes()
            let line = try #require(styled.first { $0.contains("red") }, "\(styled.joined(separator: "\n"))")
            #expect(!setsForeground31(line), "the data turned the text red: \(line.debugDescription)")
            #expect(!line.unicodeScalars.contains("\u{07}"))
            // Nothing after the row is red either.
            for later in styled.drop(while: { !$0.contains("red") }) {
                #expect(!setsForeground31(later), "\(later.debugDescription)")
            }

            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("The red-foreground check used above is not vacuous")
        func redCheck() {
            #expect(setsForeground31("a\u{1B}[31mred"))
            #expect(setsForeground31("\u{1B}[1;31mred"))
            #expect(!setsForeground31("\u{241B}[31mred"))
            #expect(!setsForeground31("\u{1B}[38;5;31mx\u{1B}[48;2;31;31;31my\u{1B}[0m"))
        }

        @Test("An unknown TERM on a terminal: exit 2 and one line about the terminal type")
        func unknownTerminalType() throws {
            let directory = try Fixture.directoryWithPeople()
            let errorFile = directory.track("stderr.txt")
            let binary = try dtableBinaryPath()
            let session = try TmuxSession(
                shellCommand: "exec \(shellQuoted(binary)) \(Fixture.peopleFileName) 2>\(shellQuoted(errorFile))",
                environment: ["TERM": "nonexistent-term"], workingDirectory: directory.path)
            let exitStatus = session.waitForExit()
            #expect(exitStatus == 2)
            let errors = directory.read("stderr.txt") ?? ""
            let lines = ProcessResult.lines(of: errors)
            #expect(lines.count == 1, "\(errors.debugDescription)")
            #expect(lines.first?.hasPrefix("dtable: ") == true, "\(errors.debugDescription)")
            #expect(errors.contains("unknown terminal type"), "\(errors.debugDescription)")
            #expect(errors.contains("nonexistent-term"), "\(errors.debugDescription)")
        }
    }
}

/// Whether any SGR sequence in `line` sets the foreground with the 8-colour red code 31
/// (skipping the arguments of 38/48/58 extended colours, where 31 is a palette index or a component).
func setsForeground31(_ line: String) -> Bool {
    let scalars = Array(line.unicodeScalars)
    var i = 0
    while i < scalars.count {
        guard scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" else { i += 1; continue }
        var j = i + 2
        var body = ""
        while j < scalars.count, ("0"..."9").contains(scalars[j]) || scalars[j] == ";" || scalars[j] == ":" {
            body.unicodeScalars.append(scalars[j])
            j += 1
        }
        i = j
        guard j < scalars.count, scalars[j] == "m" else { continue }
        let parameters = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var k = 0
        while k < parameters.count {
            switch parameters[k] {
            case 38, 48, 58:
                let mode = k + 1 < parameters.count ? parameters[k + 1] : 0
                k += mode == 5 ? 3 : mode == 2 ? 5 : 1
            case 31:
                return true
            default:
                k += 1
            }
        }
    }
    return false
}
