import Glibc
import Testing
import TestSupport
@testable import DataTableCSV
@testable import DataTableKit

/// The frequency engine: counts equal a reference count made here, over a mapped CSV file (raw
/// fields, CSV quoting undone) and over rows in memory, whole and filtered, on one thread and
/// two.
@Suite struct FrequencyCounterTests {
    /// Values of every troublesome sort: null tokens and blanks, CJK, emoji, quotes, delimiters
    /// and line breaks (quoted in the file), and bytes that are not UTF-8.
    static let alphabet: [[UInt8]] = [
        [], Array("NA".utf8), Array("NULL".utf8), Array(" NA ".utf8), Array(" ".utf8), Array("  ".utf8),
        Array("na".utf8), Array("-".utf8), Array("active".utf8), Array("Active".utf8), Array("東京".utf8),
        Array("山田太郎".utf8), Array("👩‍👩‍👧".utf8), Array("say \"hi\"".utf8), Array("\"".utf8), Array("a,b".utf8),
        Array("two\nlines".utf8), Array("cr\r\nlf".utf8), [0xFF], [0xFE, 0x41], [0xC3], [0xC3, 0xA9], Array("é".utf8),
        Array(" lead".utf8), Array("trail ".utf8), Array("x".utf8),
    ]

    /// The null tokens of a text column: the empty field and the standard tokens, spaces and
    /// tabs around them ignored (a blank field is a value in text).
    static func isNull(_ bytes: [UInt8]) -> Bool {
        if bytes.isEmpty { return true }
        let blank: Set<UInt8> = [0x20, 0x09]
        let trimmed = Array(bytes.drop { blank.contains($0) }.reversed().drop { blank.contains($0) }.reversed())
        if trimmed.isEmpty { return false }
        return ["NA", "N/A", "n/a", "NULL", "null", "None", "NaN", "nan", "#N/A"].map { Array($0.utf8) }.contains(trimmed)
    }

    /// A CSV field: quoted when it holds a comma, quote, CR or LF or starts or ends with a blank.
    static func encoded(_ bytes: [UInt8]) -> [UInt8] {
        let special: Set<UInt8> = [0x2C, 0x22, 0x0A, 0x0D]
        let edge = bytes.first == 0x20 || bytes.last == 0x20
        guard edge || bytes.contains(where: special.contains) else { return bytes }
        return [0x22] + bytes.flatMap { $0 == 0x22 ? [0x22, 0x22] : [$0] } + [0x22]
    }

