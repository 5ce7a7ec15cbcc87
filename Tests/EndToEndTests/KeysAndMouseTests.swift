import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// The keys and clicks of a person at a terminal: sorting, stripes, actions, edits, picks.
    @Suite("Keys and mouse")
    struct KeysAndMouse {
        /// The `id` column of the body rows on screen, top to bottom.
        static func ids(_ screen: [String]) -> [String] {
            screen.dropFirst().dropLast().map { Fixture.firstCell($0) }.filter { !$0.isEmpty }
        }

        /// dtable on people.csv with an Actions column, once the first frame is on screen.
        static func startWithActions(in directory: TemporaryDirectory, _ arguments: [String], height: Int) throws -> TmuxSession {
            let session = try TmuxSession(width: 80, height: height,
                                          arguments: [try dtableBinaryPath()] + arguments + [Fixture.peopleFileName],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { $0.row(0).contains("Actions") && Fixture.statusLine($0).contains("row 1/200") },
                         "\(session.lastScreen)")
            return session
        }

        @Test("s sorts by the cursor column, again descending; a header click sorts by that column")
        func sortByKeyAndHeaderClick() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory, width: 60, height: 8)
            // amount, ascending then descending; the cursor stays on the first row.
            try session.sendKeys("l", "l", "l", "s", "s")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 1/200") && $0.row(0).contains("▼amount") },
                    "\(session.lastScreen)")
            try session.sendKeys("g")
            #expect(session.waitFor { Self.ids($0).prefix(3) == ["200", "199", "198"] && $0.row(0).contains("▼amount") },
                    "\(session.lastScreen)")
            // A click on the `name` header: names ascending as text (Name1, Name10, Name100, ...).
            let x = try #require(ScreenText.column(of: "name", in: session.lastCapture.row(0)))
            try session.click(column: x + 2, row: 1)
            #expect(session.waitFor { $0.row(0).contains("▲name") }, "\(session.lastScreen)")
            try session.sendKeys("g")
            #expect(session.waitFor { screen in
                screen.row(0).contains("▲name") && Array(screen.dropFirst().prefix(3)).map { Fixture.words($0).row(1) } == ["Name1", "Name10", "Name100"]
            }, "\(session.lastScreen)")
            try session.click(column: x + 2, row: 1)  // again: descending
            #expect(session.waitFor { $0.row(0).contains("▼name") }, "\(session.lastScreen)")
            try session.sendKeys("g")
            #expect(session.waitFor { $0.row(0).contains("▼name") && Fixture.words($0.row(1)).row(1) == "Name99" }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("z toggles the zebra stripes (background 235 on every other row)")
        func stripesToggle() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory, width: 60, height: 8)
            let striped = { (lines: [String]) in lines.dropFirst().dropLast().contains { $0.contains("48;5;235") } }
            #expect(striped(try session.captureWithEscapes()))
            try session.sendKeys("z")
            #expect(session.waitFor { Fixture.statusLine($0).contains("stripes off") }, "\(session.lastScreen)")
            #expect(!striped(try session.captureWithEscapes()))
            try session.sendKeys("z")
            #expect(session.waitFor { Fixture.statusLine($0).contains("stripes on") }, "\(session.lastScreen)")
            #expect(striped(try session.captureWithEscapes()))
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("A click on [ Delete ] of row 3 removes that row; u brings it back; :w writes the file with a .bak")
        func deleteByClickUndoAndWrite() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Self.startWithActions(in: directory, ["--action", "Delete"], height: 10)
            let line = session.lastCapture.row(3)  // id 3
            #expect(Fixture.firstCell(line) == "3")
            let x = try #require(ScreenText.column(of: "[ Delete ]", in: line), "\(session.lastScreen)")
            try session.click(column: x + 3, row: 4)
            #expect(session.waitFor { Self.ids($0).prefix(4) == ["1", "2", "4", "5"] && Fixture.statusLine($0).contains("deleted row 3") },
                    "\(session.lastScreen)")
            try session.sendKeys("u")
            #expect(session.waitFor { Self.ids($0).prefix(4) == ["1", "2", "3", "4"] }, "\(session.lastScreen)")
            try session.sendKeys("a")  // the cursor is on the restored row; one action: fired at once
            #expect(session.waitFor { Self.ids($0).prefix(3) == ["1", "2", "4"] }, "\(session.lastScreen)")
            try session.sendKeys(":")
            try session.sendLiteral("w")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusAndMessage($0).contains("wrote 199 rows") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
            let written = directory.read(Fixture.peopleFileName) ?? ""
            #expect(!written.contains("\n3,Name3,"))
            #expect(written.hasPrefix("id,name,city,amount\n1,Name1,City1,7.50\n2,Name2"))
            #expect(directory.read(Fixture.peopleFileName + ".bak") == Fixture.peopleCSV)
        }

        @Test("Quitting with an unwritten deletion asks; q quits without writing")
        func quitAsksAboutUnsavedChanges() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Self.startWithActions(in: directory, ["--action", "delete"], height: 8)
            try session.sendKeys("a", "q")
            #expect(session.waitFor { Fixture.statusLine($0).contains("unsaved changes") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
            #expect(directory.read(Fixture.peopleFileName) == Fixture.peopleCSV)
        }

        @Test("Quitting a table from stdin with a deletion: w opens :wq at the command line, and a file name writes it there")
        func quitFromStandardInputOffersAFile() throws {
            let directory = try Fixture.directoryWithPeople()
            let command = "cat \(Fixture.peopleFileName) | exec \(shellQuoted(try dtableBinaryPath())) --action delete"
            let session = try TmuxSession(width: 80, height: 8, shellCommand: command, workingDirectory: directory.path)
            #expect(session.waitFor("Name1"), "\(session.lastScreen)")
            try session.sendKeys("a", "q")
            #expect(session.waitFor { Fixture.statusLine($0).contains("w write them to a file") }, "\(session.lastScreen)")
            try session.sendKeys("w")
            #expect(session.waitFor { Fixture.statusLine($0).contains("wq") }, "\(session.lastScreen)")
            try session.sendLiteral("kept.csv")
            try session.sendKeys("Enter")
            #expect(session.waitForExit() == 0)
            let kept = directory.read("kept.csv") ?? ""
            #expect(kept.hasPrefix("id,name,city,amount\n2,Name2,"), "\(kept.prefix(80))")
        }

        @Test("--output: q writes the table there without asking; the input file is untouched")
        func outputOnQuit() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Self.startWithActions(in: directory, ["--action", "Delete", "--output", "out.csv"], height: 8)
            try session.sendKeys("a", "q")
            #expect(session.waitForExit() == 0)
            let out = directory.read("out.csv") ?? ""
            #expect(out.hasPrefix("id,name,city,amount\n2,Name2,City2,14.50\n"), "\(out.prefix(80))")
            #expect(ProcessResult.lines(of: out).count == 200)
            #expect(directory.read(Fixture.peopleFileName) == Fixture.peopleCSV)
            #expect(directory.read("out.csv.bak") == nil)
        }

        @Test("--action NAME=COMMAND hands a hostile value to the command as one literal argument")
        func commandGetsHostileValueAsOneArgument() throws {
            let directory = try TemporaryDirectory()
            _ = try directory.write("h.csv", text: "id,name\n1,\"$(id); rm -rf x\"\n2,two words\n")
            _ = try directory.write("x", text: "still here")
            let record = "Record=/bin/sh -c 'printf \"%s|\" \"$#\" \"$@\" \"$DTABLE_ROW_NUMBER\" > args.txt' sh {name}"
            let session = try TmuxSession(width: 80, height: 8, arguments: [try dtableBinaryPath(), "--action", record, "h.csv"],
                                          workingDirectory: directory.path)
            #expect(session.waitFor { $0.row(0).contains("Actions") }, "\(session.lastScreen)")
            try session.sendKeys("a")
            #expect(session.waitFor { Fixture.statusLine($0).contains("Record: done") }, "\(session.lastScreen)")
            #expect(directory.read("args.txt") == "1|$(id); rm -rf x|1|")
            #expect(directory.read("x") == "still here")
            try session.sendKeys("j", "a")
            #expect(session.waitFor { _ in directory.read("args.txt") == "1|two words|2|" }, "\(directory.read("args.txt") ?? "")")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("As a picker: other action names are printed as JSON on exit, marked rows as CSV")
        func pickerOutput() throws {
            let directory = try Fixture.directoryWithPeople()
            let binary = shellQuoted(try dtableBinaryPath())
            let session = try TmuxSession(width: 80, height: 8,
                                          shellCommand: "\(binary) --action Pick --print-marked people.csv > out.txt",
                                          workingDirectory: directory.path)
            #expect(session.waitFor { $0.row(0).contains("Actions") }, "\(session.lastScreen)")
            try session.sendKeys("j", "a", "m", "j", "j", "m", "q")
            #expect(session.waitForExit() == 0)
            let lines = ProcessResult.lines(of: directory.read("out.txt") ?? "")
            #expect(lines == [
                #"{"action":"Pick","row":2,"values":{"id":"2","name":"Name2","city":"City2","amount":"14.50"}}"#,
                "id,name,city,amount", "2,Name2,City2,14.50", "4,Name4,City4,28.50",
            ], "\(lines)")
        }

        @Test("y copies the cell with OSC 52 (tmux set-clipboard on)")
        func copyCell() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory, width: 80, height: 8)
            _ = try session.tmux("set-option", "-g", "set-clipboard", "on")
            try session.sendKeys("l", "y")
            #expect(session.waitFor { Fixture.statusLine($0).contains("copied 5 characters") }, "\(session.lastScreen)")
            var buffer = ""
            for _ in 0..<50 where buffer != "Name1" {
                buffer = (try? session.tmux("show-buffer")) ?? ""
                usleep(20_000)
            }
            #expect(buffer == "Name1")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("--sort and --freeze: sorted on open, the first column stays while scrolling right")
        func sortAndFreezeOptions() throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try TmuxSession(width: 22, height: 8,
                                          arguments: [try dtableBinaryPath(), "--sort", "amount:desc", "--freeze", "1",
                                                      Fixture.peopleFileName],
                                          workingDirectory: directory.path)
            #expect(session.waitFor { Self.ids($0).prefix(2) == ["200", "199"] && Fixture.statusLine($0).contains("row 1/200") },
                    "\(session.lastScreen)")
            try session.sendKeys("$")
            #expect(session.waitFor { $0.row(0).hasPrefix(" id") && $0.row(0).contains("amount") && !$0.row(0).contains("name") },
                    "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }
    }
}

