import DataTableKit

extension DTableCommand {
    /// The view `--print` renders: columns capped at `maxColumnWidth` as in the viewer, except
    /// that when a column reached the cap and every column at its full width (up to `width`)
    /// fits in `width`, the columns get their full width. A cap set in the config file stays,
    /// and so does the cap of wrapped text (`--wrap`: rows grow instead). `columns` (`--columns`)
    /// chooses the columns shown; only they count for the width.
    /// - Complexity: the column measuring of one view, twice when a column reached the cap.
    static func printView(of source: DataTableDataSource, configuration: DataTableConfiguration,
                          width: Int, capIsSet: Bool, columns: RowMatcher? = nil) -> DataTableView {
        let view = DataTableView(dataSource: source, configuration: configuration)
        if let columns { view.showColumns(matching: columns) }
        view.fitColumnsIfNeeded()
        if case .automatic = configuration.rowHeightMode { return view }
        if configuration.textLayout == .wrap { return view }
        guard !capIsSet, width > configuration.maxColumnWidth,
              view.visibleColumns.contains(where: { view.columns[$0].width >= configuration.maxColumnWidth }) else { return view }
        var wide = configuration
        wide.maxColumnWidth = width
        let full = DataTableView(dataSource: source, configuration: wide)
        if let columns { full.showColumns(matching: columns) }
        full.fitColumnsIfNeeded()
        let shown = full.visibleColumns
        let used = shown.reduce(0) { $0 + full.columns[$1].width } + full.viewport.gutter * max(0, shown.count - 1)
        return used <= width ? full : view
    }
}
