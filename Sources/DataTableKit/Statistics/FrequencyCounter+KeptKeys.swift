/// The frequency table of a text column from its kept sort keys (`SortKeyCache`): no field is
/// hashed, a row costs an increment.
extension FrequencyCounter {
    /// Kept keys count a column of at most one distinct value in this many rows. Measured, 1M
    /// rows: 264 names 1.4 ms from the keys against 26 ms from the fields; 952,722 emails 477 ms
    /// against 171 ms (docs/decisions/0139).
    static let keptKeysMostDistinct = 8

    /// The frequency table of text column `column` over `rows`, counted from `keys`, its sort
    /// keys over every row of `source` (collation ranks: byte-equal texts, and only those, share
    /// a rank; nulls are the null tokens, blanks are values, as `count` reads a text column);
    /// nil when `isCancelled` returned true, or when the keys are not a text column's. Each
    /// distinct value's text is read once, from the first row holding it, as `count` reads it.
    /// nil too for a mostly-distinct column (more than one value in `keptKeysMostDistinct` rows):
    /// a value read and found again per distinct value costs more than counting the fields.
    /// - Complexity: O(rows) increments plus O(distinct values) field reads.
    static func count(
        keys: SortKeyColumn, source: DataTableDataSource, column: Int, rows: FrequencyRows, format: ValueFormat,
        nullTokens: NullTokens, isCancelled: () -> Bool = { false }, progress: (Int) -> Void = { _ in }
    ) -> FrequencyTable? {
        guard keys.kind == .text, keys.isNarrow, keys.strayCount == 0 else { return nil }
        let ranks = keys.minKey > keys.maxKey ? 0 : Int(keys.maxKey - keys.minKey) + 1
        guard ranks <= keys.count / keptKeysMostDistinct else { return nil }
        var counts = [Int](repeating: 0, count: ranks)
        var firstRows = [Int](repeating: .max, count: ranks)
        var nulls = 0
        let finished = counts.withUnsafeMutableBufferPointer { counts in
            firstRows.withUnsafeMutableBufferPointer { firstRows in
                keys.narrowKeys.withUnsafeBufferPointer { narrow in
                    func add(_ row: Int) {
                        guard row < keys.count else { return }
                        if keys.isException(row) { nulls += 1; return }
                        let rank = Int(narrow[row])
                        counts[rank] += 1
                        if row < firstRows[rank] { firstRows[rank] = row }
                    }
                    switch rows {
                    case .first(let count):
                        var row = 0
                        while row < count {
                            let end = Swift.min(count, row + checkInterval)
                            while row < end { add(row); row += 1 }
                            progress(row)
                            if isCancelled() { return false }
                        }
                    case .rows(let kept, _):
                        for (i, row) in kept.enumerated() {
                            add(Int(row))
                            if i & (checkInterval - 1) == checkInterval - 1 {
                                progress(i + 1)
                                if isCancelled() { return false }
                            }
                        }
                    }
                    return true
                }
            }
        }
        guard finished else { return nil }
        let reading = FieldReading(source: source, column: column, rowCount: keys.count, kind: .text, format: format,
                                   nullTokens: nullTokens)
        var accumulator = FrequencyAccumulator()
        var scratch: [UInt8] = []
        for rank in 0..<ranks where counts[rank] > 0 {
            accumulator.add(row: firstRows[rank], rows: counts[rank], reading: reading, scratch: &scratch)
        }
        accumulator.addNulls(nulls)
        return accumulator.table(kind: .text, format: format)
    }
}
