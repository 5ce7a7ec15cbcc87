import Glibc
import TerminalSurface
import Testing
@testable import DataTableKit
import DataTableCSV
import TestSupport

/// The row `(\w+\s?)+$` backtracks exponentially over (it ends in `!`), as in RegexLimitTests.
private let catastrophicRow = "the quick brown fox jumps over the lazy dog again and again!"

/// The raw-byte scan of filter and search (`RecordScanner`) against the field-wise path
/// (`RowMatchPredicate`, `RowSearch`): the same rows, in the same order, on random CSV with
/// quotes, doubled quotes, embedded newlines, CRLF and lone CR, delimiters, CJK, invalid UTF-8
/// and mixed case, with tiny blocks so that block and thread boundaries fall everywhere.
@Suite struct RecordScanTests {
    /// Random CSV bytes: a header, then `rows` records of 1-4 fields, quoted or not, some
    /// malformed (quotes in the middle of unquoted fields), ending in LF or CRLF (the last one
    /// sometimes without a terminator).
    static func randomCSV(rows: Int, delimiter: UInt8, generator: inout SplitMix64) -> [UInt8] {
        let plain: [[UInt8]] = ["a", "b", "ab", "A", "AB", "aB", "x", "X", "k", "s", "東", "京", "東京", "é", "É", " ",
                                "Hopper", "hop", "1", "22"].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE6, 0x9D]]
        let special: [[UInt8]] = [[delimiter], [0x22], [0x22, 0x22], [0x0A], [0x0D, 0x0A], [0x0D]]
        func pick(_ pieces: [[UInt8]]) -> [UInt8] { pieces[Int(generator.next() % UInt64(pieces.count))] }
        var out = Array("c0\(Character(UnicodeScalar(delimiter)))c1\(Character(UnicodeScalar(delimiter)))c2\n".utf8)
        for row in 0..<rows {
            let fieldCount = 1 + Int(generator.next() % 4)
            for field in 0..<fieldCount {
                if field > 0 { out.append(delimiter) }
                let length = Int(generator.next() % 5)
                switch generator.next() % 8 {
                case 0, 1, 2:  // quoted, anything inside, quotes doubled
                    out.append(0x22)
                    for _ in 0..<length {
                        let piece = generator.next() % 3 == 0 ? pick(special) : pick(plain)
                        for byte in piece { out.append(byte); if byte == 0x22 { out.append(0x22) } }
                    }
                    out.append(0x22)
                case 3:  // malformed: a quote in an unquoted field
                    out += pick(plain) + [0x22] + pick(plain)
                default:
                    for _ in 0..<length { out += pick(plain) }
                }
            }
            if row < rows - 1 || generator.next() % 2 == 0 { out += generator.next() % 3 == 0 ? [0x0D, 0x0A] : [0x0A] }
        }
        return out
    }

    static func file(_ bytes: [UInt8], delimiter: UInt8) throws -> CSVFileDataSource {
        try indexedCSVFile(bytes, prefix: "scan", dialect: CSVDialect(delimiter: delimiter))
    }

    /// Queries: fixed ones that stress the literal rules, and random pieces of the data.
    static func queries(from bytes: [UInt8], generator: inout SplitMix64) -> [(String, RowMatcher.Mode)] {
        var result: [(String, RowMatcher.Mode)] = [
            ("a", .substring), ("ab", .substring), ("AB", .substring), ("Ab", .substring), ("b,a", .substring),
            ("b;a", .substring), ("a\"b", .substring), ("\"", .substring), ("\"\"", .substring), ("b\na", .substring),
            ("\r", .substring), ("東京", .substring), ("é", .substring), ("É", .substring), ("éa", .substring),
            ("k", .substring), ("hopper", .substring), ("Hopper", .substring), ("x\u{FFFD}", .substring),
            ("", .substring), ("zz", .substring), ("2", .substring), ("a b", .substring),
            ("a", .regex), ("ab", .regex), ("Hop+er", .regex), ("a?b", .regex), ("[ab]x", .regex), ("^a", .regex),
            ("b$", .regex), ("^$", .regex), ("(?i)AB", .regex), ("a|東", .regex), ("a.b", .regex), ("\\x41b", .regex),
            ("k", .regex), ("s", .regex), ("a\"b", .regex), ("b,a", .regex), ("(ab)+x", .regex), ("a\\nb", .regex),
            ("\\Qa\"\\E", .regex), ("x{1,2}a", .regex), ("\\d{2}", .regex), ("É", .regex), ("ÉA", .regex),
            ("hopper", .regex), ("\\bab\\b", .regex), ("\\.", .regex), ("a{0}b", .regex),
        ]
        for _ in 0..<30 {
            let start = Int(generator.next() % UInt64(bytes.count))
            let length = 1 + Int(generator.next() % 4)
            let piece = Array(bytes[start..<min(bytes.count, start + length)])
            guard let text = String(validating: piece, as: UTF8.self) else { continue }
            result.append((text, .substring))
            if generator.next() % 2 == 0 { result.append((text.uppercased(), .substring)) }
        }
        return result
    }

    /// The field-wise filter: what `startFilter` ran before the scan.
    static func referenceRows(_ source: DataTableDataSource, matcher: RowMatcher) -> [UInt32] {
        var predicate = RowMatchPredicate(source: source, rowCount: source.rowCount, matcher: matcher)
        return (0..<source.rowCount).filter { predicate.matches(row: $0) }.map { UInt32($0) }
    }

    @Test(arguments: [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "x")])
    func filterFindsTheRowsOfTheFieldWisePath(delimiter: UInt8) throws {
        var generator = SplitMix64(seed: UInt64(delimiter))
        for round in 0..<6 {
            let bytes = Self.randomCSV(rows: 40 + round * 60, delimiter: delimiter, generator: &generator)
            let source = try Self.file(bytes, delimiter: delimiter)
            for (query, mode) in Self.queries(from: bytes, generator: &generator) {
                guard let matcher = try? RowMatcher(query: query, mode: mode) else { continue }
                let expected = Self.referenceRows(source, matcher: matcher)
                let scanner = try #require(RecordScanner.make(source: source, rowCount: source.rowCount, matcher: matcher))
                for (threads, chunk) in [(1, 1 << 20), (2, 1), (2, 7), (3, 64), (2, 1 << 20)] {
                    let found = scanner.filter(rows: 0..<source.rowCount, threads: threads, chunkBytes: chunk,
                                               isCancelled: { false }, progress: { _ in })
                    #expect(found == .rows(expected), "query \(query.debugDescription) \(mode) threads \(threads) chunk \(chunk)")
                }
            }
        }
    }

    @Test func searchFindsThePositionOfTheFieldWisePath() throws {
        var generator = SplitMix64(seed: 77)
        for round in 0..<4 {
            let bytes = Self.randomCSV(rows: 50 + round * 50, delimiter: UInt8(ascii: ","), generator: &generator)
            let source = try Self.file(bytes, delimiter: UInt8(ascii: ","))
            let rows = source.rowCount
            for (query, mode) in Self.queries(from: bytes, generator: &generator) {
                guard let matcher = try? RowMatcher(query: query, mode: mode) else { continue }
                let scanner = try #require(RecordScanner.make(source: source, rowCount: rows, matcher: matcher))
                var predicate = RowMatchPredicate(source: source, rowCount: rows, matcher: matcher)
                // No order, a shuffled order, a filtered subset.
                let shuffled = (0..<rows).map { UInt32($0) }.shuffled(using: &generator)
                let subset = (0..<rows).filter { _ in generator.next() % 3 != 0 }.map { UInt32($0) }
                for order in [nil, shuffled, subset] {
                    let count = order?.count ?? rows
                    guard count > 0 else { continue }
                    for _ in 0..<3 {
                        let start = Int(generator.next() % UInt64(count))
                        let forward = generator.next() % 2 == 0
                        let expected = RowSearch.find(
                            from: start, count: count, forward: forward,
                            sourceRow: { position in order.map { Int($0[position]) } ?? position },
                            rowMatches: { predicate.matches(row: $0) }, isCancelled: { false }, progress: { _, _ in })
                        let expectedResult: RecordScanner.FindResult
                        switch expected {
                        case .found(let position): expectedResult = .found(position)
                        case .notFound: expectedResult = .notFound
                        case .cancelled: expectedResult = .cancelled
                        }
                        for (threads, chunk, nearby) in [(2, 1, 2), (2, 13, 0), (1, 1 << 20, 4096), (3, 5, 7)] {
                            let found = scanner.search(order: order, start: start, count: count, forward: forward,
                                                       threads: threads, chunkBytes: chunk, nearby: nearby,
                                                       isCancelled: { false }, progress: { _ in })
                            #expect(found == expectedResult,
                                    "query \(query.debugDescription) \(mode) start \(start) forward \(forward) order \(order == nil ? "none" : "\(count)") threads \(threads) chunk \(chunk)")
                        }
                    }
                }
            }
        }
    }

    @Test func editedRowsMatchOnTheirEditedValues() throws {
        var generator = SplitMix64(seed: 5)
        let bytes = Self.randomCSV(rows: 300, delimiter: UInt8(ascii: ","), generator: &generator)
        let file = try Self.file(bytes, delimiter: UInt8(ascii: ","))
        let editable = EditableDataSource(base: file)
        var edited = Set<Int>()
        for _ in 0..<40 {
            let row = Int(generator.next() % UInt64(file.rowCount))
            let values = ["Hopper", "plain", "", "a,b", "x\"y", "東京"]
            if editable.setField(values[Int(generator.next() % 6)], row: row, column: Int(generator.next() % 3)) {
                edited.insert(row)
            }
        }
        _ = editable.deleteRow(3)  // deleted rows keep their bytes; the view leaves them out
        for (query, mode) in [("Hopper", RowMatcher.Mode.substring), ("a", .substring), ("plain", .substring),
                              ("a,b", .substring), ("x\"y", .substring), ("東京", .regex), ("^$", .regex), ("", .substring)] {
            let matcher = try RowMatcher(query: query, mode: mode)
            var raw = RowMatchPredicate(source: file, rowCount: file.rowCount, matcher: matcher)
            var text = RowMatchPredicate(source: editable, rowCount: file.rowCount, matcher: matcher)
            let expected = (0..<file.rowCount).filter { edited.contains($0) ? text.matches(row: $0) : raw.matches(row: $0) }
                .map { UInt32($0) }
            let scanner = try #require(RecordScanner.make(source: editable, rowCount: file.rowCount, matcher: matcher))
            #expect(scanner.scan.rowsReadAsText == edited.sorted())
            for chunk in [1, 50, 1 << 20] {
                #expect(scanner.filter(rows: 0..<file.rowCount, threads: 2, chunkBytes: chunk, isCancelled: { false },
                                       progress: { _ in }) == .rows(expected), "query \(query) chunk \(chunk)")
            }
        }
    }

    @Test func aCancelledScanSaysSo() throws {
        var generator = SplitMix64(seed: 3)
        let source = try Self.file(Self.randomCSV(rows: 200, delimiter: UInt8(ascii: ","), generator: &generator),
                                   delimiter: UInt8(ascii: ","))
        let scanner = try #require(RecordScanner.make(source: source, rowCount: source.rowCount,
                                                      matcher: try RowMatcher(query: "a", mode: .substring)))
        #expect(scanner.filter(rows: 0..<source.rowCount, threads: 2, chunkBytes: 8, isCancelled: { true },
                               progress: { _ in }) == .cancelled)
        #expect(scanner.search(order: nil, start: 0, count: source.rowCount, forward: true, threads: 2, chunkBytes: 8,
                               isCancelled: { true }, progress: { _ in }) == .cancelled)
    }

    @Test func sourcesWithoutRawBytesAreNotScanned() throws {
        let rows = StringRowsDataSource(titles: ["a"], rows: [["x"]])
        #expect(RecordScanner.make(source: rows, rowCount: 1, matcher: try RowMatcher(query: "x", mode: .substring)) == nil)
    }
}

