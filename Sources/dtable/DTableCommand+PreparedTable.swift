import DataTableApp
import DataTableCSV
import DataTableKit

extension DTableCommand {
    /// The table both modes show once the input is open: its data source with the edits layer
    /// and the cell kinds, the configuration, and the options read against its titles.
    struct PreparedTable {
        /// The input as read (a `CSVFileDataSource` for a file or stdin; the demo's table).
        var table: DataTableDataSource
        /// The layer that switches to a new version of a file read again (R, `--watch`,
        /// `--follow`); nil for a stream and the demo.
        var live: LiveDataSource?
        /// Edits and deletions, in memory over the file until they are written.
        var editable: EditableDataSource
        /// `editable`, with the Actions column appended when there are buttons.
        var shown: DataTableDataSource
        var configuration: DataTableConfiguration
        /// `--columns`: the columns shown as the table opens.
        var columnSelection: RowMatcher?
        var rowActions: [(name: String, action: RowAction)]
        var sortOrder: [SortDescriptor]
        var rows: RowOptions
        var grouping: DataTableGrouping?
        /// `--key`: the columns that identify a row across versions.
        var keyColumns: [Int]
        /// `--echo-column`.
        var echoColumn: Int?

        /// The input file, mapped or a stream's copy (nil for the demo).
        var csvFile: CSVFileDataSource? { table as? CSVFileDataSource }

        /// Groups `view` into sections (`--group-by`, in the sort order) and sorts it (`--sort`)
        /// with `sort`: at once for print mode, in the background for the viewer.
        func order(_ view: DataTableView, sort: (DataTableView, [SortDescriptor]) -> Void) {
            if let grouping {
                view.setGrouping(grouping)
                sort(view, sortOrder)
            } else if !sortOrder.isEmpty {
                sort(view, sortOrder)
            }
        }
    }

    /// Reads the options against `table`'s titles: the one place both modes build their table.
    /// - Throws: `DTableError` for an option that names a column the table does not have, a
    ///   kind or command it cannot use, or `--watch` on a stream.
    func prepare(_ table: DataTableDataSource, launch: Launch) throws -> PreparedTable {
        let titles = (0..<table.columnCount).map { table.title(ofColumn: $0) }
        var configuration = DataTableConfiguration()
        configuration.title = launch.source.displayName
        configuration.hints = Self.hints
        if let maxWidth = launch.configFile?.maxColumnWidth { configuration.maxColumnWidth = maxWidth }
        let live = (table as? CSVFileDataSource).flatMap { $0.isStream ? nil : LiveDataSource($0) }
        if watch, live == nil {
            throw DTableError("--watch needs a file: \(launch.source.displayName) is a stream (--follow keeps the cursor at the end as rows arrive)")
        }
        let keyColumns = try keys.map { try $0.resolve(in: titles, option: "--key") }
        let editable = EditableDataSource(base: live ?? table)
        let shown = try Self.applying(launch.cellKinds, to: editable, configuration: &configuration)
        let columnSelection = try columnPattern.map { try $0.matcher(titles: (0..<shown.columnCount).map { shown.title(ofColumn: $0) }) }
        let rowActions = try launch.cellKinds.actions.map { try RowAction.parse($0, titles: titles) }
        let sortOrder = try sorts.map { try $0.descriptor(titles: titles) }
        let rows = try rowOptions(titles: titles)
        try KindOptions(nullTokens: nullTokens, types: types, configNullTokens: launch.configFile?.nullTokens,
                        configTypes: launch.configFile?.types ?? []).apply(titles: titles, to: &configuration)
        let grouping = try groupBy.map { DataTableGrouping.column(try $0.resolve(in: titles, option: "--group-by")) }
        if let freeze { configuration.fixedColumns = DataTableFixedColumns(leftColumns: freeze) }
        if let showStripes = stripes ?? launch.configFile?.stripes { configuration.showsAlternatingRowColors = showStripes }
        let echoColumn = try echoColumn.map { try $0.resolve(in: titles, option: "--echo-column") }
        return PreparedTable(table: table, live: live, editable: editable, shown: shown, configuration: configuration,
                             columnSelection: columnSelection, rowActions: rowActions, sortOrder: sortOrder, rows: rows,
                             grouping: grouping, keyColumns: keyColumns, echoColumn: echoColumn)
    }

    /// Sets up the cell kinds of the command line: their provider, automatic row heights when
    /// cells can be taller than a line, and the Actions column. Returns the data source to show
    /// (`table`, or `table` with the Actions column appended).
    static func applying(_ options: CellKindOptions, to table: DataTableDataSource,
                         configuration: inout DataTableConfiguration) throws -> DataTableDataSource {
        guard !options.isEmpty else { return table }
        let titles = (0..<table.columnCount).map { table.title(ofColumn: $0) }
        let kinds = try options.resolve(titles: titles)
        var shown = table
        var actionsColumn: Int?
        if !kinds.actionNames.isEmpty {
            shown = AppendingColumnsDataSource(base: table, appendedTitles: [CellKindOptions.actionsColumnTitle])
            actionsColumn = table.columnCount
        }
        if kinds.needsAutomaticRowHeights {
            configuration.rowHeightMode = .automatic(estimated: 1, prefetchWindow: 32)
        }
        // Wrapping every column is the table's text layout (it applies to the text cells of any
        // provider, and `w` toggles it); kinds, buttons and single wrapped columns need a provider.
        if kinds.wrapsEveryColumn { configuration.textLayout = .wrap }
        if !kinds.kinds.isEmpty || actionsColumn != nil || !kinds.wrappedColumns.isEmpty {
            configuration.cellSizingMode = .custom(provider: kinds.makeProvider(actionsColumn: actionsColumn))
        }
        return shown
    }
}
