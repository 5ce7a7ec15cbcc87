extension DataTableView {
    /// Adds the columns a loading source has found since the table was laid out (a file's rows
    /// wider than its header, counted after indexing), measured like the others; true when it
    /// added any. Called by `refreshFromDataSource`.
    func adoptColumnsAddedBySource() -> Bool {
        let count = dataSource.columnCount
        guard count > columns.count else { return false }
        for column in columns.count..<count {
            let mode = configuration.columnWidthModeProvider?(column) ?? configuration.columnWidthMode
            columns.append(ColumnSizer.measure(
                column: column, of: dataSource, mode: mode, defaultSampleSize: configuration.columnWidthSampleSize,
                minWidth: configuration.minColumnWidth, maxWidth: configuration.maxColumnWidth,
                nullTokens: configuration.nullTokens))
        }
        columnOrder.extend(to: columns.count)
        layoutColumns()
        return true
    }
}
