/// Orders derived from a kept order of every row by one column (`SortKeyCache`) instead of
/// sorted again: the other direction, and a subset of the rows.
extension RowSorter {
    /// Every row of `column` in the other direction from `sorted` (every row `0..<column.count`
    /// sorted by `column` alone, as `sort` orders them), what `sort` gives for the other
    /// direction.
    ///
    /// Not a plain reversal: `sort` keeps ties in input order in both directions and puts the
    /// strays after the values and the nulls last in both. So the values' runs of equal keys go
    /// in reverse order, each run as it was; the strays' runs likewise (their keys are their
    /// ranks); the nulls stay last as they were.
    /// - Complexity: O(n) key reads and copies; no comparison sort.
    static func reversingRuns(_ sorted: [UInt32], column: SortKeyColumn) -> [UInt32] {
        let n = sorted.count
        precondition(n == column.count, "an order of every row")
        let values = n - column.exceptionCount, strays = column.strayCount
        return [UInt32](unsafeUninitializedCapacity: n) { out, initialized in
            sorted.withUnsafeBufferPointer { order in
            column.narrowKeys.withUnsafeBufferPointer { narrow in
            column.wideKeys.withUnsafeBufferPointer { wide in
                let isNarrow = column.isNarrow
                @inline(__always) func stored(_ position: Int) -> UInt64 {
                    let row = Int(order[position])
                    return isNarrow ? UInt64(narrow[row]) : wide[row]
                }
                var written = 0
                // The runs of `lo..<hi` from the last to the first, each in its own order.
                func reverseRuns(_ lo: Int, _ hi: Int) {
                    var end = hi
                    while end > lo {
                        let key = stored(end - 1)
                        var start = end - 1
                        while start > lo && stored(start - 1) == key { start -= 1 }
                        for p in start..<end { out[written + p - start] = order[p] }
                        written += end - start
                        end = start
                    }
                }
                reverseRuns(0, values)
                reverseRuns(values, values + strays)
                for p in (values + strays)..<n { out[p] = order[p] }
            }
            }
            }
            initialized = n
        }
    }

    /// The rows of `order` (every row `0..<order.count` in some order) that are in `rows`, in
    /// `order`'s order: `sort(rows, ...)` when `order` is `sort` of every row and `rows` is in
    /// increasing row order. nil when `rows` is not strictly increasing (the ties of `sort(rows,
    /// ...)` would follow `rows`, not the row order).
    /// - Complexity: O(n) over `order`, n/8 bytes of bitmap.
    static func restricting(_ order: [UInt32], to rows: [UInt32]) -> [UInt32]? {
        let n = order.count
        var bits = [UInt64](repeating: 0, count: (n + 63) >> 6)
        var previous = -1
        for row in rows {
            let r = Int(row)
            guard r > previous, r < n else { return nil }
            bits[r >> 6] |= 1 << UInt64(r & 63)
            previous = r
        }
        return [UInt32](unsafeUninitializedCapacity: rows.count) { out, initialized in
            var m = 0
            bits.withUnsafeBufferPointer { bits in
                for row in order where bits[Int(row) >> 6] & (1 << UInt64(row & 63)) != 0 {
                    out[m] = row
                    m += 1
                }
            }
            initialized = m
        }
    }
}
