import Testing
@testable import DataTableCSV
import DataTableKit

/// Reads `text` as UTF-8 bytes.
private func read(_ text: String, dialect: CSVDialect = .comma, hasHeader: Bool = true) -> CSVDocument {
    CSVReader.read(Array(text.utf8), dialect: dialect, hasHeader: hasHeader)
}

@Suite("CSVReader")
struct CSVReaderTests {
    @Test func simple() {
        let doc = read("a,b,c\n1,2,3\n4,5,6\n")
        #expect(doc.header == ["a", "b", "c"])
        #expect(doc.rows == [["1", "2", "3"], ["4", "5", "6"]])
        #expect(doc.columnCount == 3)
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func quotedFieldWithDelimiter() {
        let doc = read("name,city\n\"Doe, John\",\"Paris, FR\"\n")
        #expect(doc.rows == [["Doe, John", "Paris, FR"]])
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func doubledQuotes() {
        let doc = read("a,b\n\"say \"\"hi\"\"\",\"\"\"\"\n\"\",x\n")
        #expect(doc.rows == [["say \"hi\"", "\""], ["", "x"]])
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func embeddedLineFeedAndCRLFInQuotes() {
        let doc = read("a,b\n\"line1\nline2\",\"x\r\ny\"\n\"lone\rcr\",z\n")
        #expect(doc.rows == [["line1\nline2", "x\r\ny"], ["lone\rcr", "z"]])
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func crlfRecords() {
        let doc = read("a,b\r\n1,2\r\n3,4\r\n")
        #expect(doc.header == ["a", "b"])
        #expect(doc.rows == [["1", "2"], ["3", "4"]])
    }

    @Test func loneCRRecords() {
        let doc = read("a,b\r1,2\r3,4\r")
        #expect(doc.header == ["a", "b"])
        #expect(doc.rows == [["1", "2"], ["3", "4"]])
    }

    @Test func mixedLineEndings() {
        let doc = read("a,b\n1,2\r\n3,4\r5,6")
        #expect(doc.header == ["a", "b"])
        #expect(doc.rows == [["1", "2"], ["3", "4"], ["5", "6"]])
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func byteOrderMarkIsSkipped() {
        let doc = CSVReader.read([0xEF, 0xBB, 0xBF] + Array("id,name\n1,x\n".utf8))
        #expect(doc.header == ["id", "name"])
        #expect(doc.rows == [["1", "x"]])
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func byteOrderMarkOnlyIsEmpty() {
        let doc = CSVReader.read([0xEF, 0xBB, 0xBF])
        #expect(doc.header.isEmpty)
        #expect(doc.rows.isEmpty)
        #expect(doc.columnCount == 0)
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func raggedRowsArePaddedAndReported() {
        let doc = read("a,b,c\n1,2\n3,4,5,6\n7,8,9,10\n")
        #expect(doc.columnCount == 4)
        #expect(doc.header == ["a", "b", "c", ""])
        #expect(doc.rows == [["1", "2", "", ""], ["3", "4", "5", "6"], ["7", "8", "9", "10"]])
        #expect(doc.diagnostics == [
            .raggedRow(row: 0, fieldCount: 3, expected: 4),
            .raggedRow(row: 1, fieldCount: 2, expected: 4),
        ])
    }

    @Test func raggedDiagnosticsAreCapped() {
        var text = "a,b\n"
        for _ in 0..<500 { text += "x\n" }
        let doc = CSVReader.read(Array(text.utf8) + [0xFF])
        #expect(doc.rows.count == 501)
        #expect(doc.rows.allSatisfy { $0.count == 2 })
        #expect(doc.diagnostics.count == CSVReader.maxDiagnostics)
        #expect(doc.diagnostics.last == .invalidUTF8)
        #expect(doc.diagnostics.first == .raggedRow(row: 1, fieldCount: 1, expected: 2))
    }

    @Test func emptyLineInTheMiddleIsARecord() {
        let doc = read("a,b\n1,2\n\n3,4\n")
        #expect(doc.rows == [["1", "2"], ["", ""], ["3", "4"]])
        #expect(doc.diagnostics == [.raggedRow(row: 2, fieldCount: 1, expected: 2)])
    }

    @Test func noTrailingNewline() {
        let doc = read("a,b\n1,2")
        #expect(doc.rows == [["1", "2"]])
    }

    @Test func trailingNewlineAddsNoRow() {
        #expect(read("a,b\n1,2\n").rows == [["1", "2"]])
        #expect(read("a,b\r\n1,2\r\n").rows == [["1", "2"]])
        #expect(read("a,b\r1,2\r").rows == [["1", "2"]])
    }

    @Test func trailingDelimiterMakesEmptyField() {
        let doc = read("a,b,\n1,2,")
        #expect(doc.header == ["a", "b", ""])
        #expect(doc.rows == [["1", "2", ""]])
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func emptyInput() {
        let doc = read("")
        #expect(doc.header.isEmpty)
        #expect(doc.rows.isEmpty)
        #expect(doc.columnCount == 0)
        #expect(doc.diagnostics.isEmpty)
        let raw = CSVReader.read(UnsafeRawBufferPointer(start: nil, count: 0))
        #expect(raw.columnCount == 0)
        #expect(raw.rows.isEmpty)
    }

    @Test func headerOnly() {
        let doc = read("a,b,c\n")
        #expect(doc.header == ["a", "b", "c"])
        #expect(doc.rows.isEmpty)
        #expect(doc.columnCount == 3)
        #expect(read("a,b,c").header == ["a", "b", "c"])
    }

    @Test func unterminatedQuoteKeepsDataAndReports() {
        let doc = read("a,b\n1,\"open\nstill,open\n")
        #expect(doc.rows == [["1", "open\nstill,open\n"]])
        #expect(doc.diagnostics == [.unterminatedQuote(row: 1)])
    }

    @Test func unterminatedQuoteAfterDoubledQuote() {
        let doc = read("a\n\"x\"\"y", hasHeader: true)
        #expect(doc.rows == [["x\"y"]])
        #expect(doc.diagnostics == [.unterminatedQuote(row: 1)])
    }

    @Test func invalidUTF8BecomesReplacementCharacter() {
        let bytes: [UInt8] = Array("a,b\n".utf8) + [0x78, 0xFF, 0x79] + Array(",".utf8) + [0xC3] + Array("\n\"q".utf8) + [0xFE] + Array("\"\n".utf8)
        let doc = CSVReader.read(bytes)
        #expect(doc.rows == [["x\u{FFFD}y", "\u{FFFD}"], ["q\u{FFFD}", ""]])
        #expect(doc.diagnostics.filter { $0 == .invalidUTF8 }.count == 1)
    }

    @Test func invalidUTF8InEscapedQuotedField() {
        let bytes: [UInt8] = Array("a\n\"\"\"".utf8) + [0xFF] + Array("\"\n".utf8)
        let doc = CSVReader.read(bytes)
        #expect(doc.rows == [["\"\u{FFFD}"]])
        #expect(doc.diagnostics == [.invalidUTF8])
    }

    @Test func truncatedFourByteSequenceIsReported() {
        // Three bytes of a four-byte sequence decode to one U+FFFD of the same byte length.
        let bytes: [UInt8] = Array("a\n".utf8) + [0xF0, 0x9F, 0x98] + Array("\n".utf8)
        let doc = CSVReader.read(bytes)
        #expect(doc.rows == [["\u{FFFD}"]])
        #expect(doc.diagnostics == [.invalidUTF8])
    }

    @Test(arguments: [
        [0xC0, 0x80] as [UInt8],        // overlong NUL
        [0xE0, 0x80, 0xAF],             // overlong slash
        [0xED, 0xA0, 0x80],             // UTF-16 surrogate
        [0xF4, 0x90, 0x80, 0x80],       // past U+10FFFF
        [0xF5, 0x80, 0x80, 0x80],       // lead byte out of range
        [0x80],                         // lone continuation
        [0xE2, 0x82],                   // truncated three-byte sequence
    ])
    func malformedSequencesAreReported(sequence: [UInt8]) {
        let doc = CSVReader.read(Array("a\nx".utf8) + sequence + Array("y\n".utf8))
        #expect(doc.rows.count == 1)
        #expect(doc.rows.first?.first?.hasPrefix("x\u{FFFD}") == true)
        #expect(doc.diagnostics == [.invalidUTF8])
    }

    @Test func validatorAgreesWithStandardLibrary() {
        // A fixed linear congruential generator keeps the byte soup reproducible.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func nextByte() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let byte = UInt8(truncatingIfNeeded: state >> 56)
            // Bias towards lead and continuation bytes so multi-byte paths get exercised.
            return byte < 0x40 ? byte | 0x80 : byte
        }
        for length in 0..<9 {
            for _ in 0..<2_000 {
                let bytes = (0..<length).map { _ in nextByte() }
                let expected = String(validating: bytes, as: UTF8.self) != nil
                let actual = bytes.withUnsafeBufferPointer(CSVReader.UTF8Validation.isValid)
                #expect(actual == expected, "\(bytes)")
            }
        }
    }

    @Test func validNonASCIIIsNotReported() {
        let doc = read("a,b\n\"é\"\"ü\"x€,\u{10FFFF}\u{FFFD}\n")
        #expect(doc.rows == [["é\"üx€", "\u{10FFFF}\u{FFFD}"]])
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func nulBytesAreKept() {
        let doc = CSVReader.read(Array("a,b\n".utf8) + [0x78, 0x00, 0x79, 0x2C, 0x00, 0x0A])
        #expect(doc.rows == [["x\u{0}y", "\u{0}"]])
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func tabDialect() {
        let doc = read("a\tb\n1,5\t\"x\ty\"\n", dialect: .tab)
        #expect(doc.header == ["a", "b"])
        #expect(doc.rows == [["1,5", "x\ty"]])
    }

    @Test func semicolonDialect() {
        let doc = read("a;b\n1,5;2,5\n", dialect: .semicolon)
        #expect(doc.rows == [["1,5", "2,5"]])
    }

    @Test func pipeDialectAndCustomQuote() {
        let doc = read("a|b\n'x|y'|'it''s'\n", dialect: CSVDialect(delimiter: UInt8(ascii: "|"), quote: UInt8(ascii: "'")))
        #expect(doc.rows == [["x|y", "it's"]])
        #expect(CSVDialect.pipe.delimiter == UInt8(ascii: "|"))
    }

    @Test func dialectDefaults() {
        #expect(CSVDialect() == .comma)
        #expect(CSVDialect.comma.delimiter == UInt8(ascii: ","))
        #expect(CSVDialect.comma.quote == UInt8(ascii: "\""))
        #expect(CSVDialect.tab.delimiter == UInt8(ascii: "\t"))
        #expect(CSVDialect.semicolon.delimiter == UInt8(ascii: ";"))
    }

    @Test(arguments: [
        ("data.tsv", CSVDialect.tab),
        ("DATA.TSV", .tab),
        ("dir/x.tab", .tab),
        ("data.csv", .comma),
        ("data.txt", .comma),
        ("tsv", .comma),
        ("", .comma),
    ])
    func forFileName(name: String, expected: CSVDialect) {
        #expect(CSVDialect.forFileName(name) == expected)
    }

    @Test func withoutHeader() {
        let doc = read("1,2\n3,4,5\n", hasHeader: false)
        #expect(doc.header == ["", "", ""])
        #expect(doc.rows == [["1", "2", ""], ["3", "4", "5"]])
        #expect(doc.columnCount == 3)
        #expect(doc.diagnostics == [.raggedRow(row: 0, fieldCount: 2, expected: 3)])
    }

    @Test func withoutHeaderEmptyInput() {
        let doc = read("", hasHeader: false)
        #expect(doc.header.isEmpty)
        #expect(doc.rows.isEmpty)
        #expect(doc.columnCount == 0)
    }

    @Test func cjkAndEmojiBytesIntact() {
        let doc = read("名前,絵文字\n東京,👨‍👩‍👧‍👦\n\"日本, 語\",🇯🇵\n")
        #expect(doc.header == ["名前", "絵文字"])
        #expect(doc.rows == [["東京", "👨‍👩‍👧‍👦"], ["日本, 語", "🇯🇵"]])
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func quoteMidFieldIsLiteral() {
        let doc = read("a,b\n5\"5,x\"y\"\n")
        #expect(doc.rows == [["5\"5", "x\"y\""]])
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func textAfterClosingQuoteIsLiteral() {
        let doc = read("a,b\n\"ab\"cd,\"x\"\"\"y\"z\n")
        #expect(doc.rows == [["abcd", "x\"y\"z"]])
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func rawBufferEntryPoint() {
        let bytes = Array("a,b\n1,2\n".utf8)
        let doc = bytes.withUnsafeBytes { CSVReader.read($0) }
        #expect(doc.header == ["a", "b"])
        #expect(doc.rows == [["1", "2"]])
    }
}

@Suite struct CSVDataSourceTests {
    @Test func emptyTitlesAreNamedAndEmptyFieldsAreNull() {
        let source = CSVDataSource(bytes: Array("a,,c\n1,,3\n".utf8))
        #expect(source.title(ofColumn: 1) == "column 2")
        #expect(source.value(row: 0, column: 1) == .null)
        #expect(source.value(row: 0, column: 2) == .string("3"))
        #expect(source.notice == nil)
    }

    @Test func repairsAreSummarisedForTheStatusLine() {
        let source = CSVDataSource(bytes: Array("a,b\n1,2,3\n\"x\n".utf8) + [0xFF])
        #expect(source.notice == "2 rows with missing/extra fields; quote not closed (record 3); invalid UTF-8 shown as \u{FFFD}")
    }
}
