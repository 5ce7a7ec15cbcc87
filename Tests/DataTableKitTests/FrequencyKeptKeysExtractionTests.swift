import Foundation
import Synchronization
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableCSV
@testable import DataTableKit

/// A first `F` of a few-valued text column keeps the column's sort keys (docs/decisions/0158):
/// its counts are those Python's csv module gives on Excel-like files (BOM, `;`, decimal
/// commas, quotes, CRLF, nulls, blanks), and so are the next `F`'s, counted from the kept keys;
/// a sort and an `I` after it find the keys; an edit is counted; a mostly-distinct column keeps
/// nothing; Esc during the extraction keeps nothing.
@Suite struct FrequencyKeptKeysExtractionTests {
    typealias Reference = FrequencyCounterTests
    typealias File = ColumnSummaryKeptKeysTests.File

    /// `bytes` (with a BOM) as an indexed `;` file in a view, columns 1, 2 and 4 read as text.
    static func view(_ bytes: [UInt8], editable: Bool = false) throws -> DataTableView {
        let source = try indexedCSVFile([0xEF, 0xBB, 0xBF] + bytes, prefix: "frequency-keys",
                                        dialect: CSVDialect(delimiter: UInt8(ascii: ";")))
        let data: DataTableDataSource = editable ? EditableDataSource(base: source) : source
        let view = DataTableView(dataSource: data, configuration: DataTableConfiguration(), size: Size(width: 100, height: 30))
        view.settleColumnKinds()
        view.setKind(ColumnKindSetting(kind: .text), ofColumn: 1)
        view.setKind(ColumnKindSetting(kind: .text), ofColumn: 2)
        view.setKind(ColumnKindSetting(kind: .text), ofColumn: 4)
        return view
    }

