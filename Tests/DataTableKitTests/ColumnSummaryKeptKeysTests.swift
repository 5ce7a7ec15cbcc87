import Testing
import TerminalSurface
import TestSupport
@testable import DataTableCSV
@testable import DataTableKit

/// The summary (`I`) of a text column whose sort keys the table keeps is counted from them
/// (docs/decisions/0157): on random files (nulls and null tokens, blanks, quotes, invalid
/// UTF-8, ties, long values, decimal commas and dates in the other columns) it is exactly the
/// summary read from the fields, whole and filtered, the columns after it read right; its text
/// figures are those a plain reader written here gives; an edit is never summarized from keys
/// read before it; past the distinct limit the kept keys count exactly.
@Suite struct ColumnSummaryKeptKeysTests {
    typealias Reference = FrequencyCounterTests

    /// A semicolon-separated file: `id;word;price;when;tag`, the words from `words`, prices
    /// with decimal commas, dates, both with strays and nulls.
    struct File {
        var words: [[UInt8]]
        var tags: [[UInt8]]
        var bytes: [UInt8]

        init(rows: Int, seed: UInt64, distinct: UInt64 = 40) {
            var random = SplitMix64(seed: seed)
            let long = [UInt8](repeating: UInt8(ascii: "~"), count: 1_030)
            func word() -> [UInt8] {
                switch random.next() % 20 {
                case 0, 1: return Reference.alphabet[Int(random.next() % UInt64(Reference.alphabet.count))]
                case 2 where seed % 3 == 0: return long + Array("tail \(random.next() % 3)".utf8)
                case 3 where seed % 3 == 0: return long + Array("\(random.next() % 2)".utf8) + long
                default: return Array((random.next() % 2 == 0 ? "Word \(random.next() % distinct)" : "word \(random.next() % distinct)").utf8)
                }
            }
            func price() -> String {
                switch random.next() % 40 {  // strays under 5%: still read as numbers
                case 0: return ""
                case 1: return "n/k"
                case 2: return "NA"
                default:
                    let cents = Int(random.next() % 200_000) - 50_000
                    return "\(cents / 100),\(String(format: "%02d", abs(cents % 100)))"
                }
            }
            func date() -> String {
                switch random.next() % 40 {
                case 0: return ""
                case 1: return "soon"
                default: return "20\(10 + random.next() % 10)-0\(1 + random.next() % 9)-1\(random.next() % 10)"
                }
            }
            words = (0..<rows).map { _ in word() }
            tags = (0..<rows).map { _ in
                random.next() % 9 == 0 ? Array("NA".utf8) : Array(["red", "Red", "green", " blue", "\"q\""][Int(random.next() % 5)].utf8)
            }
            bytes = Array("id;word;price;when;tag\n".utf8)
            for row in 0..<rows {
                bytes += Array("\(row);".utf8) + Self.encoded(words[row]) + Array(";\(price());\(date());".utf8)
                    + Self.encoded(tags[row]) + (row % 7 == 0 ? [0x0D, 0x0A] : [0x0A])
            }
        }

        /// A field quoted when it holds the delimiter, a quote, CR or LF, or starts or ends with a blank.
        static func encoded(_ bytes: [UInt8]) -> [UInt8] {
            let special: Set<UInt8> = [0x3B, 0x22, 0x0A, 0x0D]
            guard bytes.first == 0x20 || bytes.last == 0x20 || bytes.contains(where: special.contains) else { return bytes }
            return [0x22] + bytes.flatMap { $0 == 0x22 ? [0x22, 0x22] : [$0] } + [0x22]
        }

