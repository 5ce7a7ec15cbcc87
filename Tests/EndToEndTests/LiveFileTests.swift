import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// `--watch`, `--follow` and `R`: a file changed by another process while dtable shows it.
    @Suite("Live data: --watch, --follow, R")
    struct LiveFile {
        /// `id,name` and rows 1...n: `N,nameN`.
        static func rows(_ range: ClosedRange<Int>, renaming: [Int: String] = [:]) -> String {
            range.map { "\($0),\(renaming[$0] ?? "name\($0)")\n" }.joined()
        }

        /// Writes `text` to a new file beside `path` and renames it over `path` (an editor's save).
        static func replace(_ path: String, with text: String) throws {
            let temporary = path + ".tmp"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            try #require(fd >= 0)
            _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            try #require(rename(temporary, path) == 0)
        }

        static func start(_ arguments: [String], in directory: TemporaryDirectory, height: Int = 12) throws -> TmuxSession {
            let session = try TmuxSession(width: 100, height: height, arguments: [try dtableBinaryPath()] + arguments,
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.statusLine($0).contains(" row ") }, "\(session.lastScreen)")
            return session
        }

        @Test("--watch: a file replaced by another process shows the new values; the cursor keeps its record")
        func watchReloadsAReplacedFile() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("w.csv", text: "id,name\n" + Self.rows(1...30))
            let session = try Self.start(["--watch", "w.csv"], in: directory)
            try session.sendKeys("j", "j", "j", "j")  // row 5: id 5
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 5/30") }, "\(session.lastScreen)")

            // Another version: a row before the cursor's, the cursor's own row and a later one changed.
            try Self.replace(path, with: "id,name\n0,zero\n" + Self.rows(1...30, renaming: [5: "CHANGED5", 9: "nine!"]))
            #expect(session.waitFor { Fixture.statusLine($0).contains("reloaded: 2 changed, 1 added") }, "\(session.lastScreen)")
            #expect(Fixture.statusLine(session.lastCapture).contains("row 6/31"), "\(session.lastScreen)")
            let screen = session.lastCapture
            #expect(screen.contains { $0.contains("CHANGED5") }, "\(session.lastScreen)")
            #expect(screen.contains { $0.contains("nine!") }, "\(session.lastScreen)")
            // The inserted row is above the screen: the cursor's row kept its line.
            try session.sendKeys("g")
            #expect(session.waitFor { Fixture.words($0.row(1)) == ["0", "zero"] }, "\(session.lastScreen)")
            try session.sendKeys("5", "j")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 6/31") }, "\(session.lastScreen)")

            // A second save: rows removed above the cursor; it stays on its record.
            try Self.replace(path, with: "id,name\n" + Self.rows(3...30, renaming: [5: "CHANGED5"]))
            #expect(session.waitFor { Fixture.statusLine($0).contains("reloaded: 1 changed, 3 removed") }, "\(session.lastScreen)")
            #expect(Fixture.statusLine(session.lastCapture).contains("row 3/28"), "\(session.lastScreen)")
            try session.sendKeys("q")
        }

        @Test("--follow: lines appended with echo >> are added and the cursor stays at the end")
        func followAppends() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("log.csv", text: "id,name\n" + Self.rows(1...5))
            let session = try Self.start(["--follow", "log.csv"], in: directory)
            try session.sendKeys("G")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 5/5") }, "\(session.lastScreen)")
            _ = try runProcess(["/bin/sh", "-c", "echo 6,six >> \(shellQuoted(path)); echo 7,seven >> \(shellQuoted(path))"])
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 7/7") }, "\(session.lastScreen)")
            #expect(session.lastCapture.contains { Fixture.words($0) == ["7", "seven"] }, "\(session.lastScreen)")
            // Not at the end: the cursor stays where it is while rows come.
            try session.sendKeys("g")
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 1/7") }, "\(session.lastScreen)")
            _ = try runProcess(["/bin/sh", "-c", "echo 8,eight >> \(shellQuoted(path))"])
            #expect(session.waitFor { Fixture.statusLine($0).contains("row 1/8") }, "\(session.lastScreen)")
            try session.sendKeys("q")
        }

        @Test("R reloads now; with unsaved edits it asks first, and --watch does not reload over them")
        func reloadKeyAndUnsavedEdits() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("r.csv", text: "id,name\n" + Self.rows(1...10))
            let session = try Self.start(["--action", "Delete", "--watch", "r.csv"], in: directory)
            try session.sendKeys("j", "a")  // row 2 deleted: an unsaved edit
            #expect(session.waitFor { Fixture.statusLine($0).contains("deleted row 2") }, "\(session.lastScreen)")
            try Self.replace(path, with: "id,name\n" + Self.rows(1...10, renaming: [7: "seven"]))
            #expect(session.waitFor { Fixture.statusAndMessage($0).contains("changed on disk; not reloaded over your unsaved edits") },
                    "\(session.lastScreen)")
            #expect(!session.lastCapture.contains { $0.contains("seven") })
            try session.sendKeys("R")
            #expect(session.waitFor { Fixture.statusLine($0).contains("discard your unsaved edits and read 'r.csv' again? (y/n)") },
                    "\(session.lastScreen)")
            try session.sendKeys("n")
            #expect(session.waitFor { Fixture.statusLine($0).contains("not reloaded") }, "\(session.lastScreen)")
            try session.sendKeys("R")
            #expect(session.waitFor { Fixture.statusLine($0).contains("(y/n)") }, "\(session.lastScreen)")
            try session.sendKeys("y")
            #expect(session.waitFor { Fixture.statusLine($0).contains("reloaded: 1 changed") }, "\(session.lastScreen)")
            #expect(session.lastCapture.contains { $0.contains("seven") }, "\(session.lastScreen)")
            #expect(Fixture.statusLine(session.lastCapture).contains("/10"), "\(session.lastScreen)")  // row 2 is back
            try session.sendKeys("q")  // nothing unsaved any more: no question
            #expect(session.waitForExit() == 0)
        }

        @Test("--watch: dtable's own :w is not a change on disk")
        func ownWriteIsNotReloaded() throws {
            let directory = try TemporaryDirectory()
            _ = try directory.write("o.csv", text: "id,name\n" + Self.rows(1...10))
            let session = try Self.start(["--action", "Delete", "--watch", "o.csv"], in: directory)
            try session.sendKeys("a")
            #expect(session.waitFor { Fixture.statusLine($0).contains("deleted row 1") }, "\(session.lastScreen)")
            try session.sendKeys(":")
            try session.sendLiteral("w")
            try session.sendKeys("Enter")
            #expect(session.waitFor { Fixture.statusLine($0).contains("wrote 9 rows to o.csv") }, "\(session.lastScreen)")
            usleep(800_000)
            let screen = try session.capture()
            #expect(Fixture.statusLine(screen).contains("wrote 9 rows to o.csv"), "\(screen.joined(separator: "\n"))")
            #expect(!screen.joined().contains("reloaded") && !screen.joined().contains("changed on disk"))
            #expect(directory.read("o.csv") == "id,name\n" + Self.rows(2...10))
        }

        @Test("R without --watch reads the file again")
        func reloadKeyWithoutWatch() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("p.csv", text: "id,name\n" + Self.rows(1...10))
            let session = try Self.start(["p.csv"], in: directory)
            try session.sendKeys("G")
            try Self.replace(path, with: "id,name\n" + Self.rows(1...10, renaming: [10: "ten"]) + "11,eleven\n")
            usleep(600_000)
            #expect(!(try session.capture()).contains { $0.contains("ten") })
            try session.sendKeys("R")
            #expect(session.waitFor { Fixture.statusLine($0).contains("reloaded: 1 changed, 1 added") }, "\(session.lastScreen)")
            #expect(Fixture.statusLine(session.lastCapture).contains("row 10/11"), "\(session.lastScreen)")
            #expect(session.lastCapture.contains { Fixture.words($0) == ["10", "ten"] }, "\(session.lastScreen)")
        }

        @Test("--watch refuses stdin with a clear message")
        func watchRefusesStdin() throws {
            let directory = try TemporaryDirectory()
            let path = try directory.write("s.csv", text: "a,b\n1,2\n")
            let result = try runProcess([try dtableBinaryPath(), "--watch", "-"], standardInputPath: path)
            #expect(result.status == 2)
            #expect(result.standardErrorText == "dtable: --watch needs a file: stdin is a stream (--follow keeps the cursor at the end as rows arrive)\n")
        }
    }
}
