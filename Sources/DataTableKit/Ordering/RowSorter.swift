import Dispatch

/// Sorts row ids by pre-extracted keys (`SortKeyColumn`); never parses a field.
///
/// Every key column holds one order-preserving key per row (text: the rank of the row's text in
/// collation order, computed once when the column is extracted), so one algorithm serves every
/// kind:
/// - The keys of the rows being sorted are biased by the column's smallest key. When the key
///   range fits 32 bits (integers, fixed-point decimals such as prices, dates, text ranks,
///   booleans) each row becomes one `UInt64` `(biasedKey << 32) | rowID`; otherwise
///   (millisecond timestamps, `Double` decimals, 64-bit integers) a `(key, rowID)` pair.
/// - Those are sorted by an LSD radix sort on the key bits only: digits of at most 11 bits,
///   passes whose digit is the same for every row skipped (a 0–100 column takes one pass).
///   LSD radix sort is stable, so ties keep their input order with no tie-breaker;
///   descending uses `max - key` as the key, which does not reverse ties.
/// - Both cores: the rows' two halves are gathered and radix-sorted at once, each in its own
///   part of the two buffers, then merged stably (ties from the first half first) from both
///   ends at once, one thread writing the first half of the result, the other the second.
/// - A key span of at most 16 bits over at least as many rows as possible keys (`progress`
///   0-100, dates, booleans, most text ranks) is sorted by counting instead
///   (`RowSorter+Counting.swift`): each half counts its keys, and each writes its row ids
///   straight to their places in the result; no elements, no passes, no merge
///   (docs/decisions/0153-first-sort-of-numbers-and-dates.md).
/// - Several keys: one stable pass per key, least significant first.
/// - Strays (values the column's kind cannot read) are split off, sorted by their text rank and
///   appended; nulls are split off (in input order) and appended after them.
/// Memory per sorted row: the result (4 bytes) and two 8-byte buffers while sorting (one of
/// them freed before the result is written), besides the key columns.
/// Measured, release build, 2-core machine, keys extracted, 1M / 10M rows: the standard
/// library's `sort` of packed `UInt64`s 0.09 / 1.05 s, of `(key, position)` structs
/// 0.12 / 1.38 s; this radix sort on one thread 0.016-0.022 / 0.31-0.33 s (random 31-bit keys,
/// 3 passes), 0.012-0.016 / 0.16-0.24 s (dates, prices, text ranks), 0.036-0.047 / 0.55-0.65 s
/// (64-bit keys). Behaviour: `Tests/DataTableKitTests/RowSorterTests.swift`.
public enum RowSorter {
    /// Returns the permutation (display position -> source row id) of `rows` sorted by
    /// `descriptors` in priority order.
    ///
    /// - Parameters:
    ///   - rows: a subset of source row ids in their current display order (e.g. after a
    ///     filter), or `0..<n`. Every id must be below each column's `count`.
    ///   - descriptors: key columns with their direction, most significant first.
    ///   - isCancelled: polled before each key's pass and before each radix pass (at most
    ///     ~0.1 s apart at 10M rows); when it returns true the sort stops and returns nil. It may
    ///     be called from two threads at once.
    /// - Returns: the sorted ids, or nil when cancelled.
    ///
    /// Order:
    /// - Stable: rows whose keys are all equal keep their order in `rows`, in both directions
    ///   (descending does not reverse ties).
    /// - Nulls (empty fields and null tokens, see `NullTokens`) sort last in both directions, in
    ///   their input order. Strays (fields a numeric, date or boolean column cannot read) sort
    ///   after the values and before the nulls in both directions, among themselves by the text
    ///   collation below in the sort's direction (stable too).
    /// - Numbers numerically, dates chronologically, `false` before `true`.
    /// - Text, by this collation: compare the UTF-8 bytes with the ASCII letters lower-cased
    ///   (`A`–`Z` read as `a`–`z`; nothing else is folded), byte by byte, a text before any
    ///   longer text it begins; when those are equal, the raw bytes, so upper case comes first.
    ///   UTF-8 byte order is code point order, so non-ASCII text sorts after ASCII letters, by
    ///   code point, with no locale rules. Examples, ascending:
    ///   `apple < BANANA < Banana < banana < cherry`; `Zebra < zoo`; `a < a b < ab` (space is
    ///   0x20); `item10 < item2` (no numeric collation: sort such a column as numbers);
    ///   `[x < _x < Ax < ax` (`[` and `_` lie between `Z` and `a`, and letters compare lower-cased);
    ///   `emu < zebra < Zürich < Émile < 山田` (`e` 0x65 < `ü` 0xC3 0xBC; `É` 0xC3 0x89 < `山` 0xE5).
    ///   Chosen because it is a total order that needs no tables and compares 8 bytes at a
    ///   time, and it keeps `apple`, `Apple` and `APPLE` together, which plain byte order does
    ///   not (it puts every capitalised word before every lower-case one).
    /// - Complexity: O(n·p) key moves, p ≤ 3 radix passes for key ranges of 32 bits, ≤ 6 for
    ///   64 bits, per descriptor. No field parsing, no string comparison.
    public static func sort(
        _ rows: [UInt32], by descriptors: [(SortKeyColumn, ascending: Bool)],
        isCancelled: () -> Bool = { false }
    ) -> [UInt32]? {
        sort(rows, count: rows.count, by: descriptors, isCancelled: isCancelled)
    }