extension EndToEnd {
    /// The config file: defaults and key overrides apply; a bad key is one clear line.
    @Suite("Config file")
    struct ConfigFile {
        @Test("A key override from config.toml works; stripes = false starts without stripes")
        func keyOverride() throws {
            let directory = try Fixture.directoryWithPeople()
            try directory.makeDirectory("config/dtable")
            _ = try directory.write("config/dtable/config.toml", text: "[display]\nstripes = false\n[keys]\nbottom = \"e\"\n")
            let session = try TmuxSession(width: 60, height: 8, arguments: [try dtableBinaryPath(), Fixture.peopleFileName],
                                          environment: ["XDG_CONFIG_HOME": directory.path + "/config"],
                                          workingDirectory: directory.path)
            #expect(session.waitFor { Fixture.isTableScreen($0, height: 8) }, "\(session.lastScreen)")
            #expect(!(try session.captureWithEscapes()).contains { $0.contains("48;5;235") })
            try session.sendKeys("e")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 200/200") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        @Test("A misspelt key in config.toml: exit 2 with the file, line and known keys")
        func badKey() throws {
            let directory = try Fixture.directoryWithPeople()
            try directory.makeDirectory("config/dtable")
            _ = try directory.write("config/dtable/config.toml", text: "[display]\nstrpes = true\n")
            let result = try runProcess([try dtableBinaryPath(), "--print", directory.filePath(Fixture.peopleFileName)],
                                        environment: ["XDG_CONFIG_HOME": directory.path + "/config"], timeout: 20)
            #expect(result.status == 2)
            let lines = ProcessResult.lines(of: result.standardErrorText)
            #expect(lines.count == 1 && lines.row(0).contains("config.toml:2: unknown key 'strpes' in [display]"), "\(lines)")
        }
    }
}
