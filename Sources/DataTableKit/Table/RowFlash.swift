import TerminalSurface

/// Rows that changed in an apply, highlighted briefly: a background that fades over the
/// theme's `flash` (a terminal's "animating differences"). With the flash off, or an apply not
/// animating, it holds no rows and is over at once: the run loop draws the changes in one frame
/// (`DataTableView.advanceFlash`) and no frame more.
struct RowFlash {
    /// Source rows that flash.
    var rows: Set<Int>
    /// When the flash began.
    var start: ContinuousClock.Instant
    /// The colours and duration, as the theme said when the flash began.
    var style: TableFlashStyle

    /// The background at `now`, or nil when the flash is over (or off).
    func background(at now: ContinuousClock.Instant) -> Color? {
        guard !rows.isEmpty, style.isOn else { return nil }
        let elapsed = now - start
        guard elapsed >= .zero, elapsed < style.duration else { return nil }
        let step = Int(saturating: Double(style.colors.count) * (elapsed / style.duration))
        return style.colors[min(step, style.colors.count - 1)]
    }

    /// Whether rows are fading (frames are drawn for each step until it ends).
    var isFading: Bool { !rows.isEmpty && style.isOn }
}
