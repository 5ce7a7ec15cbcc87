/// Idle cells waiting to be reused, per reuse identifier, with the counters that prove reuse.
///
/// The table dequeues a cell for each index path that comes on screen and enqueues the cells
/// of index paths that left it. A cell is created only when its identifier's idle list is
/// empty; at most `idleLimitPerIdentifier` idle cells are kept, the rest are released, so
/// live cells stay bounded by what is visible plus that slack, whatever the row count.
public final class ReusePool {
    public let registry: CellRegistry
    /// Idle cells kept per identifier beyond what is on screen.
    public var idleLimitPerIdentifier: Int

    /// Idle cells by reuse identifier (a stack: the most recently used comes back first).
    private var idle: [String: [DataTableCell]] = [:]

    /// Counters over the pool's life.
    public private(set) var cellsCreated = 0
    public private(set) var cellsReused = 0
    public private(set) var cellsReleased = 0
    /// The most cell objects alive at once (on screen plus idle).
    public private(set) var maxCellsAlive = 0

    public init(registry: CellRegistry, idleLimitPerIdentifier: Int = 32) {
        self.registry = registry
        self.idleLimitPerIdentifier = idleLimitPerIdentifier
    }

    /// Cell objects alive now: on screen plus idle.
    public var cellsAlive: Int { cellsCreated - cellsReleased }

    /// Idle cells for `identifier`.
    public func idleCount(_ identifier: String) -> Int { idle[identifier]?.count ?? 0 }

    /// A cell for `identifier`: a recycled one after `prepareForReuse()`, or a new one.
    /// - Complexity: O(1) amortized.
    public func dequeue(_ identifier: String) -> DataTableCell {
        if let cell = idle[identifier]?.popLast() {
            cellsReused += 1
            cell.prepareForReuse()
            return cell
        }
        let cell = registry.makeCell(identifier)
        cellsCreated += 1
        maxCellsAlive = max(maxCellsAlive, cellsAlive)
        return cell
    }

    /// Returns a cell that left the screen; it is kept for reuse or released past the limit.
    public func enqueue(_ cell: DataTableCell) {
        let identifier = cell.reuseIdentifier
        if idle[identifier, default: []].count < idleLimitPerIdentifier {
            idle[identifier, default: []].append(cell)
        } else {
            cellsReleased += 1
        }
    }
}
