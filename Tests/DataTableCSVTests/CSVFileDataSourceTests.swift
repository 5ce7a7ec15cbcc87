import Glibc
import Testing
import TestSupport
import DataTableKit
import TerminalSurface
@testable import DataTableCSV

/// Writes `bytes` to a new temporary file (removed when the tests end) and returns its path.
func temporaryFile(_ bytes: [UInt8], suffix: String = ".csv") -> String {
    var template = Array("\(ScratchDirectory.path)/dtable-test-XXXXXX\(suffix)".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count)) }
    precondition(fd >= 0)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
}

@Suite struct CSVFileDataSourceTests {
    func open(_ text: String, suffix: String = ".csv", hasHeader: Bool = true) throws -> CSVFileDataSource {
        let source = try CSVFileDataSource(path: temporaryFile(Array(text.utf8), suffix: suffix), hasHeader: hasHeader)
        source.indexAll()
        return source
    }

    @Test func readsHeaderRowsAndFieldsLazily() throws {
        let source = try open("id,name\n1,\"Ada, L\"\n2,\"multi\nline\"\n3,x")
        #expect(source.columnCount == 2)
        #expect(source.title(ofColumn: 1) == "name")
        #expect(source.rowCount == 3)
        #expect(source.value(row: 0, column: 1) == .string("Ada, L"))
        #expect(source.value(row: 1, column: 1) == .string("multi\nline"))
        #expect(source.value(row: 2, column: 1) == .string("x"))
        #expect(source.isIndexComplete)
    }

    @Test func matchesTheInMemoryReaderOnMixedLineEndingsAndBOM() throws {
        let text = "\u{FEFF}a,b\r\n1,\"x\r\ny\"\r2,z\n3,\"q\"\"q\"\r\n\n4,"
        let lazy = try open(text)
        let eager = CSVReader.read(Array(text.utf8))
        #expect(lazy.rowCount == eager.rows.count)
        #expect((0..<lazy.columnCount).map(lazy.title(ofColumn:)) == eager.header)
        for row in 0..<lazy.rowCount {
            #expect(lazy.record(row) == eager.rows[row], "row \(row)")
        }
    }

    @Test func aLargeFileIsIndexedInTheBackgroundAndGrows() throws {
        var text = "n,s\n"
        for i in 0..<200_000 { text += "\(i),\"v\(i)\"\n" }
        let source = try CSVFileDataSource(path: temporaryFile(Array(text.utf8)))
        let first = source.rowCount
        #expect(first > 0 && first < 200_000)  // the first rows are ready before indexing
        #expect(source.loadState?.isComplete == false)
        source.startIndexing()
        var waited = 0
        while !source.isIndexComplete && waited < 10_000 { usleep(1000); waited += 1 }
        #expect(source.rowCount == 200_000)
        #expect(source.value(row: 199_999, column: 1) == .string("v199999"))
        #expect(source.loadState?.isComplete == true)
        #expect(source.indexMilliseconds != nil)
    }

    @Test func emptyHeaderOnlyAndNoTrailingNewline() throws {
        let empty = try open("")
        #expect(empty.rowCount == 0 && empty.columnCount == 0)
        let headerOnly = try open("a,b\n")
        #expect(headerOnly.rowCount == 0 && headerOnly.columnCount == 2)
        let headerNoNewline = try open("a,b")
        #expect(headerNoNewline.rowCount == 0)
        let noHeader = try open("1,2\n3,4", hasHeader: false)
        #expect(noHeader.rowCount == 2)
        #expect(noHeader.title(ofColumn: 0) == "column 1")
    }

    @Test func unterminatedQuoteKeepsTheRestOfTheFileInOneField() throws {
        let source = try open("a,b\n1,\"open\n2,x\n")
        #expect(source.rowCount == 1)
        #expect(source.value(row: 0, column: 1) == .string("open\n2,x\n"))
    }