    /// `sort(_:by:isCancelled:)` of `rows`, or of every row `0..<count` when `rows` is nil
    /// (without building that list). `concurrent: false` keeps to the calling thread, as do
    /// sorts of fewer than `minimumConcurrentRows` rows.
    static func sort(
        _ rows: [UInt32]?, count: Int, by descriptors: [(SortKeyColumn, ascending: Bool)], concurrent: Bool = true,
        minimumConcurrentRows: Int = concurrentThreshold, isCancelled: () -> Bool
    ) -> [UInt32]? {
        if isCancelled() { return nil }
        let count = rows?.count ?? count
        guard count >= 2, !descriptors.isEmpty else { return rows ?? allRows(count) }
        var current = rows
        for descriptor in descriptors.reversed() {
            if isCancelled() { return nil }
            guard let next = sort(current, count: count, by: descriptor.0, ascending: descriptor.ascending,
                                  concurrent: concurrent && count >= max(2, minimumConcurrentRows), isCancelled: isCancelled)
            else { return nil }
            current = next
        }
        return current
    }

    /// `0..<count` as row ids.
    static func allRows(_ count: Int) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count { buffer[i] = UInt32(truncatingIfNeeded: i) }
            initialized = count
        }
    }

    /// One stable pass by one key over `rows` (all rows `0..<n` when nil), in two halves on two
    /// threads when `concurrent`.
    static func sort(
        _ rows: [UInt32]?, count n: Int, by column: SortKeyColumn, ascending: Bool, concurrent: Bool = true,
        isCancelled: () -> Bool
    ) -> [UInt32]? {
        let n = rows?.count ?? n
        // No value and no stray in the column: everything is null, nothing moves.
        guard column.minKey <= column.maxKey || column.strayCount > 0 else { return rows ?? allRows(n) }
        let minKey = column.minKey <= column.maxKey ? column.minKey : 0
        let maxKey = column.minKey <= column.maxKey ? column.maxKey : 0
        let keyBits = UInt64.bitWidth - (maxKey - minKey).leadingZeroBitCount
        if sortsByCounting(keyBits: keyBits, rows: n) {
            return countingSort(rows, count: n, by: column, ascending: ascending, concurrent: concurrent,
                                isCancelled: isCancelled)
        }
        // The two element types differ only in layout; one generic pass serves both.
        if keyBits <= 32 {
            return sortPass(rows, count: n, by: column, ascending: ascending, element: PackedKeyRow.self, keyBits: keyBits,
                            concurrent: concurrent, isCancelled: isCancelled)
        }
        return sortPass(rows, count: n, by: column, ascending: ascending, element: KeyRow.self, keyBits: keyBits,
                        concurrent: concurrent, isCancelled: isCancelled)
    }

    /// Rows below this many are sorted on one thread.
    static let concurrentThreshold = 1 << 16

    /// The pass of `sort(_:count:by:ascending:concurrent:isCancelled:)` with elements of type
    /// `Element` (packed `UInt64`s for keys of at most 32 bits, else `KeyRow`s).
    static func sortPass<Element: RadixSortable>(
        _ rows: [UInt32]?, count n: Int, by column: SortKeyColumn, ascending: Bool, element: Element.Type, keyBits: Int,
        concurrent: Bool, isCancelled: () -> Bool
    ) -> [UInt32]? {
        let n = rows?.count ?? n
        let minKey = column.minKey <= column.maxKey ? column.minKey : 0
        let maxKey = column.minKey <= column.maxKey ? column.maxKey : 0
        let span = maxKey &- minKey
        let hasExceptions = column.exceptionCount > 0
        // Value rows among the sorted ones: at most the column's value rows.
        let capacity = max(1, min(n, column.count - column.exceptionCount))
        let a = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        var b: UnsafeMutablePointer<Element>? = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        var aLive = true
        defer {
            if aLive { a.deallocate() }
            b?.deallocate()
        }
        let parts = concurrent ? 2 : 1
        // Each part: input positions, where its values go in `a` (the second part fills `a` from
        // the end, backwards, so neither needs to know the other's count first), its stray and
        // null rows in input order, its histograms.
        let split = n / 2
        let halves = UnsafeMutableBufferPointer<SortHalf>.allocate(capacity: parts)
        _ = halves.initialize(from: repeatElement(SortHalf(), count: parts))
        defer {
            _ = halves.deinitialize()
            halves.deallocate()
        }
        let passes = (keyBits + maxDigitBits - 1) / maxDigitBits
        let digitBits = passes == 0 ? 0 : (keyBits + passes - 1) / passes
        let radix = 1 << digitBits
        let histograms = UnsafeMutablePointer<Int>.allocate(capacity: max(1, parts * passes * radix))
        histograms.initialize(repeating: 0, count: max(1, parts * passes * radix))
        defer { histograms.deallocate() }
        let keyShift = Element.keyShift
        let mask = UInt64(radix &- 1)

        // 1. Gather: values into `a` with their histograms, exceptions aside.
        let narrow = column.isNarrow
        column.narrowKeys.withUnsafeBufferPointer { narrowKeys in
        column.wideKeys.withUnsafeBufferPointer { wideKeys in
        column.nullMask.withUnsafeBufferPointer { nullMask in
        (rows ?? []).withUnsafeBufferPointer { rowList in
            let rowList = rows == nil ? nil : rowList.baseAddress
            @inline(__always) func row(at i: Int) -> UInt32 { rowList?[i] ?? UInt32(truncatingIfNeeded: i) }
            @inline(__always) func element(_ row: UInt32) -> Element? {
                let r = Int(row)
                precondition(r < column.count, "row id outside the key column")
                if hasExceptions && nullMask[r >> 6] & (1 << UInt64(r & 63)) != 0 { return nil }
                let biased = narrow ? UInt64(narrowKeys[r]) : wideKeys[r] &- minKey
                return Element(key: ascending ? biased : span &- biased, row: row)
            }
            func gather(_ part: Int) {
                let histogram = histograms + part * passes * radix
                var half = SortHalf()
                @inline(__always) func count(_ e: Element) {
                    var key = e.radixKey >> UInt64(keyShift)
                    for p in 0..<passes {
                        histogram[p &* radix &+ Int(key & mask)] &+= 1
                        key >>= UInt64(digitBits)
                    }
                }
                @inline(__always) func setAside(_ row: UInt32) {
                    if column.isStray(Int(row)) { half.strays.append(row) } else { half.nulls.append(row) }
                }
                if part == 0 {
                    let end = parts == 1 ? n : split
                    var m = 0
                    for i in 0..<end {
                        let r = row(at: i)
                        guard let e = element(r) else { setAside(r); continue }
                        precondition(m < capacity, "row id outside the key column")
                        a[m] = e
                        count(e)
                        m += 1
                    }
                    half.start = 0
                    half.count = m
                } else {
                    // Backwards from the end of `a`, so the part ends in input order there.
                    var m = 0
                    var i = n - 1
                    while i >= split {
                        let r = row(at: i)
                        i -= 1
                        guard let e = element(r) else { setAside(r); continue }
                        precondition(m < capacity, "row id outside the key column")
                        a[capacity - 1 - m] = e
                        count(e)
                        m += 1
                    }
                    half.strays.reverse()
                    half.nulls.reverse()
                    half.start = capacity - m
                    half.count = m
                }
                halves[part] = half
            }
            if parts == 1 { gather(0) } else { onBothCores { gather($0) } }
        }
        }
        }
        }
        precondition(halves.count < 2 || halves[0].count + halves[1].count <= capacity, "row id outside the key column")

        // 2. Radix-sort each part in place (`a`/`b` at the part's offsets), skipping the passes
        //    whose digit every row shares; both parts make the same passes, so both end in the
        //    same buffer.
        var doPass = [Bool](repeating: false, count: passes)
        for p in 0..<passes {
            for part in 0..<parts {
                let h = histograms + (part * passes + p) * radix
                let c = halves[part].count
                if c > 1, (0..<radix).allSatisfy({ h[$0] != c }) { doPass[p] = true }
            }
        }
        let cancelled = UnsafeMutablePointer<Bool>.allocate(capacity: parts)
        cancelled.initialize(repeating: false, count: parts)
        defer { cancelled.deallocate() }
        let scratch = b!
        func sortPart(_ part: Int) {
            let half = halves[part]
            let h0 = histograms + part * passes * radix
            var source = a + half.start, destination = scratch + half.start
            for p in 0..<passes where doPass[p] {
                if isCancelled() {
                    cancelled[part] = true
                    return
                }
                let h = h0 + p * radix
                var sum = 0
                for d in 0..<radix {
                    let c = h[d]
                    h[d] = sum
                    sum &+= c
                }
                let shift = UInt64(keyShift + p * digitBits)
                for i in 0..<half.count {
                    let e = source[i]
                    let d = Int((e.radixKey >> shift) & mask)
                    destination[h[d]] = e
                    h[d] &+= 1
                }
                swap(&source, &destination)
            }
        }
        if parts == 1 { sortPart(0) } else { onBothCores { sortPart($0) } }
        if (0..<parts).contains(where: { cancelled[$0] }) || isCancelled() { return nil }
        let sortedInScratch = doPass.filter { $0 }.count % 2 == 1
        let sorted: UnsafeMutablePointer<Element> = sortedInScratch ? scratch : a
        // The other buffer is free: give it back before the result is allocated.
        if sortedInScratch {
            a.deallocate()
            aLive = false
        } else {
            b!.deallocate()
            b = nil
        }

        // 3. The result: merged values, strays by rank, nulls.
        let m = halves.reduce(0) { $0 + $1.count }
        guard let strayOrder = sortStrays(of: halves, column: column, ascending: ascending, isCancelled: isCancelled) else {
            return nil
        }
        return [UInt32](unsafeUninitializedCapacity: n) { out, initialized in
            let out = out.baseAddress!
            if parts == 1 {
                for i in 0..<m { out[i] = sorted[i].row }
            } else {
                let left = halves[0], right = halves[1]
                let x = sorted + left.start, y = sorted + right.start
                onBothCores { end in
                    if end == 0 {
                        mergeFront(x, left.count, y, right.count, into: out, taking: m / 2, keyShift: keyShift)
                    } else {
                        mergeBack(x, left.count, y, right.count, into: out, taking: m - m / 2, total: m, keyShift: keyShift)
                    }
                }
            }
            let k = appendExceptions(strayOrder, nullsOf: halves, to: out, at: m)
            precondition(k == n)
            initialized = n
        }
    }

    /// One part of a pass: where its values lie in the buffers, and its exceptions in input order.
    struct SortHalf {
        var start = 0
        var count = 0
        var strays: [UInt32] = []
        var nulls: [UInt32] = []
    }

    /// Writes the first `taking` elements' rows of the stable merge of the sorted runs `x`
    /// (first in input order) and `y` to `out[0..<taking]`.
    @inline(__always)
    static func mergeFront<Element: RadixSortable>(
        _ x: UnsafePointer<Element>, _ xn: Int, _ y: UnsafePointer<Element>, _ yn: Int,
        into out: UnsafeMutablePointer<UInt32>, taking: Int, keyShift: Int
    ) {
        var i = 0, j = 0
        for k in 0..<taking {
            if j == yn || (i < xn && x[i].radixKey >> UInt64(keyShift) <= y[j].radixKey >> UInt64(keyShift)) {
                out[k] = x[i].row
                i += 1
            } else {
                out[k] = y[j].row
                j += 1
            }
        }
    }

    /// Writes the last `taking` elements' rows of the same merge to `out[total - taking..<total]`,
    /// from the back: on equal keys the element of `y` goes later.
    @inline(__always)
    static func mergeBack<Element: RadixSortable>(
        _ x: UnsafePointer<Element>, _ xn: Int, _ y: UnsafePointer<Element>, _ yn: Int,
        into out: UnsafeMutablePointer<UInt32>, taking: Int, total: Int, keyShift: Int
    ) {
        var i = xn - 1, j = yn - 1
        var k = total - 1
        for _ in 0..<taking {
            if i < 0 || (j >= 0 && y[j].radixKey >> UInt64(keyShift) >= x[i].radixKey >> UInt64(keyShift)) {
                out[k] = y[j].row
                j -= 1
            } else {
                out[k] = x[i].row
                i -= 1
            }
            k -= 1
        }
    }

    /// The stray rows the halves set aside, sorted by their text ranks in the sort's direction
    /// (`sortStrays`); nil when cancelled.
    static func sortStrays(of halves: UnsafeMutableBufferPointer<SortHalf>, column: SortKeyColumn, ascending: Bool,
                           isCancelled: () -> Bool) -> [UInt32]? {
        let strays = halves.flatMap(\.strays)
        return strays.isEmpty ? [] : sortStrays(strays, column: column, ascending: ascending, isCancelled: isCancelled)
    }

    /// Writes the sorted strays, then every half's nulls in input order, to `out` from `start`
    /// (after the values); returns the end.
    static func appendExceptions(_ strays: [UInt32], nullsOf halves: UnsafeMutableBufferPointer<SortHalf>,
                                 to out: UnsafeMutablePointer<UInt32>, at start: Int) -> Int {
        var k = start
        for row in strays {
            out[k] = row
            k += 1
        }
        for half in halves {
            for row in half.nulls {
                out[k] = row
                k += 1
            }
        }
        return k
    }

    /// The stray rows (in input order) sorted by their text ranks, in the sort's direction, or
    /// nil when cancelled.
    static func sortStrays(_ strays: [UInt32], column: SortKeyColumn, ascending: Bool, isCancelled: () -> Bool) -> [UInt32]? {
        let n = strays.count
        let maxRank = UInt64(max(0, column.strayRankCount - 1))
        let keyBits = UInt64.bitWidth - maxRank.leadingZeroBitCount
        let a = UnsafeMutablePointer<PackedKeyRow>.allocate(capacity: n)
        let b = UnsafeMutablePointer<PackedKeyRow>.allocate(capacity: n)
        defer { a.deallocate(); b.deallocate() }
        for (i, row) in strays.enumerated() {
            let rank = column.key(Int(row))
            a[i] = PackedKeyRow(key: ascending ? rank : maxRank &- rank, row: row)
        }
        guard let sorted = radixSort(a, b, count: n, keyShift: 32, keyBits: keyBits, isCancelled: isCancelled) else {
            return nil
        }
        return (0..<n).map { sorted[$0].row }
    }

    /// A 64-bit key and its row, for key ranges wider than 32 bits.
    struct KeyRow: RadixSortable {
        var key: UInt64
        var row: UInt32
        @inline(__always) init(key: UInt64, row: UInt32) {
            self.key = key
            self.row = row
        }
        @inline(__always) var radixKey: UInt64 { key }
        static var keyShift: Int { 0 }
    }

    /// LSD radix sort of `count` elements of `a` by bits `keyShift..<keyShift+keyBits` of their
    /// `radixKey`, ping-ponging with `b`. Stable. Returns the buffer that holds the result, or
    /// nil when cancelled.
    static func radixSort<Element: RadixSortable>(
        _ a: UnsafeMutablePointer<Element>, _ b: UnsafeMutablePointer<Element>, count: Int,
        keyShift: Int, keyBits: Int, isCancelled: () -> Bool
    ) -> UnsafeMutablePointer<Element>? {
        if count < 2 || keyBits == 0 { return a }
        let passes = (keyBits + maxDigitBits - 1) / maxDigitBits
        let digitBits = (keyBits + passes - 1) / passes
        let radix = 1 << digitBits
        let mask = UInt64(radix - 1)
        let histogram = UnsafeMutablePointer<Int>.allocate(capacity: passes * radix)
        defer { histogram.deallocate() }
        histogram.initialize(repeating: 0, count: passes * radix)
        // One read for every pass's histogram.
        for i in 0..<count {
            var key = a[i].radixKey >> UInt64(keyShift)
            for p in 0..<passes {
                histogram[p &* radix &+ Int(key & mask)] &+= 1
                key >>= UInt64(digitBits)
            }
        }
        var source = a, destination = b
        for p in 0..<passes {
            if isCancelled() { return nil }
            let h = histogram + p * radix
            // A digit every element shares orders nothing: skip the pass.
            var trivial = false
            var sum = 0
            for d in 0..<radix {
                let c = h[d]
                if c == count { trivial = true; break }
                h[d] = sum
                sum &+= c
            }
            if trivial { continue }
            let shift = UInt64(keyShift + p * digitBits)
            for i in 0..<count {
                let element = source[i]
                let d = Int((element.radixKey >> shift) & mask)
                destination[h[d]] = element
                h[d] &+= 1
            }
            swap(&source, &destination)
        }
        return source
    }

    /// Radix digit width. Measured at 10M rows: 31-bit keys 0.31-0.34 s with 8-bit digits
    /// (4 passes) and 0.31-0.33 s with 11-bit (3 passes); 64-bit keys 0.61-0.70 s (8 passes)
    /// against 0.57-0.65 s (6 passes).
    static let maxDigitBits = 11
}

