/// Exact quantiles of a column's numbers by selection, not sorting: the k-th smallest of n values
/// in O(n) expected time (quickselect), in place.
enum OrderStatistics {
    /// The quantiles of `values` at `levels` (each in 0...1, ascending), by linear interpolation
    /// between the closest ranks (Hyndman & Fan type 7, the default of R, NumPy and pandas): for
    /// n values sorted as x₀ ≤ … ≤ xₙ₋₁, level p is at h = (n − 1)·p and its value is
    /// x⌊h⌋ + (h − ⌊h⌋)·(x⌊h⌋₊₁ − x⌊h⌋). The median is level 0.5 (the mean of the two middle values
    /// when n is even). Empty when `values` is.
    ///
    /// Reorders `values` (partially). NaN must not occur.
    /// - Complexity: O(n) expected per level (each selection works right of the previous one),
    ///   O(n log n) at worst (a selection that stops shrinking its range sorts it instead).
    static func quantiles(_ values: UnsafeMutableBufferPointer<Double>, at levels: [Double]) -> [Double] {
        let n = values.count
        guard n > 0, let base = values.baseAddress else { return [] }
        var result: [Double] = []
        var from = 0  // values before `from` are placed: at most every value after them
        var known: (index: Int, value: Double)?
        for level in levels {
            let h = Double(n - 1) * min(1, max(0, level))
            let k = min(n - 1, Int(h))
            let low: Double
            if let known, known.index == k {
                low = known.value
            } else {
                select(base, from, n, k)
                low = base[k]
                from = k + 1
                known = (k, low)
            }
            let fraction = h - Double(k)
            guard fraction > 0, k + 1 < n else {
                result.append(low)
                continue
            }
            // The next order statistic is the smallest value right of k.
            var high = base[k + 1]
            for i in (k + 2)..<n where base[i] < high { high = base[i] }
            result.append(low + fraction * (high - low))
        }
        return result
    }

    /// Rearranges `v[lo..<hi]` so that `v[k]` holds the value a sort would put there, with no
    /// larger value before it and no smaller one after it. Hoare partitions around a median of
    /// three, which splits runs of equal values evenly (a column of a few distinct values stays
    /// linear).
    static func select(_ v: UnsafeMutablePointer<Double>, _ lo: Int, _ hi: Int, _ k: Int) {
        var lo = lo, hi = hi - 1
        var rounds = 0
        while hi > lo {
            if hi - lo < 16 || rounds > 64 {
                var range = UnsafeMutableBufferPointer(start: v + lo, count: hi - lo + 1)
                range.sort()
                return
            }
            rounds += 1
            let mid = lo + (hi - lo) / 2
            if v[mid] < v[lo] { swap(v, mid, lo) }
            if v[hi] < v[lo] { swap(v, hi, lo) }
            if v[hi] < v[mid] { swap(v, hi, mid) }
            let pivot = v[mid]
            var i = lo, j = hi
            while i <= j {
                while v[i] < pivot { i += 1 }
                while v[j] > pivot { j -= 1 }
                if i <= j {
                    swap(v, i, j)
                    i += 1
                    j -= 1
                }
            }
            // v[lo...j] <= pivot, v[i...hi] >= pivot, and anything between equals the pivot.
            if k <= j { hi = j } else if k >= i { lo = i } else { return }
        }
    }

    @inline(__always) private static func swap(_ v: UnsafeMutablePointer<Double>, _ a: Int, _ b: Int) {
        let t = v[a]
        v[a] = v[b]
        v[b] = t
    }
}
