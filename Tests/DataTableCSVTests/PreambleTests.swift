import Glibc
import Testing
import TestSupport
import DataTableKit
import TerminalSurface
@testable import DataTableCSV

@Suite("Excel sep= lines, --skip and preambles") struct PreambleTests {
    func open(_ text: String, suffix: String = ".csv", dialect: CSVDialect? = nil, skipLines: Int = 0) throws -> CSVFileDataSource {
        let source = try CSVFileDataSource.open(path: temporaryFile(Array(text.utf8), suffix: suffix), dialect: dialect,
                                                skipLines: skipLines)
        source.indexAll()
        return source
    }

    func titles(_ source: CSVFileDataSource) -> [String] { (0..<source.columnCount).map(source.title(ofColumn:)) }

    /// What Excel writes in a `;` locale: a BOM, `sep=;`, CRLF, decimal commas, D.M.YYYY dates.
    static let excelExport = "\u{FEFF}sep=;\r\nArtikel;Preis;Datum\r\nÄpfel;1,99;11.11.2007\r\nBirnen;39,1;1.2.2024\r\n\"Kirschen; rot\";-24,69454;31.12.1999\r\n"

    @Test("Excel's sep=; line sets the delimiter and is not the header (BOM, CRLF)")
    func excelSeparatorLine() throws {
        let source = try open(Self.excelExport)
        #expect(source.dialect.delimiter == UInt8(ascii: ";"))
        #expect(titles(source) == ["Artikel", "Preis", "Datum"])
        #expect(source.rowCount == 3)
        #expect(source.fields(row: 0) == ["Äpfel", "1,99", "11.11.2007"])
        #expect(source.fields(row: 2) == ["Kirschen; rot", "-24,69454", "31.12.1999"])
        #expect(source.usesCRLF)
        #expect(source.notice == nil, "\(source.notice ?? "")")
    }

    @Test("sep= takes any single character", arguments: [("\t", "\t"), ("|", "|"), ("\\t", "\t"), (":", ":")])
    func anySeparator(written: String, delimiter: String) throws {
        let d = delimiter
        let source = try open("sep=\(written)\na\(d)b\(d)c\n1\(d)2,5\(d)3\n")
        #expect(source.dialect.delimiter == delimiter.utf8.first)
        #expect(titles(source) == ["a", "b", "c"])
        #expect(source.fields(row: 0) == ["1", "2,5", "3"])
    }

    @Test("A line that only starts like sep= is data")
    func notASeparatorLine() throws {
        let source = try open("sep=;x,b\n1,2\n")
        #expect(titles(source) == ["sep=;x", "b"])
        let spaced = try open("sep= ;\na,b\n1,2\n")
        #expect(spaced.rowCount == 2)
    }

    @Test("-d wins over sep=, whose line is still skipped")
    func givenDelimiterWins() throws {
        let source = try open("sep=;\na|b\n1|2\n", dialect: CSVDialect(delimiter: UInt8(ascii: "|")))
        #expect(titles(source) == ["a", "b"])
        #expect(source.rowCount == 1)
    }

    @Test("--skip N skips N lines before the header (after the BOM and a sep= line)")
    func skipLines() throws {
        let source = try open("Quarterly report\r\nGenerated 2026-11-23, by hand\r\nid,name\r\n1,a\r\n2,b\r\n", skipLines: 2)
        #expect(titles(source) == ["id", "name"])
        #expect(source.rowCount == 2)
        #expect(source.fields(row: 1) == ["2", "b"])
        #expect(source.notice == nil, "\(source.notice ?? "")")
        let afterSeparator = try open("\u{FEFF}sep=;\nnotes\nid;name\n1;a\n", skipLines: 1)
        #expect(titles(afterSeparator) == ["id", "name"])
        // More lines skipped than the file has: an empty table, not a crash.
        let tooMany = try open("a,b\n1,2\n", skipLines: 10)
        #expect(tooMany.rowCount == 0)
    }

    @Test("--skip on a stream waits for the header after the skipped lines")
    func skipOnAStream() throws {
        let pipe = TestPipe()
        pipe.send("title\n")
        let writer = DetachedThread {
            usleep(300_000)  // after the stream's first wait of 250 ms
            pipe.send("more notes\nid,name\n1,a\n")
            pipe.close()
        }
        writer.start()
        let source = try CSVFileDataSource(streamingFrom: pipe.read, name: "stdin", skipLines: 2)
        source.indexAll()
        #expect(titles(source) == ["id", "name"])
        #expect(source.rowCount == 1)
    }

    @Test("A title line does not choose the delimiter, and the status line hints at --skip")
    func titleLineDoesNotFoolTheSniffer() throws {
        let source = try open("Sales, by region\nregion;q1;q2\nnorth;1,5;2\nsouth;3;4,25\neast;5;6\n")
        #expect(source.dialect.delimiter == UInt8(ascii: ";"))
        #expect(source.notice == "the first line looks like a preamble, not the header", "\(source.notice ?? "")")
        // The program's words on how to skip lines follow, with the count to skip.
        source.hints = DataTableHints(skippingLines: { "--skip \($0)" })
        #expect(source.notice == "the first line looks like a preamble, not the header: --skip 1", "\(source.notice ?? "")")
        let skipped = try open("Sales, by region\nregion;q1;q2\nnorth;1,5;2\nsouth;3;4,25\neast;5;6\n", skipLines: 1)
        #expect(titles(skipped) == ["region", "q1", "q2"])
        #expect(skipped.notice == nil)
    }