/// Sorts a column's texts by the collation documented on `RowSorter.sort` and gives each its
/// rank (used as the text's sort key, see `SortKeyColumn.buildText`).
///
/// An MSD radix sort on the case-folded bytes, 8 at a time: a group of texts sharing their
/// folded bytes so far skips the bytes they all share (one pass finds them), is distributed
/// on the first byte that differs, and each bucket goes on with the next byte (ping-ponging
/// between two buffers); a group that shares all 8 loads the next 8 bytes of its texts.
/// Groups of at most `smallGroup` texts, and texts equal ignoring case, are finished by
/// comparison (folded bytes, length, raw bytes), which also marks the texts equal to their
/// predecessor, so ranks come from one last pass.
/// Measured, 10M distinct texts "First Last 12345678", 1 thread: 2.2-2.6 s, most of it cache
/// misses loading the next 8 bytes of texts that share a prefix. Carrying 16 bytes per entry
/// (24-byte entries) measured the same (2.3-2.6 s), so entries stay at 16 bytes. Marking
/// equal neighbours during the sort instead of comparing them afterwards saved ~1 s there.
/// Sorting the top-level buckets on two threads (DispatchQueue.concurrentPerform) measured no
/// faster on the 2 shared cores (2.2-5.2 s against 2.1-3.5 s, interleaved runs), so one thread.
struct TextRanker {
    /// A text being sorted: 8 folded bytes at the current depth (big-endian), its id, and
    /// whether it equals the entry before it once sorted.
    struct Entry {
        var word: UInt64
        var id: UInt32
        var equalsPrevious: Bool
    }