    /// `source` (`id,value`) in a view, `value` read as text.
    static func textView(_ source: DataTableDataSource) -> DataTableView {
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 80, height: 20))
        view.settleColumnKinds()
        view.setKind(ColumnKindSetting(kind: .text), ofColumn: 1)
        return view
    }

    /// Every row's fields as Python's csv module reads the file at `path` (`;`, any bytes: read
    /// as Latin-1 and handed back as hex), the header left out.
    static func pythonRows(_ path: String) throws -> [[[UInt8]]]? {
        let script = "import csv,json,sys\nwith open(sys.argv[1], newline='', encoding='latin-1') as f:\n"
            + "    rows = list(csv.reader(f, delimiter=';'))\n"
            + "print(json.dumps([[v.encode('latin-1').hex() for v in r] for r in rows[1:]]))"
        let result = try runProcess(["python3", "-c", script, path])
        guard result.status == 0 else {
            Issue.record("python3 failed: \(result.standardErrorText)")
            return nil
        }
        guard let rows = try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [[String]] else { return nil }
        return rows.map { $0.map(Self.bytes(hex:)) }
    }

    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8).map { $0 <= 57 ? $0 - 48 : $0 - 87 }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }

    /// The view's file: Python reads it as it is on disk.
    static func path(_ view: DataTableView) throws -> String {
        let source = view.dataSource as? CSVFileDataSource ?? (view.dataSource as? EditableDataSource)?.base as? CSVFileDataSource
        return try #require(source).path
    }

    /// `id;amount;unit;note;tag` rows as Excel writes them (CRLF): amounts few-valued with decimal
    /// commas (some quoted, some null or blank), units and tags from the troublesome alphabet.
    static func decimalCommaFile(rows: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        let amounts = ["1,5", "-0,75", "12,00", "1.234,5", "\"3;5\"", "\"2,5 \"\"x\"\"\"", "NA", "", " ", "0,1"]
        var bytes = Array("id;amount;unit;note;tag\r\n".utf8)
        for row in 0..<rows {
            let unit = Reference.alphabet[Int(random.next() % UInt64(Reference.alphabet.count))]
            let tag = Reference.alphabet[Int(random.next() % 6)]
            bytes += Array("\(row);\(amounts[Int(random.next() % UInt64(amounts.count))]);".utf8) + File.encoded(unit)
                + Array(";n\(row);".utf8) + File.encoded(tag) + [0x0D, 0x0A]
        }
        return bytes
    }

    @Test(arguments: [UInt64(1), 2, 4, 5])
    func aFirstFrequencyKeepsTheKeysAndBothCountLikePython(seed: UInt64) throws {
        // Odd seeds: words, prices with decimal commas (mostly distinct), tags; even: few-valued
        // decimal-comma amounts, the alphabet, notes (all distinct), tags.
        let view = try Self.view(seed % 2 == 1 ? File(rows: 3_000, seed: seed).bytes : Self.decimalCommaFile(rows: 3_000, seed: seed))
        let rows = try #require(try Self.pythonRows(Self.path(view)))
        try #require(rows.count == 3_000)
        view.setKind(ColumnKindSetting(kind: .text), ofColumn: 3)
        for column in 1...4 {
            let values = rows.map { $0[column] }
            let expected = Reference.reference(values, rows: nil)
            let before = view.sortKeyCacheStatistics
            let first = try #require(view.startFrequency(ofColumn: column).wait())
            let kept = view.sortKeyCacheStatistics
            // Few-valued columns are kept; prices, dates and notes (mostly distinct) are not.
            let fewValued = seed % 2 == 1 ? column == 1 || column == 4 : column != 3
            #expect(kept.entries == before.entries + (fewValued ? 1 : 0), "column \(column)")
            #expect(kept.frequencyMisses == before.frequencyMisses + 1 && kept.frequencyHits == before.frequencyHits)
            #expect(first.total == rows.count && first.nullCount == expected.nulls)
            #expect(Reference.counted(first) == expected.counts)
            #expect(FrequencyPartitionsTests.listed(first) == FrequencyPartitionsTests.expectedOrder(values, rows: nil))

            let again = try #require(view.startFrequency(ofColumn: column).wait())
            #expect(view.sortKeyCacheStatistics.frequencyHits == kept.frequencyHits + (fewValued ? 1 : 0))
            #expect(again.nullCount == expected.nulls && Reference.counted(again) == expected.counts)
            #expect(FrequencyPartitionsTests.listed(again) == FrequencyPartitionsTests.listed(first))
        }
    }

    @Test func aSortAndASummaryAfterAFrequencyFindTheKeysAndOrderAsWithout() throws {
        let view = try Self.view(File(rows: 3_000, seed: 7).bytes)
        _ = try #require(view.startFrequency(ofColumn: 1).wait())
        let before = view.sortKeyCacheStatistics
        #expect(before.entries == 1)
        view.sort(by: [SortDescriptor(column: 1, ascending: false)])
        let afterSort = view.sortKeyCacheStatistics
        #expect(afterSort.hits == before.hits + 1 && afterSort.misses == before.misses)
        let fromKept = try #require(view.displayOrder)

        let summaries = ColumnSummaryKeptKeysTests.summaries(view)
        #expect(view.sortKeyCacheStatistics.summaryHits == afterSort.summaryHits + 1)

        view.dropSortKeyCache()
        view.sort(by: [SortDescriptor(column: 1, ascending: false)])
        #expect(view.sortKeyCacheStatistics.misses == afterSort.misses + 1)
        #expect(view.displayOrder == fromKept)
        #expect(ColumnSummaryKeptKeysTests.readFromFields(view)[1] == summaries[1])
    }

    @Test func anEditAfterTheKeysAreKeptIsCounted() throws {
        let view = try Self.view(File(rows: 3_000, seed: 8).bytes, editable: true)
        var values = try #require(try Self.pythonRows(Self.path(view))).map { $0[4] }
        _ = try #require(view.startFrequency(ofColumn: 4).wait())
        #expect(view.sortKeyCacheStatistics.entries == 1)
        let editable = try #require(view.dataSource as? EditableDataSource)
        for row in stride(from: 0, to: values.count, by: 5) {
            editable.setField("edited", row: row, column: 4)
            values[row] = Array("edited".utf8)
        }
        let table = try #require(view.startFrequency(ofColumn: 4).wait())
        let expected = Reference.reference(values, rows: nil)
        #expect(table.nullCount == expected.nulls && Reference.counted(table) == expected.counts)
        // Another column after the edit: its keys are kept under the new edit count and count right.
        let words = try #require(try Self.pythonRows(Self.path(view))).map { $0[1] }
        let counted = try #require(view.startFrequency(ofColumn: 1).wait())
        #expect(Reference.counted(counted) == Reference.reference(words, rows: nil).counts)
        let again = try #require(view.startFrequency(ofColumn: 1).wait())
        #expect(Reference.counted(again) == Reference.reference(words, rows: nil).counts)
    }

    @Test func aMostlyDistinctColumnOrAFewRowsFilterKeepNothing() throws {
        let values = FrequencyPartitionsTests.values(count: 4_000, distinct: 3_000, seed: 41)
        let view = Self.textView(try Reference.csvFile(values))
        let key = SortKeyCache.Key(column: 1, kind: .text, format: .standard, nullTokens: .standard, rowCount: 4_000,
                                   editCount: 0)
        let stamp = SortKeyCache(budgetBytes: 1 << 20).stamp(editCount: 0, isComplete: true)
        let extraction = try #require(FrequencyKeyExtraction(cache: SortKeyCache(), key: key, stamp: stamp, rows: .first(4_000)))
        #expect(!extraction.looksFewValued(source: view.dataSource))
        let table = try #require(view.startFrequency(ofColumn: 1).wait())
        #expect(view.sortKeyCacheStatistics.entries == 0)
        #expect(Reference.counted(table) == Reference.reference(values, rows: nil).counts)

        // Few-valued, but a filter keeping fewer than half of the rows: counted from the fields.
        let few = FrequencyPartitionsTests.values(count: 4_000, distinct: 30, seed: 42)
        let filtered = Self.textView(try Reference.csvFile(few))
        #expect(FrequencyKeyExtraction(cache: SortKeyCache(), key: key, stamp: stamp, rows: .rows([1, 2], sourceRowCount: 4_000)) == nil)
        filtered.startFilter(try RowMatcher(query: "user1", mode: .substring))
        filtered.waitForJob()
        guard case .rows(let kept, _) = filtered.shownRows else { Issue.record("not filtered"); return }
        #expect(kept.count * 2 < few.count)
        let counted = try #require(filtered.startFrequency(ofColumn: 1).wait())
        #expect(filtered.sortKeyCacheStatistics.entries == 0)
        #expect(Reference.counted(counted) == Reference.reference(few, rows: kept).counts)
        // Unfiltered, the same column keeps its keys.
        filtered.startFilter(nil)
        filtered.waitForJob()
        _ = try #require(filtered.startFrequency(ofColumn: 1).wait())
        #expect(filtered.sortKeyCacheStatistics.entries == 1)
    }

    @Test func cancellingDuringTheExtractionKeepsNothing() throws {
        let rows = 140_000
        let values = FrequencyPartitionsTests.values(count: rows, distinct: 50, seed: 43)
        let source = try Reference.csvFile(values)
        let cache = SortKeyCache()
        let key = SortKeyCache.Key(column: 1, kind: .text, format: .standard, nullTokens: .standard, rowCount: rows,
                                   editCount: 0)
        let extraction = try #require(FrequencyKeyExtraction(cache: cache, key: key, stamp: cache.stamp(editCount: 0, isComplete: true),
                                                             rows: .first(rows)))
        #expect(extraction.looksFewValued(source: source))
        let advanced = Atomic<Int>(0)
        let control = ExtractionControl(concurrent: true, isCancelled: { advanced.load(ordering: .relaxed) > 0 },
                                        advance: { advanced.add($0, ordering: .relaxed) })
        guard case .cancelled = extraction.run(source: source, control: control) else {
            Issue.record("not cancelled")
            return
        }
        #expect(advanced.load(ordering: .relaxed) > 0)
        #expect(cache.statistics.entries == 0 && cache.lookup(key, stamp: cache.stamp(editCount: 0, isComplete: true)) == nil)
        // Not cancelled: kept.
        guard case .keys = extraction.run(source: source, control: ExtractionControl(concurrent: true)) else {
            Issue.record("not extracted")
            return
        }
        #expect(cache.statistics.entries == 1)

        // Through the view: Esc as the job starts keeps nothing and gives no table.
        let view = Self.textView(source)
        let job = view.startFrequency(ofColumn: 1)
        job.cancel()
        #expect(job.wait() == nil)
        #expect(view.sortKeyCacheStatistics.entries == 0)
    }
}
