import Glibc
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableCSV
@testable import DataTableKit

/// The summary engine against a reference computed here independently: plain Swift parsing,
/// sorting and counting of the same texts.
@Suite struct ColumnSummaryTests {
    // MARK: - Random tables

    /// Columns: `n` integers (with nulls, blanks, `-` and strays), `price` decimal-comma money
    /// (`1.234,56`), `when` dates (ISO and US month-first), `word` text (case variants, a quote,
    /// blanks that are values in text).
    struct RandomTable {
        var rows: [[String]] = []
        static let titles = ["n", "price", "when", "word"]
        static let words = ["apple", "Apple", "APPLE", "banana", "a b", "ab", "cherry", "Zürich", "say \"hi\"", "  ", "-", "zoo"]

        init(seed: UInt64, count: Int) {
            var random = SplitMix64(seed: seed)
            func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
            for _ in 0..<count {
                let n: String = switch pick(20) {
                case 0: ""
                case 1: "NA"
                case 2: "-"
                case 3: "n/k"
                case 4: "  "
                case 5: " \(pick(200) - 100) "
                default: String(pick(10_001) - 5000)
                }
                let price: String
                switch pick(12) {
                case 0: price = ""
                case 1: price = "N/A"
                case 2: price = "\(pick(100) - 50)"
                case 3: price = "\(pick(100)),5"
                default:
                    let cents = pick(20_000_001) - 10_000_000
                    let whole = abs(cents) / 100, fraction = abs(cents) % 100
                    var digits = String(whole)
                    if pick(2) == 0 {  // thousands grouped with dots
                        var grouped = ""
                        for (i, c) in digits.reversed().enumerated() {
                            if i > 0 && i % 3 == 0 { grouped.append(".") }
                            grouped.append(c)
                        }
                        digits = String(grouped.reversed())
                    }
                    price = (cents < 0 ? "-" : "") + digits + "," + (fraction < 10 ? "0" : "") + String(fraction)
                }
                let when: String
                let (y, m, d) = (1990 + pick(40), 1 + pick(12), 1 + pick(28))
                switch pick(10) {
                case 0: when = ""
                case 1: when = "null"
                case 2: when = "soon"
                case 3, 4: when = "\(m)/\(d)/\(y)"
                default: when = "\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
                }
                let word: String = switch pick(10) {
                case 0: ""
                case 1: "NA"
                default: Self.words[pick(Self.words.count)]
                }
                rows.append([n, price, when, word])
            }
        }

        var columns: [ColumnSummaryJob.Column] {
            [ColumnSummaryJob.Column(index: 0, title: "n", kind: .integer),
             ColumnSummaryJob.Column(index: 1, title: "price", kind: .decimal,
                                     format: ValueFormat(decimalSeparator: UInt8(ascii: ","))),
             ColumnSummaryJob.Column(index: 2, title: "when", kind: .dateTime),
             ColumnSummaryJob.Column(index: 3, title: "word", kind: .text)]
        }

        /// The table as CSV, fields quoted where RFC 4180 needs it.
        var csv: String { csv(delimiter: ",") }

        func csv(delimiter: Character) -> String {
            func field(_ text: String) -> String {
                text.contains(where: { $0 == delimiter || $0 == "\"" || $0 == "\n" })
                    ? "\"" + text.replacing("\"", with: "\"\"") + "\"" : text
            }
            return ([Self.titles] + rows).map { $0.map(field).joined(separator: String(delimiter)) }
                .joined(separator: "\n") + "\n"
        }
    }

    // MARK: - The reference

    static let nullTexts: Set<String> = ["", "NA", "N/A", "n/a", "NULL", "null", "None", "NaN", "nan", "#N/A"]

    static func trimmed(_ text: String) -> String {
        var s = Substring(text)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }

    /// A number as the reference reads it: plain, or decimal comma with dot grouping.
    static func referenceNumber(_ text: String, decimalComma: Bool) -> Double? {
        let t = trimmed(text)
        guard !t.isEmpty else { return nil }
        if decimalComma {
            return Double(t.replacing(".", with: "").replacing(",", with: "."))
        }
        return Double(t)
    }

