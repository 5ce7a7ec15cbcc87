import DataTableKit

extension DTableCommand {
    /// The view `--print` renders, and how wide its columns print: as wide as their widest
    /// printed value (every printed row is measured), capped at `maxColumnWidth` as in the
    /// viewer, except that when every column at its widest value (up to `width`) fits in
    /// `width`, the columns get those widths. A cap set in the config file stays, and so does
    /// the cap of wrapped text (`--wrap`: rows grow instead) and of cells of other kinds.
    /// `columns` (`--columns`) chooses the columns shown; only they count for the width.
    static func printView(of source: DataTableDataSource, configuration: DataTableConfiguration,
                          capIsSet: Bool, columns: RowMatcher? = nil) -> (DataTableView, TablePrinter.ColumnWidths) {
        let view = DataTableView(dataSource: source, configuration: configuration)
        if let columns { view.showColumns(matching: columns) }
        view.fitColumnsIfNeeded()
        var keepsCap = capIsSet || configuration.textLayout == .wrap
        if case .automatic = configuration.rowHeightMode { keepsCap = true }
        return (view, keepsCap ? .widestValue : .widestValueUncappedWhenItFits)
    }
}
