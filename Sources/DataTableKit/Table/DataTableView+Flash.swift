import TerminalSurface

/// The flash of rows an apply changed or inserted (`RowFlash`).
extension DataTableView {
    /// Whether rows are flashing: the run loop draws frames often until the fade ends.
    public var isFlashing: Bool { sourceWatch.rowFlash != nil }

    /// Ends a flash whose time is over; true while a flash is on (or just ended), so the
    /// caller draws a frame for the next step of the fade.
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

    /// Starts a flash of `rows` (source rows) now, replacing one under way.
    func startFlash(of rows: Set<Int>, at now: ContinuousClock.Instant = .now) {
        sourceWatch.rowFlash = rows.isEmpty ? nil : RowFlash(rows: rows, start: now)
    }
}