/// The literal a scan looks for, per query kind.
@Suite struct ScanLiteralTests {
    @Test(arguments: [
        ("Hop+er", false, "Hop"), ("H[aeiou]pper", false, "pper"), ("a|b", false, ""), ("ab?cd", false, "cd"),
        ("\\x41bcd", false, "bcd"), ("\\x{263A}bc", false, "bc"), ("\\cAxyz", false, "xyz"), ("x{2}abc", false, "abc"),
        ("x{1,3}abc", false, "abc"), ("(?i)abc", false, ""), ("(?:ab)cd", false, "cd"), ("\\.com", false, ".com"),
        ("abc\\d+", false, "abc"), ("kansas", true, "an"), ("[]abc]def", false, "def"), ("a{x}", false, "x}"),
        ("ABC", true, "abc"), ("東京", false, "東京"), ("東京x", true, "x"), ("\\p{Lu}abc", false, "abc"),
        ("\\k<n>ab", false, "ab"), ("\\12ab", false, "ab"), ("a*bc", false, "bc"), ("(a|b)cd", false, "cd"),
        ("\\Qab\\E", false, ""), ("(*UTF)ab", false, ""), ("ab(c", false, ""), ("abc)", false, ""),
        ("[[:alpha:]]xy", false, "xy"),
    ] as [(String, Bool, String)])
    func requiredLiteralOfARegex(pattern: String, caseless: Bool, literal: String) {
        #expect(RowMatcher.requiredLiteral(ofRegex: pattern, caseless: caseless) == Array(literal.utf8))
    }

