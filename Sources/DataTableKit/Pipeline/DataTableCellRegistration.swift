/// A cell class, its reuse identifier and how to configure it with an item, as one value: UIKit's
/// `UICollectionView.CellRegistration`, for a table.
///
/// Make the registration once, register it in the provider's `register`, answer its
/// `reuseIdentifier` for the cells it shows, and hand it the cell and the row's item in
/// `configure`: the handler receives the cell already typed.
///
/// ```swift
/// let badge = DataTableCellRegistration<BadgeCell, Task> { cell, _, task in
///     cell.text = task.status
/// }
/// let provider = DataTableCustomCellProvider(
///     register: { badge.register(in: $0) },
///     reuseIdentifierFor: { $0.column == 1 ? badge.reuseIdentifier : TextCell.reuseIdentifier },
///     configure: { cell, _, context in
///         if let task = context.model(as: Task.self) { badge.configure(cell, at: context.indexPath, with: task) }
///     })
/// ```
public struct DataTableCellRegistration<Cell: DataTableCell, Item> {
    /// Configures a dequeued cell for the item of an index path.
    public typealias Handler = (_ cell: Cell, _ indexPath: DataTableIndexPath, _ item: Item) -> Void

    /// The identifier the cells are registered and dequeued under.
    public let reuseIdentifier: String
    private let makeCell: () -> Cell
    private let handler: Handler

    /// A registration of `Cell`, made with `Cell.init()`; the identifier defaults to the
    /// class's name (generic arguments included, so `HostingCell<A>` and `HostingCell<B>` differ).
    public init(reuseIdentifier: String? = nil, handler: @escaping Handler) {
        self.init(reuseIdentifier: reuseIdentifier, cellFactory: { Cell() }, handler: handler)
    }

    /// A registration whose cells are made by `cellFactory` (a cell needing arguments).
    public init(reuseIdentifier: String? = nil, cellFactory: @escaping () -> Cell, handler: @escaping Handler) {
        self.reuseIdentifier = reuseIdentifier ?? String(reflecting: Cell.self)
        self.makeCell = cellFactory
        self.handler = handler
    }

    /// Registers the cell's factory under `reuseIdentifier` (call it from the provider's `register`).
    public func register(in registry: CellRegistry) {
        registry.register(forCellReuseIdentifier: reuseIdentifier, factory: makeCell)
    }

    /// Configures `cell` with `item` through the handler; does nothing and returns false when the
    /// cell is not a `Cell` (the provider asked for another identifier at this index path).
    @discardableResult
    public func configure(_ cell: DataTableCell, at indexPath: DataTableIndexPath, with item: Item) -> Bool {
        guard let cell = cell as? Cell else { return false }
        handler(cell, indexPath, item)
        return true
    }
}
