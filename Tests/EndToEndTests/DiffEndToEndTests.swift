import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// `--diff OLD NEW`: the report and exit status of `--print`, and the viewer's keys.
    @Suite("Diff")
    struct Diff {
        /// An R export (every field quoted, CRLF) and a later pandas export (LF, quoted only where
        /// needed) of the same table: id 2's price changed, id 3 gone, id 5 new, a note with a
        /// comma.
        static let old = "\"id\",\"name\",\"price\",\"note\"\r\n\"1\",\"ann\",\"10\",\"a, b\"\r\n\"2\",\"bob\",\"20\",\"x\"\r\n"
            + "\"3\",\"cy\",\"30\",\"y\"\r\n\"4\",\"dee\",\"40\",\"z\"\r\n"
        static let new = "id,name,price,note\n1,ann,10,\"a, b\"\n2,bob,25,x\n4,dee,40,z\n5,eve,50,\"q\"\"r\"\n"

        static func files() throws -> TemporaryDirectory {
            let directory = try TemporaryDirectory()
            try directory.write("old.csv", text: old)
            try directory.write("new.csv", text: new)
            return directory
        }

        @Test("--diff --print reports each change and exits 1; equal files exit 0; a missing file exits 2")
        func reportAndExitStatus() throws {
            let directory = try Self.files()
            let binary = try dtableBinaryPath()
            let report = try runProcess([binary, "--diff", "--print", "--key", "id", directory.filePath("old.csv"),
                                         directory.filePath("new.csv")], timeout: 20)
            #expect(report.status == 1, "\(report.standardErrorText)")
            let oldPath = directory.filePath("old.csv"), newPath = directory.filePath("new.csv")
            #expect(report.standardOutputText == """
                --- \(oldPath)
                +++ \(newPath)
                ~ id=2: price: 20 → 25
                - 3,cy,30,y
                + 5,eve,50,"q""r"

                """)
            // By content: the edited row is paired with the row it replaced.
            let byContent = try runProcess([binary, "--diff", "--print", oldPath, newPath], timeout: 20)
            #expect(byContent.status == 1)
            #expect(byContent.standardOutputText.contains("~ row 2: price: 20 → 25\n"))
            let csv = try runProcess([binary, "--diff", "--format", "csv", "--key", "id", oldPath, newPath], timeout: 20)
            #expect(csv.status == 1, "\(csv.standardErrorText)")
            #expect(csv.standardOutputText == "_change,id,name,price,note\n,1,ann,10,\"a, b\"\nchanged,2,bob,25,x\n"
                    + "removed,3,cy,30,y\n,4,dee,40,z\nadded,5,eve,50,\"q\"\"r\"\n")
            // The old file from stdin, the new one compressed.
            let gzip = try runProcess(["/bin/sh", "-c", "gzip -c \(shellQuoted(newPath)) > \(shellQuoted(newPath)).gz"], timeout: 20)
            #expect(gzip.status == 0)
            let piped = try runProcess([binary, "--diff", "--print", "--key", "id", "-", newPath + ".gz"],
                                       standardInputPath: oldPath, timeout: 20)
            #expect(piped.status == 1, "\(piped.standardErrorText)")
            #expect(piped.standardOutputText.hasPrefix("--- stdin\n+++ \(newPath).gz\n~ id=2: price: 20 → 25\n"))
            let same = try runProcess([binary, "--diff", "--print", oldPath, oldPath], timeout: 20)
            #expect(same.status == 0)
            let missing = try runProcess([binary, "--diff", "--print", oldPath, directory.filePath("gone.csv")], timeout: 20)
            #expect(missing.status == 2)
            let one = try runProcess([binary, "--diff", oldPath], timeout: 20)
            #expect(one.status == 2)
            // The report lists every difference: an option that would narrow it is refused, not ignored.
            let narrowed = try runProcess([binary, "--diff", "--print", "--where", "id:>2", oldPath, oldPath], timeout: 20)
            #expect(narrowed.status == 2)
            #expect(String(decoding: narrowed.standardError, as: UTF8.self).contains("--where does not apply to --diff's report"))
            let viewed = try runProcess([binary, "--diff", "--print", "--view", oldPath, oldPath, oldPath], timeout: 20)
            #expect(viewed.status == 2)
        }

        @Test("the viewer: counts on the status line, ) and ( jump between changes, the old value in the record view, F counts the change column")
        func viewerKeys() throws {
            let directory = try Self.files()
            let session = try TmuxSession(width: 80, height: 12, arguments: [try dtableBinaryPath(), "--diff", "--key", "id",
                                                                              "old.csv", "new.csv"],
                                          workingDirectory: directory.path)
            // The removed row comes in at its place among the new file's rows.
            #expect(session.waitFor {
                Fixture.statusAndMessage($0).contains("diff: 1 added, 1 removed, 1 changed")
                    && $0.row(3).contains("removed") && $0.row(3).contains("cy")
            }, "\(session.lastScreen)")
            // The status line names both versions.
            #expect(session.waitFor { Fixture.statusLine($0).contains("old.csv → new.csv") }, "\(session.lastScreen)")
            for (key, row) in [(")", "row 2/5"), (")", "row 3/5"), (")", "row 5/5"), ("(", "row 3/5")] {
                try session.sendKeys(key)
                #expect(session.waitFor { Fixture.statusLine($0).contains(row) }, "\(key): \(session.lastScreen)")
            }
            // The record view shows a changed value's old one under it.
            try session.sendKeys("g", ")", "Enter")
            #expect(session.waitFor { screen in screen.contains { $0.contains("was: 20") } }, "\(session.lastScreen)")
            try session.sendKeys("q", "g", "F")
            #expect(session.waitFor { screen in
                ["changed", "removed", "added"].allSatisfy { word in screen.contains { $0.hasPrefix(word) && $0.contains(" 1 ") } }
            }, "\(session.lastScreen)")
            try session.sendKeys("q", "q")
            #expect(session.waitForExit() == 0)
        }
    }
}
