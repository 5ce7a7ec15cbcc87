import Testing
@testable import DataTableKit

/// The frequency sheet's rows: the distinct values by count, the null row in its place by
/// count (before values counted as often), and the full bar the largest count.
@Suite struct FrequencyDataSourceTests {
    /// Values counted 5, 3, 3 and 1 times, and `nulls` empty fields.
    static func rows(nulls: Int) -> FrequencyDataSource {
        let values = Array(repeating: "a", count: 5) + Array(repeating: "b", count: 3) + Array(repeating: "c", count: 3)
            + ["d"] + Array(repeating: "", count: nulls)
        let source = StringRowsDataSource(titles: ["v"], rows: values.map { [$0] })
        let table = FrequencyCounter.count(source: source, column: 0, rows: .first(values.count), kind: .integer)!
        return FrequencyDataSource(table: table, valueTitle: "v")
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6])
    func theNullRowStandsBeforeTheFirstValueCountedAtMostAsOften(nulls: Int) {
        let source = Self.rows(nulls: nulls)
        let counts = [5, 3, 3, 1]
        // Written out: the values in order, the null row inserted before the first count <= nulls.
        var expected: [FrequencyDataSource.Entry] = counts.indices.map { .value(rank: $0) }
        if nulls > 0 { expected.insert(.null, at: counts.firstIndex { nulls >= $0 } ?? counts.count) }
        #expect(source.entries == expected)
        #expect(source.largestCount == max(5, nulls))
    }
}