        func view(editable: Bool = false) throws -> DataTableView {
            let source = try indexedCSVFile(bytes, prefix: "summary-keys", dialect: CSVDialect(delimiter: UInt8(ascii: ";")))
            let data: DataTableDataSource = editable ? EditableDataSource(base: source) : source
            let view = DataTableView(dataSource: data, configuration: DataTableConfiguration(), size: Size(width: 100, height: 30))
            view.settleColumnKinds()
            view.setKind(ColumnKindSetting(kind: .text), ofColumn: 1)
            view.setKind(ColumnKindSetting(kind: .text), ofColumn: 4)
            return view
        }
    }

    static func summaries(_ view: DataTableView, distinctLimit: Int = ColumnSummaryJob.defaultDistinctLimit) -> [ColumnSummary] {
        let job = view.makeColumnSummaryJob(distinctLimit: distinctLimit, workerCount: 2)
        job.run()
        return job.summaries.map { $0! }
    }

    /// The summary of every column read from the fields (the kept keys dropped first).
    static func readFromFields(_ view: DataTableView) -> [ColumnSummary] {
        view.dropSortKeyCache()
        return summaries(view)
    }

    /// The collation written plainly: ASCII letters folded, shorter first on a common prefix,
    /// then the raw bytes.
    static func collates(_ x: [UInt8], before y: [UInt8]) -> Bool {
        let fold = { (b: UInt8) in b >= 65 && b <= 90 ? b | 0x20 : b }
        let (fx, fy) = (x.map(fold), y.map(fold))
        return fx != fy ? fx.lexicographicallyPrecedes(fy) : x.lexicographicallyPrecedes(y)
    }

