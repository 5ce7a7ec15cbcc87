/// The kept sort keys a summary (`I`) counts text columns from (docs/decisions/0157).
extension DataTableView {
    /// The sort keys kept for the text columns among `columns` (read with their kind and format
    /// and the table's null tokens, over every source row, with today's edits), by column.
    func keptSummaryKeys(_ columns: [ColumnSummaryJob.Column]) -> [Int: SortKeyColumn] {
        let stamp = sortKeyStamp
        var kept: [Int: SortKeyColumn] = [:]
        for column in columns where column.kind == .text {
            let key = SortKeyCache.Key(column: column.index, kind: column.kind, format: column.format,
                                       nullTokens: configuration.nullTokens, rowCount: dataSource.rowCount,
                                       editCount: stamp.editCount)
            kept[column.index] = jobs.sortKeys.lookup(key, stamp: stamp, for: .summary)?.keys
        }
        return kept
    }
}
