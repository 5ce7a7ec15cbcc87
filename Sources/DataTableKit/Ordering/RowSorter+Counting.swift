// The sort of a key with few distinct values (`progress` 0-100, dates, booleans, a short
// text list): a counting sort straight into the result, with no elements, passes or merge.

extension RowSorter {
    /// Key spans of at most this many bits are sorted by counting (`countingSort`) when there
    /// are at least as many rows as possible keys; wider ones by the radix sort.
    static let countingMaxBits = 16

    /// Whether `countingSort` serves a key span of `keyBits` bits over `rows` rows: the span's
    /// counters (one per possible key, a part) cost no more than the rows.
    static func sortsByCounting(keyBits: Int, rows: Int) -> Bool {
        keyBits <= countingMaxBits && 1 << keyBits <= max(rows, 256)
    }

    /// One stable pass by one key of span `keyBits` bits (see `sortsByCounting`), in two halves
    /// on two threads when `concurrent`: each half counts its rows per key, the counts give
    /// every (key, half) its first place in the result (the first half's rows before the
    /// second's), and each half writes its row ids there in input order. Strays by rank and
    /// nulls follow, as in `sortPass`. Reads each key twice, writes each row id once.
    static func countingSort(
        _ rows: [UInt32]?, count n: Int, by column: SortKeyColumn, ascending: Bool, concurrent: Bool,
        isCancelled: () -> Bool
    ) -> [UInt32]? {
        let n = rows?.count ?? n
        guard n > 0 else { return [] }
        let hasValues = column.minKey <= column.maxKey
        let minKey = hasValues ? column.minKey : 0
        let span = hasValues ? column.maxKey &- minKey : 0
        let buckets = Int(span) + 1
        let parts = concurrent ? 2 : 1
        let split = n / 2
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: parts * buckets)
        counts.initialize(repeating: 0, count: parts * buckets)
        defer { counts.deallocate() }
        let halves = UnsafeMutableBufferPointer<SortHalf>.allocate(capacity: parts)
        _ = halves.initialize(from: repeatElement(SortHalf(), count: parts))
        defer {
            _ = halves.deinitialize()
            halves.deallocate()
        }
        let hasExceptions = column.exceptionCount > 0, narrow = column.isNarrow
        return column.narrowKeys.withUnsafeBufferPointer { narrowKeys in
        column.wideKeys.withUnsafeBufferPointer { wideKeys in
        column.nullMask.withUnsafeBufferPointer { nullMask in
        (rows ?? []).withUnsafeBufferPointer { rowList -> [UInt32]? in
            let rowList = rows == nil ? nil : rowList.baseAddress
            @inline(__always) func row(at i: Int) -> UInt32 { rowList?[i] ?? UInt32(truncatingIfNeeded: i) }
            /// The row's counter index in its part, or -1 for a null or stray.
            @inline(__always) func bucket(_ r: Int) -> Int {
                precondition(r < column.count, "row id outside the key column")
                if hasExceptions && nullMask[r >> 6] & (1 << UInt64(r & 63)) != 0 { return -1 }
                let biased = narrow ? UInt64(narrowKeys[r]) : wideKeys[r] &- minKey
                return Int(truncatingIfNeeded: ascending ? biased : span &- biased)
            }
            @inline(__always) func positions(_ part: Int) -> Range<Int> {
                parts == 1 ? 0..<n : part == 0 ? 0..<split : split..<n
            }
            // 1. Count each part's keys; exceptions aside in input order.
            func countPart(_ part: Int) {
                let count = counts + part * buckets
                var half = SortHalf()
                for i in positions(part) {
                    let r = row(at: i)
                    let b = bucket(Int(r))
                    if b >= 0 {
                        count[b] &+= 1
                    } else if column.isStray(Int(r)) {
                        half.strays.append(r)
                    } else {
                        half.nulls.append(r)
                    }
                }
                halves[part] = half
            }
            if parts == 1 { countPart(0) } else { onBothCores { countPart($0) } }
            if isCancelled() { return nil }
            // 2. Each (key, part)'s first place: keys in order, a key's first part first.
            var m = 0
            for b in 0..<buckets {
                for part in 0..<parts {
                    let c = counts[part * buckets + b]
                    counts[part * buckets + b] = m
                    m &+= c
                }
            }
            guard let strayOrder = sortStrays(of: halves, column: column, ascending: ascending, isCancelled: isCancelled) else {
                return nil
            }
            // 3. Each part writes its rows to their places; strays and nulls follow.
            return [UInt32](unsafeUninitializedCapacity: n) { out, initialized in
                let out = out.baseAddress!
                func place(_ part: Int) {
                    let next = counts + part * buckets
                    for i in positions(part) {
                        let r = row(at: i)
                        let b = bucket(Int(r))
                        guard b >= 0 else { continue }
                        out[next[b]] = r
                        next[b] &+= 1
                    }
                }
                if parts == 1 { place(0) } else { onBothCores { place($0) } }
                precondition(appendExceptions(strayOrder, nullsOf: halves, to: out, at: m) == n, "rows lost in the counting sort")
                initialized = n
            }
        }
        }
        }
        }
    }
}
