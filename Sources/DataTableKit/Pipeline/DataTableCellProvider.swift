import TerminalSurface

/// Decides which kind of cell shows each value and configures it: the table's provider registry.
///
/// The table asks `reuseIdentifier(for:)` for every visible index path, dequeues a cell of that
/// identifier from the reuse pool, and hands it to `configure`. `register(in:)` runs once, when
/// the provider is installed, to register every identifier it will return besides the built-in
/// kinds, which every table's registry already has (`CellRegistry.registerBuiltInKinds()`). To measure rows of
/// automatic height the table configures the identifier's sizing cell the same way and asks
/// it `heightThatFits(width:)`.
public protocol DataTableCellProvider: AnyObject {
    /// Registers every identifier `reuseIdentifier(for:)` may return that is not a built-in kind (once, when installed).
    func register(in registry: CellRegistry)
    /// The identifier of the cell that shows `indexPath`.
    func reuseIdentifier(for indexPath: DataTableIndexPath) -> String
    /// Configures a dequeued (or sizing) cell with the value at `context.indexPath`.
    func configure(_ cell: DataTableCell, with value: DataTableValueType, context: CellContext)
    /// The off-screen cell that measures rows for `identifier` (nil: one made by the registry).
    func sizingCell(forReuseIdentifier identifier: String) -> DataTableCell?
}

extension DataTableCellProvider {
    /// Default: nil, the registry makes the sizing cells.
    public func sizingCell(forReuseIdentifier identifier: String) -> DataTableCell? { nil }
}

/// What a provider knows about the cell it configures.
///
/// Everything a `configure` needs about the row comes from here, and is valid whenever
/// `configure` runs: `model(as:)` for tables built from models, `value(ofColumn:)` for the row's
/// other values, `table` for the view itself. Prefer these to a property of your own holding the
/// table: the table configures cells for the first time when it is first drawn or printed (not
/// while it is being built), but a closure that reads `self.table` still depends on the program
/// having stored it.
public struct CellContext {
    /// The cell's row as displayed (after sort and filter) and its data source column (the
    /// same wherever the column is moved: hiding and moving columns never changes it).
    public var indexPath: DataTableIndexPath
    /// The row's id in the data source (stable across sort and filter).
    public var sourceRow: Int
    /// The column's alignment as inferred from its values.
    public var columnAlignment: TextAlignment
    /// True in the sorted column.
    public var isHighlighted: Bool
    /// The table's data, for the row's other values and its model.
    public let dataSource: DataTableDataSource
    /// The table the cell belongs to (nil only for a context made outside a table). Held weakly.
    public var table: DataTableView? { tableReference?.table }
    /// Where `table` is held weakly: one per table, shared by its contexts (a context is made
    /// for every cell configured; a weak reference of its own cost a side-table update each).
    let tableReference: TableReference?

    /// A table held weakly, shared by the contexts of its cells (`CellPipeline.tableReference`).
    final class TableReference {
        weak var table: DataTableView?
        init(_ table: DataTableView?) { self.table = table }
    }

    /// A context for configuring a cell outside a table's pipeline (tests, previews).
    public init(indexPath: DataTableIndexPath, sourceRow: Int, columnAlignment: TextAlignment, isHighlighted: Bool,
                dataSource: DataTableDataSource, table: DataTableView? = nil) {
        self.init(indexPath: indexPath, sourceRow: sourceRow, columnAlignment: columnAlignment, isHighlighted: isHighlighted,
                  dataSource: dataSource, tableReference: table.map(TableReference.init))
    }

    /// A context of a table's pipeline: `tableReference` is the table's one.
    init(indexPath: DataTableIndexPath, sourceRow: Int, columnAlignment: TextAlignment, isHighlighted: Bool,
         dataSource: DataTableDataSource, tableReference: TableReference?) {
        self.indexPath = indexPath
        self.sourceRow = sourceRow
        self.columnAlignment = columnAlignment
        self.isHighlighted = isHighlighted
        self.dataSource = dataSource
        self.tableReference = tableReference
    }

    /// The cell's own value (its row's value in its column).
    public var value: DataTableValueType { value(ofColumn: indexPath.column) }

    /// Another value of the same row.
    public func value(ofColumn column: Int) -> DataTableValueType {
        guard column >= 0 && column < dataSource.columnCount else { return .null }
        return dataSource.value(row: sourceRow, column: column)
    }

    /// The model object the row was made from, for tables built from models (`DataTable<T>`):
    /// the row's own model, safe to call from any `configure` (sizing cells included). Nil when
    /// the table was not built from models of this type.
    public func model<T>(as type: T.Type = T.self) -> T? {
        (dataSource as? DataTableModelRows)?.model(atSourceRow: sourceRow) as? T
    }
}

