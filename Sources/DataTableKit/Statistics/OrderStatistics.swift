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
        orderStatistics(values, at: levels).map(\.value)
    }

    /// A quantile: its value, and the value itself when it is one of the values (a level that
    /// falls on a rank, or between two equal values), exact even where a double is not.
    struct Quantile<Value> {
        var value: Double
        var exact: Value?
    }

    /// `quantiles(_:at:)` over doubles or integers (`Int64`, exact past 2^53).
    static func orderStatistics<Value: OrderedValue>(_ values: UnsafeMutableBufferPointer<Value>,
                                                      at levels: [Double]) -> [Quantile<Value>] {
        let n = values.count
        guard n > 0, let base = values.baseAddress else { return [] }
        var result: [Quantile<Value>] = []
        var from = 0  // values before `from` are placed: at most every value after them
        var known: (index: Int, value: Value)?
        for level in levels {
            let h = Double(n - 1) * min(1, max(0, level))
            let k = min(n - 1, Int(saturating: h))
            let low: Value
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
                result.append(Quantile(value: low.orderedDouble, exact: low))
                continue
            }
            // The next order statistic is the smallest value right of k.
            var high = base[k + 1]
            for i in (k + 2)..<n where base[i] < high { high = base[i] }
            result.append(quantile(low, high, fraction))
        }
        return result
    }

    /// The quantile `fraction` of the way from `low` to `high` (exact when they are equal).
    static func quantile<Value: OrderedValue>(_ low: Value, _ high: Value, _ fraction: Double) -> Quantile<Value> {
        low == high ? Quantile(value: low.orderedDouble, exact: low)
            : Quantile(value: interpolate(low.orderedDouble, high.orderedDouble, fraction), exact: nil)
    }

    /// The same quantiles as `quantiles(_:at:)`, for many values whose range is known: one pass
    /// counts the values into 65,536 buckets of equal width over `minimum...maximum` (bucket
    /// order is value order), a second copies out the values of the few buckets that hold the
    /// ranks wanted, and each rank is selected within its bucket. `values` is left as it is.
    /// Falls back to `quantiles(_:at:)` (reordering `values`) for fewer than 65,536 values and
    /// when the wanted buckets hold over a quarter of the values (most values equal, or a few
    /// far out).
    /// - Complexity: O(n), two sequential passes (quickselect makes about ten;
    ///   docs/decisions/0107).
    static func quantiles(_ values: UnsafeMutableBufferPointer<Double>, at levels: [Double],
                          minimum: Double, maximum: Double) -> [Double] {
        orderStatistics(values, at: levels, minimum: minimum, maximum: maximum).map(\.value)
    }

    /// `quantiles(_:at:minimum:maximum:)` over doubles or integers (`Int64`, exact past 2^53;
    /// `minimum` and `maximum` as doubles).
    static func orderStatistics<Value: OrderedValue>(_ values: UnsafeMutableBufferPointer<Value>, at levels: [Double],
                                                      minimum: Double, maximum: Double) -> [Quantile<Value>] {
        let n = values.count
        let buckets = 1 << 16
        let scale = Double(buckets) / (maximum - minimum)
        guard n >= buckets, maximum > minimum, scale.isFinite, scale > 0 else { return orderStatistics(values, at: levels) }
        @inline(__always) func bucket(_ v: Value) -> Int {
            min(buckets - 1, max(0, Int(saturating: (v.orderedDouble - minimum) * scale)))
        }
        // The ranks wanted: each level's closest rank below, and the one above when it interpolates.
        let positions = levels.map { Double(n - 1) * min(1, max(0, $0)) }
        var ranks = Set<Int>()
        for h in positions {
            let k = min(n - 1, Int(saturating: h))
            ranks.insert(k)
            if h > Double(k), k + 1 < n { ranks.insert(k + 1) }
        }
        var counts = [Int](repeating: 0, count: buckets)
        counts.withUnsafeMutableBufferPointer { counts in
            for v in values { counts[bucket(v)] &+= 1 }
        }
        // Where each wanted rank falls: its bucket and its rank within the bucket.
        var starts = [Int](repeating: 0, count: buckets)
        var sum = 0
        for b in 0..<buckets {
            starts[b] = sum
            sum += counts[b]
        }
        func bucket(ofRank rank: Int) -> Int {
            var lo = 0, hi = buckets - 1  // the last bucket whose start is <= rank
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if starts[mid] <= rank { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
        let wanted = Array(Set(ranks.map { bucket(ofRank: $0) })).sorted()
        let held = wanted.reduce(0) { $0 + counts[$1] }
        guard held <= n / 4 else { return orderStatistics(values, at: levels) }
        // Each wanted bucket's values, side by side.
        var slot = [Int32](repeating: -1, count: buckets)
        var offsets: [Int] = []
        var total = 0
        for (i, b) in wanted.enumerated() {
            slot[b] = Int32(i)
            offsets.append(total)
            total += counts[b]
        }
        let picked = UnsafeMutablePointer<Value>.allocate(capacity: max(1, total))
        defer { picked.deallocate() }
        var fill = offsets
        slot.withUnsafeBufferPointer { slot in
            for v in values {
                let s = Int(slot[bucket(v)])
                if s >= 0 {
                    picked[fill[s]] = v
                    fill[s] += 1
                }
            }
        }
        func value(atRank rank: Int) -> Value {
            let b = bucket(ofRank: rank), s = Int(slot[b])
            let lo = offsets[s], hi = lo + counts[b]
            let k = lo + rank - starts[b]
            select(picked, lo, hi, k)
            return picked[k]
        }
        return positions.map { h in
            let k = min(n - 1, Int(saturating: h))
            let low = value(atRank: k)
            guard h > Double(k), k + 1 < n else { return Quantile(value: low.orderedDouble, exact: low) }
            return quantile(low, value(atRank: k + 1), h - Double(k))
        }
    }

    /// `low + fraction · (high − low)` for `low <= high` and a fraction in 0...1, within
    /// `low...high` even when `high − low` is beyond the double range (`-1e308`, `1e308`);
    /// with an infinite end, that end (as the formula's limit), NaN between two infinities.
    static func interpolate(_ low: Double, _ high: Double, _ fraction: Double) -> Double {
        guard fraction > 0, low != high else { return low }
        guard low.isFinite, high.isFinite else {
            return low.isInfinite && high.isInfinite ? .nan : low.isInfinite ? low : high
        }
        let gap = high - low
        let value = gap.isFinite ? low + fraction * gap : low * (1 - fraction) + high * fraction
        return min(high, max(low, value))
    }

    /// Rearranges `v[lo..<hi]` so that `v[k]` holds the value a sort would put there, with no
    /// larger value before it and no smaller one after it. Hoare partitions around a median of
    /// three, which splits runs of equal values evenly (a column of a few distinct values stays
    /// linear).
    static func select<Value: Comparable>(_ v: UnsafeMutablePointer<Value>, _ lo: Int, _ hi: Int, _ k: Int) {
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

    @inline(__always) private static func swap<Value>(_ v: UnsafeMutablePointer<Value>, _ a: Int, _ b: Int) {
        let t = v[a]
        v[a] = v[b]
        v[b] = t
    }
}

/// What quantiles and histograms are taken of: doubles, or integers kept exact (`Int64`).
protocol OrderedValue: Comparable {
    /// The value as a double (the nearest one for an integer past 2^53).
    var orderedDouble: Double { get }
}

extension Double: OrderedValue {
    var orderedDouble: Double { self }
}

extension Int64: OrderedValue {
    var orderedDouble: Double { Double(self) }
}