    /// A text column's figures as a plain reader counts them over `rows` (all when nil).
    static func expectText(_ summary: ColumnSummary, values: [[UInt8]], rows: [UInt32]?) {
        var counts: [[UInt8]: Int] = [:], nulls = 0
        let rows = rows.map { $0.map(Int.init) } ?? Array(values.indices)
        for row in rows {
            if Reference.isNull(values[row]) { nulls += 1 } else { counts[values[row], default: 0] += 1 }
        }
        let byCount = counts.keys.sorted { counts[$0]! != counts[$1]! ? counts[$0]! > counts[$1]! : collates($0, before: $1) }
        let ordered = counts.keys.sorted { collates($0, before: $1) }
        #expect(summary.rowCount == rows.count && summary.nullCount == nulls && summary.strayCount == 0)
        #expect(summary.distinctCount == counts.count && !summary.isDistinctCountEstimated)
        #expect(summary.mostFrequentCount == byCount.first.map { counts[$0]! } ?? 0)
        #expect(summary.histogram == byCount.prefix(12).map { counts[$0]! })
        func shown(_ text: [UInt8]?) -> String? { text.map { String(decoding: $0, as: UTF8.self) } }
        if let top = byCount.first, top.count < 1_000 { #expect(summary.mostFrequent == shown(top)) }
        if let first = ordered.first, first.count < 1_000 { #expect(summary.minimum == shown(first)) }
        if let last = ordered.last, last.count < 1_000 { #expect(summary.maximum == shown(last)) }
    }

    @Test(arguments: [(400, UInt64(1)), (3_000, UInt64(2)), (2_500, UInt64(3)), (70_000, UInt64(4)), (5_000, UInt64(6))])
    func keptKeysGiveTheSummaryTheFieldsGive(rows: Int, seed: UInt64) throws {
        let file = File(rows: rows, seed: seed)
        let view = try file.view()
        #expect(view.columns[2].format.decimalSeparator == UInt8(ascii: ","))
        #expect(view.sortKeyKind(ofColumn: 2) == .decimal && view.sortKeyKind(ofColumn: 3) == .dateTime)
        // Both text columns' keys kept (the second sort keeps the order too), either direction.
        view.sort(by: [SortDescriptor(column: 1, ascending: seed % 2 == 0)])
        view.sort(by: [SortDescriptor(column: 4, ascending: false)])
        let before = view.sortKeyCacheStatistics
        let fromKeys = Self.summaries(view)
        let stats = view.sortKeyCacheStatistics
        #expect(stats.summaryHits + stats.summaryMisses == before.summaryHits + before.summaryMisses + 2)
        // Only a long text shown falls back to the fields.
        #expect(stats.summaryHits == before.summaryHits + (seed % 3 == 0 ? 1 : 2))
        #expect(stats.hits == before.hits && stats.misses == before.misses)
        #expect(fromKeys == Self.readFromFields(view))
        Self.expectText(fromKeys[1], values: file.words, rows: nil)
        Self.expectText(fromKeys[4], values: file.tags, rows: nil)

        // Filtered: the rows the filter keeps, from the same keys.
        view.sort(by: [SortDescriptor(column: 4)])
        view.startFilter(try RowMatcher(query: "7", mode: .substring))
        view.waitForJob()
        let kept = try #require(view.shownSourceRowsInFileOrder)
        #expect(kept.count < rows)
        let hits = view.sortKeyCacheStatistics.summaryHits
        let filtered = Self.summaries(view)
        #expect(view.sortKeyCacheStatistics.summaryHits >= hits + 1)
        #expect(filtered == Self.readFromFields(view))
        Self.expectText(filtered[4], values: file.tags, rows: kept)
    }

    @Test func anEditIsNotSummarizedFromKeysReadBeforeIt() throws {
        let file = File(rows: 2_000, seed: 5)
        let view = try file.view(editable: true)
        view.sort(by: [SortDescriptor(column: 4)])
        #expect(Self.summaries(view)[4] == Self.readFromFields(view)[4])
        #expect(view.sortKeyCacheStatistics.summaryHits == 1)
        view.sort(by: [SortDescriptor(column: 4)])
        let editable = try #require(view.dataSource as? EditableDataSource)
        var tags = file.tags
        for row in stride(from: 0, to: 2_000, by: 3) {
            editable.setField("edited", row: row, column: 4)
            tags[row] = Array("edited".utf8)
        }
        let hits = view.sortKeyCacheStatistics.summaryHits
        let summary = Self.summaries(view)
        #expect(view.sortKeyCacheStatistics.summaryHits == hits)
        Self.expectText(summary[4], values: tags, rows: nil)
        #expect(summary == Self.readFromFields(view))
        // Sorted again after the edit: the same answer either way.
        view.sort(by: [SortDescriptor(column: 4)])
        #expect(Self.summaries(view) == summary)
    }

    @Test func pastTheDistinctLimitKeptKeysCountExactly() throws {
        let file = File(rows: 6_000, seed: 7, distinct: 400)
        let view = try file.view()
        let estimated = Self.summaries(view, distinctLimit: 50)[1]
        #expect(estimated.isDistinctCountEstimated)
        view.sort(by: [SortDescriptor(column: 1)])
        let exact = Self.summaries(view, distinctLimit: 50)[1]
        Self.expectText(exact, values: file.words, rows: nil)
        #expect(!exact.isMostFrequentEstimated)
    }

    @Test func aTextColumnSortedOnceIsLeftOutOfTheFieldPassAndCounted() throws {
        let view = try File(rows: 1_000, seed: 8).view()
        _ = Self.summaries(view)
        // No keys kept: both text columns read from their fields, numbers never counted.
        #expect(view.sortKeyCacheStatistics.summaryMisses == 2 && view.sortKeyCacheStatistics.summaryHits == 0)
        view.sort(by: [SortDescriptor(column: 1)])
        _ = Self.summaries(view)
        #expect(view.sortKeyCacheStatistics.summaryMisses == 3 && view.sortKeyCacheStatistics.summaryHits == 1)
        // Another kind set: other keys, read from the fields.
        view.setKind(ColumnKindSetting(kind: .integer), ofColumn: 1)
        _ = Self.summaries(view)
        #expect(view.sortKeyCacheStatistics.summaryMisses == 4 && view.sortKeyCacheStatistics.summaryHits == 1)
    }
}
