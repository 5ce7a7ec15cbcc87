import Glibc
import Synchronization
import Testing
import DataTableKit
@testable import DataTableCSV

/// Lost updates: a write never replaces a version of the file (or of its `.bak`) that dtable
/// did not read or write itself, unless told to overwrite; temporary files of killed writers
/// are cleaned up.
@Suite struct CSVWriteConflictTests {
    func open(_ text: String, at path: String? = nil) throws -> (EditableDataSource, String) {
        let path = path ?? temporaryDirectory() + "/c.csv"
        if readBytes(path) == nil { writeBytes(Array(text.utf8), to: path) }
        let file = try CSVFileDataSource(path: path)
        file.indexAll()
        return (EditableDataSource(base: file), path)
    }

    func text(_ path: String) -> String? { readBytes(path).map { String(decoding: $0, as: UTF8.self) } }

    /// What `sed -i` and editors do: write a new file and rename it over the path.
    func saveByRename(_ text: String, to path: String) {
        let temporary = path + ".sed-tmp"
        writeBytes(Array(text.utf8), to: temporary)
        precondition(rename(temporary, path) == 0)
    }

    func conflict(_ body: () throws -> Void) -> CSVWriteError? {
        do {
            try body()
            return nil
        } catch let error as CSVWriteError {
            return error.isConflict ? error : nil
        } catch {
            return nil
        }
    }

    @Test func aSaveByRenameIsNotOverwrittenWithoutOverwriting() throws {
        let (source, path) = try open("id,v\n1,x\n2,x\n3,x\n")
        source.deleteRow(0)
        saveByRename("id,v\n1,y\n2,y\n3,y\n", to: path)
        let error = try #require(conflict { try CSVTableWriter.save(source) })
        #expect(error.message == "another program saved '\(path)' since it was read")
        #expect(text(path) == "id,v\n1,y\n2,y\n3,y\n")  // the other program's save is intact
        #expect(text(path + ".bak") == nil)  // and nothing was made of it
        #expect(source.hasUnsavedChanges)
        // Knowingly: written, the other program's version kept as .bak.
        let result = try CSVTableWriter.save(source, overwriting: true)
        #expect(result.rowsWritten == 2)
        #expect(text(path) == "id,v\n2,x\n3,x\n")
        #expect(text(path + ".bak") == "id,v\n1,y\n2,y\n3,y\n")
        // The next write in the same session expects what it wrote.
        source.deleteRow(1)
        try CSVTableWriter.save(source)
        #expect(text(path) == "id,v\n3,x\n")
    }

    @Test func aSecondDtableThatReadTheEarlierVersionIsRefused() throws {
        let (a, path) = try open("id\n1\n2\n")
        let (b, _) = try open("", at: path)
        a.setField("A", row: 0, column: 0)
        b.setField("B", row: 1, column: 0)
        try CSVTableWriter.save(a)
        let error = try #require(conflict { try CSVTableWriter.save(b) })
        #expect(error.message.contains("another program saved"))
        #expect(text(path) == "id\nA\n2\n")
        // A writes again: its own last write is what it expects.
        a.setField("AA", row: 1, column: 0)
        try CSVTableWriter.save(a)
        #expect(text(path) == "id\nA\nAA\n")
        #expect(text(path + ".bak") == "id\nA\n2\n")
    }