    @Test func sniffsTheDelimiter() throws {
        #expect(try open("a;b;c\n1;2;3\n").dialect == .semicolon)
        #expect(try open("a|b\n1|2\n").dialect == .pipe)
        #expect(try open("a\tb\n1\t2\n", suffix: ".txt").dialect == .tab)
        #expect(try open("a,b\n1,2\n", suffix: ".tsv").dialect == .tab)
        #expect(try open("name;note\n\"a,b,c\";x\n").dialect == .semicolon)
        #expect(try open("single\n1\n").dialect == .comma)
    }

    @Test func directoriesAndMissingFilesAreClearErrors() {
        #expect(throws: MappedFile.OpenError.self) { try CSVFileDataSource(path: "/tmp") }
        #expect(throws: MappedFile.OpenError.self) { try CSVFileDataSource(path: "/nonexistent/x.csv") }
    }
}

@Suite struct FileChangeTests {
    @Test func aFileTruncatedWhileOpenNeitherCrashesNorShowsGarbage() throws {
        var text = "n,s\n"
        for i in 0..<100_000 { text += "\(i),\"value \(i)\"\n" }
        let path = temporaryFile(Array(text.utf8))
        let source = try CSVFileDataSource(path: path)
        CSVFileDataSource.installTruncationGuard()
        source.indexAll()
        #expect(source.rowCount == 100_000)
        #expect(truncate(path, 4096) == 0)
        // Reading past the new end would be SIGBUS without the guard.
        let sawLate = source.record(99_999)
        source.checkForChanges()
        #expect(source.notice?.contains("file changed") == true)
        #expect(source.value(row: 99_998, column: 1) == .null)
        #expect(source.value(row: 1, column: 1) == .string("value 1"))
        #expect(sawLate.count == 2)
        unlink(path)
    }

    @Test func aRewrittenFileIsReportedChanged() throws {
        let path = temporaryFile(Array("a,b\n1,2\n".utf8))
        let source = try CSVFileDataSource(path: path)
        source.checkForChanges()
        #expect(source.notice == nil)
        let fd = Glibc.open(path, O_WRONLY | O_APPEND)
        _ = "3,4\n".withCString { write(fd, $0, 4) }
        close(fd)
        source.checkForChanges()
        #expect(source.notice != nil)
        unlink(path)
    }
}

