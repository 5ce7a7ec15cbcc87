/// The bins of a column's histogram: how many values fall in each of 8 to 16 equal slices of
/// the range from the smallest value to the largest.
enum HistogramBins {
    /// Bins over continuous values.
    static let continuousBinCount = 12
    /// The fewest and most bins of values on a grid (integers, whole days).
    static let binCounts = 8...16

    /// Counts the finite `values` (all within `minimum...maximum`, which may be infinite) into
    /// bins over the finite values' range; infinities are left out (the summary's range and
    /// quantiles show them). With `step` (every value is the smallest plus a whole number of
    /// steps: 1 for integers, a day in milliseconds for dates), each bin covers the same whole
    /// number of steps, so no bin holds one more possible value than its neighbour (`0...100`:
    /// 8 bins of 13 values, not 12 of 8.4); up to 16 possible values get one bin each.
    /// Otherwise `continuousBinCount` bins of equal width. One bin when all finite values are
    /// equal; none when there are none. Any finite values (`-1e308...1e308`, denormals): the
    /// arithmetic cannot overflow, and each finite value is counted in exactly one bin.
    /// - Complexity: O(n), one more pass to find the finite range when an end is infinite.
    static func counts<Value: OrderedValue>(_ values: UnsafeBufferPointer<Value>, minimum: Double, maximum: Double,
                                            step: Double?) -> [Int] {
        guard let (range, finiteCount) = finiteRange(values, minimum: minimum, maximum: maximum) else { return [] }
        let low = range.lowerBound, high = range.upperBound
        guard high > low else { return [finiteCount] }
        let span = high - low  // +infinity when the range is wider than the double range
        if let step, step > 0, span.isFinite {
            let possible = (span / step).rounded() + 1
            if possible < 1e15 {
                let (count, width) = layout(possible: Int(saturating: possible))
                var bins = [Int](repeating: 0, count: count)
                let perStep = 1 / step
                bins.withUnsafeMutableBufferPointer { bins in
                    for value in values where value.orderedDouble.isFinite {
                        let position = Int(saturating: (value.orderedDouble - low) * perStep + 0.5)  // values >= low
                        bins[min(count - 1, max(0, position / width))] += 1
                    }
                }
                return bins
            }
        }
        var bins = [Int](repeating: 0, count: continuousBinCount)
        let bound = continuousBinCount - 1
        let perWidth = Double(continuousBinCount) / span
        bins.withUnsafeMutableBufferPointer { bins in
            if span.isFinite, perWidth.isFinite {
                for value in values where value.orderedDouble.isFinite {
                    bins[min(bound, max(0, Int(saturating: (value.orderedDouble - low) * perWidth)))] += 1
                }
            } else {
                // A span beyond the double range (halves cannot overflow), or so small that its
                // inverse is (denormals): divide instead.
                let halfSpan = high / 2 - low / 2, halfLow = low / 2
                for value in values where value.orderedDouble.isFinite {
                    let value = value.orderedDouble
                    let fraction = span.isFinite ? (value - low) / span : (value / 2 - halfLow) / halfSpan
                    bins[min(bound, max(0, Int(saturating: fraction * Double(continuousBinCount))))] += 1
                }
            }
        }
        return bins
    }

    /// The smallest and largest finite values, and how many values are finite (`minimum` and
    /// `maximum`: of all `values`, infinities included); nil when none is.
    static func finiteRange<Value: OrderedValue>(_ values: UnsafeBufferPointer<Value>, minimum: Double, maximum: Double)
        -> (range: ClosedRange<Double>, count: Int)? {
        guard !values.isEmpty, !minimum.isNaN, !maximum.isNaN, maximum >= minimum else { return nil }
        if minimum.isFinite, maximum.isFinite { return (minimum...maximum, values.count) }
        var low = Double.infinity, high = -Double.infinity, count = 0
        for value in values.lazy.map(\.orderedDouble) where value.isFinite {
            low = min(low, value)
            high = max(high, value)
            count += 1
        }
        return count > 0 ? (low...high, count) : nil
    }

    /// How many bins of how many possible values each cover `possible` values on a grid: one
    /// value a bin up to 16 values; else the count in `binCounts` whose last bin is the fullest
    /// (least room left over, relative to the width), the most bins on ties.
    static func layout(possible: Int) -> (count: Int, width: Int) {
        if possible <= binCounts.upperBound { return (max(1, possible), 1) }
        var best = (count: binCounts.upperBound, width: (possible + binCounts.upperBound - 1) / binCounts.upperBound)
        var bestWaste = 2.0
        for count in binCounts.reversed() {
            let width = (possible + count - 1) / count
            let used = (possible + width - 1) / width  // bins that hold a possible value
            let waste = Double(used * width - possible) / Double(width)
            if waste < bestWaste {
                best = (used, width)
                bestWaste = waste
            }
        }
        return best
    }
}
