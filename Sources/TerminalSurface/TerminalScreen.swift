/// What a terminal shows, cell for cell, as its backend last wrote it: the one place a backend
/// diffs a frame (`SurfaceDiff`) and keeps the result.
///
/// `update(to:write:)` hands the backend each run to write, then applies the runs to `shown`,
/// so `shown` is always what the terminal was sent, never a copy of the frame.
public struct TerminalScreen {
    /// The cells the terminal shows; nil before the first frame and after `forget()`.
    public private(set) var shown: Surface?
    /// The runs the last `update` wrote, in the order written (its buffer is kept from frame
    /// to frame, so an update allocates nothing once the screen has been written).
    public private(set) var lastRuns: [SurfaceRun] = []

    /// A screen that shows nothing yet: the first update writes every cell.
    public init() {}

    /// Cells the last update wrote.
    public var lastCellsWritten: Int { lastRuns.reduce(0) { $0 + $1.count } }

    /// Brings the screen to `frame`: hands `write` each run of `SurfaceDiff` in order, then
    /// applies them to `shown`.
    public mutating func update(to frame: Surface, write: (SurfaceRun) -> Void) {
        lastRuns.removeAll(keepingCapacity: true)
        SurfaceDiff.forEachRun(from: shown, to: frame) { lastRuns.append($0) }
        for run in lastRuns { write(run) }
        let screen: Surface
        if let shown, shown.size == frame.size {
            screen = shown
        } else {
            screen = Surface(size: frame.size)
            shown = screen
        }
        let width = frame.size.width
        frame.cells.withUnsafeBufferPointer { source in
            screen.cells.withUnsafeMutableBufferPointer { target in
                for run in lastRuns {
                    let start = run.y * width + run.x
                    for i in start..<(start + run.count) { target[i] = source[i] }
                }
            }
        }
    }

    /// Forgets what the terminal shows (its size changed, or it was cleared behind the
    /// backend's back): the next update writes every cell.
    public mutating func forget() { shown = nil }
}
