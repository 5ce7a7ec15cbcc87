import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// `:w` never overwrites what another program saved: it refuses with the ways out, `:w!`
    /// writes knowingly, `:w FILE` writes elsewhere; the outcome stays on the status line.
    @Suite("Writing over another program's save")
    struct WriteConflict {
        /// The names in a directory.
        static func entries(_ path: String) -> [String] {
            guard let dir = opendir(path) else { return [] }
            defer { closedir(dir) }
            var names: [String] = []
            while let entry = readdir(dir) {
                names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
            }
            return names
        }

        /// 20 rows of `x`.
        static let original = "id,v\n" + (1...20).map { "\($0),x\($0)\n" }.joined()

        @Test(":w refuses after a sed -i save by rename; :w! writes; :w FILE refuses an existing file, :w! FILE writes it")
        func refuseThenOverwriteThenElsewhere() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("c.csv", text: Self.original)
            let session = try TmuxSession(width: 150, height: 10,
                                          arguments: [try dtableBinaryPath(), "--action", "Delete", "c.csv"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/20") }, "\(session.lastScreen)")
            try session.sendKeys("a")  // the only action: row 1 deleted
            #expect(session.waitFor { Fixture.statusLine($0).contains("deleted row 1") }, "\(session.lastScreen)")

            // Another program saves c.csv the way sed -i does: a new file renamed over it.
            let result = try runProcess(["/bin/sed", "-i", "s/x/y/", path])
            #expect(result.status == 0)
            let sedVersion = Self.original.replacingX()
            #expect(directory.read("c.csv") == sedVersion)

            try session.sendKeys(":")
            try session.sendLiteral("w")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("not written: another program saved 'c.csv' since it was read") },
                    "\(session.lastScreen)")
            #expect(Fixture.statusLine(session.lastCapture).contains(":w! overwrites, :w FILE writes elsewhere"))
            #expect(directory.read("c.csv") == sedVersion)
            #expect(directory.read("c.csv.bak") == nil)

            try session.sendKeys(":")
            try session.sendLiteral("w!")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("wrote 19 rows to c.csv (previous kept as c.csv.bak)") },
                    "\(session.lastScreen)")
            // Keys that set no message of their own leave the outcome on the status line.
            try session.sendKeys("j", "j", "k")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 2/19") }, "\(session.lastScreen)")
            #expect(Fixture.statusLine(session.lastCapture).contains("wrote 19 rows"), "\(session.lastScreen)")
            #expect(directory.read("c.csv") == "id,v\n" + (2...20).map { "\($0),x\($0)\n" }.joined())
            #expect(directory.read("c.csv.bak") == sedVersion)

            // Elsewhere: a file already there is not overwritten without !.
            _ = try directory.write("other.csv", text: "mine\n")
            try session.sendKeys("a")  // deletes the cursor's row (id 3)
            #expect(session.waitFor { Fixture.statusLine($0).contains("deleted row 3") }, "\(session.lastScreen)")
            try session.sendKeys(":")
            try session.sendLiteral("w other.csv")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("not written: 'other.csv' exists; :w! other.csv overwrites") },
                    "\(session.lastScreen)")
            #expect(directory.read("other.csv") == "mine\n")
            try session.sendKeys(":")
            try session.sendLiteral("w! other.csv")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("wrote view: 18 rows × 2 columns to other.csv") }, "\(session.lastScreen)")
            #expect(directory.read("other.csv") == "id,v\n2,x2\n" + (4...20).map { "\($0),x\($0)\n" }.joined())
            #expect(directory.read("c.csv") == "id,v\n" + (2...20).map { "\($0),x\($0)\n" }.joined())  // untouched
            // Esc dismisses the message.
            try session.sendKeys("Escape")
            #expect(session.waitFor { !Fixture.statusLine($0).contains("wrote") }, "\(session.lastScreen)")
            // c.csv itself still lacks the last deletion: quitting asks; q quits without writing.
            try session.sendKeys("q")
            #expect(session.waitFor { Fixture.statusLine($0).contains("unsaved changes") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
            #expect(Self.entries(directory.path).filter { $0.contains(".dtable-") }.isEmpty)
        }

        @Test("--output: a file saved there after dtable started is not overwritten on quit; :w! writes it, then q quits")
        func outputSavedMeanwhileIsRefused() throws {
            let directory = try TemporaryDirectory()
            _ = try directory.write("c.csv", text: Self.original)
            let out = try directory.write("out.csv", text: "old\n")
            let session = try TmuxSession(width: 200, height: 8,
                                          arguments: [try dtableBinaryPath(), "--action", "Delete", "--output", "out.csv", "c.csv"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/20") }, "\(session.lastScreen)")
            let result = try runProcess(["/bin/sed", "-i", "s/old/theirs/", out])
            #expect(result.status == 0)
            try session.sendKeys("a", "q")
            #expect(session.waitFor {
                Fixture.statusLine($0).contains("not written: another program saved 'out.csv' since it was read; :w! overwrites, :w FILE writes elsewhere, :q! quits without writing")
            }, "\(session.lastScreen)")
            #expect(directory.read("out.csv") == "theirs\n")
            try session.sendKeys(":")
            try session.sendLiteral("w!")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("wrote 19 rows to out.csv (previous kept as out.csv.bak)") },
                    "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
            #expect(directory.read("out.csv") == "id,v\n" + (2...20).map { "\($0),x\($0)\n" }.joined())
            #expect(directory.read("out.csv.bak") == "theirs\n")
            #expect(directory.read("c.csv") == Self.original)
        }

        @Test("A second dtable that read the earlier version is refused after the first one wrote")
        func secondDtableIsRefused() throws {
            let directory = try TemporaryDirectory()
            _ = try directory.write("c.csv", text: Self.original)
            // What a dtable killed while writing leaves: its PID is gone (no PID reaches pid_max).
            let pidMax = Int(directory.readAbsolute("/proc/sys/kernel/pid_max")?.split(separator: "\n").first ?? "") ?? 4_194_304
            let stale = ".c.csv.dtable-\(pidMax)-Ab3dEf"
            let live = ".c.csv.dtable-1-Gh5jKl"  // init never ends
            _ = try directory.write(stale, text: "half a table")
            _ = try directory.write(live, text: "another writer")
            func start() throws -> TmuxSession {
                let session = try TmuxSession(width: 150, height: 8,
                                              arguments: [try dtableBinaryPath(), "--action", "Delete", "c.csv"],
                                              workingDirectory: directory.path)
                try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/20") }, "\(session.lastScreen)")
                return session
            }
            let first = try start(), second = try start()
            #expect(directory.read(stale) == nil)  // removed when dtable opened c.csv
            #expect(directory.read(live) == "another writer")
            for session in [first, second] {
                try session.sendKeys("a")
                #expect(session.waitFor { Fixture.statusLine($0).contains("deleted row 1") }, "\(session.lastScreen)")
            }
            func write(_ session: TmuxSession) throws {
                try session.sendKeys(":")
                try session.sendLiteral("w")
                try session.sendKeys("Enter")
            }
            try write(first)
            #expect(first.waitFor { Fixture.statusLine($0).contains("wrote 19 rows") }, "\(first.lastScreen)")
            try write(second)
            #expect(second.waitFor { Fixture.statusLine($0).contains("not written: another program saved 'c.csv'") },
                    "\(second.lastScreen)")
            #expect(directory.read("c.csv") == "id,v\n" + (2...20).map { "\($0),x\($0)\n" }.joined())
            #expect(directory.read("c.csv.bak") == Self.original)
            for session in [first, second] {
                try session.sendKeys(":")
                try session.sendLiteral("q!")
                try session.sendKeys("Enter")
                #expect(session.waitForExit() == 0)
            }
        }
    }
}

extension TemporaryDirectory {
    /// The text of a file outside the directory.
    fileprivate func readAbsolute(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, 64, file) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension String {
    /// `s/x/y/` on every line, as sed does.
    fileprivate func replacingX() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let i = line.firstIndex(of: "x") else { return String(line) }
            return line[..<i] + "y" + line[line.index(after: i)...]
        }.joined(separator: "\n")
    }
}
