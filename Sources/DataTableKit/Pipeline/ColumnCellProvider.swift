/// The provider of a model table whose columns declare their cells (`DataTableColumn.cell(_:)`):
/// each column's reuse identifier and configuration come from its declaration, a column without
/// one shows text as `TextCellProvider` does. Sizing cells are the registry's (nil here), so
/// rows are measured with cells of the declared kinds through the pipeline's sizing-cell cache.
final class ColumnCellProvider<T>: DataTableCellProvider {
    /// The models and the columns (with their declarations).
    private let source: ModelDataSource<T>
    /// The reuse identifier of each column, computed once.
    private let identifiers: [String]

    /// A provider for `source`'s columns.
    init(source: ModelDataSource<T>) {
        self.source = source
        self.identifiers = source.columns.map { $0.declaredCell?.reuseIdentifier ?? TextCell.reuseIdentifier }
    }

    /// The provider a model table uses: this one when a column declares its cell and the
    /// configuration names no provider of its own; nil otherwise (the configuration's provider).
    static func declared(by source: ModelDataSource<T>, configuration: DataTableConfiguration) -> DataTableCellProvider? {
        guard case .defaultCell = configuration.cellSizingMode,
              source.columns.contains(where: { $0.declaredCell != nil }) else { return nil }
        return ColumnCellProvider(source: source)
    }

    /// Registers the columns' classes of your own (the built-in kinds are in every registry).
    func register(in registry: CellRegistry) {
        for column in source.columns {
            guard let declared = column.declaredCell, let makeCell = declared.makeCell else { continue }
            registry.register(forCellReuseIdentifier: declared.reuseIdentifier, factory: makeCell)
        }
    }

    /// The column's declared identifier, or `TextCell`'s.
    func reuseIdentifier(for indexPath: DataTableIndexPath) -> String { identifiers[indexPath.column] }

    /// Configures the cell as its column declared, with the row's model; text as the default cell.
    func configure(_ cell: DataTableCell, with value: DataTableValueType, context: CellContext) {
        guard let declared = source.columns[context.indexPath.column].declaredCell else {
            guard let cell = cell as? TextCell else { return }
            TextCellProvider.configure(cell, with: value, context: context,
                                       textLayout: context.table?.configuration.textLayout ?? .singleLine(truncation: .tail))
            return
        }
        guard source.models.indices.contains(context.sourceRow) else { return }
        declared.configure(cell, value, source.models[context.sourceRow], context)
        cell.isHighlighted = context.isHighlighted
    }
}
