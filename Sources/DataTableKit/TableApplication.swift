import TerminalSurface

/// The run loop: reads events from a terminal backend, lets the controller change the table,
/// renders a frame into a surface and presents it. Works the same on ncurses and in memory.
public final class TableApplication {
    /// The table shown.
    public let view: DataTableView
    /// Turns events into changes of the view.
    public let controller: TableController
    /// The terminal (a `CursesTerminal`, or a `MemoryBackend` in tests).
    public let backend: TerminalBackend
    /// The frame being built; presented (and diffed by the backend) after every change.
    public let surface: Surface
    /// Frames drawn and their build times.
    public private(set) var statistics = FrameStatistics()
    /// The instant `firstFrameNanoseconds` counts from (process start, when the caller knows it).
    private let startInstant: ContinuousClock.Instant

    /// A run loop showing `view` on `backend`, sized to it.
    public init(view: DataTableView, backend: TerminalBackend, startInstant: ContinuousClock.Instant = .now) {
        self.view = view
        self.controller = TableController(view: view)
        self.backend = backend
        self.surface = Surface(size: backend.size)
        self.startInstant = startInstant
        view.setSize(backend.size)
    }

    /// Draws frames and handles events until the user quits or `shouldStop` returns true.
    ///
    /// `shouldStop` is asked whenever the backend returns without an event (a timeout, or a
    /// signal interrupting the wait).
    /// `afterFirstFrame` runs once the first frame is on screen (start background work there, so
    /// it does not compete with the first frame).
    public func run(until shouldStop: () -> Bool = { false }, afterFirstFrame: () -> Void = {}) {
        drawFrame()
        afterFirstFrame()
        while !shouldStop() {
            // While the data source loads, wake often to show its progress and new rows.
            let timeout = view.isLoading ? 50 : 250
            guard let event = backend.nextEvent(timeoutMilliseconds: timeout) else {
                let polled = view.delegate?.dataTablePollWork(view) ?? false
                if view.refreshFromDataSource() || polled { drawFrame() }
                continue
            }
            if handle(event) == .quit { return }
            let polled = view.delegate?.dataTablePollWork(view) ?? false
            if view.refreshFromDataSource(checkingForChanges: false) || polled { drawFrame() }
        }
    }

    /// Handles one event and draws a frame when something changed.
    @discardableResult
    public func handle(_ event: InputEvent) -> TableController.Response {
        let response = controller.handle(event)
        if let text = view.pendingClipboardText {
            view.pendingClipboardText = nil
            backend.copyToClipboard(text)
        }
        if response == .redraw { drawFrame() }
        return response
    }

    /// Handles queued events until there are none left (for tests on the memory backend) or quit.
    @discardableResult
    public func handlePendingEvents() -> TableController.Response {
        var last = TableController.Response.ignored
        while let event = backend.nextEvent(timeoutMilliseconds: 0) {
            last = handle(event)
            if last == .quit { break }
        }
        return last
    }

    /// Builds a frame and presents it.
    public func drawFrame() {
        let clock = ContinuousClock()
        let start = clock.now
        view.render(into: surface)
        let built = clock.now
        statistics.record(buildNanoseconds: nanoseconds(built - start))
        backend.present(surface)
        if statistics.firstFrameNanoseconds == nil {
            statistics.firstFrameNanoseconds = nanoseconds(clock.now - startInstant)
        }
    }

    private func nanoseconds(_ d: Duration) -> UInt64 {
        let (seconds, attoseconds) = d.components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000))
    }
}
