/// Decides which kind of cell shows each value and configures it: the table's provider registry.
///
/// The table asks `reuseIdentifier(for:)` for every visible index path, dequeues a cell of that
/// identifier from the reuse pool, and hands it to `configure`. `register(in:)` runs once, when
/// the provider is installed, to register every identifier it will return.
public protocol DataTableCellProvider: AnyObject {
    func register(in registry: CellRegistry)
    func reuseIdentifier(for indexPath: DataTableIndexPath) -> String
    func configure(_ cell: DataTableCell, with value: DataTableValueType, context: CellContext)
}

/// What a provider knows about the cell it configures.
public struct CellContext {
    public var indexPath: DataTableIndexPath
    /// The row's id in the data source (stable across sort and filter).
    public var sourceRow: Int
    /// The column's alignment as inferred from its values.
    public var columnAlignment: TextAlignment
    /// True in the sorted column.
    public var isHighlighted: Bool

    public init(indexPath: DataTableIndexPath, sourceRow: Int, columnAlignment: TextAlignment, isHighlighted: Bool) {
        self.indexPath = indexPath
        self.sourceRow = sourceRow
        self.columnAlignment = columnAlignment
        self.isHighlighted = isHighlighted
    }
}

/// The provider every table starts with: a `TextCell` for every value.
public final class TextCellProvider: DataTableCellProvider {
    public init() {}

    public func register(in registry: CellRegistry) {
        registry.register(TextCell.self, forCellReuseIdentifier: TextCell.reuseIdentifier)
    }

    public func reuseIdentifier(for indexPath: DataTableIndexPath) -> String { TextCell.reuseIdentifier }

    public func configure(_ cell: DataTableCell, with value: DataTableValueType, context: CellContext) {
        guard let cell = cell as? TextCell else { return }
        cell.label.text = value.stringRepresentation
        cell.label.alignment = context.columnAlignment
        cell.label.isNumeric = context.columnAlignment == .right
        cell.isHighlighted = context.isHighlighted
    }
}