    /// Days from 1970-01-01 by counting whole years and months.
    static func referenceDays(year: Int, month: Int, day: Int) -> Int {
        func leap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }
        var days = 0
        for y in 1970..<max(1970, year) { days += leap(y) ? 366 : 365 }
        for y in min(year, 1970)..<1970 { days -= leap(y) ? 366 : 365 }
        let lengths = [31, leap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for m in 0..<(month - 1) { days += lengths[m] }
        return days + day - 1
    }

    static func referenceDate(_ text: String) -> Double? {
        let t = trimmed(text)
        let parts: [Int]
        if t.contains("-") {
            parts = t.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3 else { return nil }
            return Double(referenceDays(year: parts[0], month: parts[1], day: parts[2])) * 86_400_000
        }
        parts = t.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return Double(referenceDays(year: parts[2], month: parts[0], day: parts[1])) * 86_400_000
    }

    /// Type 7 quantile of sorted values.
    static func referenceQuantile(_ sorted: [Double], _ p: Double) -> Double {
        let h = Double(sorted.count - 1) * p
        let lo = Int(h.rounded(.down))
        guard lo + 1 < sorted.count else { return sorted[lo] }
        return sorted[lo] + (h - Double(lo)) * (sorted[lo + 1] - sorted[lo])
    }