@Suite struct BadInputTests {
    @Test func binaryFilesAreRefusedWithAReason() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = temporaryFile(bytes, suffix: ".bin")
        #expect {
            try CSVFileDataSource(path: path)
        } throws: { error in
            guard case MappedFile.OpenError.system(let message) = error else { return false }
            return message.contains("looks like a binary file")
        }
        unlink(path)
    }

    @Test func textWithAFewNULsAndInvalidBytesIsNotBinary() throws {
        var text = Array("a,b\n".utf8)
        for i in 0..<200 { text += Array("\(i),text\(i)\n".utf8) }
        text += [0x00, 0x2C, 0xFF, 0x0A]
        #expect(text.withUnsafeBytes { BinarySniffer.reasonIfBinary($0) } == nil)
        let source = try CSVFileDataSource(path: temporaryFile(text))
        source.indexAll()
        #expect(source.value(row: 200, column: 0) == .string("\u{0}"))
        #expect(source.value(row: 200, column: 1) == .string("\u{FFFD}"))
    }

    /// Issue 11: a few escapes in a tiny file of valid UTF-8 (over 10% of its bytes) were
    /// refused as binary.
    @Test func aTinyCSVWithEscapeColouredCellsIsNotBinary() throws {
        let text = Array("id,c\n1,\u{1B}[31mR\n2,\u{1B}[0mG\n3,\u{1B}[1mB\u{1B}[0m\n".utf8)
        #expect(text.filter { $0 == 0x1B }.count * 10 > text.count)
        #expect(text.withUnsafeBytes { BinarySniffer.reasonIfBinary($0) } == nil)
        let source = try CSVFileDataSource(path: temporaryFile(text))
        source.indexAll()
        #expect(source.value(row: 0, column: 1) == .string("\u{1B}[31mR"))
        // Control bytes that are most of the sample are still refused, with or without NULs.
        let controls = [UInt8](repeating: 0x1B, count: 20) + Array("abcdefghij".utf8)
        #expect(controls.withUnsafeBytes { BinarySniffer.reasonIfBinary($0) } != nil)
    }

    @Test func utf8TextInManyScriptsIsNotBinary() {
        let text = Array(String(repeating: "名前,Zoë 🚀,Ærøskøbing,Ελλάδα\n", count: 100).utf8)
        #expect(text.withUnsafeBytes { BinarySniffer.reasonIfBinary($0) } == nil)
    }

    @Test func aHundredMegabyteFieldIsReadAndShownWithoutMeasuringItAll() throws {
        var text = Array("id,big,after\n1,\"".utf8)
        text += [UInt8](repeating: UInt8(ascii: "x"), count: 100 << 20)
        text += Array("\",tail\n2,small,ok\n".utf8)
        let source = try CSVFileDataSource(path: temporaryFile(text))
        source.indexAll()
        #expect(source.rowCount == 2)
        // The screen reads the record's first 16 MiB: the field after the huge one says it was
        // not read there; the whole-value readers read it.
        #expect(source.value(row: 0, column: 2) == .string("… [not read: past the first 16 MiB of a 100 MiB record]"))
        #expect(source.isValueCut(row: 0, column: 2))
        #expect(source.text(row: 0, column: 2) == "tail")
        #expect(source.rawField(row: 0, column: 1)?.count == (100 << 20) + 2)
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 40, height: 5))
        #expect(view.columns[1].width == 40)
        let surface = Surface(size: Size(width: 40, height: 5))
        view.render(into: surface)
        #expect(surface.line(1).hasSuffix("…"))
    }

    @Test func aLineOfAMillionColumnsOpensAndScrollsToTheEnd() throws {
        var header = [UInt8]()
        header.reserveCapacity(8 << 20)
        for i in 0..<1_000_000 { header += Array("c\(i),".utf8) }
        header[header.count - 1] = 0x0A
        header += Array("1,2,3\n".utf8)
        let source = try CSVFileDataSource(path: temporaryFile(header))
        source.indexAll()
        #expect(source.columnCount == 1_000_000)
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 80, height: 5))
        let controller = TableController(view: view)
        _ = controller.perform(.lastColumn)
        #expect(view.viewport.cursor.column == 999_999)
        let surface = Surface(size: Size(width: 80, height: 5))
        view.render(into: surface)
        #expect(surface.line(0).contains("c999999"))
    }
}

/// A pipe whose write end a test feeds.
struct TestPipe {
    let read: Int32
    let write: Int32
    init() {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0)
        read = fds[0]
        write = fds[1]
    }
    func send(_ text: String) { _ = text.withCString { Glibc.write(write, $0, strlen($0)) } }
    func close() { _ = Glibc.close(write) }
}

@Suite struct StreamingTests {
    func waitUntil(_ condition: () -> Bool) {
        for _ in 0..<5000 where !condition() { usleep(1000) }
    }

    @Test func rowsShowWhileTheStreamIsStillArriving() throws {
        let pipe = TestPipe()
        pipe.send("id,name\n1,a\n2,\"b\nc\"\n")
        let source = try CSVFileDataSource(streamingFrom: pipe.read, name: "stdin")
        source.startIndexing()
        waitUntil { source.rowCount == 2 }
        #expect(source.rowCount == 2)  // both rows ended with a newline
        #expect(source.loadState?.isComplete == false)
        #expect(source.loadState?.summary.hasPrefix("reading stdin") == true)
        pipe.send("3,d\n4,e")
        waitUntil { source.rowCount == 3 }
        #expect(source.rowCount == 3)  // "4,e" may still grow: not counted until the stream ends
        #expect(source.value(row: 1, column: 1) == .string("b\nc"))
        pipe.close()
        waitUntil { source.isIndexComplete }
        #expect(source.rowCount == 4)
        #expect(source.value(row: 3, column: 1) == .string("e"))
        #expect(source.title(ofColumn: 1) == "name")
    }

