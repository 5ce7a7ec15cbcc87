import Testing
import TerminalSurface
import TestSupport
@testable import DataTableCSV
@testable import DataTableKit

/// The frequency engine past its first table (mostly-distinct columns split into tables by
/// hash, merged table by table on both cores), and the frequency table counted from a text
/// column's kept sort keys: both give the counts and the order a reference count written here
/// gives (count descending, ties by the first row holding the value), whole and filtered, and
/// an edit is never counted from keys read before it.
@Suite struct FrequencyPartitionsTests {
    typealias Reference = FrequencyCounterTests

    /// Rows of `id,value`: `distinct` random values (some repeated), the troublesome alphabet
    /// now and then.
    static func values(count: Int, distinct: UInt64, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            random.next() % 10 == 0 ? Reference.alphabet[Int(random.next() % UInt64(Reference.alphabet.count))]
                : Array("user\(random.next() % distinct)@example.org".utf8)
        }
    }

    /// The ranks the table should list: by count descending, ties by first appearance in `rows`
    /// (all rows when nil), nulls left out.
    static func expectedOrder(_ values: [[UInt8]], rows: [UInt32]?) -> [[UInt8]] {
        var counts: [[UInt8]: Int] = [:], first: [[UInt8]: Int] = [:]
        for row in rows.map({ $0.map(Int.init).sorted() }) ?? Array(values.indices) where !Reference.isNull(values[row]) {
            counts[values[row], default: 0] += 1
            if first[values[row]] == nil { first[values[row]] = row }
        }
        return counts.keys.sorted { counts[$0]! != counts[$1]! ? counts[$0]! > counts[$1]! : first[$0]! < first[$1]! }
    }

    static func listed(_ table: FrequencyTable) -> [[UInt8]] {
        (0..<table.count).map { rank in table.withBytes(at: rank) { Array($0) } }
    }

    @Test(arguments: [(150_000, UInt64(120_000), UInt64(11)), (90_000, UInt64(40_000), UInt64(12))])
    func mostlyDistinctValuesCountAndOrderLikeTheReference(rows: Int, distinct: UInt64, seed: UInt64) throws {
        let values = Self.values(count: rows, distinct: distinct, seed: seed)
        let source = try Reference.csvFile(values)
        let table = try #require(FrequencyCounter.count(source: source, column: 1, rows: .first(rows), kind: .text))
        let expected = Reference.reference(values, rows: nil)
        #expect(expected.counts.count > FrequencyAccumulator.partitionThreshold)
        #expect(table.total == rows)
        #expect(table.nullCount == expected.nulls)
        #expect(Reference.counted(table) == expected.counts)
        #expect(Self.listed(table) == Self.expectedOrder(values, rows: nil))
    }

    @Test func mostlyDistinctValuesOverFilteredRowsCountLikeTheReference() throws {
        let values = Self.values(count: 120_000, distinct: 100_000, seed: 13)
        let source = try Reference.csvFile(values)
        var random = SplitMix64(seed: 13)
        var kept = (0..<UInt32(values.count)).filter { _ in random.next() % 4 != 0 }
        kept.shuffle(using: &random)
        let table = try #require(FrequencyCounter.count(source: source, column: 1,
                                                        rows: .rows(kept, sourceRowCount: values.count), kind: .text))
        #expect(table.nullCount == Reference.reference(values, rows: kept).nulls)
        #expect(Reference.counted(table) == Reference.reference(values, rows: kept).counts)
        #expect(Self.listed(table) == Self.expectedOrder(values, rows: kept))
    }

    /// Few values, and mostly distinct ones (each value's text then read a batch of rows at a
    /// time, in two halves on both cores).
    @Test(arguments: [(3_000, UInt64(300), UInt64(21)), (100_000, UInt64(9_000), UInt64(22)),
                      (150_000, UInt64(200_000), UInt64(24))])
    func aTextColumnSortedOnceIsCountedFromItsKeptKeys(rows: Int, distinct: UInt64, seed: UInt64) throws {
        let values = Self.values(count: rows, distinct: distinct, seed: seed)
        let view = DataTableView(dataSource: try Reference.csvFile(values), configuration: DataTableConfiguration(),
                                 size: Size(width: 80, height: 20))
        view.settleColumnKinds()
        view.setKind(ColumnKindSetting(kind: .text), ofColumn: 1)
        view.sort(by: [SortDescriptor(column: 1, ascending: false)])
        let before = view.sortKeyCacheStatistics
        let table = try #require(view.startFrequency(ofColumn: 1).wait())
        #expect(view.sortKeyCacheStatistics.frequencyHits == before.frequencyHits + 1)
        #expect(view.sortKeyCacheStatistics.hits == before.hits && view.sortKeyCacheStatistics.misses == before.misses)
        let expected = Reference.reference(values, rows: nil)
        #expect(table.total == rows && table.nullCount == expected.nulls)
        #expect(Reference.counted(table) == expected.counts)
        #expect(Self.listed(table) == Self.expectedOrder(values, rows: nil))

        // Filtered: the rows the filter keeps, from the same keys.
        view.startFilter(try RowMatcher(query: "7", mode: .substring))
        view.waitForJob()
        guard case .rows(let kept, _) = view.shownRows else { Issue.record("not filtered"); return }
        let hitsBefore = view.sortKeyCacheStatistics.frequencyHits
        let filtered = try #require(view.startFrequency(ofColumn: 1).wait())
        #expect(view.sortKeyCacheStatistics.frequencyHits == hitsBefore + 1)
        #expect(filtered.total == kept.count)
        #expect(filtered.nullCount == Reference.reference(values, rows: kept).nulls)
        #expect(Self.listed(filtered) == Self.expectedOrder(values, rows: kept))
    }

    @Test func aNearlyDistinctColumnIsCountedFromItsFieldsUntilASortKeepsItsKeys() throws {
        let values = Self.values(count: 4_000, distinct: 3_000, seed: 23)
        let view = DataTableView(dataSource: try Reference.csvFile(values), configuration: DataTableConfiguration(),
                                 size: Size(width: 80, height: 20))
        view.settleColumnKinds()
        view.setKind(ColumnKindSetting(kind: .text), ofColumn: 1)
        // No keys kept, and too many values for a first count to extract them: from the fields, a miss.
        let fromFields = try #require(view.startFrequency(ofColumn: 1).wait())
        #expect(view.sortKeyCacheStatistics.frequencyMisses == 1 && view.sortKeyCacheStatistics.frequencyHits == 0)
        #expect(view.sortKeyCacheStatistics.entries == 0)
        #expect(Self.listed(fromFields) == Self.expectedOrder(values, rows: nil))
        // Sorted: counted from the keys the sort kept, a hit.
        view.sort(by: [SortDescriptor(column: 1)])
        let table = try #require(view.startFrequency(ofColumn: 1).wait())
        #expect(view.sortKeyCacheStatistics.frequencyMisses == 1 && view.sortKeyCacheStatistics.frequencyHits == 1)
        #expect(Self.listed(table) == Self.expectedOrder(values, rows: nil))
    }

    @Test func anEditIsNotCountedFromKeysReadBeforeIt() throws {
        // Valid UTF-8 only: an edited source reads its fields as text, invalid bytes repaired.
        var values = Self.values(count: 2_000, distinct: 300, seed: 31).map { Array(String(decoding: $0, as: UTF8.self).utf8) }
        let editable = EditableDataSource(base: try Reference.csvFile(values))
        let view = DataTableView(dataSource: editable, configuration: DataTableConfiguration(), size: Size(width: 80, height: 20))
        view.settleColumnKinds()
        view.setKind(ColumnKindSetting(kind: .text), ofColumn: 1)
        view.sort(by: [SortDescriptor(column: 1)])
        #expect(Self.listed(try #require(view.startFrequency(ofColumn: 1).wait())) == Self.expectedOrder(values, rows: nil))
        for row in stride(from: 0, to: 2_000, by: 3) {
            editable.setField("edited", row: row, column: 1)
            values[row] = Array("edited".utf8)
        }
        let table = try #require(view.startFrequency(ofColumn: 1).wait())
        #expect(Reference.counted(table) == Reference.reference(values, rows: nil).counts)
        #expect(Self.listed(table) == Self.expectedOrder(values, rows: nil))
        // Sorted again after the edit (an edited column's keys are read as text, not kept): the same answer.
        view.sort(by: [SortDescriptor(column: 1)])
        let again = try #require(view.startFrequency(ofColumn: 1).wait())
        #expect(Self.listed(again) == Self.expectedOrder(values, rows: nil))
    }
}