    @Test func theQuoteByteIsNeverPartOfTheLiteral() throws {
        let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
        let plain = try #require(try RowMatcher(query: "Hopper", mode: .substring).scanLiteral(delimiter: comma, quote: quote))
        #expect(plain == ScanLiteral(bytes: Array("Hopper".utf8), foldsASCII: false, isWholeQuery: true))
        let folded = try #require(try RowMatcher(query: "hopper", mode: .substring).scanLiteral(delimiter: comma, quote: quote))
        #expect(folded.foldsASCII && folded.isWholeQuery)
        let quoted = try #require(try RowMatcher(query: "ab\"cde", mode: .substring).scanLiteral(delimiter: comma, quote: quote))
        #expect(quoted == ScanLiteral(bytes: Array("cde".utf8), foldsASCII: true, isWholeQuery: false))
        let delimited = try #require(try RowMatcher(query: "a,b", mode: .substring).scanLiteral(delimiter: comma, quote: quote))
        #expect(!delimited.isWholeQuery)
        #expect(try RowMatcher(query: "\"", mode: .substring).scanLiteral(delimiter: comma, quote: quote) == nil)
        #expect(try RowMatcher(query: "", mode: .substring).scanLiteral(delimiter: comma, quote: quote) == nil)
        #expect(try RowMatcher(query: "a.b", mode: .regex).scanLiteral(delimiter: comma, quote: quote)?.isWholeQuery == false)
    }
}

