import TerminalSurface

/// The base class of every cell kind: an object that is configured with a value and draws
/// itself into a clipped region of the surface, never into the terminal.
///
/// Cells are recycled: the table dequeues them from a `ReusePool` by reuse identifier and
/// calls `prepareForReuse()` before a recycled cell is configured again. Subclasses override
/// `prepareForReuse()` (calling `super`) to reset *all* their state, `draw(in:)`, and, when
/// they can be taller than one line, `heightThatFits(width:)`. Cells with buttons override
/// `action(at:size:)` so the table can hit-test a click.
open class DataTableCell {
    /// The identifier this cell was created for; set by the pool.
    public internal(set) var reuseIdentifier: String = ""
    /// The style the table gives the cell's whole area before it draws (row background, stripes).
    /// (`@exclusivity(unchecked)`: read for every cell of every frame, on the UI thread only;
    /// docs/decisions/0106.)
    @exclusivity(unchecked) public var backgroundStyle: Style = .plain
    /// True while the cell is in the table's highlighted (sorted) column.
    /// (`@exclusivity(unchecked)`, as the next ones: set for every cell configured, reset for
    /// every cell dequeued, on the UI thread only; docs/decisions/0106.)
    @exclusivity(unchecked) public var isHighlighted = false
    /// Set by the table when the cell's region already holds blanks of `backgroundStyle`, so
    /// `draw(in:)` need not fill it again (a fast path: the table fills each cell's region with
    /// the row's background before it draws, unless the cell `paintsWholeRegion`).
    @exclusivity(unchecked) public internal(set) var isBackgroundPrefilled = false
    /// The action whose button is drawn pressed (set by the table between a click and firing).
    @exclusivity(unchecked) public var pressedAction: String?
    /// Draw with ASCII only (the terminal's locale is not UTF-8): no block elements, no bullets.
    @exclusivity(unchecked) public var prefersASCII = false
    /// Closures run when one of the cell's actions fires (a click on its button, or `Enter`/`a`
    /// from the keyboard), by action name. Set them in the provider's `configure`; they are
    /// cleared by `prepareForReuse()`, so a recycled cell never runs a previous row's closure.
    /// See `onTap(_:perform:)` and `performAction(_:)`.
    @exclusivity(unchecked) public var actionHandlers: [String: () -> Void] = [:]
    /// What the table configured the cell on screen with (nil: configure it before it draws).
    /// Frames draw a cell whose inputs did not change without configuring it again.
    @exclusivity(unchecked) var configuredWith: CellConfigurationInputs?

    /// A cell with nothing configured (registries make cells with it).
    public required init() {}

    /// Resets every piece of state a previous configuration may have set.
    open func prepareForReuse() {
        backgroundStyle = .plain
        isHighlighted = false
        isBackgroundPrefilled = false
        pressedAction = nil
        if !actionHandlers.isEmpty { actionHandlers = [:] }
        configuredWith = nil
    }

    /// Whether `draw(in:)` writes every cell of its region whatever `isBackgroundPrefilled` says
    /// (then the table does not fill the region first). False: the table fills the region with
    /// the row's background before drawing.
    var paintsWholeRegion: Bool { false }

    /// Draws the cell into `region` (its own coordinates; anything outside is clipped away).
    open func draw(in region: SurfaceRegion) {
        if !isBackgroundPrefilled { region.fill(backgroundStyle) }
    }

    /// The lines the cell needs at `width` columns (1 for single-line cells). Called on the
    /// provider's sizing cell, configured like a visible one, to measure automatic row heights.
    open func heightThatFits(width: Int) -> Int { 1 }

    /// The width the cell would like for its current value, or nil to size the column from
    /// the value's text (columns fitted to content take the widest over a sample of rows).
    open var preferredWidth: Int? { nil }

    /// The name of the action whose button covers `point` when the cell is drawn at `size`
    /// (cell coordinates), or nil: a click there does nothing.
    open func action(at point: Point, size: Size) -> String? { nil }

    /// The names of the actions the cell offers, in order (for firing them from the keyboard).
    open var actionNames: [String] { [] }

    /// Runs the cell's own closure for `action`, if it has one; returns whether one ran. The
    /// table calls it on a cell configured for the row the action fires on, then tells the
    /// delegate. The default runs `actionHandlers[action]`; a subclass with named closures
    /// (`onEdit`, `onDelete`) overrides it to call them.
    @discardableResult
    open func performAction(_ action: String) -> Bool {
        guard let handler = actionHandlers[action] else { return false }
        handler()
        return true
    }
}