    let entries: UnsafeMutablePointer<Entry>
    let scratch: UnsafeMutablePointer<Entry>
    let offsets: UnsafePointer<Int>
    let arena: UnsafeRawPointer

    /// Groups up to this size are insertion-sorted.
    static let smallGroup = 24

    /// `ranks[id]` for every text id, and the number of distinct ranks; equal texts get equal
    /// ranks.
    static func ranks(offsets: UnsafeBufferPointer<Int>, arena: UnsafeRawPointer?) -> (ranks: [UInt32], count: Int) {
        let n = offsets.count - 1
        guard n > 0, let arena, let offsetsBase = offsets.baseAddress else { return ([], 0) }
        let entries = UnsafeMutablePointer<Entry>.allocate(capacity: n)
        let scratch = UnsafeMutablePointer<Entry>.allocate(capacity: n)
        defer { entries.deallocate(); scratch.deallocate() }
        for id in 0..<n {
            let start = offsets[id]
            entries[id] = Entry(
                word: TextKey.foldedWord(arena + start, count: offsets[id + 1] - start), id: UInt32(id), equalsPrevious: false)
        }
        let ranker = TextRanker(entries: entries, scratch: scratch, offsets: offsetsBase, arena: arena)
        ranker.sort(0, n, byte: 0, word: 0, inScratch: false)
        var rankCount = 0
        let ranks = [UInt32](unsafeUninitializedCapacity: n) { ranks, initialized in
            var rank: UInt32 = 0
            ranks[Int(entries[0].id)] = 0
            for i in 1..<n {
                if !entries[i].equalsPrevious { rank += 1 }
                ranks[Int(entries[i].id)] = rank
            }
            rankCount = Int(rank) + 1
            initialized = n
        }
        return (ranks, rankCount)
    }