    @Test func aWriteInPlaceOfTheSameSizeIsSeen() throws {
        let (source, path) = try open("id\n1\n")
        source.setField("2", row: 0, column: 0)
        // Same size, same inode, a later modification time.
        var times = [timespec(tv_sec: 2_000_000_000, tv_nsec: 5), timespec(tv_sec: 2_000_000_000, tv_nsec: 5)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        // The mapping no longer matches the file: refused even when overwriting.
        #expect(throws: CSVWriteError.self) { try CSVTableWriter.save(source) }
        #expect(throws: CSVWriteError.self) { try CSVTableWriter.save(source, overwriting: true) }
        #expect(text(path) == "id\n1\n")
    }

    @Test func aBackupWrittenByAnotherProgramIsNotReplaced() throws {
        let (source, path) = try open("id\n1\n")
        writeBytes(Array("precious\n".utf8), to: path + ".bak")
        source.setField("2", row: 0, column: 0)
        // Not a conflict: the backup takes the next free name, the other program's file stays.
        let result = try CSVTableWriter.save(source)
        #expect(result.backupPath == path + ".bak.1")
        #expect(text(path + ".bak") == "precious\n")
        #expect(text(path + ".bak.1") == "id\n1\n")
        #expect(text(path) == "id\n2\n")
        // Overwriting (`:w!`) is about the file, not the backup: still kept.
        source.setField("3", row: 0, column: 0)
        let again = try CSVTableWriter.save(source, overwriting: true)
        #expect(again.backupPath == path + ".bak.1")  // its own backup is replaced
        #expect(text(path + ".bak") == "precious\n")
        #expect(text(path + ".bak.1") == "id\n2\n")
    }

    @Test func aBackupThatWasThereWhenTheFileWasOpenedIsKept() throws {
        let directory = temporaryDirectory()
        writeBytes(Array("yesterday\n".utf8), to: directory + "/c.csv.bak")
        let (source, path) = try open("id\n1\n", at: directory + "/c.csv")
        source.setField("2", row: 0, column: 0)
        #expect(try CSVTableWriter.save(source).backupPath == path + ".bak.1")
        #expect(text(path + ".bak") == "yesterday\n")
        #expect(text(path + ".bak.1") == "id\n1\n")
        #expect(text(path) == "id\n2\n")
        // The second write replaces the backup the first one made, and nothing else.
        source.setField("3", row: 0, column: 0)
        #expect(try CSVTableWriter.save(source).backupPath == path + ".bak.1")
        #expect(text(path + ".bak.1") == "id\n2\n")
        #expect(directoryEntries(directory) == ["c.csv", "c.csv.bak", "c.csv.bak.1"])
        // A backup of its own that someone changed since is someone else's now.
        writeBytes(Array("edited by hand\n".utf8), to: path + ".bak.1")
        source.setField("4", row: 0, column: 0)
        #expect(try CSVTableWriter.save(source).backupPath == path + ".bak.2")
        #expect(text(path + ".bak.1") == "edited by hand\n")
        #expect(text(path + ".bak.2") == "id\n3\n")
    }

    @Test func theBackupASessionMadeStaysItsOwnAcrossAReload() throws {
        let (source, path) = try open("id\n1\n")
        source.setField("2", row: 0, column: 0)
        #expect(try CSVTableWriter.save(source).backupPath == path + ".bak")
        saveByRename("id\n7\n", to: path)
        let old = try #require(source.base as? CSVFileDataSource)
        let reload = CSVReload(reloading: old, oldKeys: nil, keyColumns: [], tail: nil)
        var outcome: CSVReload.Outcome?
        while outcome == nil {
            outcome = reload.takeOutcome()
            usleep(1000)
        }
        guard case .done(let result) = outcome else { Issue.record("not reloaded"); return }
        let reloaded = EditableDataSource(base: result.source)
        reloaded.setField("8", row: 0, column: 0)
        // Its own backup (of the first write) is replaced, not kept beside a FILE.bak.1.
        #expect(try CSVTableWriter.save(reloaded).backupPath == path + ".bak")
        #expect(text(path + ".bak") == "id\n7\n")
        #expect(directoryEntries(String(path[..<path.lastIndex(of: "/")!])) == ["c.csv", "c.csv.bak"])
    }

    @Test func anOutputFileIsCheckedLikeTheInput() throws {
        let (source, _) = try open("id\n1\n")
        let out = temporaryDirectory() + "/out.csv"
        writeBytes(Array("old\n".utf8), to: out)
        let target = CSVWriteTarget(recordingCurrentStateOf: out)
        let writer = CSVTableWriter(matching: source)
        try writer.write(source, to: target)  // what was there at the start is replaced
        #expect(text(out) == "id\n1\n")
        #expect(text(out + ".bak") == "old\n")
        saveByRename("someone else\n", to: out)
        #expect(conflict { try writer.write(source, to: target) }?.message.contains("another program saved") == true)
        #expect(text(out) == "someone else\n")
        try writer.write(source, to: target, overwriting: true)
        #expect(text(out) == "id\n1\n")

        // A new file that appears meanwhile is not overwritten; removed output is not recreated.
        let fresh = temporaryDirectory() + "/fresh.csv"
        let freshTarget = CSVWriteTarget(path: fresh, expecting: nil)
        writeBytes(Array("mine\n".utf8), to: fresh)
        #expect(conflict { try writer.write(source, to: freshTarget) }?.message == "'\(fresh)' exists")
        #expect(text(fresh) == "mine\n")
        #expect(unlink(out) == 0)
        #expect(conflict { try writer.write(source, to: target) }?.message.contains("removed or renamed") == true)
    }

    @Test func aSaveDuringTheWriteIsSeenBeforeTheRename() throws {
        var rows = "n\n"
        for i in 0..<200_000 { rows += "\(i)\n" }
        let (source, path) = try open(rows)
        source.setField("x", row: 5, column: 0)
        let saved = Atomic<Bool>(false)
        let progress = CSVWriteProgress(report: { _ in
            if !saved.exchange(true, ordering: .relaxed) {
                let temporary = path + ".other"
                writeBytes(Array("other\n".utf8), to: temporary)
                rename(temporary, path)
            }
        }, isCancelled: { false })
        let writer = CSVTableWriter(matching: source)
        let target = try #require((source.base as? CSVFileDataSource)?.writeTarget)
        #expect(conflict { try writer.write(source, to: target, progress: progress) } != nil)
        #expect(text(path) == "other\n")
        #expect(directoryEntries(String(path[..<path.lastIndex(of: "/")!])) == ["c.csv"])
    }

    @Test func aCancelledWriteLeavesTheTargetAndNoTemporaryFile() throws {
        var rows = "n\n"
        for i in 0..<200_000 { rows += "\(i)\n" }
        let (source, path) = try open(rows)
        source.setField("x", row: 5, column: 0)
        let seenTemporary = Mutex<[String]>([])
        let directory = String(path[..<path.lastIndex(of: "/")!])
        let progress = CSVWriteProgress(report: { _ in
            seenTemporary.withLock { $0 = directoryEntries(directory) }
        }, isCancelled: { true })
        do {
            try CSVTableWriter.save(source, progress: progress)
            Issue.record("expected a cancellation")
        } catch let error as CSVWriteError {
            #expect(error.message == "writing '\(path)' cancelled: the file is untouched")
        }
        #expect(text(path) == rows)
        #expect(directoryEntries(directory) == ["c.csv"])
        // While it ran, the temporary file was named after this process.
        let names = seenTemporary.withLock { $0 }.filter { $0 != "c.csv" }
        #expect(names.count == 1)
        #expect(names.first?.hasPrefix(".c.csv.dtable-\(getpid())-") == true)
    }

    /// The PID of a process that has exited.
    func deadPID() -> Int32 {
        var pid: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { arguments.forEach { free($0) } }
        precondition(posix_spawn(&pid, "/bin/true", nil, nil, arguments, environ) == 0)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return pid
    }

    @Test func staleTemporaryFilesOfDeadWritersAreRemoved() throws {
        let (source, path) = try open("id\n1\n")
        let directory = String(path[..<path.lastIndex(of: "/")!])
        let dead = ".c.csv.dtable-\(deadPID())-Ab3dEf"
        let live = ".c.csv.dtable-\(getppid())-Gh5jKl"
        let other = ".d.csv.dtable-\(deadPID())-Mn7pQr"
        let noPID = ".c.csv.dtable-Xy9zAb"
        for name in [dead, live, other, noPID] { writeBytes(Array(repeating: 0x41, count: 1000), to: directory + "/" + name) }
        #expect(CSVTableWriter.removeStaleTemporaryFiles(nextTo: path) == 1)
        #expect(directoryEntries(directory) == [live, noPID, other, "c.csv"].sorted())
        // A write cleans up too.
        writeBytes([0x41], to: directory + "/" + dead)
        source.setField("2", row: 0, column: 0)
        try CSVTableWriter.save(source)
        #expect(directoryEntries(directory) == [live, noPID, other, "c.csv", "c.csv.bak"].sorted())
    }
}
