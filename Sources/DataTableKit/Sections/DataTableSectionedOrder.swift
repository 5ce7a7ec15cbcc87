/// Rows grouped into sections, as a grouping job computes them: the display order (source row
/// ids, section after section, each section in the sort's order) and each section's bounds,
/// group size before the filter and column summaries.
public struct DataTableSectionedOrder: Sendable, Equatable {
    /// Source row ids, section after section.
    var order: [UInt32]
    /// Where each section starts in `order`, ascending (section `i` ends where `i + 1` starts).
    var starts: [Int]
    /// Rows of each section's group among all rows not hidden, before the filter.
    var totals: [Int]
    /// Each section's identity: its group's text (or the program's section title).
    var keys: [String]
    /// The summarized columns.
    var summaryColumns: [Int]
    /// `summaries[section * summaryColumns.count + i]` summarizes `summaryColumns[i]`.
    var summaries: [DataTableColumnSummary]

    /// Rows in section `index`.
    func count(ofSection index: Int) -> Int {
        (index + 1 < starts.count ? starts[index + 1] : order.count) - starts[index]
    }
}

/// Groups rows into sections off the UI thread: one sort by the group key then the user's
/// keys, then one pass to find where the key changes.
enum SectionGrouper {
    /// Groups `rows` (source ids, filtered, hidden rows left out; nil: every row not hidden).
    ///
    /// - Parameters:
    ///   - groupKey: each source row's group key (ordered: sections follow its order).
    ///   - groupAscending: the direction of the sections.
    ///   - sortKeys: the user's sort keys, applied within sections.
    ///   - key: the section's identity for a row (its group's text), called once per section.
    ///   - summaryColumns: the columns whose fields `field(row, column)` are summed per section.
    /// - Complexity: O(n·p) for the sort (see `RowSorter`), O(n) to find the sections and the
    ///   totals, O(n × summary columns) field reads for the sums. Cancelled between passes and
    ///   every 64K rows.
    static func group(
        rows: [UInt32], allRows: [UInt32]?, groupKey: SortKeyColumn, groupAscending: Bool,
        sortKeys: [(SortKeyColumn, ascending: Bool)], key: (Int) -> String,
        summaryColumns: [Int], summaryFormats: [ValueFormat] = [], field: (Int, Int, (UnsafeRawBufferPointer) -> Void) -> Void,
        job: TableJob?
    ) -> DataTableSectionedOrder? {
        func cancelled() -> Bool { job?.isCancelled ?? false }
        guard let order = RowSorter.sort(rows, by: [(groupKey, ascending: groupAscending)] + sortKeys, isCancelled: cancelled)
        else { return nil }
        job?.setProcessed(job.map { $0.total / 2 } ?? 0)
        var starts: [Int] = []
        var counts: [UInt64: Int] = [:]
        var previous: (key: UInt64, isNull: Bool)?
        for (i, id) in order.enumerated() {
            let row = Int(id)
            let current = (key: groupKey.key(row), isNull: groupKey.isNull(row))
            if previous == nil || previous!.key != current.key || previous!.isNull != current.isNull {
                starts.append(i)
                previous = current
            }
        }
        if cancelled() { return nil }
        // Group sizes before the filter: counted over all rows when a filter kept fewer.
        var totals: [Int] = []
        totals.reserveCapacity(starts.count)
        if let allRows {
            var nullCount = 0
            for id in allRows {
                let row = Int(id)
                if groupKey.isNull(row) { nullCount += 1 } else { counts[groupKey.key(row), default: 0] += 1 }
            }
            for start in starts {
                let row = Int(order[start])
                totals.append(groupKey.isNull(row) ? nullCount : counts[groupKey.key(row), default: 0])
            }
        }
        var sectioned = DataTableSectionedOrder(order: order, starts: starts, totals: totals, keys: [],
                                                summaryColumns: summaryColumns, summaries: [])
        if allRows == nil { sectioned.totals = starts.indices.map { sectioned.count(ofSection: $0) } }
        sectioned.keys = starts.map { key(Int(order[$0])) }
        if cancelled() { return nil }
        // Sums per section and column.
        var summaries: [DataTableColumnSummary] = []
        summaries.reserveCapacity(starts.count * summaryColumns.count)
        var done = 0
        for (index, start) in starts.enumerated() {
            let end = start + sectioned.count(ofSection: index)
            for (position, column) in summaryColumns.enumerated() {
                var summary = DataTableColumnSummary(column: column)
                summary.format = position < summaryFormats.count ? summaryFormats[position] : .standard
                for i in start..<end {
                    field(Int(order[i]), column) { summary.add($0) }
                    done += 1
                    if done & 0xFFFF == 0 {
                        if cancelled() { return nil }
                        if let job { job.setProcessed(job.total / 2 + done / max(1, 2 * summaryColumns.count)) }
                    }
                }
                summaries.append(summary)
            }
        }
        sectioned.summaries = summaries
        return sectioned
    }
}