    /// Sorts the group `lo..<hi`, whose texts share their folded bytes before byte `byte` of
    /// 8-byte word `word`; the group is in `scratch` when `inScratch`, else in `entries`, and
    /// ends sorted in `entries`.
    ///
    /// Recursion goes into every bucket but the largest, which the loop takes on, so the depth
    /// stays below log2 of the group size whatever the texts (e.g. "=", "==", "===", ...).
    func sort(_ lo: Int, _ hi: Int, byte: Int, word: Int, inScratch: Bool) {
        var lo = lo, hi = hi, byte = byte, word = word, inScratch = inScratch
        while true {
            let source = inScratch ? scratch : entries, destination = inScratch ? entries : scratch
            let n = hi - lo
            if n <= Self.smallGroup {
                if inScratch { (entries + lo).update(from: scratch + lo, count: n) }
                insertionSort(lo, hi, word: word)
                return
            }
            if byte < 8 {
                // Skip the bytes the whole group shares.
                let first = source[lo].word
                var differing: UInt64 = 0
                for i in (lo + 1)..<hi { differing |= source[i].word ^ first }
                byte = differing == 0 ? 8 : max(byte, differing.leadingZeroBitCount / 8)
            }
            if byte == 8 {
                // All share 8 more bytes: load the next 8, unless no text is that long, in which
                // case they are equal ignoring case and comparison finishes the job.
                let from = 8 * (word + 1)
                var longer = false
                for i in lo..<hi {
                    let id = Int(source[i].id)
                    let start = offsets[id], length = offsets[id + 1] - start
                    if length > from { longer = true }
                    source[i].word = TextKey.foldedWord(arena + start + min(from, length), count: max(0, length - from))
                }
                if !longer {
                    if inScratch { (entries + lo).update(from: scratch + lo, count: n) }
                    // Usually copies of one text (de-duplication was given up): one pass.
                    let first = Int(entries[lo].id)
                    var identical = true
                    for i in (lo + 1)..<hi where compare(first, Int(entries[i].id), from: from) != 0 {
                        identical = false
                        break
                    }
                    if identical {
                        entries[lo].equalsPrevious = false
                        for i in (lo + 1)..<hi { entries[i].equalsPrevious = true }
                        return
                    }
                    var group = UnsafeMutableBufferPointer(start: entries + lo, count: n)
                    group.sort { less($0, $1, word: word) }
                    markEqual(lo, hi, word: word)
                    return
                }
                word += 1
                byte = 0
                continue
            }
            let shift = UInt64(56 - 8 * byte)
            let largest = withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { count -> Range<Int> in
                count.initialize(repeating: 0)
                for i in lo..<hi { count[Int(truncatingIfNeeded: source[i].word >> shift) & 255] &+= 1 }
                var sum = lo
                for d in 0..<256 {
                    let c = count[d]
                    count[d] = sum
                    sum &+= c
                }
                for i in lo..<hi {
                    let entry = source[i]
                    let d = Int(truncatingIfNeeded: entry.word >> shift) & 255
                    destination[count[d]] = entry
                    count[d] &+= 1
                }
                // count[d] is now the end of bucket d.
                var largest = lo..<lo
                var start = lo
                for d in 0..<256 {
                    let end = count[d]
                    if end - start > largest.count { largest = start..<end }
                    start = end
                }
                start = lo
                for d in 0..<256 {
                    let end = count[d]
                    if end - start == 1 {
                        if !inScratch { entries[start] = scratch[start] }
                        entries[start].equalsPrevious = false
                    } else if end - start > 1, start != largest.lowerBound {
                        sort(start, end, byte: byte + 1, word: word, inScratch: !inScratch)
                    }
                    start = end
                }
                return largest
            }
            // The group spans at least two buckets, so the largest has 2...n-1 texts.
            lo = largest.lowerBound
            hi = largest.upperBound
            byte += 1
            inScratch.toggle()
        }
    }