    /// The sort's collation for the reference: ASCII-lower-cased bytes, then raw bytes.
    static func collates(_ a: String, before b: String) -> Bool {
        func folded(_ s: String) -> [UInt8] { s.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 } }
        let fa = folded(a), fb = folded(b)
        if fa != fb { return fa.lexicographicallyPrecedes(fb) }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    /// Checks one column's summary against the reference over `texts` (the column's fields).
    static func expectMatches(_ summary: ColumnSummary, texts: [String], kind: SortKeyKind,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        var nulls = 0, strays = 0
        var values: [(value: Double, text: String)] = []
        var counts: [String: Int] = [:]
        for text in texts {
            let value: Double?
            let isNull: Bool
            switch kind {
            case .text:
                value = nil
                isNull = nullTexts.contains(text)
            case .integer, .decimal:
                value = referenceNumber(text, decimalComma: summary.format.decimalSeparator == UInt8(ascii: ","))
                isNull = value == nil && (nullTexts.contains(trimmed(text)) || trimmed(text) == "-")
            default:
                value = referenceDate(text)
                isNull = value == nil && nullTexts.contains(trimmed(text))
            }
            if isNull { nulls += 1; continue }
            counts[text, default: 0] += 1
            if let value { values.append((value, text)) } else if kind != .text { strays += 1 }
        }
        #expect(summary.rowCount == texts.count, sourceLocation: sourceLocation)
        #expect(summary.nullCount == nulls, "\(summary.title) nulls", sourceLocation: sourceLocation)
        #expect(summary.strayCount == strays, "\(summary.title) strays", sourceLocation: sourceLocation)
        #expect(summary.nonNullCount == texts.count - nulls, sourceLocation: sourceLocation)
        #expect(summary.distinctCount == counts.count, "\(summary.title) distinct", sourceLocation: sourceLocation)
        #expect(!summary.isDistinctCountEstimated, sourceLocation: sourceLocation)
        let top = counts.max { a, b in a.value != b.value ? a.value < b.value : collates(b.key, before: a.key) }
        #expect(summary.mostFrequent == top?.key, "\(summary.title) most frequent", sourceLocation: sourceLocation)
        #expect(summary.mostFrequentCount == (top?.value ?? 0), sourceLocation: sourceLocation)
        if kind == .text {
            let sortedTexts = counts.keys.sorted(by: collates)
            #expect(summary.minimum == sortedTexts.first, "\(summary.title) min", sourceLocation: sourceLocation)
            #expect(summary.maximum == sortedTexts.last, "\(summary.title) max", sourceLocation: sourceLocation)
            #expect(summary.histogram == Array(counts.values.sorted(by: >).prefix(12)), sourceLocation: sourceLocation)
            #expect(summary.mean == nil && summary.quantiles == nil, sourceLocation: sourceLocation)
            return
        }
        guard !values.isEmpty else {
            #expect(summary.mean == nil && summary.quantiles == nil && summary.minimum == nil, sourceLocation: sourceLocation)
            return
        }
        // The first row holding the smallest (largest) value gives the text.
        let minimum = values.min { $0.value < $1.value }!.value, maximum = values.max { $0.value < $1.value }!.value
        #expect(summary.minimum == values.first { $0.value == minimum }!.text, "\(summary.title) min", sourceLocation: sourceLocation)
        #expect(summary.maximum == values.first { $0.value == maximum }!.text, "\(summary.title) max", sourceLocation: sourceLocation)
        let mean = values.reduce(0) { $0 + $1.value } / Double(values.count)
        #expect(abs((summary.mean ?? .nan) - mean) <= 1e-9 * max(1, abs(mean)), "\(summary.title) mean", sourceLocation: sourceLocation)
        let sorted = values.map(\.value).sorted()
        let expected = ColumnSummary.levels.map { referenceQuantile(sorted, $0) }
        if let q = summary.quantiles {
            let got = [q.p5, q.p25, q.median, q.p75, q.p95]
            for (g, e) in zip(got, expected) {
                #expect(abs(g - e) <= 1e-9 * max(1, abs(e)), "\(summary.title) quantiles \(got) vs \(expected)",
                        sourceLocation: sourceLocation)
            }
        } else {
            Issue.record("\(summary.title): no quantiles", sourceLocation: sourceLocation)
        }
        #expect(summary.histogram.reduce(0, +) == values.count, "\(summary.title) histogram", sourceLocation: sourceLocation)
        #expect(summary.histogram.count <= 16, sourceLocation: sourceLocation)
    }

    static func run(_ source: DataTableDataSource, columns: [ColumnSummaryJob.Column], rows: [UInt32]? = nil,
                    workers: Int? = nil, distinctLimit: Int = ColumnSummaryJob.defaultDistinctLimit) -> [ColumnSummary] {
        let job = ColumnSummaryJob(source: source, columns: columns, rows: rows, sourceRowCount: source.rowCount,
                                   distinctLimit: distinctLimit, workerCount: workers)
        job.run()
        #expect(job.isFinished)
        #expect(job.fraction == 1)
        return job.summaries.compactMap { $0 }
    }

    // MARK: - Properties

    @Test(arguments: 0..<24)
    func summariesEqualTheReferenceOnRandomTables(seed: Int) throws {
        let table = RandomTable(seed: UInt64(seed) &* 7919 &+ 1, count: seed % 4 == 0 ? seed : 300 + seed * 97)
        let memory = StringRowsDataSource(titles: RandomTable.titles, rows: table.rows)
        let file = try Self.csvFile(table.csv)
        #expect(file.rowCount == table.rows.count)
        for source in [memory as DataTableDataSource, file] {
            for workers in [1, 3] {
                let summaries = Self.run(source, columns: table.columns, workers: workers)
                #expect(summaries.count == 4)
                for (column, summary) in summaries.enumerated() {
                    Self.expectMatches(summary, texts: table.rows.map { $0[column] }, kind: table.columns[column].kind)
                }
            }
        }
    }

    @Test func aSubsetOfRowsIsSummarizedAsTheRowsAlone() {
        let table = RandomTable(seed: 99, count: 2000)
        let source = StringRowsDataSource(titles: RandomTable.titles, rows: table.rows)
        let kept = (0..<2000).filter { $0 % 3 == 1 }
        let summaries = Self.run(source, columns: table.columns, rows: kept.map { UInt32($0) }, workers: 2)
        for (column, summary) in summaries.enumerated() {
            Self.expectMatches(summary, texts: kept.map { table.rows[$0][column] }, kind: table.columns[column].kind)
        }
    }

    @Test func distinctCountsAreExactUpToTheLimitThenEstimatedWithinThreePercent() {
        func column(_ texts: [String], workers: Int, limit: Int) -> ColumnSummary {
            let source = StringRowsDataSource(titles: ["t"], rows: texts.map { [$0] })
            return Self.run(source, columns: [.init(index: 0, title: "t", kind: .text)], workers: workers,
                            distinctLimit: limit)[0]
        }
        // 1000 distinct texts, each twice, split between workers: exact at a limit of 1000.
        let thousand = (0..<2000).map { "v\($0 % 1000)" }
        for workers in [1, 2, 3] {
            let exact = column(thousand, workers: workers, limit: 1000)
            #expect(exact.distinctCount == 1000 && !exact.isDistinctCountEstimated)
            #expect(exact.formattedDistinctCount == "1,000")
            #expect(!exact.isMostFrequentEstimated)
        }
        let over = column(thousand, workers: 2, limit: 999)
        #expect(over.isDistinctCountEstimated)
        #expect(over.formattedDistinctCount.hasPrefix("~"))
        #expect(over.isMostFrequentEstimated)
        // Far past the limit: HyperLogLog's standard error is 0.8%; 3% is over 3.5 of them.
        // Texts of 12-13 bytes, then of 17-22 (the hash's two- and three-word lengths).
        for (n, seed, prefix) in [(200_000, 1, ""), (300_000, 2, ""), (250_000, 3, "customer-")] {
            var random = SplitMix64(seed: UInt64(seed))
            let texts = (0..<n).map { _ in prefix + String(random.next(), radix: 36) }
            let truth = Set(texts).count
            let estimate = column(texts, workers: 2, limit: 1000)
            #expect(estimate.isDistinctCountEstimated)
            #expect(abs(Double(estimate.distinctCount - truth)) <= 0.03 * Double(truth), "\(estimate.distinctCount) vs \(truth)")
        }
    }

    @Test func anEstimatedDistinctCountNeverExceedsTheValuesCounted() {
        // Every value distinct, past the exact limit: the sketch may guess a little high, but a
        // column cannot have more distinct values than non-null values (`~10,025,486` of 10M ids).
        for n in [5_000, 10_000, 20_000, 40_000, 80_000] {
            let source = StringRowsDataSource(titles: ["id"], rows: (0..<n).map { ["\($0 + 1)"] } + [["NA"]])
            let summary = Self.run(source, columns: [.init(index: 0, title: "id", kind: .text)], workers: 2,
                                   distinctLimit: 1000)[0]
            #expect(summary.isDistinctCountEstimated)
            #expect(summary.distinctCount <= n, "\(summary.distinctCount) distinct of \(n) values")
        }
    }

    @Test func theMostFrequentTextPastTheLimitIsAmongThoseCountedAndMarked() {
        // "hot" comes first and often: held, counted exactly, still marked as maybe not the most.
        let texts = ["hot"] + (0..<5000).map { $0 % 5 == 0 ? "hot" : "cold\($0)" }
        let source = StringRowsDataSource(titles: ["t"], rows: texts.map { [$0] })
        let summary = Self.run(source, columns: [.init(index: 0, title: "t", kind: .text)], workers: 1, distinctLimit: 100)[0]
        #expect(summary.mostFrequent == "hot")
        #expect(summary.mostFrequentCount == 1001)
        #expect(summary.formattedMostFrequent == "hot (~1,001)")
        // The minimum and maximum still cover the texts left out of the table.
        #expect(summary.minimum == "cold1")
        #expect(summary.maximum == "hot")
    }

    @Test func pastTheLimitTheTableKeepsTheMostFrequentTextsAndTheRangeStaysExact() throws {
        // 3,000 distinct texts over a limit of 2,000: the table shrinks to the 1,024 most frequent
        // (`top0`...`top9` are among them), the others' texts still count for the first and last.
        var texts: [String] = []
        for i in 0..<3000 {
            texts.append("mid\(i)")
            if i % 100 == 0 { texts += Array(repeating: "top\(i / 100 % 10)", count: 5 + i / 100) }
        }
        texts.insert("AAA first", at: 1500)
        texts.append("zzz last")
        let memory = StringRowsDataSource(titles: ["t"], rows: texts.map { [$0] })
        let file = try Self.csvFile("t\n" + texts.joined(separator: "\n") + "\n")
        for source in [memory as DataTableDataSource, file] {
            for workers in [1, 2] {
                let summary = Self.run(source, columns: [.init(index: 0, title: "t", kind: .text)], workers: workers,
                                       distinctLimit: 2000)[0]
                #expect(summary.isDistinctCountEstimated)
                #expect(abs(summary.distinctCount - 3012) < 100, "\(summary.distinctCount)")
                #expect(summary.mostFrequent == "top9")
                #expect(summary.mostFrequentCount == texts.filter { $0 == "top9" }.count)
                #expect(summary.minimum == "AAA first")
                #expect(summary.maximum == "zzz last")
            }
        }
    }

    @Test func quantileSelectionEqualsSortingWithManyTies() {
        var random = SplitMix64(seed: 5)
        for round in 0..<200 {
            let n = 1 + Int(random.next() % 3000)
            let spread = [1, 3, 100, 1_000_000][round % 4]
            var values = (0..<n).map { _ in Double(Int(random.next() % UInt64(spread))) / 4 }
            let sorted = values.sorted()
            let levels = [0, 0.05, 0.25, 0.5, 0.75, 0.95, 1]
            let got = values.withUnsafeMutableBufferPointer { OrderStatistics.quantiles($0, at: levels) }
            #expect(got == levels.map { Self.referenceQuantile(sorted, $0) }, "n \(n) spread \(spread)")
        }
    }

    @Test func quantilesByBucketsEqualSortingOnManyValues() {
        var random = SplitMix64(seed: 8)
        let n = 200_001
        let shapes: [(String, () -> Double)] = [
            ("uniform", { Double(random.next() % 1_000_000) / 7 }),
            ("few values", { Double(random.next() % 5) }),
            ("far outliers", { random.next() % 1000 == 0 ? 1e12 : Double(random.next() % 100) / 3 }),
            ("skewed", { let u = Double(random.next() % 1_000_000 + 1) / 1e6; return 1 / (u * u) }),
        ]
        let levels = ColumnSummary.levels
        for (shape, next) in shapes {
            var values = (0..<n).map { _ in next() }
            let sorted = values.sorted()
            let got = values.withUnsafeMutableBufferPointer {
                OrderStatistics.quantiles($0, at: levels, minimum: sorted.first!, maximum: sorted.last!)
            }
            #expect(got == levels.map { Self.referenceQuantile(sorted, $0) }, "\(shape)")
        }
    }

    @Test func histogramBinsCoverEveryValueOnTheGrid() {
        #expect(HistogramBins.layout(possible: 101) == (8, 13))
        #expect(HistogramBins.layout(possible: 5) == (5, 1))
        var values: [Double] = Array(0...100).map(Double.init)
        let bins = values.withUnsafeBufferPointer { HistogramBins.counts($0, minimum: 0, maximum: 100, step: 1) }
        #expect(bins == [13, 13, 13, 13, 13, 13, 13, 10])
        values = [1.5, 1.5, 1.5]
        #expect(values.withUnsafeBufferPointer { HistogramBins.counts($0, minimum: 1.5, maximum: 1.5, step: nil) } == [3])
        values = [0, 0.05, 0.95, 1]
        let continuous = values.withUnsafeBufferPointer { HistogramBins.counts($0, minimum: 0, maximum: 1, step: nil) }
        #expect(continuous.count == 12 && continuous.first == 2 && continuous.last == 2)
    }

    @Test func booleansCountTrueAndFalse() {
        let source = StringRowsDataSource(titles: ["b"], rows: [["yes"], ["no"], ["yes"], [""], ["maybe"], ["yes"]])
        let summary = Self.run(source, columns: [.init(index: 0, title: "b", kind: .boolean)])[0]
        #expect(summary.histogram == [1, 3])
        #expect(summary.nullCount == 1 && summary.strayCount == 1)
        #expect(summary.mean == 0.75)
        #expect(summary.formattedMean == "0.750")
        #expect(summary.minimum == "no" && summary.maximum == "yes")
        #expect(summary.quantiles == nil)
    }

    @Test func figuresAreWrittenInTheColumnsOwnTerms() {
        let source = StringRowsDataSource(titles: ["p", "d", "t"], rows: [
            ["1,50", "2024-02-28", "2024-02-28 10:00:00"], ["2,25", "2024-03-01", "2024-02-28 10:00:01"],
        ])
        let summaries = Self.run(source, columns: [
            .init(index: 0, title: "p", kind: .decimal, format: ValueFormat(decimalSeparator: UInt8(ascii: ","))),
            .init(index: 1, title: "d", kind: .dateTime), .init(index: 2, title: "t", kind: .dateTime),
        ])
        #expect(summaries[0].formattedMean == "1,8750")
        #expect(summaries[0].median.map(summaries[0].formattedValue) == "1,875")
        #expect(summaries[1].formattedMean == "2024-02-29")
        #expect(summaries[1].minimum == "2024-02-28")
        #expect(summaries[2].median.map(summaries[2].formattedValue) == "2024-02-28 10:00:01")  // 10:00:00.5, rounded
        #expect(FrequencyBins.civil(fromDays: -1) == (1969, 12, 31))
        #expect(FrequencyBins.civil(fromDays: 19_782) == (2024, 2, 29))
    }

    @Test func aCancelledJobEndsWithoutTheColumnsLeft() {
        let table = RandomTable(seed: 3, count: 1000)
        let source = StringRowsDataSource(titles: RandomTable.titles, rows: table.rows)
        let job = ColumnSummaryJob(source: source, columns: table.columns, rows: nil, sourceRowCount: source.rowCount)
        job.cancel()
        job.run()
        #expect(job.isFinished)
        #expect(job.summaries.allSatisfy { $0 == nil })
    }

    // MARK: - Through the table

    @Test func theViewSummarizesTheRowsItShowsWithItsKinds() throws {
        var table = RandomTable(seed: 11, count: 1500)
        // Strays few enough for inference to keep the kinds (it allows 5%), and `;` between
        // fields so that decimal commas can be inferred.
        table.rows = table.rows.map { [$0[0] == "n/k" ? "7" : $0[0], $0[1], $0[2] == "soon" ? "" : $0[2], $0[3]] }
        let file = try Self.csvFile(table.csv(delimiter: ";"))
        let view = DataTableView(dataSource: file, configuration: DataTableConfiguration(), size: Size(width: 80, height: 20))
        view.settleColumnKinds()
        view.startFilter(try RowMatcher(query: "apple", mode: .substring))
        view.waitForJob()
        view.sort(by: [SortDescriptor(column: 0, ascending: false)])
        let kept = (0..<table.rows.count).filter { table.rows[$0].contains { $0.lowercased().contains("apple") } }
        #expect(view.viewport.rowCount == kept.count)
        let job = view.makeColumnSummaryJob()
        #expect(job.rowCount == kept.count)
        #expect(job.columns.map(\.kind) == [.integer, .decimal, .dateTime, .text])
        job.start()
        job.waitUntilFinished()
        for (column, summary) in job.summaries.enumerated() {
            guard let summary else { Issue.record("column \(column) missing"); continue }
            Self.expectMatches(summary, texts: kept.map { table.rows[$0][column] }, kind: job.columns[column].kind)
        }
    }

    /// A CSV file (indexed) for the raw-reader path.
    static func csvFile(_ text: String) throws -> CSVFileDataSource {
        try indexedCSVFile(Array(text.utf8), prefix: "summary")
    }
}