/// The view's filter and search (`startFilter`, `startSearch`, `n`/`N`) on a file scanned whole
/// and on the same file read field by field: the same rows, the same cells.
@Suite struct RecordScanViewTests {
    /// The file without its `RecordScanning`: the field-wise path.
    final class FieldWiseSource: DataTableRawRecords {
        let base: CSVFileDataSource
        init(_ base: CSVFileDataSource) { self.base = base }
        var columnCount: Int { base.columnCount }
        var rowCount: Int { base.rowCount }
        func title(ofColumn column: Int) -> String { base.title(ofColumn: column) }
        func value(row: Int, column: Int) -> DataTableValueType { base.value(row: row, column: column) }
        func text(row: Int, column: Int) -> String { base.text(row: row, column: column) }
        func sortText(row: Int, column: Int) -> String { base.sortText(row: row, column: column) }
        func fields(row: Int) -> [String] { base.fields(row: row) }
        func makeRawRecordReader(rowCount: Int) -> RawRecordReader? { base.makeRawRecordReader(rowCount: rowCount) }
        // Sorts and kinds read the same bytes as the file's: only filter and search differ.
        func rawField(row: Int, column: Int) -> UnsafeRawBufferPointer? { base.rawField(row: row, column: column) }
        func makeRawFieldReader(column: Int, rowCount: Int) -> ((Int) -> UnsafeRawBufferPointer)? {
            base.makeRawFieldReader(column: column, rowCount: rowCount)
        }
        func isValueCut(row: Int, column: Int) -> Bool { base.isValueCut(row: row, column: column) }
    }

