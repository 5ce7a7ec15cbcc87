import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// Names, titles and values from files and the command line in dtable's messages: one line on
    /// stderr, exit status 2, escapes shown as placeholders (never sent), quoted once.
    @Suite("Messages quoting hostile text")
    struct HostileMessages {
        /// Sets the window title and clears the screen when written raw.
        static let hostile = "\u{1B}]0;OWNED\u{07}\u{1B}[2J"
        /// What `hostile` looks like in a message.
        static let shown = "␛]0;OWNED␇␛[2J"

        /// Runs dtable with `arguments` and returns its one line of stderr, after checking the
        /// status (2), that stdout is empty and that stderr is one line without a control byte
        /// (C0 but the final line end, DEL, C1 as UTF-8).
        static func errorLine(_ arguments: [String], environment: [String: String?] = [:], timeout: Double = 30,
                              sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let result = try runProcess([try dtableBinaryPath()] + arguments, environment: environment, timeout: timeout)
            let text = result.standardErrorText
            #expect(!result.timedOut, sourceLocation: sourceLocation)
            #expect(result.status == 2, "\(text.debugDescription)", sourceLocation: sourceLocation)
            #expect(result.standardOutput.isEmpty, sourceLocation: sourceLocation)
            #expect(ProcessResult.lines(of: text).count == 1, "\(text.debugDescription)", sourceLocation: sourceLocation)
            #expect(controlBytes(in: result.standardError).isEmpty,
                    "control bytes \(controlBytes(in: result.standardError)) in \(text.debugDescription)", sourceLocation: sourceLocation)
            #expect(text.hasPrefix("dtable: "), "\(text.debugDescription)", sourceLocation: sourceLocation)
            return ProcessResult.lines(of: text).first ?? ""
        }

        /// Offsets of bytes a terminal would act on: C0 controls (but a final "\n"), DEL, and
        /// the UTF-8 encodings of C1 controls (C2 80 to C2 9F).
        static func controlBytes(in bytes: [UInt8]) -> [Int] {
            var found: [Int] = []
            for (i, byte) in bytes.enumerated() {
                if byte == 0x0A && i == bytes.count - 1 { continue }
                if byte < 0x20 || byte == 0x7F { found.append(i) }
                if byte == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) { found.append(i) }
            }
            return found
        }

        // MARK: File names

        @Test("A directory with escapes in its name: quoted once, escapes as placeholders")
        func directoryName() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.makeDirectory("a\(Self.hostile).csv")
            let line = try Self.errorLine([path])
            #expect(line == "dtable: '\(directory.path)/a\(Self.shown).csv' is a directory, not a CSV file")
        }

        @Test("A file that cannot be opened, with escapes and a C1 CSI in its name")
        func missingFileName() throws {
            let directory = try TemporaryDirectory()
            let line = try Self.errorLine([directory.filePath("b\(Self.hostile)\u{9B}31m.csv")])
            #expect(line == "dtable: cannot open '\(directory.path)/b\(Self.shown)\u{FFFD}31m.csv': No such file or directory")
        }

        @Test("A binary file with escapes in its name")
        func binaryFileName() throws {
            let directory = try TemporaryDirectory()
            var generator = SplitMix64(seed: 3)
            let bytes = (0..<8192).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let path = try directory.write("c\(Self.hostile).bin", bytes: bytes)
            let line = try Self.errorLine([path])
            #expect(line.hasPrefix("dtable: '\(directory.path)/c\(Self.shown).bin' looks like a binary file"), "\(line)")
        }

        @Test("A device is named once: '/dev/urandom', not ''/dev/urandom''")
        func deviceNamedOnce() throws {
            let line = try Self.errorLine(["/dev/urandom"])
            #expect(line.hasPrefix("dtable: '/dev/urandom' looks like a binary file"), "\(line)")
            #expect(!line.contains("''"), "\(line)")
        }

        @Test("An unwritable --stats path with escapes")
        func statsPath() throws {
            let directory = try TemporaryDirectory()
            try directory.write(Fixture.peopleFileName, text: Fixture.peopleCSV)
            let line = try Self.errorLine(["--stats", directory.filePath("no\(Self.hostile)/s.json"),
                                           directory.filePath(Fixture.peopleFileName)])
            #expect(line == "dtable: cannot write statistics to '\(directory.path)/no\(Self.shown)/s.json': No such file or directory")
        }

        // MARK: Usage errors

        @Test("Usage errors that echo an argument", arguments: [
            (["--x\u{1B}]0;OWNED\u{07}"], "--x␛]0;OWNED␇"),
            (["--width", "\u{1B}[2J"], "␛[2J"),
            (["--freeze", "\u{1B}]0;OWNED\u{07}\n2"], "␛]0;OWNED␇␊2"),
            (["--color", "\u{9B}1m"], "\u{FFFD}1m"),
            (["--delimiter", "\u{1B}[2J"], "'␛[2J'"),
        ])
        func usageErrors(arguments: [String], shown: String) throws {
            let line = try Self.errorLine(arguments)
            #expect(line.contains(shown), "\(line)")
            #expect(line.hasSuffix("(see dtable --help)"), "\(line)")
        }

        // MARK: Column titles

        /// `header` and 50 rows of 3 fields (enough text that the escapes are not taken for binary data).
        static func rows(after header: String) -> String {
            header + "\n" + (1...50).map { "\($0),Name\($0),City\($0)\n" }.joined()
        }

        /// A file whose header holds escapes: `id,name<ESC...>,city<ESC...>`.
        static func hostileHeaderFile(in directory: TemporaryDirectory) throws -> String {
            try directory.write("h.csv", text: rows(after: "id,name\(hostile),city\(hostile)"))
        }

        @Test("Every column option lists hostile titles safely", arguments: [
            ["--sort", "nmae"], ["--sort", "nmae:desc"], ["--badge", "nmae"], ["--progress", "nmae"],
            ["--avatar", "nmae"], ["--sparkline", "nmae"], ["--wrap=nmae"], ["--subtitle", "nmae:id"],
            ["--subtitle", "id:nmae"], ["--right-detail", "nmae:id"], ["--right-detail", "id:nmae"],
        ])
        func unknownColumn(arguments: [String]) throws {
            let directory = try TemporaryDirectory()
            let path = try Self.hostileHeaderFile(in: directory)
            let line = try Self.errorLine(arguments + [path])
            let option = arguments[0].split(separator: "=")[0]
            #expect(line == "dtable: \(option): no column 'nmae'; the columns are: 1 id, 2 name\(Self.shown), 3 city\(Self.shown)")
        }

        @Test("An action's unknown placeholder lists hostile titles safely")
        func unknownPlaceholder() throws {
            let directory = try TemporaryDirectory()
            let path = try Self.hostileHeaderFile(in: directory)
            let line = try Self.errorLine(["--action", "Go=echo {nmae}", path])
            #expect(line == "dtable: --action Go=echo {nmae}: action 'Go': no column {nmae}: the columns are {id}, {name\(Self.shown)}, {city\(Self.shown)} (or {1}…{3})")
        }

        @Test("A hostile column reference on the command line")
        func hostileReference() throws {
            let directory = try TemporaryDirectory()
            let path = try Self.hostileHeaderFile(in: directory)
            let line = try Self.errorLine(["--sort", "x\(Self.hostile)", path])
            #expect(line.hasPrefix("dtable: --sort: no column 'x\(Self.shown)'; the columns are: "), "\(line)")
            let action = try Self.errorLine(["--action", "Go\(Self.hostile)=echo {x\(Self.hostile)}", path])
            #expect(action.hasPrefix("dtable: --action Go\(Self.shown)=echo {x\(Self.shown)}: action 'Go\(Self.shown)': no column {x\(Self.shown)}"), "\(action)")
            let badge = try Self.errorLine(["--badge", "id:\(Self.hostile)", path])
            #expect(badge.hasPrefix("dtable: --badge id:\(Self.shown): expected VALUE=COLOUR pairs"), "\(badge)")
        }

        @Test("Titles that match only ignoring case are listed safely")
        func ambiguousTitles() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("a.csv", text: Self.rows(after: "Name\(Self.hostile),NAME\(Self.hostile),x"))
            let line = try Self.errorLine(["--sort", "name\(Self.hostile)", path])
            #expect(line == "dtable: --sort: 'name\(Self.shown)' could be any of 1 Name\(Self.shown), 2 NAME\(Self.shown); write the title exactly or use the number")
        }

        @Test("A million columns: one short line, 20 titles and the rest counted")
        func millionColumns() throws {
            let directory = try TemporaryDirectory()
            var header = (1...1_000_000).map { "c\($0)" }.joined(separator: ",")
            header += "\n" + String(repeating: "1,", count: 999_999) + "1\n"
            let path = try directory.write("wide.csv", text: header)
            // Reading a million titles takes seconds in a debug build on a busy machine.
            let line = try Self.errorLine(["--sort", "nmae", path], timeout: 120)
            #expect(line.hasPrefix("dtable: --sort: no column 'nmae'; the columns are: 1 c1, 2 c2, "), "\(line.prefix(200))")
            #expect(line.hasSuffix(", 20 c20, … and 999,980 more"), "\(line.suffix(200))")
            #expect(line.utf8.count < 400)
        }

        // MARK: Config file and terminal

        @Test("A config file error quoting a value with escapes")
        func configFileValue() throws {
            let directory = try TemporaryDirectory()
            try directory.makeDirectory("x\(Self.hostile)/dtable")
            try directory.write("x\(Self.hostile)/dtable/config.toml", text: "[display]\ncolor = \"\\u001b]0;OWNED\\u0007\"\n")
            try directory.write(Fixture.peopleFileName, text: Fixture.peopleCSV)
            let line = try Self.errorLine([directory.filePath(Fixture.peopleFileName)],
                                          environment: ["XDG_CONFIG_HOME": directory.filePath("x\(Self.hostile)")])
            #expect(line == "dtable: \(directory.path)/x\(Self.shown)/dtable/config.toml:2: color must be one of \"auto\", \"always\", \"never\", not the string \"␛]0;OWNED␇\"")
        }

        @Test("An unknown TERM with escapes, on a terminal")
        func hostileTerminalType() throws {
            let directory = try Fixture.directoryWithPeople()
            let errorFile = directory.track("stderr.txt")
            let binary = try dtableBinaryPath()
            let session = try TmuxSession(
                shellCommand: "exec \(shellQuoted(binary)) \(Fixture.peopleFileName) 2>\(shellQuoted(errorFile))",
                environment: ["TERM": "x\(Self.hostile)"], workingDirectory: directory.path)
            #expect(session.waitForExit() == 2)
            let errors = try #require(directory.read("stderr.txt"))
            #expect(Self.controlBytes(in: Array(errors.utf8)).isEmpty, "\(errors.debugDescription)")
            #expect(errors == "dtable: unknown terminal type 'x\(Self.shown)' (no terminfo entry; try TERM=xterm-256color); or use --print\n",
                    "\(errors.debugDescription)")
        }
    }
}
