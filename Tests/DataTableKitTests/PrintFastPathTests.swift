import Glibc
import Testing
import TerminalSurface
import TestSupport
import DataTableCSV
@testable import DataTableKit

/// `--print`'s fast path for text cells (`TablePrinter+TextRows`) writes exactly what the cell
/// pipeline writes: both paths on random files with quotes, doubled quotes, embedded newlines
/// and CR, CJK and emoji (wide), combining marks, control bytes, invalid UTF-8, numbers (right
/// aligned), long fields, at several widths, truncation modes and sorts.
@Suite struct PrintFastPathTests {
    /// Field texts as bytes: each a piece of the hostile mix.
    static let pieces: [[UInt8]] = [
        Array("plain".utf8), Array("a, comma".utf8), Array("say \"hi\"".utf8), Array("two\nlines".utf8),
        Array("cr\r\nlf".utf8), Array("東京タワー".utf8), Array("👍 ok 🚀".utf8), Array("e\u{301}te\u{301}".utf8),
        [0x1B] + Array("[31mred".utf8), [0x09] + Array("tab".utf8), [0x7F, 0x41], [0xC3, 0x28, 0x41], [0xFF, 0xFE, 0x42],
        Array("  spaced  ".utf8), Array("12345".utf8), Array("-3.25".utf8), Array("x".utf8),
        Array(repeating: UInt8(ascii: "w"), count: 90), Array(String(repeating: "語", count: 40).utf8),
        Array("ab\"c".utf8), [0xE2, 0x80, 0xAE] + Array("rtl".utf8), [0xC2, 0x9B] + Array("c1".utf8), [],
    ]

    /// A random CSV: a header, then rows of random pieces, quoted when they need it (some
    /// quoted anyway), one column of integers (right-aligned), rows sometimes short.
    static func randomCSV(rows: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var out = Array("n,name,note,mixed,num\n".utf8)
        for row in 0..<rows {
            var fields: [[UInt8]] = [Array(String(Int(random.next() % 100_000)).utf8)]
            for _ in 0..<3 {
                var field: [UInt8] = []
                for _ in 0..<Int(random.next() % 3) { field += pieces[Int(random.next() % UInt64(pieces.count))] }
                fields.append(field)
            }
            fields.append(Array(String(Int(random.next() % 2_000) - 1_000).utf8))
            if row % 17 == 5 { fields.removeLast(2) }  // a short row
            for (i, field) in fields.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                let needsQuotes = field.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
                if needsQuotes || random.next() % 9 == 0 {
                    out.append(UInt8(ascii: "\""))
                    for byte in field {
                        if byte == UInt8(ascii: "\"") { out.append(byte) }
                        out.append(byte)
                    }
                    out.append(UInt8(ascii: "\""))
                } else {
                    out += field
                }
            }
            out.append(0x0A)
        }
        return out
    }

    /// Writes `bytes` to a new file in the scratch directory and opens it, indexed.
    static func csvFile(_ bytes: [UInt8]) throws -> CSVFileDataSource {
        try indexedCSVFile(bytes, prefix: "print")
    }

    /// The printed lines of a fresh view of `source`, by the fast path or the cell pipeline.
    static func printed(_ source: DataTableDataSource, width: Int, configuration: DataTableConfiguration,
                        sort: [SortDescriptor], fast: Bool) -> [String] {
        let view = DataTableView(dataSource: source, configuration: configuration)
        if !sort.isEmpty { view.sort(by: sort) }
        var printer = TablePrinter(width: width)
        printer.usesTextRowFastPath = fast
        #expect(TablePrinter.canPrintTextRows(view, colorCount: nil))
        var lines: [String] = []
        printer.print(view) { lines.append($0) }
        return lines
    }

    @Test("The fast path prints what the cell pipeline prints, on random hostile files",
          arguments: [(UInt64(1), 20), (2, 37), (3, 80), (4, 200), (5, 9)])
    func sameAsCellPipeline(seed: UInt64, width: Int) throws {
        let source = try Self.csvFile(Self.randomCSV(rows: 300, seed: seed))
        for truncation in [TruncationMode.tail, .head, .middle] {
            var configuration = DataTableConfiguration()
            configuration.textLayout = .singleLine(truncation: truncation)
            configuration.maxColumnWidth = [12, 7, 30, 40, 5][Int(seed) % 5]
            let sort = seed % 2 == 0 ? [SortDescriptor(column: 1, ascending: false)] : []
            let fast = Self.printed(source, width: width, configuration: configuration, sort: sort, fast: true)
            let slow = Self.printed(source, width: width, configuration: configuration, sort: sort, fast: false)
            #expect(fast.count == slow.count)
            for (i, (a, b)) in zip(fast, slow).enumerated() where a != b {
                Issue.record("line \(i) differs (\(truncation)):\nfast: \(Array(a.utf8))\nslow: \(Array(b.utf8))")
                break
            }
        }
    }

    @Test("Without raw bytes (rows in memory, edits) the fast path reads values and prints the same")
    func sameWithoutRawRecords() throws {
        let file = try Self.csvFile(Self.randomCSV(rows: 120, seed: 9))
        let editable = EditableDataSource(base: file)
        editable.setField("edited \u{1B}[2J 東京", row: 3, column: 2)
        editable.setField("77", row: 5, column: 4)
        let memory = StringRowsDataSource(titles: ["a", "b"], rows: [["1", "東京\n\u{7}x"], ["22", "plain"], ["x"]])
        for source in [editable as DataTableDataSource, memory] {
            for width in [8, 33, 120] {
                var configuration = DataTableConfiguration()
                configuration.maxColumnWidth = 14
                let fast = Self.printed(source, width: width, configuration: configuration, sort: [], fast: true)
                let slow = Self.printed(source, width: width, configuration: configuration, sort: [], fast: false)
                #expect(fast.count == slow.count)
                if let i = (0..<min(fast.count, slow.count)).first(where: { fast[$0] != slow[$0] }) {
                    Issue.record("line \(i) differs at width \(width):\nfast: \(fast[i])\nslow: \(slow[i])")
                }
            }
        }
    }

    @Test("Lines by bytes (the --print path) are the String lines, each ending in a line feed")
    func bytesAreLines() throws {
        let source = try Self.csvFile(Self.randomCSV(rows: 200, seed: 11))
        let view = DataTableView(dataSource: source)
        var lines: [String] = []
        TablePrinter(width: 60).print(view) { lines.append($0) }
        var bytes: [UInt8] = []
        TablePrinter(width: 60).print(view, writeBytes: { bytes.append(contentsOf: $0) })
        #expect(String(decoding: bytes, as: UTF8.self) == lines.map { $0 + "\n" }.joined())
    }

    @Test("Colours, sections and custom cells take the cell pipeline")
    func otherTablesTakeThePipeline() {
        let memory = StringRowsDataSource(titles: ["a"], rows: [["1"]])
        #expect(!TablePrinter.canPrintTextRows(DataTableView(dataSource: memory), colorCount: 0))
        var wrapped = DataTableConfiguration()
        wrapped.textLayout = .wrap
        #expect(!TablePrinter.canPrintTextRows(DataTableView(dataSource: memory, configuration: wrapped), colorCount: nil))
        let grouped = DataTableView(dataSource: memory)
        grouped.setGrouping(.column(0))
        #expect(!TablePrinter.canPrintTextRows(grouped, colorCount: nil))
    }
}