    @Test func aPatternOutOfItsLimitsFailsTheScanAsItFailedTheFieldWisePath() throws {
        // `(\w+\s?)+$` has no literal: every row is tested, on both cores, the first row out of
        // its limits (see RegexLimitTests).
        let file = try RecordScanTests.file(Array("text\n\(catastrophicRow)\nhello world\nabc\n".utf8),
                                            delimiter: UInt8(ascii: ","))
        let view = DataTableView(dataSource: file, configuration: DataTableConfiguration(), size: Size(width: 60, height: 8))
        let pattern = #"(\w+\s?)+$"#
        view.startFilter(try RowMatcher(query: pattern, mode: .regex))
        view.waitForJob()
        #expect(view.notice == "pattern too complex: \(pattern)")
        #expect(view.filter == nil && view.viewport.rowCount == 3)
        view.notice = nil
        for expected in [1, 2] {
            view.startSearch(try RowMatcher(query: pattern, mode: .regex), forward: true)
            view.waitForJob()
            #expect(view.viewport.cursor.row == expected && view.notice == nil)
        }
        view.startSearch(try RowMatcher(query: pattern, mode: .regex), forward: true)  // wraps to row 0
        view.waitForJob()
        #expect(view.notice == "pattern too complex: \(pattern)")
        #expect(view.viewport.cursor.row == 2)
    }

    @Test func filterAndSearchThroughTheViewMatchTheFieldWisePath() throws {
        var generator = SplitMix64(seed: 11)
        let bytes = RecordScanTests.randomCSV(rows: 400, delimiter: UInt8(ascii: ","), generator: &generator)
        let file = try RecordScanTests.file(bytes, delimiter: UInt8(ascii: ","))
        let size = Size(width: 80, height: 12)
        let scanned = DataTableView(dataSource: file, configuration: DataTableConfiguration(), size: size)
        let fieldWise = DataTableView(dataSource: FieldWiseSource(file), configuration: DataTableConfiguration(), size: size)
        #expect(scanned.dataSource is RecordScanning && !(fieldWise.dataSource is RecordScanning))
        func shown(_ view: DataTableView) -> [Int] { (0..<view.viewport.rowCount).map(view.sourceRow(forDisplayRow:)) }
        func cursor(_ view: DataTableView) -> DataTableIndexPath { view.viewport.cursor }
        for (query, mode) in [("a", RowMatcher.Mode.substring), ("AB", .substring), ("b,a", .substring), ("東京", .substring),
                              ("\"", .substring), ("Hop+er", .regex), ("^$", .regex), ("é", .substring)] {
            let matcher = try RowMatcher(query: query, mode: mode)
            for view in [scanned, fieldWise] {
                view.startFilter(matcher)
                view.waitForJob()
            }
            #expect(shown(scanned) == shown(fieldWise), "filter \(query)")
            #expect(scanned.notice == fieldWise.notice)
            // Search from the top, forward then backward, unsorted and then sorted by a column.
            for sorted in [false, true] {
                for view in [scanned, fieldWise] {
                    view.startFilter(nil)
                    view.waitForJob()
                    if sorted { view.sort(by: [SortDescriptor(column: 1, ascending: false)]) }
                    view.viewport.moveCursor(to: DataTableIndexPath(row: 0, column: 0))
                }
                #expect(shown(scanned) == shown(fieldWise))
                for forward in [true, true, true, false, false, true] {
                    for view in [scanned, fieldWise] {
                        view.startSearch(matcher, forward: forward)
                        view.waitForJob()
                    }
                    #expect(cursor(scanned) == cursor(fieldWise), "search \(query) forward \(forward) sorted \(sorted)")
                    #expect(scanned.notice == fieldWise.notice)
                }
                for view in [scanned, fieldWise] { view.sort(by: []) }
            }
        }
    }
}