    @Test("A preamble of several lines (a blank one too) is seen and counted in lines")
    func preambleOfSeveralLines() throws {
        var text = "Exported by Tool 3.1\r\nSource: \"survey\"\r\n\r\n"
        text += "id\tname\tscore\r\n"
        for i in 0..<30 { text += "\(i)\tname, \(i)\t\(i * 3)\r\n" }
        let source = try open(text)
        #expect(source.dialect.delimiter == UInt8(ascii: "\t"))
        source.hints = DataTableHints(skippingLines: { "--skip \($0)" })
        #expect(source.notice == "the first 3 lines look like a preamble, not the header: --skip 3", "\(source.notice ?? "")")
        let skipped = try open(text, skipLines: 3)
        #expect(titles(skipped) == ["id", "name", "score"])
        #expect(skipped.rowCount == 30)
    }

    @Test("Ordinary files get no preamble hint", arguments: [
        "a,b,c\n1,2,3\n4,5,6\n7,8,9\n", "name\nx\ny\n", "a;b\n\"1;x\";2\n3;4\n5;6\n7;8\n", "a,b\n1,2\n",
    ])
    func noHintOnOrdinaryFiles(text: String) throws {
        #expect(try open(text).notice == nil)
    }

    @Test("The sniffer picks the delimiter of the longest agreeing run")
    func sniffer() {
        func sniff(_ text: String) -> (UInt8, Int) {
            Array(text.utf8).withUnsafeBytes {
                let result = CSVDialect.sniffWithPreamble($0)
                return (result.dialect.delimiter, result.preambleBytes)
            }
        }
        #expect(sniff("a;b;c\n1,5;2;3\n4;5,5;6\n") == (UInt8(ascii: ";"), 0))
        #expect(sniff("a|b\n1|2\n3|4\n") == (UInt8(ascii: "|"), 0))
        #expect(sniff("Title, with comma\na\tb\n1\t2\n3\t4\n") == (UInt8(ascii: "\t"), 18))
        #expect(sniff("just text\n") == (UInt8(ascii: ","), 0))
        // Quotes hide delimiters.
        #expect(sniff("a,b\n\"x;y;z\",1\n\"p;q;r\",2\n") == (UInt8(ascii: ","), 0))
    }
}

@Suite("Rows wider than the header") struct WideRowTests {
    /// `rows` rows of three fields; row `wideRow` (0-based) has five.
    func file(rows: Int, wideRow: Int) -> String {
        var text = "a,b,c\n"
        text.reserveCapacity(rows * 12)
        for i in 0..<rows { text += i == wideRow ? "\(i),x,\"q,\"\"q\",4,5\n" : "\(i),x,\"y,\nz\"\n" }
        return temporaryFile(Array(text.utf8))
    }

    @Test("A row wider than the header at row 100,000 adds columns titled column N")
    func wideRowFarIntoTheFile() throws {
        let source = try CSVFileDataSource.open(path: file(rows: 150_000, wideRow: 99_999))
        #expect(source.columnCount == 3)
        source.indexAll()
        #expect(source.columnCount == 5)
        #expect((0..<5).map(source.title(ofColumn:)) == ["a", "b", "c", "column 4", "column 5"])
        #expect(source.value(row: 99_999, column: 4) == .int(5))
        #expect(source.value(row: 99_999, column: 2) == .string("q,\"q"))
        #expect(source.value(row: 0, column: 4) == .null)
    }

    @Test("The view adds the columns when the background count finds them")
    func theViewPicksUpNewColumns() throws {
        let source = try CSVFileDataSource.open(path: file(rows: 150_000, wideRow: 120_000))
        let view = DataTableView(dataSource: source, size: Size(width: 100, height: 20))
        #expect(view.columns.count == 3)
        source.startIndexing()
        for _ in 0..<10_000 where view.columns.count < 5 {
            _ = view.refreshFromDataSource()
            usleep(1000)
        }
        #expect(view.columns.map(\.title) == ["a", "b", "c", "column 4", "column 5"])
        #expect(source.isFieldCountComplete)
    }

    @Test("The field-count kernels (C and Swift) agree with a byte-at-a-time count on random CSV",
          arguments: RowScanKernel.available)
    func fieldCountMatchesReference(kernel: RowScanKernel) {
        var random = SplitMix64(seed: 7)
        let alphabet: [UInt8] = Array("ab,;\"\n\r\t ".utf8)
        for _ in 0..<300 {
            let length = Int(random.next() % 700)
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            // Reference: delimiters outside quotes between LF/CR terminators.
            var widest = 0, open = 0, inQuotes = false
            for byte in bytes {
                if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
                else if !inQuotes && byte == UInt8(ascii: ",") { open += 1 }
                else if !inQuotes && (byte == 0x0A || byte == 0x0D) { widest = max(widest, open); open = 0 }
            }
            widest = max(widest, open)
            // In random pieces, as the pass reads chunks.
            var state = FieldCountState()
            var offset = 0
            bytes.withUnsafeBytes { all in
                while offset < all.count {
                    let upper = min(all.count, offset + 1 + Int(random.next() % 200))
                    RowIndexer.countFields(UnsafeRawBufferPointer(rebasing: all[offset..<upper]), quote: UInt8(ascii: "\""),
                                           delimiter: UInt8(ascii: ","), state: &state, kernel: kernel)
                    offset = upper
                }
            }
            #expect(state.widest == widest, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }
}