    @Test(arguments: ["", "a,b\n", "a,b", "a,b\n1,2\n", "a;b\n1;2"])
    func shortStreamsMatchTheFileReader(text: String) throws {
        let pipe = TestPipe()
        pipe.send(text)
        pipe.close()
        let stream = try CSVFileDataSource(streamingFrom: pipe.read, name: "stdin")
        stream.indexAll()
        let file = try CSVFileDataSource(path: temporaryFile(Array(text.utf8)))
        file.indexAll()
        #expect(stream.rowCount == file.rowCount)
        #expect(stream.columnCount == file.columnCount)
        #expect(stream.dialect == file.dialect)
        for row in 0..<file.rowCount { #expect(stream.record(row) == file.record(row)) }
    }

    @Test func aLargeStreamIsIndexedCompletely() throws {
        let pipe = TestPipe()
        let writer = pipe.write
        Thread.detachNewThread(writer: writer)
        let source = try CSVFileDataSource(streamingFrom: pipe.read, name: "stdin")
        source.indexAll()
        #expect(source.rowCount == 300_000)
        #expect(source.value(row: 299_999, column: 0) == .int(299_999))
    }
}

/// Writes 300,000 rows into `writer` from another thread, then closes it.
enum Thread {
    static func detachNewThread(writer: Int32) {
        var thread = pthread_t()
        let box = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        box.pointee = writer
        pthread_create(&thread, nil, { argument in
            let fd = argument!.assumingMemoryBound(to: Int32.self).pointee
            var chunk = "n,s\n"
            for i in 0..<300_000 {
                chunk += "\(i),value\(i)\n"
                if chunk.utf8.count > 60_000 {
                    _ = chunk.withCString { write(fd, $0, strlen($0)) }
                    chunk = ""
                }
            }
            _ = chunk.withCString { write(fd, $0, strlen($0)) }
            close(fd)
            return nil
        }, box)
        pthread_detach(thread)
    }
}

@Suite struct TypedValueTests {
    @Test(arguments: [
        ("42", DataTableValueType.int(42)), ("-7", .int(-7)), ("2.5", .double(2.5)), ("-0.25", .double(-0.25)),
        ("true", .bool(true)), ("false", .bool(false)), ("", .null),
        ("007", .string("007")), ("1,234.50", .string("1,234.50")), ("1355.20", .string("1355.20")),
        ("2.0", .string("2.0")), ("+3", .string("+3")), ("2024-01-02", .string("2024-01-02")), ("TRUE", .string("TRUE")),
        ("1e3", .string("1e3")), ("abc", .string("abc")),
    ])
    func fieldsAreTypedOnlyWhenTheTextIsCanonical(text: String, expected: DataTableValueType) {
        let value = DataTableValueType(fieldText: text)
        #expect(value == expected)
        #expect(value.stringRepresentation == text)  // showing a value shows the file's text
    }

    @Test func columnKindsAreInferredAndAlignNumbersRight() throws {
        let text = "id,price,when,ok,name\n1,1.50,2024-01-02,yes,Ada\n2,-3,2024-02-03 10:00,no,Linus\n3,,2023-12-31T23:59:59Z,yes,\n"
        let source = try CSVFileDataSource(path: temporaryFile(Array(text.utf8)))
        source.indexAll()
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration())
        #expect(view.columns.map(\.kind) == [.integer, .decimal, .dateTime, .boolean, .text])
        #expect(view.columns.map(\.alignment) == [.right, .right, .left, .left, .left])
    }
}

