import TerminalSurface

/// The flash of rows an apply changed or inserted (`RowFlash`, styled by the theme's `flash`).
extension DataTableView {
    /// Whether rows are flashing: the run loop draws frames often until the fade ends. False
    /// when the theme's flash is off, and after an apply where nothing shown changed.
    public var isFlashing: Bool { sourceWatch.rowFlash?.isFading ?? false }

    /// Ends a flash whose time is over; true while a flash is on (or just ended), or when an
    /// apply changed rows since the last call, so the caller draws a frame (the next step of
    /// the fade, or the changes once when they do not flash).
    @discardableResult
    public func advanceFlash(now: ContinuousClock.Instant = .now) -> Bool {
        guard let flash = sourceWatch.rowFlash else { return false }
        if flash.background(at: now) == nil { sourceWatch.rowFlash = nil }
        return true
    }

    /// The flash background of `sourceRow` at `now`, if it flashes.
    func flashBackground(ofSourceRow sourceRow: Int, at now: ContinuousClock.Instant) -> Color? {
        guard let flash = sourceWatch.rowFlash, flash.rows.contains(sourceRow) else { return nil }
        return flash.background(at: now)
    }

    /// Starts a flash of `rows` (source rows) now in the theme's style, replacing one under way;
    /// with no rows (or the flash off), owes the run loop one frame for the changes.
    func startFlash(of rows: Set<Int>, at now: ContinuousClock.Instant = .now) {
        let style = configuration.theme.flash
        sourceWatch.rowFlash = RowFlash(rows: style.isOn ? rows : [], start: now, style: style)
    }
}
