/// Idle cells waiting to be reused, per reuse identifier, with the counters that prove reuse.
///
/// The table dequeues a cell for each index path that comes on screen and enqueues the cells
/// of index paths that left it. A cell is created only when its identifier's idle list is
/// empty. The table keeps `idleLimitPerIdentifier` at the number of cells on screen plus
/// `slack`, so a whole page can leave and come back without creating anything, and live cells
/// stay bounded by what is visible plus that slack, whatever the row count.
public final class ReusePool {
    /// Where new cells come from.
    public let registry: CellRegistry
    /// Idle cells kept beyond what is on screen, per identifier.
    public let slack: Int
    /// Idle cells kept per identifier; cells enqueued past it are released.
    public private(set) var idleLimitPerIdentifier: Int

    /// Idle cells by reuse identifier (a stack: the most recently used comes back first).
    private var idle: [String: IdleCells] = [:]

    /// One identifier's idle cells, a reference: taking or giving back a cell changes the list
    /// in place (measured: mutating an array held in the dictionary allocated the accessor's
    /// frame on every dequeue, a malloc per cell coming on screen).
    private final class IdleCells {
        var cells: [DataTableCell] = []
    }

    /// The identifier last dequeued or enqueued and its idle cells: a table's cells mostly share
    /// one identifier, compared without hashing (measured, 0155: hashing it was ~3% of a page down).
    /// (`@exclusivity(unchecked)`: read for every cell coming on screen, on the UI thread only;
    /// docs/decisions/0106.)
    @exclusivity(unchecked) private var lastIdentifier = ""
    @exclusivity(unchecked) private var lastIdle: IdleCells?

    /// The idle cells of `identifier`, made empty on first use.
    @inline(__always)
    private func idleCells(_ identifier: String) -> IdleCells {
        if let lastIdle, identifier == lastIdentifier { return lastIdle }
        let list: IdleCells
        if let existing = idle[identifier] {
            list = existing
        } else {
            list = IdleCells()
            idle[identifier] = list
        }
        lastIdentifier = identifier
        lastIdle = list
        return list
    }

    /// Counters over the pool's life.
    public private(set) var cellsCreated = 0
    /// Dequeues served by a recycled cell.
    public private(set) var cellsReused = 0
    /// Idle cells let go beyond the limit.
    public private(set) var cellsReleased = 0
    /// The most cell objects alive at once (on screen plus idle).
    public private(set) var maxCellsAlive = 0

    /// A pool making cells through `registry`, keeping `slack` idle cells per identifier beyond those on screen.
    public init(registry: CellRegistry, slack: Int = 8) {
        self.registry = registry
        self.slack = slack
        self.idleLimitPerIdentifier = slack
    }

    /// Sets the idle limit to `visibleCells + slack`, releasing idle cells above it (after the
    /// screen shrank).
    public func setVisibleCellCount(_ visibleCells: Int) {
        idleLimitPerIdentifier = visibleCells + slack
        for list in idle.values where list.cells.count > idleLimitPerIdentifier {
            cellsReleased += list.cells.count - idleLimitPerIdentifier
            list.cells.removeLast(list.cells.count - idleLimitPerIdentifier)
        }
    }

    /// Cell objects alive now: on screen plus idle.
    public var cellsAlive: Int { cellsCreated - cellsReleased }

    /// Idle cells for `identifier`.
    public func idleCount(_ identifier: String) -> Int { idle[identifier]?.cells.count ?? 0 }

    /// A cell for `identifier`: a recycled one after `prepareForReuse()`, or a new one.
    /// - Complexity: O(1) amortized.
    public func dequeue(_ identifier: String) -> DataTableCell {
        if let cell = idleCells(identifier).cells.popLast() {
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
        let list = idleCells(cell.reuseIdentifier)
        if list.cells.count < idleLimitPerIdentifier {
            list.cells.append(cell)
        } else {
            cellsReleased += 1
        }
    }
}
