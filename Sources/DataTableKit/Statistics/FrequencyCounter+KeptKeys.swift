/// The frequency table of a text column from its kept sort keys (`SortKeyCache`): no field is
/// hashed, a row costs an increment.
extension FrequencyCounter {
    /// Kept keys count a column of at most one distinct value in this many rows: past that, one
    /// thread reading each value once is slower than both counting the fields (measured in
    /// docs/decisions/0139-frequency-by-partitions.md).
    static let keptKeysMostDistinct = 8

    /// Whether `keys` are a text column's ranks that `count(keys:...)` counts from: no strays,
    /// at most one distinct value in `keptKeysMostDistinct` rows.
    static func countsFromKeys(_ keys: SortKeyColumn) -> Bool {
        keys.areTextRanks && keys.rankCount <= keys.count / keptKeysMostDistinct
    }

    /// The frequency table of text column `column` over `rows`, counted from `keys`, its sort
    /// keys over every row of `source` (collation ranks: byte-equal texts, and only those, share
    /// a rank; nulls are the null tokens, blanks are values, as `count` reads a text column);
    /// nil when `isCancelled` returned true, or when the keys are not a text column's. Each
    /// distinct value's text is read once, from the first row holding it (in row order), as
    /// `count` reads it, and nothing is hashed (ranks are the distinct values). nil too for a
    /// column of more than one value in `keptKeysMostDistinct` rows.
    /// - Complexity: O(rows) increments plus O(distinct values) field reads.
    static func count(
        keys: SortKeyColumn, source: DataTableDataSource, column: Int, rows: FrequencyRows, format: ValueFormat,
        nullTokens: NullTokens, isCancelled: () -> Bool = { false }, progress: (Int) -> Void = { _ in }
    ) -> FrequencyTable? {
        guard countsFromKeys(keys) else { return nil }
        // In file order: a sorted view's rows, read in its order, would miss the cache.
        let end: Int
        switch rows {
        case .first(let count): end = Swift.min(count, keys.count)
        case .rows(_, let sourceRowCount): end = Swift.min(sourceRowCount, keys.count)
        }
        let bitmap = rows.bitmap(rowCount: end)
        var counted = 0
        guard let (counts, firstRows, nulls) = keys.countRanks(below: end, bitmap: bitmap, check: { done in
            counted += done
            progress(counted)
            return isCancelled()
        }) else { return nil }
        // Each value's bytes once, read from its first row in row order (the file read forward),
        // its id the order of those rows; ranks are distinct values, so nothing is looked up. The
        // first rows are put in order through a bitmap: no second pass over every row.
        let reading = FieldReading(source: source, column: column, rowCount: keys.count, kind: .text, format: format,
                                   nullTokens: nullTokens)
        let firsts = FrequencyRows.bitmap(of: firstRows, rowCount: keys.count)  // Int.max: no row
        var bytes: [UInt8] = [], offsets = [0], valueCounts: [Int] = [], valueRows: [Int] = []
        var scratch: [UInt8] = []
        for (index, bits) in firsts.enumerated() where bits != 0 {
            var word = bits
            while word != 0 {
                let row = index << 6 | word.trailingZeroBitCount
                word &= word &- 1
                let rank = Int(keys.narrowKeys[row])
                FrequencyAccumulator.withCountedBytes(row: row, reading: reading, scratch: &scratch) { value, _ in
                    bytes.append(contentsOf: value)
                }
                offsets.append(bytes.count)
                valueCounts.append(counts[rank])
                valueRows.append(row)
                if valueRows.count & (checkInterval - 1) == 0, isCancelled() { return nil }
            }
        }
        return FrequencyTable(kind: .text, format: format, total: rows.count, nullCount: nulls,
                              parts: [.init(bytes: bytes, offsets: offsets, counts: valueCounts)], firstRows: [valueRows])
    }
}
