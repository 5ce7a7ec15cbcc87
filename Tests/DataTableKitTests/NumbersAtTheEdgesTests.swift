import Testing
import TestSupport
@testable import DataTableKit

/// Numbers at the edges of the double and Int64 ranges: no conversion traps, sums and means
/// are exact for integers and never overflow, bins and quantiles hold any finite value (see
/// docs/decisions/0082-numbers-at-the-edges.md).
@Suite struct NumbersAtTheEdgesTests {
    // MARK: The one conversion

    @Test func aDoubleBecomesTheNearestIntegerTowardZeroOrTheBound() {
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: .nan, nan: -1) == -1)
        #expect(Int(saturating: .infinity) == Int.max)
        #expect(Int(saturating: -.infinity) == Int.min)
        #expect(Int(saturating: 1e300) == Int.max)
        #expect(Int(saturating: -1e300) == Int.min)
        #expect(Int(saturating: 9_223_372_036_854_775_808.0) == Int.max)  // 2^63
        #expect(Int(saturating: -9_223_372_036_854_775_808.0) == Int.min)  // -2^63 fits
        #expect(Int(saturating: 9_223_372_036_854_774_784.0) == 9_223_372_036_854_774_784)  // the largest double below 2^63
        #expect(Int(saturating: 2.9) == 2 && Int(saturating: -2.9) == -2 && Int(saturating: -0.0) == 0)
        #expect(Int(saturating: .leastNonzeroMagnitude) == 0)
        #expect(Int32(saturating: 3e9) == Int32.max && Int32(saturating: -3e9) == Int32.min)
        #expect(Int32(saturating: 2_147_483_647.5) == Int32.max)
        #expect(UInt8(saturating: -1) == 0 && UInt8(saturating: 255.9) == 255 && UInt8(saturating: 256) == 255)
        #expect(UInt64(saturating: 1.8446744073709552e19) == UInt64.max)
        #expect(Int64(saturating: -.infinity) == Int64.min)
    }

    // MARK: Sums and means

    /// The summary of one column of `texts` read as `kind`.
    func summary(_ texts: [String], kind: SortKeyKind, workers: Int = 1) -> ColumnSummary {
        let source = StringRowsDataSource(titles: ["x"], rows: texts.map { [$0] })
        let job = ColumnSummaryJob(source: source, columns: [.init(index: 0, title: "x", kind: kind)], rows: nil,
                                   sourceRowCount: texts.count, workerCount: workers)
        job.run()
        return job.summaries[0]!
    }

    @Test func theMeanOfInt64ExtremesIsExact() {
        let texts = ["9223372036854775807", "1", "-9223372036854775808", "-1", "5"]
        for kind in [SortKeyKind.integer, .decimal] {
            for workers in [1, 2] {
                let s = summary(texts, kind: kind, workers: workers)
                #expect(s.mean == 0.8, "\(kind), \(workers) workers: \(s.mean ?? .nan)")
                #expect(s.formattedMean == "0.80")
            }
        }
        // Integers past Int64 (19 digits) are exact too.
        #expect(summary(["18446744073709551615", "-18446744073709551615", "3"], kind: .decimal).mean == 1)
    }

    @Test func decimalsBeyondTheDoubleRangeNeverOverflowTheSum() {
        #expect(summary(["1e308", "1e308"], kind: .decimal).mean == 1e308)
        #expect(summary(["1e308", "1e308", "1e308", "-1e308"], kind: .decimal).mean == 5e307)
        #expect(summary(["1e308", "-1e308", "5"], kind: .decimal).mean == 5.0 / 3)
        #expect(summary(["1.7976931348623157e308", "1.7976931348623157e308"], kind: .decimal).mean == .greatestFiniteMagnitude)
        // Infinities (numbers past the double range) make the mean infinite, or NaN for both signs.
        #expect(summary(["1e400", "5"], kind: .decimal).mean == .infinity)
        #expect(summary(["-1e400", "5"], kind: .decimal).mean == -.infinity)
        #expect(summary(["1e400", "-1e400"], kind: .decimal).mean!.isNaN)
        #expect(summary(["1e400", "-1e400"], kind: .decimal).formattedMean == "NaN")
        // `inf` and `nan` are no numbers: strays, outside every figure.
        let words = summary(["inf", "nan", "-inf", "1", "2"], kind: .decimal)
        #expect(words.strayCount + words.nullCount == 3 && words.mean == 1.5)
    }

    /// An exact 128-bit sum of Int64s kept as two's complement (high, low) with a manual carry,
    /// as the independent reference.
    struct WideSum {
        var high: Int64 = 0
        var low: UInt64 = 0

        mutating func add(_ value: Int64) {
            let (sum, carry) = low.addingReportingOverflow(UInt64(bitPattern: value))
            low = sum
            high = high &+ (value < 0 ? -1 : 0) &+ (carry ? 1 : 0)
        }

        /// The value divided by `n`, within a few units in the last place.
        func mean(_ n: Int) -> Double {
            var (high, low) = (self.high, self.low)
            let negative = high < 0
            if negative {  // negate: invert and add one
                high = ~high
                low = ~low
                let (sum, carry) = low.addingReportingOverflow(1)
                low = sum
                if carry { high &+= 1 }
            }
            let magnitude = Double(UInt64(bitPattern: high)) * 0x1p64 + Double(low)
            return (negative ? -magnitude : magnitude) / Double(n)
        }
    }

    @Test(arguments: 0..<16)
    func meansOfRandomInt64ColumnsMatchAWideSum(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37 &+ 11)
        let extremes: [Int64] = [.max, .min, .max - 1, .min + 1, 0, 1, -1, 1 << 53 + 1, -(1 << 53) - 1]
        let count = 1 + Int(random.next() % 400)
        var values: [Int64] = []
        for _ in 0..<count {
            switch random.next() % 4 {
            case 0: values.append(extremes[Int(random.next() % UInt64(extremes.count))])
            case 1: values.append(Int64(bitPattern: random.next()))
            case 2: values.append(Int64(bitPattern: random.next()) >> 40)
            default: values.append(Int64(random.next() % 1000) - 500)
            }
        }
        var reference = WideSum()
        for value in values { reference.add(value) }
        let expected = reference.mean(values.count)
        for workers in [1, 3] {
            let mean = summary(values.map(String.init), kind: .integer, workers: workers).mean!
            #expect(abs(mean - expected) <= 4 * expected.ulp, "seed \(seed): \(mean) against \(expected)")
        }
        // The section footers' sum: exact digits at any size.
        var footer = DataTableColumnSummary(column: 0)
        for value in values { footer.add(String(value)) }
        let exact = Int128(reference.high) << 64 | Int128(reference.low)
        #expect(footer.plainSum == String(exact))
    }

    @Test func sectionSumsOfInt64ExtremesAreExact() {
        var footer = DataTableColumnSummary(column: 0)
        for text in ["9223372036854775807", "1", "-9223372036854775808", "-1", "5"] { footer.add(text) }
        #expect(footer.integerSum == 4 && footer.formattedSum == "4" && footer.mean == 0.8)
        var large = DataTableColumnSummary(column: 0)
        for text in ["9223372036854775807", "9223372036854775807"] { large.add(text) }
        #expect(large.integerSum == nil, "past Int")
        #expect(large.formattedSum == "18,446,744,073,709,551,614")
        var decimals = DataTableColumnSummary(column: 0)
        for text in ["1e308", "1e308", "-1e308", "0.5"] { decimals.add(text) }
        #expect(decimals.sum == 1e308 && decimals.mean == 1e308 / 4 + 0.125)
    }

    // MARK: Quantiles

    @Test func quantilesInterpolateAcrossTheWholeDoubleRange() {
        var values = [-1e308, 1e308]
        let q = values.withUnsafeMutableBufferPointer { OrderStatistics.quantiles($0, at: [0.25, 0.5, 0.75]) }
        #expect(q == [-5e307, 0, 5e307])
        #expect(OrderStatistics.interpolate(-.greatestFiniteMagnitude, .greatestFiniteMagnitude, 0.5) == 0)
        #expect(OrderStatistics.interpolate(5, .infinity, 0.5) == .infinity)
        #expect(OrderStatistics.interpolate(-.infinity, 5, 0.5) == -.infinity)
        #expect(OrderStatistics.interpolate(-.infinity, .infinity, 0.5).isNaN)
        #expect(OrderStatistics.interpolate(-.infinity, .infinity, 0) == -.infinity)
        let s = summary(["1e308", "-1e308", "1e308", "-1e308"], kind: .decimal)
        #expect(s.median == 0 && s.quantiles!.p25 == -1e308 && s.quantiles!.p75 == 1e308)
    }

    @Test func quantilesMinAndMaxOfWholeNumbersPast2To53AreExact() {
        // 2^53 + 1 and its neighbours: a double holds none of the odd ones.
        let texts = ["9007199254740993", "9007199254740995", "9007199254740991", "9007199254740997",
                     "9007199254740999", "-9223372036854775807", "9223372036854775807"]
        for kind in [SortKeyKind.integer, .decimal] {
            for workers in [1, 2] {
                let s = summary(texts, kind: kind, workers: workers)
                #expect(s.formattedQuantile(0.5) == "9007199254740995", "\(kind), \(workers) workers")
                #expect(s.formattedQuantile(0.25) == "9007199254740992", "between ...991 and ...993: 0.5 of the way")
                #expect(s.formattedQuantile(0.75) == "9007199254740998")
                #expect(s.minimum == "-9223372036854775807" && s.maximum == "9223372036854775807")
                // 5 × 9007199254740995 / 7, exactly.
                #expect(s.formattedMean == "6433713753386425.00")
            }
        }
        // A double past 2^52 has no fraction: no digits are made up for it.
        #expect(DataTableColumnSummary.format(9_007_199_254_740_996, fractionDigits: 2, grouping: false) == "9007199254740996.00")
        #expect(DataTableColumnSummary.format(-0.125, fractionDigits: 2) == "-0.13" && DataTableColumnSummary.format(-0.001, fractionDigits: 2) == "0.00")
        #expect(NumberSum.quotientText(-7, count: 2, digits: 0) == "-4" && NumberSum.quotientText(1, count: 3, digits: 4) == "0.3333")
        // Values a double cannot tell apart: the largest as written, not the first of them.
        let close = summary(["9007199254740992", "9007199254740993", "12"], kind: .integer)
        #expect(close.maximum == "9007199254740993")
        // A decimal among them: doubles from there on (exact quantiles only of whole numbers).
        let mixed = summary(["9007199254740993", "0.5", "9007199254740993"], kind: .decimal, workers: 2)
        #expect(mixed.maximum == "9007199254740993" && mixed.formattedQuantile(0.5).hasPrefix("9007199254740992"))
        // Many values: the bucketed selection is exact too.
        var many = (0..<66_000).map { String(9_007_199_254_740_993 + 2 * $0) }
        many.append("1")
        let large = summary(many, kind: .integer, workers: 2)
        #expect(large.formattedQuantile(0.5) == String(9_007_199_254_740_993 + 2 * 32_999))
    }

    // MARK: Bins

    /// Random texts of numbers: ordinary ones, the ends of the double range, denormals, zeros,
    /// Int64 extremes, infinities (`1e400`) and words that are no numbers.
    static func randomNumberTexts(seed: Int, count: Int) -> [String] {
        var random = SplitMix64(seed: UInt64(seed) &* 31 &+ 7)
        let edges = ["1e308", "-1e308", "1.7976931348623157e308", "-1.7976931348623157e308", "5e-324", "-5e-324",
                     "2.2250738585072014e-308", "0", "-0", "9223372036854775807", "-9223372036854775808",
                     "9223372036854775808", "1e400", "-1e400", "inf", "nan", "1e16", "10000000000000001"]
        // Columns of a few kinds: spread over the whole range, clustered, tiny.
        let style = seed % 4
        return (0..<count).map { _ in
            if random.next() % 5 == 0 { return edges[Int(random.next() % UInt64(edges.count))] }
            let bits = random.next()
            switch style {
            case 0:
                let d = Double(bitPattern: bits)
                return d.isFinite ? "\(d)" : "1"
            case 1: return "\(Double(Int64(bitPattern: bits) >> 20) / 8)"
            case 2: return "\(Double(bits % 1000) * .leastNonzeroMagnitude)"
            default: return "\(1e17 + Double(bits % 64))"
            }
        }
    }

    @Test(arguments: 0..<24)
    func theSummaryHistogramCountsEveryFiniteValueOnce(seed: Int) {
        let texts = Self.randomNumberTexts(seed: seed, count: 40 + seed * 7)
        let values = texts.compactMap { ValueParsing.decimal($0) }.filter { !$0.isNaN }
        let finite = values.filter(\.isFinite)
        for step in [nil, 1.0] {
            let bins = values.withUnsafeBufferPointer { buffer in
                HistogramBins.counts(buffer, minimum: values.min() ?? 0, maximum: values.max() ?? 0, step: step)
            }
            #expect(bins.reduce(0, +) == finite.count, "seed \(seed), step \(step ?? 0)")
        }
        let s = summary(texts, kind: .decimal)
        #expect(s.histogram.reduce(0, +) == finite.count)
    }

    @Test(arguments: 0..<24)
    func everyFiniteValueFallsInTheOneBinWhoseFilterKeepsIt(seed: Int) throws {
        let texts = Self.randomNumberTexts(seed: seed, count: 30 + seed * 11)
        let source = StringRowsDataSource(titles: ["x"], rows: texts.map { [$0] })
        let table = try #require(FrequencyCounter.count(source: source, column: 0, rows: .first(texts.count), kind: .decimal))
        let bins = try #require(FrequencyBins(table))
        #expect(bins.bins.map(\.count).reduce(0, +) + bins.strayCount + bins.nullCount == texts.count)
        // The filter Enter makes of each bin keeps exactly the rows the bin counted, and each
        // number is kept by exactly one bin.
        let tests = try bins.bins.map { bin in
            try ColumnFilterTest(ColumnFilter(column: 0, predicate: .range(lower: bin.lowerText, upper: bin.upperText,
                                                                              includesUpper: false)), kind: .decimal)
        }
        for (bin, test) in zip(bins.bins, tests) {
            #expect(texts.filter { test.matches($0) }.count == bin.count, "seed \(seed): bin \(bin.label)")
        }
        for text in texts {
            let keptBy = tests.filter { $0.matches(text) }.count
            let isNumber = ValueParsing.decimal(text).map { !$0.isNaN } ?? false
            #expect(keptBy == (isNumber ? 1 : 0), "seed \(seed): \(text) in \(keptBy) bins")
        }
        // Round widths, each bin's bounds increasing.
        for bin in bins.bins where bin.label.hasPrefix("[") {
            let lower = try #require(ValueParsing.decimal(bin.lowerText)), upper = ValueParsing.decimal(bin.upperText ?? "")
            #expect(upper.map { $0 > lower } ?? false, "\(bin.label)")
        }
    }

    @Test func aColumnSpanningTheDoubleRangeHasRoundBinsAndBinsForInfinities() throws {
        let texts = ["1e308", "-1e308", "5", "1e400", "-1e400", "1e400", "inf", ""]
        let source = StringRowsDataSource(titles: ["x"], rows: texts.map { [$0] })
        let table = try #require(FrequencyCounter.count(source: source, column: 0, rows: .first(texts.count), kind: .decimal))
        let bins = try #require(FrequencyBins(table))
        #expect(bins.unitName == "width 1e307")
        #expect(bins.bins.first?.label == "-inf" && bins.bins.first?.count == 1)
        #expect(bins.bins.last?.label == "inf" && bins.bins.last?.count == 2 && bins.bins.last?.upperText == nil)
        #expect(bins.bins[1].label == "[-1e308, -9e307)" && bins.bins[1].count == 1)
        #expect(bins.bins.contains { $0.label == "[0, 1e307)" && $0.count == 1 })
        #expect(bins.bins[bins.bins.count - 2].label == "[1e308, 1.1e308)")
        #expect(bins.strayCount == 1 && bins.nullCount == 1)
        // Denormals get bins of their own size.
        let tiny = StringRowsDataSource(titles: ["x"], rows: [["5e-324"], ["1e-323"], ["0"]])
        let tinyTable = try #require(FrequencyCounter.count(source: tiny, column: 0, rows: .first(3), kind: .decimal))
        let tinyBins = try #require(FrequencyBins(tinyTable))
        #expect(tinyBins.bins.map(\.label) == ["[0, 5e-324)", "[5e-324, 1e-323)", "[1e-323, 1.5e-323)"])
        // Values closer than their precision: the width is well above it.
        let close = StringRowsDataSource(titles: ["x"], rows: [["100000000000000000"], ["100000000000000016"]])
        let closeTable = try #require(FrequencyCounter.count(source: close, column: 0, rows: .first(2), kind: .integer))
        let closeBins = try #require(FrequencyBins(closeTable))
        #expect(closeBins.bins.map(\.count).reduce(0, +) == 2)
        #expect(closeBins.unitName == "width 20000" && closeBins.bins.map(\.label) == ["[1e17, 1.0000000000002e17)"])
    }
}
