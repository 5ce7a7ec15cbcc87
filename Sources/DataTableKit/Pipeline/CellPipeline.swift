/// The cell pipeline of a table (a part of `DataTableView`): the provider and its registry,
/// the reuse pool, the cells on screen (records' and section rows' cells, one `CellKey`), the
/// sizing cells, and what makes cells on screen configure again. `DataTableView+Rendering`
/// runs it for every visible cell: dequeue (or keep) → configure if its inputs changed → draw.
///
/// A class: the UI thread reads it for every cell of every frame, in place.
final class CellPipeline {
    /// The cell classes of the built-in kinds and the providers, by reuse identifier.
    let registry = CellRegistry()
    /// Cells that left the screen, waiting to be dequeued.
    let reusePool: ReusePool
    /// Which cell shows each value.
    @exclusivity(unchecked) var provider: DataTableCellProvider
    /// The cells of section headers and footers.
    var sectionProvider: DataTableSectionCellProvider = DefaultSectionCellProvider()
    /// Whether `sectionProvider` registered its identifiers in `registry`.
    var isSectionProviderRegistered = false
    /// Cells on screen; cells whose key leaves the screen go back to the pool.
    /// (`@exclusivity(unchecked)`: read for every cell of every frame, on the UI thread only;
    /// docs/decisions/0106.)
    @exclusivity(unchecked) var onScreen: [CellKey: DataTableCell] = [:]
    /// Bumped when something every configuration may read changed (the configuration, the
    /// data as a whole): cells on screen are configured again on the next frame.
    @exclusivity(unchecked) var configurationGeneration = 0
    /// Columns fitted to their cells' `preferredWidth` wait for the first frame (`fitColumnsIfNeeded`).
    var needsFitting = false
    /// Sizing cells made by the registry, by identifier (records' for providers that hand out
    /// none, and section rows'): configured to be asked a height, a width or actions, never drawn.
    var sizingCells: [String: DataTableCell] = [:]
    /// The button drawn pressed: a click went down on it and has not come up yet.
    var pressedButton: (key: CellKey, action: String)?
    /// The table as its cells' contexts hold it (`CellContext.table`), made on the first configure.
    private var tableReference: CellContext.TableReference?
    /// The keys `recycleCells` sends back, kept between frames (no allocation per frame).
    private var departedKeys: [CellKey] = []

    /// A pipeline whose cells come from `provider`: the built-in kinds are registered first,
    /// then the provider's identifiers (which replace a built-in registered under the same one).
    init(provider: DataTableCellProvider) {
        self.provider = provider
        self.reusePool = ReusePool(registry: registry)
        registry.registerBuiltInKinds()
        provider.register(in: registry)
    }

    /// The cell to show at `key`: the one on screen there when it has `identifier`
    /// (`wasOnScreen`: it may keep its configuration), else one dequeued (a stale cell there
    /// goes back to the pool).
    /// - Complexity: O(1), no allocation beyond a cell the pool creates.
    ///   One lookup of `key`: the cell found or put there in place.
    @inline(__always)
    func cell(at key: CellKey, identifier: String) -> (cell: DataTableCell, wasOnScreen: Bool) {
        Self.cell(in: &onScreen[key], identifier: identifier, pool: reusePool)
    }

    /// `cell(at:identifier:)` on the dictionary's slot of the key (nil: no cell there yet).
    @inline(__always)
    private static func cell(in slot: inout DataTableCell?, identifier: String,
                             pool: ReusePool) -> (cell: DataTableCell, wasOnScreen: Bool) {
        if let existing = slot {
            if existing.reuseIdentifier == identifier { return (existing, true) }
            pool.enqueue(existing)
        }
        let cell = pool.dequeue(identifier)
        slot = cell
        return (cell, false)
    }

    /// Sends the cells whose keys `departs` back to the pool (all of them at once when every
    /// key departs: a page down).
    /// - Complexity: O(cells on screen).
    func recycleCells(where departs: (CellKey) -> Bool) {
        departedKeys.removeAll(keepingCapacity: true)
        for key in onScreen.keys where departs(key) { departedKeys.append(key) }
        if departedKeys.count == onScreen.count {
            recycleAllCells()
            return
        }
        for key in departedKeys {
            if let cell = onScreen.removeValue(forKey: key) { reusePool.enqueue(cell) }
        }
    }

    /// The table's reference for its cells' contexts (`CellContext.table`): one for the table's life.
    func tableReference(for table: DataTableView) -> CellContext.TableReference {
        if let tableReference { return tableReference }
        let reference = CellContext.TableReference(table)
        tableReference = reference
        return reference
    }

    /// Returns every cell on screen to the pool.
    func recycleAllCells() {
        for cell in onScreen.values { reusePool.enqueue(cell) }
        onScreen.removeAll(keepingCapacity: true)
    }

    /// Returns the cells of section headers and footers on screen to the pool.
    func recycleSectionCells() {
        recycleCells { $0.isSectionRow }
    }

    /// Records' cells on screen (section rows' not counted).
    var recordCellCount: Int { onScreen.keys.reduce(0) { $0 + ($1.isSectionRow ? 0 : 1) } }

    /// The sizing cell of `identifier` (made by the registry once, then kept).
    func registrySizingCell(_ identifier: String) -> DataTableCell {
        if let cell = sizingCells[identifier] { return cell }
        let cell = registry.makeCell(identifier)
        sizingCells[identifier] = cell
        return cell
    }

    /// Registers the section provider's identifiers once.
    func registerSectionProviderIfNeeded() {
        guard !isSectionProviderRegistered else { return }
        sectionProvider.register(in: registry)
        isSectionProviderRegistered = true
    }
}
