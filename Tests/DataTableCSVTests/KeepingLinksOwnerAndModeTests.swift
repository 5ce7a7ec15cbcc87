import Glibc
import Testing
import DataTableKit
@testable import DataTableCSV

/// A write keeps what the file is besides its bytes: its other hard links, a symbolic link, its
/// mode, owner and group; a read-only file needs overwriting. Where a new file renamed over it
/// would lose something, it is written in place after a copy went to the backup.
@Suite struct KeepingLinksOwnerAndModeTests {
    func open(_ text: String, mode: mode_t = 0o644) throws -> (EditableDataSource, CSVFileDataSource, String) {
        let path = temporaryDirectory() + "/data.csv"
        writeBytes(Array(text.utf8), to: path, mode: mode)
        #expect(chmod(path, mode) == 0)
        let file = try CSVFileDataSource(path: path)
        file.indexAll()
        return (EditableDataSource(base: file), file, path)
    }

    func text(_ path: String) -> String? { readBytes(path).map { String(decoding: $0, as: UTF8.self) } }

    func status(_ path: String) -> stat {
        var info = stat()
        precondition(lstat(path, &info) == 0)
        return info
    }

    static let original = "id,name\n1,Ada\n2,Bob\n3,Cy\n"

    @Test func aFileWithTwoHardLinksIsWrittenInPlaceAndTheOtherNameSeesTheNewData() throws {
        let (source, file, path) = try open(Self.original)
        let other = String(path[..<path.lastIndex(of: "/")!]) + "/other-name.csv"
        #expect(link(path, other) == 0)
        let inode = status(path).st_ino
        source.deleteRow(0)
        source.setField("Bobby", row: 1, column: 1)
        let result = try CSVTableWriter.save(source)
        #expect(result.method == .inPlace(reasons: ["2 hard links"]))
        #expect(result.backupPath == path + ".bak")
        let expected = "id,name\n2,Bobby\n3,Cy\n"
        #expect(text(path) == expected)
        #expect(text(other) == expected)  // still one file under two names
        #expect(status(path).st_ino == inode && status(path).st_nlink == 2)
        #expect(text(path + ".bak") == Self.original)
        #expect(status(path + ".bak").st_ino != inode)  // a copy, not a third name
        // The table still reads the version it opened (now the backup copy), edits on top: the
        // file's bytes moved under it, its rows did not.
        #expect(!file.hasChangedOnDisk)
        #expect(source.fields(row: 2) == ["3", "Cy"])
        #expect(file.fields(row: 0) == ["1", "Ada"])
        // A second write: in place again, the first backup replaced by this one.
        source.setField("Cyd", row: 2, column: 1)
        let again = try CSVTableWriter.save(source)
        #expect(again.backupPath == path + ".bak")
        #expect(text(other) == "id,name\n2,Bobby\n3,Cyd\n")
        #expect(text(path + ".bak") == expected)
        #expect(directoryEntries(String(path[..<path.lastIndex(of: "/")!])) == ["data.csv", "data.csv.bak", "other-name.csv"])
    }

    @Test func aSymbolicLinkStaysALinkAndItsFileIsWritten() throws {
        let (source, _, path) = try open(Self.original)
        let link = temporaryDirectory() + "/link.csv"
        #expect(symlink(path, link) == 0)
        source.deleteRow(2)
        let result = try CSVTableWriter(matching: source).write(source, to: CSVWriteTarget(recordingCurrentStateOf: link))
        #expect(result.linkPath == link && result.path == path && result.method == .replaced)
        #expect((status(link).st_mode & S_IFMT) == S_IFLNK)
        #expect(text(link) == "id,name\n1,Ada\n2,Bob\n")
        #expect(text(path + ".bak") == Self.original)
    }

    @Test func theModeIsKeptWhetherReplacedOrWrittenInPlace() throws {
        let (source, _, path) = try open(Self.original, mode: 0o640)
        source.setField("x", row: 0, column: 1)
        #expect(try CSVTableWriter.save(source).method == .replaced)
        #expect(status(path).st_mode & 0o7777 == 0o640)
        #expect(link(path, path + ".second") == 0)
        #expect(chmod(path, 0o604) == 0)
        source.setField("y", row: 0, column: 1)
        #expect(try CSVTableWriter.save(source).method == .inPlace(reasons: ["2 hard links"]))
        #expect(status(path).st_mode & 0o7777 == 0o604)
        #expect(status(path + ".bak").st_mode & 0o7777 == 0o604)  // the copy too: no wider than the file
    }

