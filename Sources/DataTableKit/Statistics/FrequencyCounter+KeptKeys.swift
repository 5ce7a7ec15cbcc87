/// The frequency table of a text column from its kept sort keys (`SortKeyCache`): no field is
/// hashed, a row costs an increment.
extension FrequencyCounter {
    /// Whether `keys` are a text column's ranks that `count(keys:...)` counts from (no strays).
    /// Any number of distinct values: each one's text is read once, a batch of rows at a time on
    /// both cores when there are many, which costs less than hashing every row's field
    /// (docs/decisions/0163).
    static func countsFromKeys(_ keys: SortKeyColumn) -> Bool { keys.areTextRanks }

    /// The frequency table of text column `column` over `rows`, counted from `keys`, its sort
    /// keys over every row of `source` (collation ranks: byte-equal texts, and only those, share
    /// a rank; nulls are the null tokens, blanks are values, as `count` reads a text column);
    /// nil when `isCancelled` returned true, or when the keys are not a text column's. Each
    /// distinct value's text is read once, from the first row holding it (in row order), as
    /// `count` reads it, and nothing is hashed (ranks are the distinct values).
    /// - Complexity: O(rows) increments plus O(distinct values) field reads (of the rows they
    ///   span, a batch at a time, when they are many).
    static func count(
        keys: SortKeyColumn, source: DataTableDataSource, column: Int, rows: FrequencyRows, format: ValueFormat,
        nullTokens: NullTokens, isCancelled: @escaping @Sendable () -> Bool = { false }, progress: (Int) -> Void = { _ in }
    ) -> FrequencyTable? {
        guard countsFromKeys(keys) else { return nil }
        // In file order: a sorted view's rows, read in its order, would miss the cache.
        let end: Int
        switch rows {
        case .first(let count): end = Swift.min(count, keys.count)
        case .rows(_, let sourceRowCount): end = Swift.min(sourceRowCount, keys.count)
        }
        let bitmap = rows.bitmap(rowCount: end)
        // The fields' readers first: a live source's next version, once it replaces this one,
        // is read by none of them.
        let reading = FieldReading(source: source, column: column, rowCount: keys.count, kind: .text, format: format,
                                   nullTokens: nullTokens)
        var counted = 0
        guard let (counts, firstRows, nulls) = keys.countRanks(below: end, bitmap: bitmap, check: { done in
            counted += done
            progress(counted)
            return isCancelled()
        }) else { return nil }
        // The values numbered in order of their first rows, found through a bitmap (no second
        // pass over every row); ranks are distinct values, so nothing is looked up.
        let firsts = FrequencyRows.bitmap(of: firstRows, rowCount: keys.count)  // Int.max: no row
        var valueRows: [Int] = []
        valueRows.reserveCapacity(counts.count)
        for (index, bits) in firsts.enumerated() where bits != 0 {
            var word = bits
            while word != 0 {
                valueRows.append(index << 6 | word.trailingZeroBitCount)
                word &= word &- 1
            }
        }
        if isCancelled() { return nil }
        // Each value's bytes once, read from its first row in row order (the file read forward);
        // many values (a mostly-distinct column) in two halves on both cores, each a part.
        let halves = valueRows.count < parallelThreshold ? [valueRows[...]]
            : [valueRows[..<(valueRows.count / 2)], valueRows[(valueRows.count / 2)...]]
        let parts = UnsafeMutablePointer<FrequencyTable.Part?>.allocate(capacity: halves.count)
        parts.initialize(repeating: nil, count: halves.count)
        defer { parts.deinitialize(count: halves.count); parts.deallocate() }
        let box = UncheckedSendableBox(value: (keys, counts, reading, parts))
        BackgroundWork.forEachPart(halves.count) { half in
            let (keys, counts, reading, parts) = box.value
            parts[half] = Self.part(of: halves[half], keys: keys, counts: counts, reading: reading, isCancelled: isCancelled)
        }
        var tableParts: [FrequencyTable.Part] = []
        for half in halves.indices {
            guard let part = parts[half] else { return nil }
            tableParts.append(part)
        }
        return FrequencyTable(kind: .text, format: format, total: rows.count, nullCount: nulls, parts: tableParts,
                              firstRows: halves)
    }

    /// The values first held by `rows` (ascending) as one part of a table: their bytes read from
    /// those rows, their counts `counts[rank]` (`keys` the column's ranks); nil when
    /// `isCancelled` returned true.
    private static func part(of rows: ArraySlice<Int>, keys: SortKeyColumn, counts: [Int], reading: FieldReading,
                             isCancelled: () -> Bool) -> FrequencyTable.Part? {
        // The counts in a loop of independent loads, which overlap: in a column of many values
        // each is a cache miss.
        let valueCounts = keys.narrowKeys.withUnsafeBufferPointer { ranks in
            counts.withUnsafeBufferPointer { counts in rows.map { counts[Int(ranks[$0])] } }
        }
        // Many values (`BatchedFields.pay`): a batch of rows at a time.
        let span = rows.isEmpty ? 0 : rows.last! - rows.first! + 1
        let batched = FrequencyAccumulator.BatchedFields.pay(counting: rows.count, spanning: span)
        var fields = !batched ? nil : reading.batches.flatMap { read in
            reading.raw.map { FrequencyAccumulator.BatchedFields(read: read, raw: $0, end: keys.count) }
        }
        defer { fields?.batch.deallocate() }
        var bytes: [UInt8] = [], offsets = [0], scratch: [UInt8] = []
        offsets.reserveCapacity(rows.count + 1)
        for (index, row) in rows.enumerated() {
            if fields != nil {
                FrequencyAccumulator.withCountedBytes(raw: fields!.field(row), reading: reading, scratch: &scratch) { value, _ in
                    bytes.append(contentsOf: value)
                }
            } else {
                FrequencyAccumulator.withCountedBytes(row: row, reading: reading, scratch: &scratch) { value, _ in
                    bytes.append(contentsOf: value)
                }
            }
            offsets.append(bytes.count)
            if index & (checkInterval - 1) == checkInterval - 1, isCancelled() { return nil }
        }
        return FrequencyTable.Part(bytes: bytes, offsets: offsets, counts: valueCounts)
    }
}
