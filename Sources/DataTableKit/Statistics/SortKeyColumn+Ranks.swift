/// Counting a text column's values from its kept sort keys (`SortKeyCache`): the keys of a text
/// column are collation ranks (byte-equal texts, and only those, share one), so rows per rank
/// are rows per distinct text, with nothing hashed (`F`, `I`; docs/decisions/0139, 0157).
extension SortKeyColumn {
    /// Rows from which `countRanks` counts on both cores.
    static let twoCoreRanks = 1 << 17

    /// Whether the keys are ranks that count the column's texts: a text column's, narrow, no
    /// strays (every row a rank or a null).
    var areTextRanks: Bool { kind == .text && isNarrow && strayCount == 0 }

    /// How many ranks the keys span (0 when every row is null).
    var rankCount: Int { minKey > maxKey ? 0 : Int(maxKey - minKey) + 1 }

    /// Ranks up to which `tally` keeps four tables.
    static let tallyTables = 1 << 12

    /// Adds the rows of `rows` to `counts` by their key (each below `counts.count`). Up to
    /// `tallyTables` ranks the rows go to four tables in turn, added up after: two nearby rows
    /// of one rank then do not wait for each other's increment.
    /// - Complexity: O(rows + 4 x ranks).
    static func tally(_ keys: UnsafeBufferPointer<UInt32>, rows: Range<Int>, into counts: UnsafeMutableBufferPointer<Int>) {
        let ranks = counts.count
        guard ranks <= tallyTables, rows.count >= 4 * ranks else {
            for row in rows { counts[Int(keys[row])] &+= 1 }
            return
        }
        let tables = UnsafeMutablePointer<Int>.allocate(capacity: 4 * ranks)
        defer { tables.deallocate() }
        tables.initialize(repeating: 0, count: 4 * ranks)
        let (t0, t1, t2, t3) = (tables, tables + ranks, tables + 2 * ranks, tables + 3 * ranks)
        var row = rows.lowerBound
        while row &+ 4 <= rows.upperBound {
            t0[Int(keys[row])] &+= 1
            t1[Int(keys[row &+ 1])] &+= 1
            t2[Int(keys[row &+ 2])] &+= 1
            t3[Int(keys[row &+ 3])] &+= 1
            row &+= 4
        }
        while row < rows.upperBound {
            t0[Int(keys[row])] &+= 1
            row &+= 1
        }
        for rank in 0..<ranks { counts[rank] &+= t0[rank] &+ t1[rank] &+ t2[rank] &+ t3[rank] }
    }

    /// Rows per rank over rows `0..<end` (those set in `bitmap`, when given), in file order; the
    /// first of them holding each rank (`Int.max` for none); the null rows. `check(rows
    /// counted)` once they are (from `twoCoreRanks` rows in two halves on both cores); nil when it
    /// returned true (cancelled). Only for `areTextRanks` keys.
    /// - Complexity: O(rows) increments, then the rows up to the last rank's first one; 16 bytes
    ///   per rank (the two halves' counts at most while counting).
    func countRanks(below end: Int, bitmap: [UInt64]?, check: (Int) -> Bool)
        -> (counts: [Int], firstRows: [Int], nulls: Int)? {
        let ranks = rankCount, end = Swift.min(end, count)
        // The rows in two halves on both cores from `twoCoreRanks` rows, each half into counts
        // of its own, then the second added to the first; `check` once, after (the pass takes
        // milliseconds).
        let half = end >= Self.twoCoreRanks ? (end / 2) & ~63 : end
        let halves = [0..<half, half..<end].filter { !$0.isEmpty }
        var parts = [(counts: [Int], nulls: Int)](repeating: ([], 0), count: halves.count)
        parts.withUnsafeMutableBufferPointer { parts in
            let out = UncheckedSendableBox(value: parts.baseAddress!)
            BackgroundWork.forEachPart(halves.count) { part in
                var local = [Int](repeating: 0, count: ranks), localNulls = 0
                local.withUnsafeMutableBufferPointer { local in
                    narrowKeys.withUnsafeBufferPointer { narrow in
                        // Every row a value: a tally of the keys alone.
                        if bitmap == nil && nullMask.isEmpty { return Self.tally(narrow, rows: halves[part], into: local) }
                        _ = FrequencyAccumulator.forEachRow(halves[part], bitmap: bitmap, check: { _ in false }) { row in
                            if isException(row) { localNulls += 1 } else { local[Int(narrow[row])] += 1 }
                            return true
                        }
                    }
                }
                out.value[part] = (local, localNulls)
            }
        }
        // The first half's counts taken over (no copy), each later half's added and let go: at
        // most two rank-sized arrays at once.
        var counts = [Int](), nulls = 0
        for index in parts.indices {
            nulls += parts[index].nulls
            let part = parts[index].counts
            parts[index].counts = []
            if index == 0 {
                counts = part
            } else {
                for rank in 0..<ranks { counts[rank] += part[rank] }
            }
        }
        if counts.isEmpty { counts = [Int](repeating: 0, count: ranks) }
        let counted = counts.reduce(nulls, +)
        if check(counted) { return nil }
        // First rows: the rows again in order, only until every counted rank has shown up (for
        // a few-valued column, within the first rows).
        var missing = counts.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
        var firstRows = [Int](repeating: .max, count: ranks)
        firstRows.withUnsafeMutableBufferPointer { firstRows in
            narrowKeys.withUnsafeBufferPointer { narrow in
                _ = FrequencyAccumulator.forEachRow(0..<end, bitmap: bitmap, check: { _ in false }) { row in
                    guard missing > 0 else { return false }
                    guard !isException(row) else { return true }
                    let rank = Int(narrow[row])
                    if firstRows[rank] == .max {
                        firstRows[rank] = row
                        missing -= 1
                    }
                    return true
                }
            }
        }
        return (counts, firstRows, nulls)
    }
}
