/// A terminal that lives in memory: tests queue input and read back the presented frame.
public final class MemoryBackend: TerminalBackend {
    /// The terminal's size (change it with a `.resize` event).
    public private(set) var size: Size
    /// What the pretend terminal can show.
    public var capabilities: TerminalCapabilities
    /// Events that `nextEvent` hands out, oldest first.
    public var pendingEvents: [InputEvent] = []
    /// A copy of the last presented frame.
    public private(set) var presented: Surface?
    /// How many frames were presented.
    public private(set) var presentCount = 0
    /// What `copyToClipboard` was given, in order.
    public private(set) var clipboard: [String] = []

    /// Records `text` in `clipboard`.
    public func copyToClipboard(_ text: String) { clipboard.append(text) }
    /// Cells that differed from the previous frame, summed over all presents (what a real backend would write).
    public private(set) var cellsChanged = 0
    /// Cells changed, standing in for bytes (the memory terminal writes none).
    public var bytesWritten: Int { cellsChanged }

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

    /// Keeps a copy of the frame in `presented` and counts the cells that changed.
    public func present(_ surface: Surface) {
        if let previous = presented, previous.size == surface.size {
            cellsChanged += zip(previous.cells, surface.cells).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
        } else {
            cellsChanged += surface.cells.count
        }
        presented = surface.copy()
        presentCount += 1
    }
}