/// The provider every table starts with: a `TextCell` for every value, laid out as the
/// configuration's `textLayout` says.
public final class TextCellProvider: DataTableCellProvider {
    /// Single lines (with their truncation) or wrapped text.
    public var textLayout: DataTableTextLayout

    /// A provider of `TextCell`s laid out as `textLayout` says.
    public init(textLayout: DataTableTextLayout = .singleLine(truncation: .tail)) {
        self.textLayout = textLayout
    }

    /// Registers `TextCell`.
    public func register(in registry: CellRegistry) {
        registry.register(TextCell.self, forCellReuseIdentifier: TextCell.reuseIdentifier)
    }

    /// `TextCell`'s identifier, for every index path.
    public func reuseIdentifier(for indexPath: DataTableIndexPath) -> String { TextCell.reuseIdentifier }

    /// Shows the value's text with the column's alignment.
    public func configure(_ cell: DataTableCell, with value: DataTableValueType, context: CellContext) {
        guard let cell = cell as? TextCell else { return }
        Self.configure(cell, with: value, context: context, textLayout: textLayout)
    }

    /// The default text cell's configuration (also the text columns' of a model table).
    static func configure(_ cell: TextCell, with value: DataTableValueType, context: CellContext,
                          textLayout: DataTableTextLayout) {
        cell.label.text = value.stringRepresentation
        cell.label.alignment = context.columnAlignment
        cell.label.isNumeric = context.columnAlignment == .right
        // `.wrap` is applied by the view to the text cells of every provider.
        if case .singleLine(let truncation) = textLayout { cell.label.truncation = truncation }
        cell.isHighlighted = context.isHighlighted
    }
}

/// A provider made of four closures, with the roles of SwiftDataTables' provider: register
/// cell classes by reuse identifier, pick an identifier per index path, configure a dequeued
/// cell, and (rarely needed) hand out the sizing cell of an identifier.
///
/// A table built from models rarely needs one: its columns can declare their cells
/// (`DataTableColumn.cell(_:)`). A provider given in the configuration wins over them.
///
/// ```swift
/// let provider = DataTableCustomCellProvider(
///     register: { $0.register(UserCell.self, forCellReuseIdentifier: "user") },
///     reuseIdentifierFor: { $0.column == 0 ? "user" : TextCell.reuseIdentifier },
///     configure: { cell, value, context in (cell as? UserCell)?.user = context.model(as: User.self) })
/// ```
///
/// The built-in kinds (`BadgeCell.reuseIdentifier`, `ProgressBarCell.reuseIdentifier`, …) are
/// registered in every table: `register` only needs your own classes. Without `sizingCellFor`
/// the registry makes the sizing cells, one per identifier, as it makes the cells on screen.
public final class DataTableCustomCellProvider: DataTableCellProvider {
    private let registerCells: (CellRegistry) -> Void
    private let identifierFor: (DataTableIndexPath) -> String
    private let configureCell: (DataTableCell, DataTableValueType, CellContext) -> Void
    private let sizingCellFor: ((String) -> DataTableCell)?
    /// One sizing cell per identifier, made on first use.
    private var sizingCells: [String: DataTableCell] = [:]

    /// `register` also receives the default `TextCell` registration, so `reuseIdentifierFor`
    /// may return `TextCell.reuseIdentifier` for plain columns (configured as the default cell).
    public init(register: @escaping (CellRegistry) -> Void,
                reuseIdentifierFor: @escaping (DataTableIndexPath) -> String,
                configure: @escaping (DataTableCell, DataTableValueType, CellContext) -> Void,
                sizingCellFor: ((String) -> DataTableCell)? = nil) {
        self.registerCells = register
        self.identifierFor = reuseIdentifierFor
        self.configureCell = configure
        self.sizingCellFor = sizingCellFor
    }

    /// Registers `TextCell`, then runs the `register` closure.
    public func register(in registry: CellRegistry) {
        registry.register(TextCell.self, forCellReuseIdentifier: TextCell.reuseIdentifier)
        registerCells(registry)
    }

    /// The `reuseIdentifierFor` closure's answer.
    public func reuseIdentifier(for indexPath: DataTableIndexPath) -> String { identifierFor(indexPath) }

    /// Runs the `configure` closure.
    public func configure(_ cell: DataTableCell, with value: DataTableValueType, context: CellContext) {
        configureCell(cell, value, context)
    }

    /// The `sizingCellFor` closure's cell for `identifier`, made once and kept; nil without the
    /// closure. The closure is asked for every identifier the provider names, `TextCell`'s
    /// included: return a `TextCell()` for those, not your own cell.
    public func sizingCell(forReuseIdentifier identifier: String) -> DataTableCell? {
        if let cell = sizingCells[identifier] { return cell }
        guard let sizingCellFor else { return nil }
        let cell = sizingCellFor(identifier)
        cell.reuseIdentifier = identifier
        sizingCells[identifier] = cell
        return cell
    }
}
