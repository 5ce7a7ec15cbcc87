import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// `--stats` and `--output` never cost a file dtable was not asked to write: a path that is
    /// the input, or (for `--stats`) an existing file that is not JSON, is refused before
    /// anything is read; the report is written only on exit, through a temporary file.
    @Suite("--stats and --output paths")
    struct StatsAndOutputPaths {
        static let data = "a,b\n1,2\n3,4\n"

        /// The status of `path` (following links), or nil.
        static func status(_ path: String) -> stat? {
            var info = stat()
            return stat(path, &info) == 0 ? info : nil
        }

        @Test("dtable --stats data.csv in a terminal: refused before the demo opens, data.csv byte for byte as it was")
        func statsTakenForASwitchInTheTerminal() throws {
            let directory = try TemporaryDirectory()
            let data = try directory.write("data.csv", text: Self.data)
            _ = directory.track("status")
            // The shell stays a while after dtable, so the pane still shows what dtable said.
            let command = "\(shellQuoted(try dtableBinaryPath())) --stats data.csv; echo $? > status; sleep 30"
            let session = try TmuxSession(width: 160, height: 10, shellCommand: command, workingDirectory: directory.path)
            #expect(session.waitFor { screen in screen.contains { $0.contains("dtable: not writing statistics over") } },
                    "\(session.lastScreen)")
            #expect(session.lastCapture.contains {
                $0.contains("dtable: not writing statistics over 'data.csv': it exists and is not JSON (--stats takes the name of a file for them: dtable --stats stats.json FILE)")
            }, "\(session.lastScreen)")
            #expect(session.waitFor { _ in directory.read("status") != nil })
            #expect(directory.read("status") == "2\n")
            #expect(directory.read("data.csv") == Self.data)
            #expect(Self.status(data)?.st_size == off_t(Self.data.utf8.count))
        }

        @Test("--stats or --output naming the input (by name, hard link or symbolic link) is refused with status 2")
        func theInputIsNeverAStatsOrOutputFile() throws {
            let directory = try TemporaryDirectory()
            let data = try directory.write("data.csv", text: Self.data)
            #expect(link(data, directory.track("hard.csv")) == 0)
            #expect(symlink(data, directory.track("soft.csv")) == 0)
            let binary = try dtableBinaryPath()
            // Print mode (stdout is a pipe): the input would be read, then the report written over it.
            let cases: [([String], String)] = [
                (["--stats", "data.csv"], "not writing statistics over 'data.csv': it exists and is not JSON"),
                (["--stats", "data.csv", "data.csv"], "not writing statistics to 'data.csv': it is the input file"),
                (["--stats", "hard.csv", "data.csv"], "not writing statistics to 'hard.csv': it is the input file"),
                (["--stats", "soft.csv", "data.csv"], "not writing statistics to 'soft.csv': it is the input file"),
                (["--output", "data.csv", "data.csv"], "not writing the table to 'data.csv' on quit: it is the input file"),
                (["--output", "soft.csv", "data.csv"], "not writing the table to 'soft.csv' on quit: it is the input file"),
                (["--stats", "out.csv", "--output", "out.csv", "data.csv"], "--stats and --output name the same file 'out.csv'"),
            ]
            for (arguments, message) in cases {
                let result = try runProcess(["/usr/bin/env", "-C", directory.path, binary] + arguments)
                #expect(result.status == 2, "\(arguments)")
                #expect(result.standardErrorText.hasPrefix("dtable: " + message), "\(arguments): \(result.standardErrorText)")
                #expect(result.standardOutput.isEmpty, "\(arguments)")
                #expect(directory.read("data.csv") == Self.data, "\(arguments)")
            }
            #expect(directory.read("out.csv") == nil)
        }

        @Test("An existing --stats file is replaced only when it is empty or JSON", arguments: [
            ("", true), ("{\"rows\": 3, \"x\": [1, -2.5e3, \"a\\\"\\u00e9\", true, null, {}]}\n", true), ("[]", true),
            ("a,b\n1,2\n", false), ("{\"a\": }", false), ("{\"a\": 1}\n{\"b\": 2}\n", false), ("{\"a\": 01}", false),
            ("\"unterminated", false), (String(repeating: "[", count: 600) + String(repeating: "]", count: 600), false),
        ])
        func onlyJSONIsReplaced(contents: String, replaced: Bool) throws {
            let directory = try TemporaryDirectory()
            let data = try directory.write("data.csv", text: Self.data)
            let stats = try directory.write("stats.json", text: contents)
            let result = try runProcess([try dtableBinaryPath(), "--stats", stats, data])
            let after = directory.read("stats.json") ?? ""
            if replaced {
                #expect(result.status == 0, "\(result.standardErrorText)")
                #expect(after.hasPrefix("{\"rows\": 2, \"columns\": 2,") && after.hasSuffix("}\n"), "\(after)")
            } else {
                #expect(result.status == 2)
                #expect(result.standardErrorText.contains("it exists and is not JSON"), "\(result.standardErrorText)")
                #expect(result.standardOutput.isEmpty)
                #expect(after == contents)
            }
        }

        @Test("The viewer writes --stats only on exit, by rename (mode kept, no temporary file left), also after Ctrl-C")
        func statsAreWrittenOnExitOnly() throws {
            let directory = try Fixture.directoryWithPeople()
            let fresh = directory.track("fresh.json")
            let old = try directory.write("old.json", text: "{\"rows\": 1}\n")
            #expect(chmod(old, 0o600) == 0)
            let oldInode = Self.status(old)?.st_ino
            let session = try Fixture.startViewer(in: directory, extraArguments: ["--stats", "fresh.json"])
            let other = try Fixture.startViewer(in: directory, extraArguments: ["--stats", "old.json"])
            // Nothing at either path is opened while the table is on screen.
            #expect(Self.status(fresh) == nil)
            #expect(directory.read("old.json") == "{\"rows\": 1}\n")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
            #expect(directory.read("fresh.json")?.hasPrefix("{\"rows\": 200, \"columns\": 4,") == true)
            try other.sendKeys("C-c")
            #expect(other.waitForExit() == 128 + SIGINT)  // the terminal's Ctrl-C is SIGINT: quits, and reports
            let replaced = directory.read("old.json") ?? ""
            #expect(replaced.hasPrefix("{\"rows\": 200,") && replaced.hasSuffix("}\n"), "\(replaced)")
            #expect(Self.status(old).map { $0.st_mode & 0o7777 } == 0o600)
            #expect(Self.status(old)?.st_ino != oldInode)
            let names = (try? runProcess(["/bin/ls", "-A", directory.path]))?.standardOutputText ?? ""
            #expect(!names.contains(".dtable-") && !names.contains(".bak"), "\(names)")
        }
    }
}
