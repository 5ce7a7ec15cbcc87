/// A text column's summary from its kept sort keys (`SortKeyCache`), no field read but the
/// three shown (smallest, largest, most frequent): docs/decisions/0157.
///
/// A text column's keys are collation ranks over every row (byte-equal texts, and only those,
/// share a rank; nulls are the null tokens, blanks are values: as the summary reads a text
/// column), so counting rows per rank gives what the field pass counts by hashing: the rows,
/// the nulls, the distinct texts, the most frequent one (ties: the lowest rank, the first in
/// collation order) and the counts of the most frequent ones (the histogram); the lowest and
/// highest ranks are the first and last texts in collation order. Numbers, dates and booleans
/// are not summarized so: the summary counts their distinct values and the most frequent one
/// by text as written (`1.5` and `1.50` are two), which their keys do not keep, so their
/// fields are read anyway.
///
/// Where the count of distinct texts passes the job's limit, the field pass estimates it and
/// the texts it counts last; from ranks every figure stays exact (`isDistinctCountEstimated`
/// and `isMostFrequentEstimated` are false).
extension ColumnSummary {
    /// Whether `keys` answer every statistic of a column read as `kind`: a text column's ranks.
    static func summarizesFromKeys(_ keys: SortKeyColumn, kind: SortKeyKind) -> Bool {
        kind == .text && keys.areTextRanks && keys.count <= Int(UInt32.max)
    }

    /// The summary of text column `column` over `rows` (source rows ascending; nil: every row
    /// of `keys`), counted from `keys`, its kept sort keys over every row of the source; `text`
    /// reads a row's field as the field pass shows it. nil when the keys are not a text
    /// column's, when cancelled (`isCancelled`, checked every `checkInterval` rows), or when a
    /// text shown is nearly `LongField.limit` bytes long or longer: the field pass orders such
    /// texts by their `LongField` keys, which can differ from the full texts' collation, so
    /// the column is read as before.
    /// - Complexity: O(rows + distinct texts), 16 bytes per distinct text; three fields read.
    static func fromKeptKeys(_ keys: SortKeyColumn, column: ColumnSummaryJob.Column, rows: UnsafeBufferPointer<UInt32>?,
                             checkInterval: Int, isCancelled: () -> Bool, text: (Int) -> String) -> ColumnSummary? {
        guard summarizesFromKeys(keys, kind: column.kind) else { return nil }
        let rankCount = keys.rankCount
        // Counted in file order (the rows shown as a bitmap): any row of a rank shows its text.
        var sinceCheck = 0
        guard let (counts, firstRows, nulls) = keys.countRanks(
            below: keys.count, bitmap: rows.map { FrequencyRows.bitmap(of: $0, rowCount: keys.count) },
            check: { done in
                sinceCheck += done
                guard sinceCheck >= checkInterval else { return false }
                sinceCheck = 0
                return isCancelled()
            }) else { return nil }
        let rowCount = rows?.count ?? keys.count
        // The distinct ranks, the first and last, and the most frequent (ties: lowest rank).
        var distinct = 0, first = -1, last = -1
        var top: [Int] = []
        let bins = ColumnSummaryAccumulator.textHistogramBins
        counts.withUnsafeBufferPointer { counts in
            for rank in 0..<rankCount where counts[rank] > 0 {
                distinct += 1
                if first < 0 { first = rank }
                last = rank
                let n = counts[rank]
                guard top.count < bins || n > counts[top[top.count - 1]] else { continue }
                var i = top.count
                while i > 0, n > counts[top[i - 1]] { i -= 1 }
                top.insert(rank, at: i)
                if top.count > bins { top.removeLast() }
            }
        }
        var minimum: String?, maximum: String?, mostFrequent: String?
        if distinct > 0 {
            (minimum, maximum, mostFrequent) = (text(firstRows[first]), text(firstRows[last]), text(firstRows[top[0]]))
            // A text of which a `LongField` key keeps only the first bytes, or as long as one's first bytes.
            if [minimum, maximum, mostFrequent].contains(where: { $0!.utf8.count >= LongField.limit - 3 }) { return nil }
        }
        return ColumnSummary(
            column: column.index, title: column.title, kind: column.kind, format: column.format, rowCount: rowCount,
            nullCount: nulls, strayCount: 0, distinctCount: distinct, isDistinctCountEstimated: false,
            minimum: minimum, maximum: maximum, mean: nil, quantiles: nil, mostFrequent: mostFrequent,
            mostFrequentCount: top.first.map { counts[$0] } ?? 0, isMostFrequentEstimated: false,
            histogram: top.map { counts[$0] }, histogramRange: nil, fractionDigits: 0, dateResolution: .days)
    }
}