    @Test func aReadOnlyFileIsRefusedUnlessOverwritingAndStaysReadOnly() throws {
        let (source, _, path) = try open(Self.original, mode: 0o444)
        source.setField("x", row: 0, column: 1)
        do {
            try CSVTableWriter.save(source)
            Issue.record("expected a conflict")
        } catch let error as CSVWriteError {
            #expect(error.isConflict && error.message == "'\(path)' is read-only")
        }
        #expect(text(path) == Self.original)
        #expect(text(path + ".bak") == nil)
        #expect(try CSVTableWriter.save(source, overwriting: true).method == .replaced)
        #expect(text(path) == "id,name\n1,x\n2,Bob\n3,Cy\n")
        #expect(status(path).st_mode & 0o7777 == 0o444)
        // In place (a second link) with overwriting: still read-only after.
        #expect(link(path, path + ".second") == 0)
        source.setField("z", row: 0, column: 1)
        #expect(throws: CSVWriteError.self) { try CSVTableWriter.save(source) }
        #expect(try CSVTableWriter.save(source, overwriting: true).method == .inPlace(reasons: ["2 hard links"]))
        #expect(text(path + ".second") == "id,name\n1,z\n2,Bob\n3,Cy\n")
        #expect(status(path).st_mode & 0o7777 == 0o444)
    }

    @Test func anOwnerAndGroupTheNewFileCannotGetAreKeptByWritingInPlace() throws {
        let (source, _, path) = try open(Self.original, mode: 0o664)
        try #require(getuid() == 0, "changing a file's owner needs root")
        #expect(chown(path, 65534, 65534) == 0)
        // Root can give the new file the owner: replaced, owner and group kept.
        source.setField("x", row: 0, column: 1)
        #expect(try CSVTableWriter.save(source).method == .replaced)
        #expect(status(path).st_uid == 65534 && status(path).st_gid == 65534)
        // A user who is not root cannot (simulated): written in place, so the owner stays.
        let inode = status(path).st_ino
        source.setField("y", row: 0, column: 1)
        let file = try #require(source.base as? CSVFileDataSource)
        var writer = CSVTableWriter(matching: source)
        writer.failsToGiveOwner = true
        let result = try writer.write(source, to: try #require(file.writeTarget))
        #expect(result.method == .inPlace(reasons: ["owner uid 65534"]))
        #expect(status(path).st_ino == inode)
        #expect(status(path).st_uid == 65534 && status(path).st_gid == 65534)
        #expect(status(path).st_mode & 0o7777 == 0o664)
        #expect(text(path) == "id,name\n1,y\n2,Bob\n3,Cy\n")
        #expect(text(path + ".bak") == "id,name\n1,x\n2,Bob\n3,Cy\n")
        #expect(status(path + ".bak").st_uid == 65534)
    }

    @Test func aRewriteInPlaceThatFailsPutsTheFileBack() throws {
        var rows = "n,s\n"
        for i in 0..<20_000 { rows += "\(i),value \(i)\n" }
        let (source, file, path) = try open(rows)
        #expect(link(path, path + ".second") == 0)
        source.setField("changed", row: 100, column: 1)
        var writer = CSVTableWriter(matching: source)
        writer.failRewriteAfterBytes = 50_000
        do {
            try writer.write(source, to: try #require(file.writeTarget))
            Issue.record("expected an error")
        } catch let error as CSVWriteError {
            #expect(error.message == "cannot write '\(path)' in place (2 hard links): No space left on device; "
                    + "it was put back as it was (also kept as '\(path).bak')")
        }
        #expect(text(path) == rows)
        #expect(text(path + ".second") == rows)
        #expect(text(path + ".bak") == rows)
        #expect(directoryEntries(String(path[..<path.lastIndex(of: "/")!])).allSatisfy { !$0.contains(".dtable-") })
    }

    @Test func aFileOfBytesIsWrittenByTheSameRulesWithoutABackupWhenAsked() throws {
        let path = temporaryDirectory() + "/report.json"
        let target = CSVWriteTarget(recordingCurrentStateOf: path)
        let first = try CSVTableWriter.writeFile(Array("{\"a\": 1}\n".utf8), to: target, keepingBackup: false)
        #expect(first.backupPath == nil && text(path) == "{\"a\": 1}\n")
        #expect(chmod(path, 0o600) == 0)
        let inode = status(path).st_ino
        try CSVTableWriter.writeFile(Array("{\"a\": 2}\n".utf8), to: target, keepingBackup: false)
        #expect(text(path) == "{\"a\": 2}\n")
        #expect(status(path).st_ino != inode && status(path).st_mode & 0o7777 == 0o600)
        #expect(directoryEntries(String(path[..<path.lastIndex(of: "/")!])) == ["report.json"])
        #expect(chmod(path, 0o444) == 0)
        #expect(throws: CSVWriteError.self) {
            try CSVTableWriter.writeFile([], to: target, overwriting: true, keepingBackup: false)
        }
        #expect(text(path) == "{\"a\": 2}\n")
    }
}
