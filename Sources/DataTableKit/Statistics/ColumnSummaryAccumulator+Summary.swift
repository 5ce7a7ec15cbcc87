/// The merged shares of a column as its summary.
extension ColumnSummaryAccumulator {
    /// Texts whose counts draw a text column's histogram.
    static let textHistogramBins = 12

    /// The summary of every row read (all shares merged into this one); `text(row)` reads the
    /// column's field of a source row as written (the smallest and largest values'). Selects
    /// the quantiles in place, so `values` ends reordered.
    /// - Complexity: O(n) for n values (expected; see `OrderStatistics`), plus O(d) over the d
    ///   distinct texts held.
    func summary(column: Int, title: String, text: (Int) -> String) -> ColumnSummary {
        let values = UnsafeMutableBufferPointer(start: self.values, count: valueCount)
        var (distinctCount, isEstimate) = distinct.distinctCount
        // The sketch may guess a little high; a column has no more distinct values than values.
        if isEstimate { distinctCount = min(distinctCount, max(0, rows - nulls)) }
        let top = distinct.mostFrequent(kind == .text ? Self.textHistogramBins : 1)
        var minimum: String?, maximum: String?
        var mean: Double?, quantiles: ColumnSummary.Quantiles?
        var histogram: [Int] = [], range: ClosedRange<Double>?, exact: [Int64?] = []
        switch kind {
        case .text:
            (minimum, maximum) = textRange()
            histogram = top.map { distinct.counts[$0] }
        case .boolean:
            if valueCount > 0 {
                let trues = Int(clamping: sum.integers)
                mean = sum.mean(count: valueCount)
                histogram = [valueCount - trues, trues]
            }
        case .integer, .decimal, .dateTime:
            if valueCount > 0 {
                mean = sum.mean(count: valueCount)
                let step: Double? = kind == .dateTime
                    ? (wholeDays ? 86_400_000 : wholeSeconds ? 1000 : 1)
                    : (allIntegral ? 1 : nil)
                if holdsIntegers {
                    values.withMemoryRebound(to: Int64.self) { integers in
                        (histogram, range, quantiles, exact) = numbers(integers, step: step)
                    }
                } else {
                    (histogram, range, quantiles, exact) = numbers(values, step: step)
                }
            }
        }
        if kind != .text, valueCount > 0 {
            minimum = text(minimumRow)
            maximum = text(maximumRow)
        }
        return ColumnSummary(
            column: column, title: title, kind: kind, format: format, rowCount: rows, nullCount: nulls,
            strayCount: strays, distinctCount: distinctCount, isDistinctCountEstimated: isEstimate,
            minimum: minimum, maximum: maximum, mean: mean, quantiles: quantiles,
            mostFrequent: top.first.map { distinct.text($0) }, mostFrequentCount: top.first.map { distinct.counts[$0] } ?? 0,
            isMostFrequentEstimated: distinct.isOverflowed, histogram: histogram, histogramRange: range,
            fractionDigits: fractionDigits,
            dateResolution: wholeDays ? .days : wholeSeconds ? .seconds : .milliseconds, exactQuantiles: exact,
            exactSum: kind == .integer || kind == .decimal ? sum.integerSum : nil)
    }

    /// The histogram, its range, the quantiles and those that are exact integers (`Int64`
    /// values: exact past 2^53), of the values.
    private func numbers<Value: OrderedValue>(_ values: UnsafeMutableBufferPointer<Value>, step: Double?)
        -> ([Int], ClosedRange<Double>?, ColumnSummary.Quantiles, [Int64?]) {
        let histogram = HistogramBins.counts(UnsafeBufferPointer(values), minimum: minimum, maximum: maximum, step: step)
        let range = HistogramBins.finiteRange(UnsafeBufferPointer(values), minimum: minimum, maximum: maximum)?.range
        let q = OrderStatistics.orderStatistics(values, at: ColumnSummary.levels, minimum: minimum, maximum: maximum)
        let quantiles = ColumnSummary.Quantiles(p5: q[0].value, p25: q[1].value, median: q[2].value, p75: q[3].value,
                                                p95: q[4].value)
        return (histogram, range, quantiles, q.map { $0.exact as? Int64 })
    }

    /// A text column's first and last texts in collation order: among those held by the
    /// distinct counter and those it left out.
    private func textRange() -> (String?, String?) {
        var first: Int?, last: Int?
        for id in 0..<distinct.count {
            distinct.withText(id) { text in
                if first.map({ f in distinct.withText(f) { TextCollation.compare(text, $0) < 0 } }) ?? true { first = id }
                if last.map({ l in distinct.withText(l) { TextCollation.compare(text, $0) > 0 } }) ?? true { last = id }
            }
        }
        func pick(_ id: Int?, _ leftOut: [UInt8]?, before: Bool) -> String? {
            guard let leftOut else { return id.map { distinct.text($0) } }
            guard let id else { return leftOut.withUnsafeBytes { LongField.text($0) } }
            let order = distinct.withText(id) { held in leftOut.withUnsafeBytes { TextCollation.compare($0, held) } }
            return (before ? order < 0 : order > 0) ? leftOut.withUnsafeBytes { LongField.text($0) } : distinct.text(id)
        }
        return (pick(first, leftOutFirst, before: true), pick(last, leftOutLast, before: false))
    }
}