    func insertionSort(_ lo: Int, _ hi: Int, word: Int) {
        for i in (lo + 1)..<hi {
            let entry = entries[i]
            var j = i
            while j > lo, less(entry, entries[j - 1], word: word) {
                entries[j] = entries[j - 1]
                j -= 1
            }
            entries[j] = entry
        }
        markEqual(lo, hi, word: word)
    }

    /// Marks each entry of the sorted group `lo..<hi` that equals the one before it.
    func markEqual(_ lo: Int, _ hi: Int, word: Int) {
        entries[lo].equalsPrevious = false
        for i in (lo + 1)..<hi {
            entries[i].equalsPrevious = entries[i].word == entries[i - 1].word
                && compare(Int(entries[i - 1].id), Int(entries[i].id), from: 8 * (word + 1)) == 0
        }
    }

    /// Collation order of two entries whose folded bytes before word `word` are equal.
    @inline(__always) func less(_ x: Entry, _ y: Entry, word: Int) -> Bool {
        if x.word != y.word { return x.word < y.word }
        return compare(Int(x.id), Int(y.id), from: 8 * (word + 1)) < 0
    }

    /// Compares two texts whose folded bytes before `from` are equal: folded bytes from `from`,
    /// then length, then raw bytes (`TextCollation`). -1, 0 or 1.
    func compare(_ x: Int, _ y: Int, from: Int) -> Int {
        let xs = offsets[x], xn = offsets[x + 1] - xs
        let ys = offsets[y], yn = offsets[y + 1] - ys
        return TextCollation.compare(arena + xs, count: xn, arena + ys, count: yn, from: from)
    }

    @inline(__always) static func foldByte(_ b: UInt8) -> UInt8 { b &- 65 < 26 ? b | 0x20 : b }
}

/// An element a radix sort can order by an unsigned key: a key and a row id.
protocol RadixSortable {
    /// The element of `row` with `key` (below 2^32 when `keyShift` is 32).
    init(key: UInt64, row: UInt32)
    /// The key sits in bits `keyShift...` of this.
    var radixKey: UInt64 { get }
    var row: UInt32 { get }
    static var keyShift: Int { get }
}

/// `(key << 32) | row` in one word: keys of at most 32 bits.
struct PackedKeyRow: RadixSortable {
    var bits: UInt64
    @inline(__always) init(key: UInt64, row: UInt32) { bits = key << 32 | UInt64(row) }
    @inline(__always) var radixKey: UInt64 { bits }
    @inline(__always) var row: UInt32 { UInt32(truncatingIfNeeded: bits) }
    static var keyShift: Int { 32 }
}
