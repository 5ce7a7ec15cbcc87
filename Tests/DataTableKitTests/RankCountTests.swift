import Testing
import TestSupport
@testable import DataTableKit

/// `SortKeyColumn.countRanks` (rows per distinct text from kept keys, as `F` and the summary
/// count them) against a plain count of the texts written here: below `twoCoreRanks` rows (one
/// pass) and past it (two halves on both cores), with nulls, and over a filter's bitmap.
@Suite struct RankCountTests {
    /// Rows per distinct text and the first row of each, in first-row order, and the nulls
    /// (`NA` and the empty text), counted over `rows` when given.
    static func plainCount(_ values: [String], rows: Set<Int>?) -> (counts: [(Int, Int)], nulls: Int) {
        var counts: [String: (count: Int, first: Int)] = [:], nulls = 0
        for (row, value) in values.enumerated() where rows?.contains(row) ?? true {
            if value == "NA" || value.isEmpty {
                nulls += 1
            } else {
                counts[value, default: (0, row)].count += 1
            }
        }
        return (counts.values.map { ($0.count, $0.first) }.sorted { $0.1 < $1.1 }, nulls)
    }

    /// Without nulls and over every row, the keys are tallied alone (`tally`: four tables in
    /// turn, then the rows left over), hence row counts that are not multiples of 4.
    @Test(arguments: [1_000, 1_003, SortKeyColumn.twoCoreRanks + 4_099], [true, false])
    func countsAndFirstRowsMatchAPlainCount(rowCount: Int, nulls withNulls: Bool) throws {
        var random = SplitMix64(seed: UInt64(rowCount))
        let words = ["pear", "Pear", "apple", "fig", "grüße", "a,b", "kiwi", "Straße"] + (withNulls ? ["NA", ""] : [])
        let values = (0..<rowCount).map { _ in words[Int(random.next() % UInt64(words.count))] }
        let keys = SortKeyColumn.extract(kind: .text, count: rowCount) { values[$0] }
        let kept = Set((0..<rowCount).filter { _ in random.next() % 3 == 0 })
        for rows in [nil, kept] {
            let bitmap = rows.map { FrequencyRows.bitmap(of: $0, rowCount: rowCount) }
            let (counts, firstRows, nulls) = try #require(keys.countRanks(below: rowCount, bitmap: bitmap, check: { _ in false }))
            let found = counts.indices.filter { counts[$0] > 0 }.map { (counts[$0], firstRows[$0]) }.sorted { $0.1 < $1.1 }
            let expected = Self.plainCount(values, rows: rows)
            #expect(nulls == expected.nulls)
            #expect(found.map(\.0) == expected.counts.map(\.0))
            #expect(found.map(\.1) == expected.counts.map(\.1))
        }
    }
}
