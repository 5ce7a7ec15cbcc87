/// Maps reuse identifiers to the factories that make cells of that kind.
public final class CellRegistry {
    /// Factories by reuse identifier.
    private var factories: [String: () -> DataTableCell] = [:]

    /// An empty registry.
    public init() {}

    /// Registers a cell class under `identifier` (replacing an earlier registration).
    public func register(_ cellClass: DataTableCell.Type, forCellReuseIdentifier identifier: String) {
        factories[identifier] = { cellClass.init() }
    }

    /// Registers a factory under `identifier` (replacing an earlier registration).
    public func register(forCellReuseIdentifier identifier: String, factory: @escaping () -> DataTableCell) {
        factories[identifier] = factory
    }

    /// Whether `identifier` has a class or factory.
    public func isRegistered(_ identifier: String) -> Bool { factories[identifier] != nil }

    /// The registered identifiers, sorted.
    public var identifiers: [String] { factories.keys.sorted() }

    /// A new cell for `identifier`. Unregistered identifiers are a programming error.
    func makeCell(_ identifier: String) -> DataTableCell {
        guard let factory = factories[identifier] else {
            preconditionFailure("no cell registered for reuse identifier '\(identifier)'; registered: \(identifiers)")
        }
        let cell = factory()
        cell.reuseIdentifier = identifier
        return cell
    }
}
