/// The frequency table of a column over the rows the table shows.
extension DataTableView {
    /// The source rows shown now: every row the filter keeps (hidden rows left out), or the
    /// first `rowCount` rows of a table neither filtered nor hiding any.
    public var shownRows: FrequencyRows {
        guard let displayOrder else { return .first(dataSource.rowCount) }
        return .rows(displayOrder, sourceRowCount: dataSource.rowCount)
    }

    /// Starts counting the values of source column `column` over the rows shown (`shownRows`),
    /// read with the column's kind, format and the table's null tokens, on a worker.
    public func startFrequency(ofColumn column: Int) -> FrequencyJob {
        FrequencyJob(source: dataSource, column: column, rows: shownRows, kind: sortKeyKind(ofColumn: column),
                     format: columns[column].format, nullTokens: configuration.nullTokens)
    }

    /// The kind and format `column`'s values are read with (binning reads numbers and dates so).
    public func valueReading(ofColumn column: Int) -> (kind: SortKeyKind, format: ValueFormat) {
        sortKeyReading(ofColumn: column)
    }
}
