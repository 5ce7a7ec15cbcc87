import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// `:w` keeps what it did not make and what the file is besides its bytes: a `.bak` that was
    /// there, other hard links, a symbolic link, mode, owner and group; a read-only file needs
    /// `:w!`. The status line says how the file was written and where the previous one went.
    @Suite(":w keeps backups, links, owner and mode")
    struct KeepingFilesWhenWriting {
        /// 20 rows of `x`.
        static let original = "id,v\n" + (1...20).map { "\($0),x\($0)\n" }.joined()
        /// The file after deleting its first row.
        static let withoutFirstRow = "id,v\n" + (2...20).map { "\($0),x\($0)\n" }.joined()

        static func status(_ path: String) -> stat? {
            var info = stat()
            return lstat(path, &info) == 0 ? info : nil
        }

        /// dtable with a Delete button on `name` in `directory`, once the table is up; `prefix`
        /// runs before it (`setpriv ...`: then the config file is looked for in `directory`, not
        /// in root's home).
        static func start(_ name: String, in directory: String, prefix: [String] = []) throws -> TmuxSession {
            let session = try TmuxSession(width: 200, height: 8,
                                          arguments: prefix + [try dtableBinaryPath(), "--action", "Delete", name],
                                          environment: prefix.isEmpty ? [:] : ["XDG_CONFIG_HOME": directory],
                                          workingDirectory: directory)
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/20") }, "\(session.lastScreen)")
            return session
        }

        /// `a` (deletes the cursor's row), then `:` and `command`, Enter.
        static func deleteAndRun(_ command: String, in session: TmuxSession, deleting: Bool = true) throws {
            if deleting {
                try session.sendKeys("a")
                #expect(session.waitFor { Fixture.statusLine($0).contains("deleted row") }, "\(session.lastScreen)")
            }
            try session.sendKeys(":")
            #expect(session.waitFor { Fixture.statusLine($0).contains("Enter go") }, "\(session.lastScreen)")
            try session.sendLiteral(command)
            try session.sendKeys("Enter")
        }

        static func quit(_ session: TmuxSession) throws {
            try session.sendKeys(":")
            try session.sendLiteral("q!")
            try session.sendKeys("Enter")
            #expect(session.waitForExit() == 0)
        }

        @Test("A FILE.bak dtable did not make is kept: the backup goes to FILE.bak.1, and the status line says so")
        func aUsersBackupIsKept() throws {
            let directory = try TemporaryDirectory()
            _ = try directory.write("c.csv", text: Self.original)
            _ = try directory.write("c.csv.bak", text: "my own backup\n")
            let session = try Self.start("c.csv", in: directory.path)
            try Self.deleteAndRun("w", in: session)
            #expect(session.waitFor {
                Fixture.statusLine($0).contains("wrote 19 rows to c.csv (previous kept as c.csv.bak.1; c.csv.bak left alone)")
            }, "\(session.lastScreen)")
            #expect(directory.read("c.csv.bak") == "my own backup\n")
            #expect(directory.read("c.csv.bak.1") == Self.original)
            #expect(directory.read("c.csv") == Self.withoutFirstRow)
            // The next :w replaces the backup this dtable made, not the user's.
            try Self.deleteAndRun("w", in: session)
            #expect(session.waitFor { Fixture.statusLine($0).contains("wrote 18 rows to c.csv (previous kept as c.csv.bak.1;") },
                    "\(session.lastScreen)")
            #expect(directory.read("c.csv.bak") == "my own backup\n")
            #expect(directory.read("c.csv.bak.1") == Self.withoutFirstRow)
            #expect(directory.read("c.csv.bak.2") == nil)
            try Self.quit(session)
        }

        @Test("Two hard links: written in place, the other name sees the new data, the table still reads right")
        func hardLinksStayLinked() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("c.csv", text: Self.original)
            #expect(link(path, directory.track("other-name.csv")) == 0)
            let inode = Self.status(path)?.st_ino
            let session = try Self.start("c.csv", in: directory.path)
            try Self.deleteAndRun("w", in: session)
            #expect(session.waitFor {
                Fixture.statusLine($0).contains("wrote 19 rows to c.csv in place: 2 hard links (previous kept as c.csv.bak)")
            }, "\(session.lastScreen)")
            #expect(directory.read("c.csv") == Self.withoutFirstRow)
            #expect(directory.read("other-name.csv") == Self.withoutFirstRow)
            #expect(Self.status(path)?.st_ino == inode && Self.status(path)?.st_nlink == 2)
            #expect(directory.read("c.csv.bak") == Self.original)
            // The rows on screen are still the rows (read from the copy, not the rewritten file),
            // and the file is not taken for changed by another program.
            try session.sendKeys("G")
            #expect(session.waitFor { screen in
                Fixture.statusLine(screen).contains("row 19/19") && screen.contains { Fixture.words($0).prefix(2) == ["20", "x20"] }
            }, "\(session.lastScreen)")
            #expect(!Fixture.statusLine(session.lastCapture).contains("changed"), "\(session.lastScreen)")
            try Self.deleteAndRun("w", in: session)
            #expect(session.waitFor { Fixture.statusLine($0).contains("wrote 18 rows to c.csv in place: 2 hard links") },
                    "\(session.lastScreen)")
            #expect(directory.read("other-name.csv") == "id,v\n" + (2...19).map { "\($0),x\($0)\n" }.joined())
            try Self.quit(session)
        }

        @Test("A symbolic link stays a link: the file it names is written")
        func aSymbolicLinkStaysALink() throws {
            let directory = try TemporaryDirectory()
            try directory.makeDirectory("real")
            let real = try directory.write("real/c.csv", text: Self.original)
            #expect(symlink("real/c.csv", directory.track("link.csv")) == 0)
            let session = try Self.start("link.csv", in: directory.path)
            try Self.deleteAndRun("w", in: session)
            #expect(session.waitFor {
                Fixture.statusLine($0).contains("wrote 19 rows to \(real) through the link link.csv (previous kept as \(real).bak)")
            }, "\(session.lastScreen)")
            #expect(Self.status(directory.filePath("link.csv")).map { $0.st_mode & S_IFMT } == S_IFLNK)
            #expect(directory.read("real/c.csv") == Self.withoutFirstRow)
            #expect(directory.read("real/c.csv.bak") == Self.original)
            try Self.quit(session)
        }

        @Test("Mode 0640 is kept; a read-only (0444) file is refused without ! and stays 0444 when written with :w!")
        func modeAndReadOnly() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("c.csv", text: Self.original)
            #expect(chmod(path, 0o640) == 0)
            let session = try Self.start("c.csv", in: directory.path)
            try Self.deleteAndRun("w", in: session)
            #expect(session.waitFor { Fixture.statusLine($0).contains("wrote 19 rows to c.csv (previous kept as c.csv.bak)") },
                    "\(session.lastScreen)")
            #expect(Self.status(path).map { $0.st_mode & 0o7777 } == 0o640)

            #expect(chmod(path, 0o444) == 0)
            try Self.deleteAndRun("w", in: session)
            #expect(session.waitFor {
                Fixture.statusLine($0).contains("not written: 'c.csv' is read-only; :w! overwrites, :w FILE writes elsewhere")
            }, "\(session.lastScreen)")
            #expect(directory.read("c.csv") == Self.withoutFirstRow)
            try Self.deleteAndRun("w!", in: session, deleting: false)
            #expect(session.waitFor { Fixture.statusLine($0).contains("wrote 18 rows to c.csv (previous kept as c.csv.bak)") },
                    "\(session.lastScreen)")
            #expect(directory.read("c.csv") == "id,v\n" + (3...20).map { "\($0),x\($0)\n" }.joined())
            #expect(Self.status(path).map { $0.st_mode & 0o7777 } == 0o444)
            try Self.quit(session)
        }

        @Test("A sheet's :w FILE: written again, it replaces its own backup only; a read-only FILE needs :w!")
        func aSheetWritesLikeTheTable() throws {
            let directory = try TemporaryDirectory()
            _ = try directory.write("c.csv", text: Self.original)
            _ = directory.track("f.csv")
            _ = directory.track("f.csv.bak")
            let session = try Self.start("c.csv", in: directory.path)
            try session.sendKeys("F")
            #expect(session.waitFor { Fixture.statusLine($0).contains("frequency of id") && Fixture.words($0.row(1)).prefix(3) == ["1", "1", "5.00%"] },
                    "\(session.lastScreen)")
            for (round, expected) in ["wrote sheet: 20 rows × 4 columns to f.csv", "to f.csv (previous kept as f.csv.bak)",
                                      "to f.csv (previous kept as f.csv.bak)"].enumerated() {
                let before = Self.status(directory.filePath("f.csv"))?.st_ino
                try Self.deleteAndRun(round == 0 ? "w f.csv" : "w! f.csv", in: session, deleting: false)
                #expect(session.waitFor { screen in
                    Self.status(directory.filePath("f.csv"))?.st_ino != before
                        && Fixture.statusLine(screen).contains(expected) && !Fixture.statusLine(screen).contains(".bak.")
                }, "round \(round): \(session.lastScreen)")
            }
            #expect(directory.read("f.csv.bak.1") == nil)
            #expect(chmod(directory.filePath("f.csv"), 0o444) == 0)
            try Self.deleteAndRun("w f.csv", in: session, deleting: false)
            #expect(session.waitFor { Fixture.statusAndMessage($0).contains("not written: 'f.csv' is read-only (:w! f.csv replaces it)") },
                    "\(session.lastScreen)")
            try session.sendKeys("Escape", "q")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 1/20") }, "\(session.lastScreen)")
            try Self.quit(session)
        }

        @Test("Root writing a file of uid/gid 65534: owner and group kept")
        func ownerKeptByRoot() throws {
            try #require(getuid() == 0, "giving a file to another user needs root")
            let directory = try TemporaryDirectory()
            let path = try directory.write("c.csv", text: Self.original)
            #expect(chown(path, 65534, 65534) == 0)
            let session = try Self.start("c.csv", in: directory.path)
            try Self.deleteAndRun("w", in: session)
            #expect(session.waitFor { Fixture.statusLine($0).contains("wrote 19 rows to c.csv") }, "\(session.lastScreen)")
            #expect(directory.read("c.csv") == Self.withoutFirstRow)
            #expect(Self.status(path).map { ($0.st_uid, $0.st_gid) } ?? (0, 0) == (65534, 65534))
            try Self.quit(session)
        }

        @Test("A user who is not root writing another user's file (0666): written in place, owner and group kept")
        func ownerKeptByWritingInPlace() throws {
            try #require(getuid() == 0, "running dtable as another user needs root")
            let directory = try TemporaryDirectory()
            #expect(chmod(directory.path, 0o777) == 0)  // dtable, as nobody, makes its temporary file here
            let path = try directory.write("c.csv", text: Self.original)
            #expect(chown(path, 1000, 1000) == 0 && chmod(path, 0o666) == 0)
            let inode = Self.status(path)?.st_ino
            let session = try Self.start("c.csv", in: directory.path,
                                         prefix: ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
            try Self.deleteAndRun("w", in: session)
            #expect(session.waitFor {
                Fixture.statusLine($0).contains("wrote 19 rows to c.csv in place: owner uid 1000 (previous kept as c.csv.bak)")
            }, "\(session.lastScreen)")
            #expect(directory.read("c.csv") == Self.withoutFirstRow)
            #expect(Self.status(path).map { ($0.st_uid, $0.st_gid) } ?? (0, 0) == (1000, 1000))
            #expect(Self.status(path)?.st_ino == inode)
            #expect(Self.status(path).map { $0.st_mode & 0o7777 } == 0o666)
            #expect(directory.read("c.csv.bak") == Self.original)
            try Self.quit(session)
        }
    }
}