@Suite struct RawFieldTests {
    /// The raw bytes of a field, with CSV quoting undone, equal the parsed field.
    func unquoted(_ raw: UnsafeRawBufferPointer) -> String {
        var text = String(decoding: raw, as: UTF8.self)
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
            text = String(text.dropFirst().dropLast())
            var out = ""
            var previousWasQuote = false
            for c in text {
                if c == "\"" && previousWasQuote { previousWasQuote = false; continue }
                previousWasQuote = c == "\""
                out.append(c)
            }
            text = out
        }
        return text
    }

    @Test func rawFieldsAgreeWithParsedFieldsOnRandomRows() throws {
        var generator = SplitMix64(state: 42)
        let pieces = ["a", "bb", "ccc dd", "12345678", "x,y", "q\"q", "line\nbreak", "日本", "🚀", "", "longer text value"]
        var text = "c0,c1,c2,c3,c4,c5\n"
        for _ in 0..<2000 {
            let fields = (0..<6).map { _ -> String in
                let piece = pieces[Int(generator.next() % UInt64(pieces.count))] + pieces[Int(generator.next() % UInt64(pieces.count))]
                return piece.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
                    ? "\"" + piece.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\"" : piece
            }
            text += fields.joined(separator: ",") + (generator.next() % 3 == 0 ? "\r\n" : "\n")
        }
        let source = try CSVFileDataSource(path: temporaryFile(Array(text.utf8)))
        source.indexAll()
        #expect(source.rowCount == 2000)
        for row in 0..<source.rowCount {
            let fields = source.fields(row: row)
            for column in 0..<6 {
                #expect(unquoted(source.rawField(row: row, column: column)!) == fields[column], "row \(row) column \(column)")
            }
        }
    }
}


@Suite struct FIFOTests {
    @Test func aFIFOIsNotOpenedToBeDetectedAndStreamsWhole() throws {
        let path = "/tmp/dtable-fifo-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).csv"
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        // Detecting the FIFO must not open it (that would consume the writer).
        #expect(throws: MappedFile.OpenError.self) { try CSVFileDataSource(path: path) }
        var thread = pthread_t()
        let pathCopy = strdup(path)
        pthread_create(&thread, nil, { argument in
            let fd = open(argument!.assumingMemoryBound(to: CChar.self), O_WRONLY)
            _ = "a,b\n1,2\n3,4\n".withCString { write(fd, $0, strlen($0)) }
            close(fd)
            free(argument)
            return nil
        }, pathCopy)
        let fd = open(path, O_RDONLY)
        let source = try CSVFileDataSource(streamingFrom: fd, name: "fifo")
        source.indexAll()
        pthread_join(thread, nil)
        #expect(source.rowCount == 2)
        #expect(source.value(row: 1, column: 1) == .int(4))
    }
}

@Suite struct FileFilterTests {
    @Test(arguments: ["ada", "Ada", "x,y", "q\"q", "日本", "line", "zz-none"])
    func filteringAMappedFileMatchesFilteringParsedRows(query: String) throws {
        var generator = SplitMix64(seed: 9)
        let pieces = ["Ada", "ada", "bb", "x,y", "q\"q", "line\nbreak", "日本", "", "Grace"]
        var text = "c0,c1,c2\n"
        var rows: [[String]] = []
        for _ in 0..<500 {
            let fields = (0..<3).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
            rows.append(fields)
            text += fields.map { $0.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
                ? "\"" + $0.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\"" : $0 }
                .joined(separator: ",") + "\r\n"
        }
        let file = try CSVFileDataSource(path: temporaryFile(Array(text.utf8)))
        file.indexAll()
        let fileView = DataTableView(dataSource: file, configuration: DataTableConfiguration())
        let memoryView = DataTableView(dataSource: StringRowsDataSource(titles: ["c0", "c1", "c2"], rows: rows),
                                       configuration: DataTableConfiguration())
        let matcher = try RowMatcher(query: query, mode: .substring)
        for view in [fileView, memoryView] {
            view.startFilter(matcher)
            view.waitForJob()
        }
        let kept = (0..<fileView.viewport.rowCount).map(fileView.sourceRow(forDisplayRow:))
        #expect(kept == (0..<memoryView.viewport.rowCount).map(memoryView.sourceRow(forDisplayRow:)))
        #expect(kept.allSatisfy { row in rows[row].contains { matcher.matches($0) } })
        // Search reads rows the same way: both views land on the same matching row.
        for view in [fileView, memoryView] {
            view.startFilter(nil)
            view.startSearch(matcher, forward: true)
            view.waitForJob()
        }
        #expect(fileView.viewport.cursor.row == memoryView.viewport.cursor.row)
    }
}
