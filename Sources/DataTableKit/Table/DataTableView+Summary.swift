/// The summary of every column over the rows shown (what the summary screen shows).
extension DataTableView {
    /// A job summarizing every column (shown columns in display order, then hidden ones in
    /// source order) over the rows shown: those the filter keeps, deleted rows left out, all of
    /// them in the order of the file whatever the sort. Each column is read as the table reads
    /// it (its kind and format, as a sort would) with the table's null tokens. Not started: call
    /// `start()` and poll it, or `run()`.
    /// - Complexity: O(columns), and O(rows) to list the rows shown when they are not all the rows.
    public func makeColumnSummaryJob(distinctLimit: Int = ColumnSummaryJob.defaultDistinctLimit,
                                     workerCount: Int? = nil) -> ColumnSummaryJob {
        let shown = visibleColumns
        let hidden = columns.indices.filter { columnOrder.display(forSource: $0) == nil }
        let specs = (shown + hidden).map { column in
            ColumnSummaryJob.Column(index: column, title: columns[column].title, kind: sortKeyKind(ofColumn: column),
                                    format: columns[column].format)
        }
        return ColumnSummaryJob(source: dataSource, columns: specs, rows: shownSourceRowsInFileOrder,
                                sourceRowCount: dataSource.rowCount, nullTokens: configuration.nullTokens,
                                distinctLimit: distinctLimit, workerCount: workerCount,
                                keptKeys: keptSummaryKeys(specs), keyUse: { [cache = jobs.sortKeys] in cache.count(.summary, answeredFromKeys: $0) })
    }

    /// The source rows shown (the records of every section, collapsed or not), ascending; nil
    /// when every row of the source is shown.
    /// - Complexity: O(rows / 64 + shown rows): a bitmap of the shown rows, read in order.
    var shownSourceRowsInFileOrder: [UInt32]? {
        guard let displayOrder, rowOrder.filteredRows != nil || !rowOrder.hiddenRows.isEmpty else { return nil }
        let count = dataSource.rowCount
        var words = [UInt64](repeating: 0, count: (count + 63) / 64)
        var shown = 0
        for row in displayOrder where Int(row) < count {
            words[Int(row) >> 6] |= 1 << UInt64(row & 63)
        }
        for word in words { shown += word.nonzeroBitCount }
        return [UInt32](unsafeUninitializedCapacity: shown) { buffer, initialized in
            var n = 0
            for (i, word) in words.enumerated() {
                var bits = word
                while bits != 0 {
                    buffer[n] = UInt32(truncatingIfNeeded: i << 6 | bits.trailingZeroBitCount)
                    n += 1
                    bits &= bits - 1
                }
            }
            initialized = n
        }
    }
}
