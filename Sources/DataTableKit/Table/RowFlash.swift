import TerminalSurface

/// Rows that changed in an apply, highlighted briefly: a background that fades over about a
/// second of frames (a terminal's "animating differences").
struct RowFlash {
    /// Source rows that flash.
    var rows: Set<Int>
    /// When the flash began.
    var start: ContinuousClock.Instant
    /// How long it lasts.
    static let duration = Duration.milliseconds(1000)
    /// The backgrounds it fades through, strongest first (256-colour yellows to pale).
    static let steps: [Color] = [.palette(220), .palette(221), .palette(222), .palette(223), .palette(230)]

    /// The background at `now`, or nil when the flash is over.
    func background(at now: ContinuousClock.Instant) -> Color? {
        let elapsed = now - start
        guard elapsed >= .zero, elapsed < Self.duration else { return nil }
        let step = Int(saturating: Double(Self.steps.count) * (elapsed / Self.duration))
        return Self.steps[min(step, Self.steps.count - 1)]
    }
}
