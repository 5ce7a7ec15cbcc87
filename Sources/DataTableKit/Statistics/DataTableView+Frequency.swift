/// The frequency table of a column over the rows the table shows.
extension DataTableView {
    /// The source rows shown now: every row the filter keeps (hidden rows left out), or the
    /// first `rowCount` rows of a table neither filtered nor hiding any.
    public var shownRows: FrequencyRows {
        guard let displayOrder else { return .first(dataSource.rowCount) }
        return .rows(displayOrder, sourceRowCount: dataSource.rowCount)
    }

    /// Starts counting the values of source column `column` over the rows shown (`shownRows`),
    /// read with the column's kind, format and the table's null tokens, on a worker. A text
    /// column a sort has read is counted from its kept sort keys (`SortKeyCache`), no field read
    /// but one per distinct value. A text column with none kept that looks few-valued (a sample
    /// of its rows) has its keys extracted as a sort would and kept first, when most rows are
    /// counted: the next frequency table, sort, summary or column filter of it reads no field.
    public func startFrequency(ofColumn column: Int) -> FrequencyJob {
        let (kind, format) = sortKeyReading(ofColumn: column)
        let rows = shownRows
        var kept: SortKeyColumn?
        var extraction: FrequencyKeyExtraction?
        if kind == .text {
            let stamp = sortKeyStamp
            let key = SortKeyCache.Key(column: column, kind: kind, format: format, nullTokens: configuration.nullTokens,
                                       rowCount: dataSource.rowCount, editCount: stamp.editCount)
            if let found = jobs.sortKeys.lookup(key, stamp: stamp, for: .frequency) {
                kept = FrequencyCounter.countsFromKeys(found.keys) ? found.keys : nil
            } else {
                extraction = FrequencyKeyExtraction(cache: jobs.sortKeys, key: key, stamp: stamp, rows: rows)
            }
            jobs.sortKeys.count(.frequency, answeredFromKeys: kept != nil)
        }
        return FrequencyJob(source: dataSource, column: column, rows: rows, kind: kind, format: format,
                            nullTokens: configuration.nullTokens, keptKeys: kept, extraction: extraction)
    }

    /// The kind and format `column`'s values are read with (binning reads numbers and dates so).
    public func valueReading(ofColumn column: Int) -> (kind: SortKeyKind, format: ValueFormat) {
        sortKeyReading(ofColumn: column)
    }
}
