/// The bins of a column's histogram: how many values fall in each of 8 to 16 equal slices of
/// the range from the smallest value to the largest.
enum HistogramBins {
    /// Bins over continuous values.
    static let continuousBinCount = 12
    /// The fewest and most bins of values on a grid (integers, whole days).
    static let binCounts = 8...16

    /// Counts `values` (all within `minimum...maximum`) into bins. With `step` (every value is
    /// `minimum` plus a whole number of steps: 1 for integers, a day in milliseconds for dates),
    /// each bin covers the same whole number of steps, so no bin holds one more possible value
    /// than its neighbour (`0...100`: 8 bins of 13 values, not 12 of 8.4); up to 16 possible
    /// values get one bin each. Otherwise `continuousBinCount` bins of equal width. One bin
    /// when all values are equal; none when there are no values.
    /// - Complexity: O(n).
    static func counts(_ values: UnsafeBufferPointer<Double>, minimum: Double, maximum: Double, step: Double?) -> [Int] {
        guard !values.isEmpty, minimum.isFinite, maximum.isFinite, maximum >= minimum else { return [] }
        guard maximum > minimum else { return [values.count] }
        var bins = [Int](repeating: 0, count: continuousBinCount)
        if let step, step > 0 {
            let span = ((maximum - minimum) / step).rounded() + 1  // possible values
            if span.isFinite, span < 1e15 {
                let possible = Int(span)
                let (count, width) = layout(possible: possible)
                bins = [Int](repeating: 0, count: count)
                let perStep = 1 / step
                bins.withUnsafeMutableBufferPointer { bins in
                    for value in values {
                        let position = Int((value - minimum) * perStep + 0.5)  // values >= minimum
                        bins[min(count - 1, max(0, position / width))] += 1
                    }
                }
                return bins
            }
        }
        let perWidth = Double(continuousBinCount) / (maximum - minimum)
        bins.withUnsafeMutableBufferPointer { bins in
            for value in values {
                let position = Int((value - minimum) * perWidth)
                bins[min(continuousBinCount - 1, max(0, position))] += 1
            }
        }
        return bins
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
