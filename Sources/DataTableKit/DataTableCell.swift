import TerminalSurface

/// The base class of every cell kind: an object that is configured with a value and draws
/// itself into a clipped region of the surface, never into the terminal.
///
/// Cells are recycled: the table dequeues them from a `ReusePool` by reuse identifier and
/// calls `prepareForReuse()` before a recycled cell is configured again. Subclasses override
/// `prepareForReuse()` (calling `super`) to reset *all* their state, and `draw(in:)`.
open class DataTableCell {
    /// The identifier this cell was created for; set by the pool.
    public internal(set) var reuseIdentifier: String = ""
    /// The style the table gives the cell's whole area before it draws (row background, stripes).
    public var backgroundStyle: Style = .plain
    /// True while the cell is in the table's highlighted (sorted) column.
    public var isHighlighted = false
    /// Set by the table when the cell's region already holds blanks of `backgroundStyle`, so
    /// `draw(in:)` need not fill it again (a fast path: the table fills each row once).
    public internal(set) var isBackgroundPrefilled = false

    public required init() {}

    /// Resets every piece of state a previous configuration may have set.
    open func prepareForReuse() {
        backgroundStyle = .plain
        isHighlighted = false
        isBackgroundPrefilled = false
    }

    /// Draws the cell into `region` (its own coordinates; anything outside is clipped away).
    open func draw(in region: SurfaceRegion) {
        if !isBackgroundPrefilled { region.fill(backgroundStyle) }
    }

    /// The lines the cell needs at `width` columns (1 for single-line cells).
    open func heightThatFits(width: Int) -> Int { 1 }
}
