/// A terminal that lives in memory: tests queue input and read back the presented frame.
public final class MemoryBackend: TerminalBackend {
    /// The terminal's size (change it with a `.resize` event).
    public private(set) var size: Size
    /// What the pretend terminal can show.
    public var capabilities: TerminalCapabilities
    /// Events that `nextEvent` hands out, oldest first.
    public var pendingEvents: [InputEvent] = []
    /// A copy of the screen after the last present: the frame, as the diff's runs wrote it.
    public private(set) var presented: Surface?
    /// How many frames were presented.
    public private(set) var presentCount = 0
    /// What `copyToClipboard` was given, in order.
    public private(set) var clipboard: [String] = []

    /// Records `text` in `clipboard`.
    public func copyToClipboard(_ text: String) { clipboard.append(text) }
    /// Cells written to the pretend terminal, summed over all presents: exactly what a real
    /// backend writes (`SurfaceDiff`'s runs).
    public private(set) var cellsChanged = 0
    /// Runs written, summed over all presents.
    public private(set) var runsWritten = 0
    /// The runs the last present wrote, in order (see `SurfaceDiff` for the rules).
    public var lastRuns: [SurfaceRun] { screen.lastRuns }
    /// Cells the last present wrote.
    public var lastCellsWritten: Int { screen.lastCellsWritten }
    /// Cells written, standing in for bytes (the memory terminal writes none).
    public var bytesWritten: Int { cellsChanged }
    /// The pretend terminal's screen, brought to each frame by the runs of the diff.
    private var screen = TerminalScreen()

    /// A terminal of `size` whose events are `pendingEvents`.
    public init(size: Size, capabilities: TerminalCapabilities = TerminalCapabilities(colorCount: 256)) {
        self.size = size
        self.capabilities = capabilities
    }

    /// Changes the size and queues the resize event a real terminal would send.
    public func resize(to newSize: Size) {
        size = newSize
        pendingEvents.append(.resize(newSize))
    }

    /// The next of `pendingEvents` (a resize also changes `size`), or nil at once when there is none.
    public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        pendingEvents.isEmpty ? nil : pendingEvents.removeFirst()
    }

    /// Applies the runs of `SurfaceDiff` to the pretend screen and counts them; `presented`
    /// becomes a copy of the screen so made.
    public func present(_ surface: Surface) {
        screen.update(to: surface) { run in
            cellsChanged += run.count
            runsWritten += 1
        }
        presented = screen.shown?.copy()
        presentCount += 1
    }
}
