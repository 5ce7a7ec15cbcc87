import Testing
@testable import DataTableKit

/// Bins of numbers (round widths, 10 to 20 of them) and of dates (days, months, years).
@Suite struct FrequencyBinsTests {
    /// The bins of a column holding `values` (as text), read as `kind`.
    func bins(_ values: [String], kind: SortKeyKind, format: ValueFormat = .standard) throws -> FrequencyBins {
        let source = StringRowsDataSource(titles: ["v"], rows: values.map { [$0] })
        let table = try #require(FrequencyCounter.count(source: source, column: 0, rows: .first(values.count), kind: kind,
                                                        format: format))
        return try #require(FrequencyBins(table))
    }

    @Test func numbersFallIntoTenToTwentyRoundBinsAndNothingIsLost() throws {
        let values = (0..<1000).map { String(Double($0) * 0.37 - 50) }
        let result = try bins(values + ["n/k", ""], kind: .decimal)
        #expect((10...21).contains(result.bins.count))
        #expect(result.bins.map(\.count).reduce(0, +) == 1000)
        #expect(result.strayCount == 1 && result.nullCount == 1)
        #expect(result.bins.first!.label == "[-60, -40)")
        #expect(result.unitName == "width 20")
    }

    @Test func wholeNumbersGetWholeWidthsAndDecimalCommasKeepTheirSeparator() throws {
        let small = try bins(["1", "2", "3", "3", "7"], kind: .integer)
        #expect(small.bins.map(\.label) == (1...7).map { "[\($0), \($0 + 1))" })
        #expect(small.bins.map(\.count) == [1, 1, 2, 0, 0, 0, 1])
        let comma = try bins(["0,5", "1,25", "2,75"], kind: .decimal, format: ValueFormat(decimalSeparator: UInt8(ascii: ",")))
        #expect(comma.bins.first!.label == "[0,4, 0,6)")  // width 0.2 from 0.4
        #expect(comma.bins.last!.upperText == "2,8")
    }

    @Test func datesGetDaysMonthsOrYearsByTheirSpan() throws {
        let days = try bins(["2024-03-01", "2024-03-03", "2024-03-03T10:00"], kind: .dateTime)
        #expect(days.bins.map(\.label) == ["2024-03-01", "2024-03-02", "2024-03-03"])
        #expect(days.bins.map(\.count) == [1, 0, 2])
        #expect(days.bins.last!.upperText == "2024-03-04")
        let months = try bins(["2023-11-20", "2024-02-01", "2024-02-29"], kind: .dateTime)
        #expect(months.bins.map(\.label) == ["2023-11", "2023-12", "2024-01", "2024-02"])
        #expect(months.bins.map(\.count) == [1, 0, 0, 2])
        #expect(months.bins[1].lowerText == "2023-12-01" && months.bins[1].upperText == "2024-01-01")
        let years = try bins(["1901-05-05", "1999-12-31", "2024-01-01"], kind: .dateTime)
        #expect(years.unitName == "5 years")
        #expect(years.bins.first!.label == "1900–1904")
        #expect(years.bins.map(\.count).reduce(0, +) == 3)
    }

    @Test func textHasNoBins() throws {
        let source = StringRowsDataSource(titles: ["v"], rows: [["a"], ["b"]])
        let table = try #require(FrequencyCounter.count(source: source, column: 0, rows: .first(2), kind: .text))
        #expect(FrequencyBins(table) == nil)
    }

    @Test func civilDatesRoundTrip() {
        for day in stride(from: -800_000, through: 800_000, by: 997) {
            let date = FrequencyBins.civil(fromDays: day)
            #expect(ValueParsing.daysFromCivil(date.year, date.month, date.day) == day)
        }
    }
}
