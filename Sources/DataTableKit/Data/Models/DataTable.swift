import TerminalSurface

/// A table built from an array of models and typed columns, as in SwiftDataTables:
/// `DataTable(data: users, columns: [.init("Name", \.name), .init("Age", \.age)])`.
///
/// The table's `view` is an ordinary `DataTableView` (draw it, hand it to a
/// `TableApplication`); `model(at:)` answers the model of a row as currently displayed.
public final class DataTable<T> {
    /// The view showing the models.
    public let view: DataTableView
    /// The data source over the models (the rows' identities are their indexes in `data`).
    let source: ModelDataSource<T>

    /// A table of `data` in `columns`, each shown in the cell it declares (`DataTableColumn.cell(_:)`)
    /// unless `options.cellSizingMode` names a provider; `options.defaultOrdering` sorts it before this returns. No cell is configured until the table is first drawn or printed, so `configure` may read a property the program sets to this table afterwards.
    public init(data: [T], columns: [DataTableColumn<T>], options: DataTableConfiguration = DataTableConfiguration(),
                size: Size = Size(width: 80, height: 24)) {
        source = ModelDataSource(models: data, columns: columns)
        view = DataTableView(dataSource: source, configuration: options,
                             cellProvider: ColumnCellProvider.declared(by: source, configuration: options), size: size)
        view.setWidthPolicies(columns.map(\.widthPolicy))
        if options.defaultOrdering != nil { view.waitForJob() }
    }

    /// The models, in the order they were given.
    public var data: [T] { source.models }

    /// Rows shown (after the filter).
    public var rowCount: Int { view.viewport.rowCount }

    /// The model of the row shown at `row` (a display position, after sort and filter).
    public func model(at row: Int) -> T { source.models[view.sourceRow(forDisplayRow: row)] }

    /// The model under the cursor, if there are rows.
    public var selectedModel: T? { rowCount > 0 ? model(at: view.viewport.cursor.row) : nil }
}

/// Rows from models, values from the columns' key paths and closures.
final class ModelDataSource<T>: DataTableColumnSorting, DataTableModelRows {
    var models: [T]
    let columns: [DataTableColumn<T>]
    /// Each column's value and sort-text closures, apart: read per row by jobs, where copying a
    /// whole `DataTableColumn` (its cell and width declarations) per call costs retains.
    private let extractors: [(@Sendable (T) -> DataTableValueType)?]
    private let sortExtractors: [(@Sendable (T) -> DataTableValueType)?]
    /// What each column shows, as the apply's change rule compares it: its value, else its
    /// sort value (a header-only column's cells draw from the model); columns with neither are
    /// left out.
    let shownValues: [@Sendable (T) -> DataTableValueType]

    init(models: [T], columns: [DataTableColumn<T>]) {
        self.models = models
        self.columns = columns
        extractors = columns.map(\.extract)
        sortExtractors = columns.map { $0.sortValue ?? $0.extract }
        shownValues = columns.compactMap { $0.extract ?? $0.sortValue }
    }

    var columnCount: Int { columns.count }
    var rowCount: Int { models.count }
    func title(ofColumn column: Int) -> String { columns[column].header }

    func value(row: Int, column: Int) -> DataTableValueType {
        extractors[column]?(models[row]) ?? .null
    }

    func sortText(row: Int, column: Int) -> String {
        sortExtractors[column]?(models[row]).stringRepresentation ?? ""
    }

    /// The kind of a `sortedBy` column, inferred from up to 200 sort values spread through
    /// the models (inference from the shown values would be wrong when they differ).
    func sortKeyKind(ofColumn column: Int) -> SortKeyKind? {
        guard let sortValue = columns[column].sortValue, !models.isEmpty else { return nil }
        let step = max(1, models.count / 200)
        let samples = stride(from: 0, to: models.count, by: step).map { sortValue(models[$0]) }.filter { $0 != .null }
        if samples.allSatisfy({ if case .int = $0 { return true } else { return false } }) { return .integer }
        if samples.allSatisfy({ $0.doubleValue != nil && $0.isNumeric }) { return .decimal }
        return ColumnKindInference.kind(of: samples.map(\.stringRepresentation))
    }

    func isColumnSortable(_ column: Int) -> Bool { columns[column].extract != nil || columns[column].sortValue != nil }

    func model(atSourceRow row: Int) -> Any { models[row] }
}
