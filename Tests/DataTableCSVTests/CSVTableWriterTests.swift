import Glibc
import Testing
import DataTableKit
import TestSupport
@testable import DataTableCSV

/// A new empty directory (removed when the tests end).
func temporaryDirectory() -> String {
    var template = Array("\(ScratchDirectory.path)/dtable-write-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil)
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func readBytes(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { break }
        result += chunk[0..<n]
    }
    return result
}

func writeBytes(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
    precondition(fd >= 0)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

func directoryEntries(_ path: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

func permissions(_ path: String) -> mode_t {
    var info = stat()
    precondition(stat(path, &info) == 0)
    return info.st_mode & 0o7777
}

@Suite struct CSVTableWriterTests {
    /// A file `name` in a new directory holding `text`, opened and indexed.
    func open(_ text: String, name: String = "data.csv", hasHeader: Bool = true,
              mode: mode_t = 0o644) throws -> (EditableDataSource, CSVFileDataSource, String) {
        let path = temporaryDirectory() + "/" + name
        writeBytes(Array(text.utf8), to: path, mode: mode)
        let file = try CSVFileDataSource(path: path, hasHeader: hasHeader)
        file.indexAll()
        return (EditableDataSource(base: file), file, path)
    }

    func reopen(_ path: String, hasHeader: Bool = true) throws -> CSVFileDataSource {
        let file = try CSVFileDataSource(path: path, hasHeader: hasHeader)
        file.indexAll()
        return file
    }

    func text(_ path: String) -> String { String(decoding: readBytes(path) ?? [], as: UTF8.self) }

    @Test func hostileFieldsAreQuoted() {
        func encoded(_ s: String, _ dialect: CSVDialect = .comma) -> String {
            String(decoding: CSVField.encode(s, delimiter: dialect.delimiter, quote: dialect.quote), as: UTF8.self)
        }
        #expect(encoded("plain") == "plain")
        #expect(encoded("") == "")
        #expect(encoded("a,b") == "\"a,b\"")
        #expect(encoded("\"q\"") == "\"\"\"q\"\"\"")
        #expect(encoded("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(encoded("line\nbreak") == "\"line\nbreak\"")
        #expect(encoded("cr\rhere") == "\"cr\rhere\"")
        #expect(encoded(" lead") == "\" lead\"")
        #expect(encoded("trail ") == "\"trail \"")
        #expect(encoded("$(id); rm -rf x") == "$(id); rm -rf x")
        #expect(encoded("a,b", .tab) == "a,b")
        #expect(encoded("a\tb", .tab) == "\"a\tb\"")
        #expect(encoded("a;b", .semicolon) == "\"a;b\"")
    }

    @Test func editsAndDeletesRoundTrip() throws {
        let (source, _, path) = try open("id,name,note\n1,Ada,\"x, y\"\n2,Bob,plain\n3,Cy,\"multi\nline\"\n4,Di,last\n")
        let hostile = ["a,b", "\"q\"", "new\nline", "$(id); rm -rf x", " spaced ", "cr\r\nlf", "tab\there", ""]
        source.setField(hostile[0], row: 0, column: 1)
        source.setField(hostile[1], row: 0, column: 2)
        source.setField(hostile[2], row: 2, column: 1)
        source.setField(hostile[3], row: 3, column: 2)
        source.setField(hostile[4], row: 3, column: 1)
        source.setField(hostile[5], row: 2, column: 2)
        source.setField(hostile[6], row: 2, column: 0)
        source.setField(hostile[7], row: 3, column: 0)
        source.deleteRow(1)
        #expect(source.hasUnsavedChanges)
        let result = try CSVTableWriter.save(source)
        #expect(result.rowsWritten == 3)
        #expect(result.backupPath == path + ".bak")
        #expect(!source.hasUnsavedChanges)  // save marks the editable source saved
        let back = try reopen(path)
        #expect((0..<3).map(back.title(ofColumn:)) == ["id", "name", "note"])
        #expect(back.rowCount == 3)
        #expect(back.record(0) == ["1", "a,b", "\"q\""])
        #expect(back.record(1) == ["tab\there", "new\nline", "cr\r\nlf"])
        #expect(back.record(2) == ["", " spaced ", "$(id); rm -rf x"])
        // The reader of the written file sees what the editable source showed.
        let visible = (0..<4).filter { !source.isDeleted($0) }
        for (i, row) in visible.enumerated() { #expect(back.fields(row: i) == source.fields(row: row), "row \(row)") }
    }

    @Test func unchangedRowsAreCopiedByteForByte() throws {
        let original = "id , name\n1,  \"Ada\" \n2,\"B\"\"ob\"\n3,x\n\n4,\"q\"\n"
        let (source, _, path) = try open(original)
        try CSVTableWriter.save(source)  // nothing changed: the same bytes
        #expect(text(path) == original)
        let (edited, _, editedPath) = try open(original)
        edited.setField("Cyd", row: 2, column: 1)
        try CSVTableWriter.save(edited)
        #expect(text(editedPath) == "id , name\n1,  \"Ada\" \n2,\"B\"\"ob\"\n3,Cyd\n\n4,\"q\"\n")
    }

    @Test func theOldFileIsKeptAsBak() throws {
        let original = "a,b\n1,2\n3,4\n"
        let (source, _, path) = try open(original)
        source.setField("9", row: 0, column: 1)
        try CSVTableWriter.save(source)
        #expect(text(path + ".bak") == original)
        #expect(text(path) == "a,b\n1,9\n3,4\n")
        // The source still reads the old file's bytes (its mapping), with the edit on top.
        #expect(source.text(row: 1, column: 1) == "4")
        source.deleteRow(1)
        try CSVTableWriter.save(source)
        #expect(text(path + ".bak") == "a,b\n1,9\n3,4\n")  // an older .bak is replaced
        #expect(text(path) == "a,b\n1,9\n")
        #expect(directoryEntries(String(path[..<path.lastIndex(of: "/")!])) == ["data.csv", "data.csv.bak"])
    }

    @Test func permissionBitsAreKept() throws {
        let (source, _, path) = try open("a\n1\n", mode: 0o640)
        #expect(chmod(path, 0o640) == 0)
        source.setField("2", row: 0, column: 0)
        try CSVTableWriter.save(source)
        #expect(permissions(path) == 0o640)
        #expect(chmod(path, 0o604) == 0)
        try CSVTableWriter.save(source)
        #expect(permissions(path) == 0o604)
    }

    @Test func aFailedWriteLeavesNoTemporaryFileAndTheTargetUntouched() throws {
        var text = "n,s\n"
        for i in 0..<50_000 { text += "\(i),value \(i)\n" }
        let (source, _, path) = try open(text)
        let directory = String(path[..<path.lastIndex(of: "/")!])
        source.setField("x", row: 10, column: 1)
        var writer = CSVTableWriter(matching: source)
        writer.failAfterBytes = 100_000
        #expect(throws: CSVWriteError.self) { try writer.write(source, to: path) }
        #expect(directoryEntries(directory) == ["data.csv"])
        #expect(self.text(path) == text)
        #expect(source.hasUnsavedChanges)

        // No free name for a backup (every one up to FILE.bak.999 taken, one by a directory):
        // nothing is replaced, the target stays as it was.
        #expect(mkdir(path + ".bak", 0o755) == 0)
        writeBytes([1], to: path + ".bak/keep")
        for number in 1...AtomicFile.maximumBackupNumber { writeBytes([2], to: path + ".bak.\(number)") }
        do {
            try CSVTableWriter.save(source, overwriting: true)
            Issue.record("expected an error")
        } catch let error as CSVWriteError {
            #expect(error.message == "cannot write '\(path)': cannot keep a backup: '\(path).bak' to '\(path).bak.999' are all taken")
        }
        #expect(directoryEntries(directory).count == 1001)
        #expect(directoryEntries(directory).allSatisfy { !$0.contains(".dtable-") })
        #expect(self.text(path) == text)
        #expect(readBytes(path + ".bak.999") == [2])
        #expect(source.hasUnsavedChanges)
    }

    @Test func aMissingOrUnwritableDirectoryIsAClearError() throws {
        let (source, _, _) = try open("a\n1\n")
        do {
            try CSVTableWriter().write(source, to: "/nonexistent-dtable-dir/out.csv")
            Issue.record("expected an error")
        } catch let error as CSVWriteError {
            #expect(error.message == "cannot write '/nonexistent-dtable-dir/out.csv': cannot create a temporary file in '/nonexistent-dtable-dir': No such file or directory")
        }
        guard getuid() != 0 else { return }  // root writes anywhere
        let directory = temporaryDirectory()
        #expect(chmod(directory, 0o555) == 0)
        defer { chmod(directory, 0o755) }
        #expect(throws: CSVWriteError.self) { try CSVTableWriter().write(source, to: directory + "/out.csv") }
        #expect(directoryEntries(directory).isEmpty)
    }

    @Test func aFileWithoutHeaderGetsNoHeaderLine() throws {
        let (source, file, path) = try open("1,Ada\n2,Bob\n", hasHeader: false)
        #expect(file.title(ofColumn: 0) == "column 1")
        source.setField("Bo b", row: 1, column: 1)
        source.setField("x", row: 0, column: 0)
        try CSVTableWriter.save(source)
        #expect(text(path) == "x,Ada\n2,Bo b\n")
        // Also when every row is re-encoded through a writer of another dialect.
        let out = temporaryDirectory() + "/out.tsv"
        try CSVTableWriter(matching: source).with { $0.dialect = .tab }.write(source, to: out)
        #expect(text(out) == "x\tAda\n2\tBo b\n")
    }

    @Test func anExcelSeparatorLineIsKeptInItsDialectAndDroppedInAnother() throws {
        let (source, _, path) = try open("sep=;\r\nname;price\r\nApfel;1,5\r\n")
        source.setField("Birne", row: 0, column: 0)
        try CSVTableWriter.save(source)
        #expect(text(path) == "sep=;\r\nname;price\r\nBirne;1,5\r\n")
        // Written as another dialect, the header is the header, not the old `sep=` line.
        let out = temporaryDirectory() + "/out.csv"
        try CSVTableWriter(matching: source).with { $0.dialect = .comma }.write(source, to: out)
        #expect(text(out) == "name,price\r\nBirne,\"1,5\"\r\n")
    }

    @Test func crlfFilesStayCRLFAndTheBOMIsKept() throws {
        let (source, _, path) = try open("\u{FEFF}a,b\r\n1,2\r\n3,\"x\r\ny\"\r\n5,6\r\n")
        source.setField("z", row: 0, column: 1)
        source.setField("w\nv", row: 2, column: 0)
        try CSVTableWriter.save(source)
        #expect(text(path) == "\u{FEFF}a,b\r\n1,z\r\n3,\"x\r\ny\"\r\n\"w\nv\",6\r\n")
        let back = try reopen(path)
        #expect(back.hasByteOrderMark && back.usesCRLF)
        #expect(back.title(ofColumn: 0) == "a")
        #expect(back.record(2) == ["w\nv", "6"])

        // A BOM and CRLF without a header.
        let (headless, _, headlessPath) = try open("\u{FEFF}1,2\r\n3,4\r\n", hasHeader: false)
        headless.setField("0", row: 1, column: 1)
        try CSVTableWriter.save(headless)
        #expect(text(headlessPath) == "\u{FEFF}1,2\r\n3,0\r\n")
    }

    @Test func anotherDialectReencodesEveryRowAndKeepsEmptyTitlesEmpty() throws {
        let (source, file, _) = try open("a,,c\n1,\"x\ty\",3\n")
        #expect(file.title(ofColumn: 1) == "column 2")
        source.setField("2", row: 0, column: 0)
        let out = temporaryDirectory() + "/out.tsv"
        try CSVTableWriter(matching: source).with { $0.dialect = .tab }.write(source, to: out)
        #expect(text(out) == "a\t\tc\n2\t\"x\ty\"\t3\n")
    }

    @Test func aLastRowWithoutTerminatorKeepsNone() throws {
        let (source, _, path) = try open("a,b\n1,2\n3,4")
        source.setField("5", row: 1, column: 1)
        try CSVTableWriter.save(source)
        #expect(text(path) == "a,b\n1,2\n3,5")
        source.deleteRow(1)
        try CSVTableWriter.save(source)
        #expect(text(path) == "a,b\n1,2\n")
    }

    @Test func writingToAnotherFile() throws {
        let (source, _, path) = try open("a;b\n1;2\n", name: "semi.csv")
        source.setField("x;y", row: 0, column: 0)
        let out = temporaryDirectory() + "/out.csv"
        let result = try CSVTableWriter(matching: source).write(source, to: out)
        #expect(result.backupPath == nil)
        #expect(text(out) == "a;b\n\"x;y\";2\n")
        let mask = umask(0o022)
        umask(mask)
        #expect(permissions(out) == 0o666 & ~mask)
        #expect(text(path) == "a;b\n1;2\n")  // the source's file is untouched
        #expect(source.hasUnsavedChanges)  // write(to:) leaves marking saved to the caller
        source.markSaved(savePoint: result.savePoint)
        #expect(!source.hasUnsavedChanges)
        // Over an existing file: that file is kept as .bak.
        writeBytes(Array("old\n".utf8), to: out)
        let again = try CSVTableWriter(matching: source).write(source, to: out)
        #expect(again.backupPath == out + ".bak")
        #expect(text(out + ".bak") == "old\n")
        #expect(text(out) == "a;b\n\"x;y\";2\n")
    }

    @Test func aSymbolicLinkIsFollowed() throws {
        let (source, _, path) = try open("a\n1\n")
        let link = temporaryDirectory() + "/link.csv"
        #expect(symlink(path, link) == 0)
        source.setField("2", row: 0, column: 0)
        let result = try CSVTableWriter().write(source, to: link)
        #expect(result.path == path)
        var info = stat()
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
        #expect(text(path) == "a\n2\n")
        #expect(text(path + ".bak") == "a\n1\n")
    }

    @Test func sourcesThatAreNotFilesAreEncoded() throws {
        let rows = StringRowsDataSource(titles: ["name", "note"], rows: [["Ada", "a,b"], ["Bob"], ["Cy", "z"]])
        let source = EditableDataSource(base: AppendingColumnsDataSource(base: rows, appendedTitles: ["actions"]))
        source.setField("\"hi\"", row: 1, column: 1)
        source.deleteRow(2)
        let appending = AppendingColumnsDataSource(base: source, appendedTitles: ["more"])
        let out = temporaryDirectory() + "/out.csv"
        try CSVTableWriter(matching: appending).write(appending, to: out)
        #expect(text(out) == "name,note\nAda,\"a,b\"\nBob,\"\"\"hi\"\"\"\n")
        #expect(throws: CSVWriteError.self) { try CSVTableWriter.save(source) }

        let memory = CSVDataSource(bytes: Array("1,2\n".utf8), hasHeader: false)
        try CSVTableWriter(matching: memory).write(memory, to: out)
        #expect(text(out) == "1,2\n")
    }

    @Test func aFileChangedOnDiskIsNotWrittenOver() throws {
        let (source, file, path) = try open("a\n1\n")
        source.setField("2", row: 0, column: 0)
        let fd = Glibc.open(path, O_WRONLY | O_APPEND)
        _ = Array("3\n".utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        #expect(file.hasChangedOnDisk)
        do {
            try CSVTableWriter.save(source)
            Issue.record("expected an error")
        } catch let error as CSVWriteError {
            #expect(error.message.contains("changed on disk"))
        }
        #expect(text(path) == "a\n1\n3\n")
        #expect(source.hasUnsavedChanges)
    }

    @Test func aFileStillIndexingIsNotWritten() throws {
        var text = "n\n"
        for i in 0..<200_000 { text += "\(i)\n" }
        let path = temporaryDirectory() + "/big.csv"
        writeBytes(Array(text.utf8), to: path)
        let file = try CSVFileDataSource(path: path)  // only the first rows are indexed
        #expect(throws: CSVWriteError.self) { try CSVTableWriter.save(file) }
        #expect(self.text(path) == text)
    }

    @Test func aLargeFileWithScatteredChangesMatchesTheExpectedBytes() throws {
        var lines: [String] = []
        for i in 0..<120_000 { lines.append("\(i),\"name \(i)\",\(i * 7 % 1000)") }
        let (source, _, path) = try open("n,name,v\n" + lines.joined(separator: "\n") + "\n")
        for row in stride(from: 5, to: 120_000, by: 9_973) {
            source.setField("edited, \(row)", row: row, column: 1)
            lines[row] = "\(row),\"edited, \(row)\",\(row * 7 % 1000)"
        }
        for row in [0, 1, 50_000, 119_999] { source.deleteRow(row) }
        let expected = "n,name,v\n" + lines.enumerated().filter { ![0, 1, 50_000, 119_999].contains($0.offset) }
            .map(\.element).joined(separator: "\n") + "\n"
        let result = try CSVTableWriter.save(source)
        #expect(result.rowsWritten == 120_000 - 4)
        #expect(result.bytesWritten == expected.utf8.count)
        #expect(text(path) == expected)
    }
}

extension CSVTableWriter {
    func with(_ change: (inout CSVTableWriter) -> Void) -> CSVTableWriter {
        var copy = self
        change(&copy)
        return copy
    }
}