    /// Random rows of `id,value` (value from the alphabet, or a random number now and then).
    static func values(count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let pick = Int(random.next() % UInt64(alphabet.count + 8))
            return pick < alphabet.count ? alphabet[pick] : Array("v\(random.next() % 500)".utf8)
        }
    }

    /// An indexed CSV file of `id,value` rows.
    static func csvFile(_ values: [[UInt8]]) throws -> CSVFileDataSource {
        var bytes = Array("id,value\n".utf8)
        for (i, value) in values.enumerated() { bytes += Array("\(i),".utf8) + encoded(value) + [0x0A] }
        return try indexedCSVFile(bytes, prefix: "frequency")
    }

    /// Counts by value bytes, and the nulls, of `rows` (all when nil).
    static func reference(_ values: [[UInt8]], rows: [UInt32]?) -> (counts: [[UInt8]: Int], nulls: Int) {
        var counts: [[UInt8]: Int] = [:], nulls = 0
        for row in rows.map({ $0.map(Int.init) }) ?? Array(values.indices) {
            if isNull(values[row]) { nulls += 1 } else { counts[values[row], default: 0] += 1 }
        }
        return (counts, nulls)
    }

    /// The table's counts by value bytes; checks the order (count descending) on the way.
    static func counted(_ table: FrequencyTable) -> [[UInt8]: Int] {
        var counts: [[UInt8]: Int] = [:]
        for rank in 0..<table.count {
            let bytes = table.withBytes(at: rank) { Array($0) }
            #expect(counts[bytes] == nil, "value listed twice: \(bytes)")
            counts[bytes] = table.count(at: rank)
            if rank > 0 { #expect(table.count(at: rank - 1) >= table.count(at: rank)) }
        }
        return counts
    }

    /// Counts `rows` of column 1 of `source`, whose values are `values`, and checks the table
    /// against the reference count.
    static func expectCountedLikeTheReference(_ values: [[UInt8]], source: CSVFileDataSource, rows: FrequencyRows) throws {
        let table = try #require(FrequencyCounter.count(source: source, column: 1, rows: rows, kind: .text))
        let kept: [UInt32]?
        if case .rows(let listed, _) = rows { kept = listed } else { kept = nil }
        let expected = reference(values, rows: kept)
        #expect(table.total == rows.count)
        #expect(table.nullCount == expected.nulls)
        #expect(counted(table) == expected.counts)
    }

    @Test(arguments: [(500, UInt64(1)), (70_000, UInt64(2)), (140_000, UInt64(3))])
    func countsOfAMappedFileEqualTheReference(rows: Int, seed: UInt64) throws {
        let values = Self.values(count: rows, seed: seed)
        let source = try Self.csvFile(values)
        try #require(source.rowCount == rows)
        try Self.expectCountedLikeTheReference(values, source: source, rows: .first(rows))
    }

    @Test(arguments: [UInt64(4), 5])
    func countsOverFilteredRowsInDisplayOrderEqualTheReference(seed: UInt64) throws {
        let values = Self.values(count: 90_000, seed: seed)
        let source = try Self.csvFile(values)
        var random = SplitMix64(seed: seed)
        // Two thirds of the rows kept, most of them in the second half, shuffled (a sorted view).
        var kept = (0..<UInt32(values.count)).filter { row in random.next() % 3 != 0 && (row > 30_000 || row % 5 == 0) }
        kept.shuffle(using: &random)
        try Self.expectCountedLikeTheReference(values, source: source, rows: .rows(kept, sourceRowCount: values.count))
    }

    @Test func everyRowInASortedOrderIsCountedAsTheFirstRowsWithNoBitmap() throws {
        let values = Self.values(count: 90_000, seed: 8)
        let source = try Self.csvFile(values)
        var random = SplitMix64(seed: 8)
        let shuffled = Array(0..<UInt32(values.count)).shuffled(using: &random)
        let sorted = FrequencyRows.rows(shuffled, sourceRowCount: values.count)
        #expect(sorted.bitmap(rowCount: values.count) == nil)
        #expect(FrequencyRows.rows(Array(shuffled.dropLast()), sourceRowCount: values.count).bitmap(rowCount: values.count) != nil)
        try Self.expectCountedLikeTheReference(values, source: source, rows: sorted)
    }

    /// Filters keeping one row in 2, 10 and 40: the dense ones have their fields read a batch of
    /// rows at a time (unset rows skipped), the sparse one row by row; all count as the reference.
    @Test(arguments: [(2, UInt64(9)), (10, UInt64(10)), (40, UInt64(11))])
    func countsOverDenseAndSparseFiltersEqualTheReference(oneIn: Int, seed: UInt64) throws {
        let values = Self.values(count: 140_000, seed: seed)
        let source = try Self.csvFile(values)
        var random = SplitMix64(seed: seed)
        let kept = (0..<UInt32(values.count)).filter { _ in random.next() % UInt64(oneIn) == 0 }
        try Self.expectCountedLikeTheReference(values, source: source, rows: .rows(kept, sourceRowCount: values.count))
    }

    /// The order of a table's values, ids numbered across parts, their first rows ascending with
    /// the ids (as from kept keys: the counts alone are sorted) or not (tables by hash).
    @Test(arguments: [(true, UInt64(40)), (false, UInt64(41)), (true, UInt64(42)), (false, UInt64(43))])
    func valuesAreOrderedByCountThenByFirstRow(idsInRowOrder: Bool, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var rows = Array(Set((0..<5_000).map { _ in Int(random.next() % 1_000_000) }))
        if idsInRowOrder { rows.sort() } else { rows.shuffle(using: &random) }
        let counts = rows.map { _ in 1 + Int(random.next() % 5) }
        let cuts = [0, rows.count / 3, rows.count / 3 + 7, rows.count]
        let parts = (0..<3).map { cuts[$0]..<cuts[$0 + 1] }
        let order = FrequencyTable.orderByCount(parts.map { Array(counts[$0]) }, firstRows: parts.map { rows[$0] })
        let expected = rows.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : rows[$0] < rows[$1] }
        #expect(order.map(Int.init) == expected)
    }

    @Test func countsOfRowsInMemoryEqualTheReference() throws {
        // Text in memory is valid UTF-8: the invalid bytes of the alphabet read as U+FFFD.
        let values = Self.values(count: 80_000, seed: 6).map { Array(String(decoding: $0, as: UTF8.self).utf8) }
        let source = StringRowsDataSource(titles: ["value"], rows: values.map { [String(decoding: $0, as: UTF8.self)] })
        let table = try #require(FrequencyCounter.count(source: source, column: 0, rows: .first(values.count), kind: .text))
        let expected = Self.reference(values, rows: nil)
        #expect(table.nullCount == expected.nulls)
        #expect(Self.counted(table) == expected.counts)
    }

    @Test func tiesKeepTheOrderOfFirstAppearanceWhicheverThreadSawThem() throws {
        // 70,000 rows: b and a alternate in the first half, c appears first in the second half.
        let values: [[UInt8]] = (0..<70_000).map { i in
            i < 35_000 ? Array((i % 2 == 0 ? "b" : "a").utf8) : Array((i % 2 == 0 ? "c" : "d").utf8)
        }
        let source = try Self.csvFile(values)
        let table = try #require(FrequencyCounter.count(source: source, column: 1, rows: .first(values.count), kind: .text))
        #expect((0..<table.count).map(table.text(at:)) == ["b", "a", "c", "d"])
    }

    @Test func aNumericColumnCountsItsDashAndBlanksAsNulls() throws {
        let source = StringRowsDataSource(titles: ["n"], rows: [["1"], ["-"], [" "], ["2"], ["1"], ["NA"]])
        let table = try #require(FrequencyCounter.count(source: source, column: 0, rows: .first(6), kind: .integer))
        #expect(table.nullCount == 3)
        #expect((0..<table.count).map { "\(table.text(at: $0))=\(table.count(at: $0))" } == ["1=2", "2=1"])
    }

    @Test func aCancelledCountGivesNoTable() throws {
        let source = try Self.csvFile(Self.values(count: 70_000, seed: 7))
        #expect(FrequencyCounter.count(source: source, column: 1, rows: .first(70_000), kind: .text,
                                       isCancelled: { true }) == nil)
    }

    @Test func theViewCountsTheRowsItShowsAndTheJobReportsItsTable() throws {
        let source = StringRowsDataSource(titles: ["city"], rows: [["Oslo"], ["Rome"], ["Oslo"], ["Lima"], ["Oslo"]])
        let view = DataTableView(dataSource: source)
        view.startFilter(try RowMatcher(query: "o", mode: .substring))  // Oslo ×3, Rome
        view.waitForJob()
        #expect(view.shownRows == .rows([0, 1, 2, 4], sourceRowCount: 5))
        let table = try #require(view.startFrequency(ofColumn: 0).wait())
        #expect((0..<table.count).map { "\(table.text(at: $0))=\(table.count(at: $0))" } == ["Oslo=3", "Rome=1"])
        #expect(table.total == 4)
    }
}
