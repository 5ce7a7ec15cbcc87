import DataTableKit
import TerminalSurface

/// The run loop: reads events from a terminal backend, hands them to the top screen of its
/// `ScreenStack` (the table at the bottom, prompts, questions and views pushed over it),
/// draws a frame into a surface and presents it. Works the same on ncurses and in memory.
public final class TableApplication {
    /// The table shown (another one with `show(_:)`).
    public internal(set) var view: DataTableView
    /// Turns the shown table's own keys and clicks into changes of the view.
    public internal(set) var controller: TableController
    /// The terminal (a `CursesTerminal`, or a `MemoryBackend` in tests).
    public let backend: TerminalBackend
    /// The frame being built; presented (and diffed by the backend) after every change.
    public let surface: Surface
    /// Frames drawn and their build times.
    public private(set) var statistics = FrameStatistics()
    /// The screens over the table; the table's layer is at the bottom.
    public let screens: ScreenStack
    /// Asked about edits, undo, writing, quitting and running work (held weakly).
    public weak var delegate: TableApplicationDelegate?
    /// The program's own commands, in the order they were registered (`register(_:)`).
    public internal(set) var commands: [ProgramCommand] = []
    /// The instant `firstFrameNanoseconds` counts from (process start, when the caller knows it).
    private let startInstant: ContinuousClock.Instant
    /// Screens presented while an event is handled, pushed after its outcome.
    private var presented: [Screen] = []
    private var isHandlingEvent = false

    /// What the caller should do after an event.
    public enum Response: Equatable, Sendable {
        /// Nothing changed.
        case ignored
        /// State changed: draw a new frame.
        case redraw
        /// The user asked to leave.
        case quit
    }

    /// A run loop showing `view` on `backend`, sized to it.
    public init(view: DataTableView, backend: TerminalBackend, startInstant: ContinuousClock.Instant = .now) {
        self.view = view
        let controller = TableController(view: view)
        self.controller = controller
        self.backend = backend
        self.surface = Surface(size: backend.size)
        self.startInstant = startInstant
        // A placeholder until `self` can be captured: the table's layer answers through it.
        self.screens = ScreenStack(bottom: TableScreen(controller: controller, onRequest: { _ in .ignored }, cancelWork: { false }))
        view.setSize(backend.size)
        wakeOnJobs(of: view)
        screens.replaceBottom(with: tableScreen(for: controller))
        screens.fallback = { [unowned self] key in
            // Ctrl-C on any screen: quit, asking first about unsaved changes.
            key == .control("c") ? outcome(for: .quit) : .ignored
        }
    }

    /// Makes `view`'s finished jobs end the backend's wait for input (`TerminalBackend.wake()`),
    /// so a sort or filter shows as soon as it is done, not at the next poll.
    func wakeOnJobs(of view: DataTableView) {
        let backend = BackendReference(backend: backend)
        view.jobFinishedHandler = { backend.backend.wake() }
    }

    /// The bottom layer for `controller`'s table: its requests answered by `outcome(for:)`, Esc
    /// cancelling the delegate's work first.
    func tableScreen(for controller: TableController) -> TableScreen {
        TableScreen(controller: controller, onRequest: { [unowned self] in outcome(for: $0) },
                    cancelWork: { [unowned self] in delegate?.dataTableCancelWork(view) ?? false })
    }

    /// Shows `screen` over the others (pushed after the event being handled, if any).
    public func present(_ screen: Screen) {
        if isHandlingEvent {
            presented.append(screen)
        } else {
            _ = screens.apply(.push(screen))
        }
    }

    /// Whether the source loads, the program's work runs or a screen's (a sheet's) does: the run
    /// loop polls more often then.
    public var isBusy: Bool { view.isLoading || (delegate?.dataTableIsBusy(view) ?? false) || screens.isBusy }

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
            // A flash of changed rows fades over frames drawn ~every 50 ms.
            let timeout = isBusy || view.isFlashing ? 50 : 250
            guard let event = backend.nextEvent(timeoutMilliseconds: timeout) else {
                let polled = delegate?.dataTablePollWork(view) ?? false
                let flashed = view.advanceFlash()
                let screensChanged = screens.poll()
                if view.refreshFromDataSource() || polled || flashed || screensChanged { drawFrame() }
                continue
            }
            // Every event already waiting is handled before one frame shows them all.
            let response = handleWaitingEvents(startingWith: event, until: shouldStop)
            if response == .quit { return }
            if response == .redraw { drawFrame() }
        }
    }

    /// Events handled at most between two frames while input keeps coming.
    var maximumEventsPerFrame = 4_096
    /// Time spent at most handling events between two frames while input keeps coming.
    var maximumTimePerFrame = Duration.milliseconds(50)

    /// Handles `first`, then every event the backend already has (asked with no wait), without
    /// drawing: a burst of keys (typed ahead, pasted without bracketed paste, auto-repeat) costs
    /// one frame, not one each. After each event the work it started is polled as before (a
    /// finished job is applied before the next key sees the table); only the frame waits.
    /// Bounded by `maximumEventsPerFrame` and `maximumTimePerFrame`, so endless input still shows
    /// frames, and ends when `shouldStop` says so. Returns `.quit` at once when an event quits,
    /// else `.redraw` when anything changed. See docs/decisions/0079-drain-input-before-drawing.md.
    func handleWaitingEvents(startingWith first: InputEvent, until shouldStop: () -> Bool = { false }) -> Response {
        let clock = ContinuousClock()
        let deadline = clock.now + maximumTimePerFrame
        var combined = Response.ignored
        var event = first
        var handled = 0
        while true {
            let response = process(event)
            if response == .quit { return .quit }
            let polled = delegate?.dataTablePollWork(view) ?? false
            let screensChanged = screens.poll()
            if view.refreshFromDataSource(checkingForChanges: false) || polled || screensChanged || response == .redraw {
                combined = .redraw
            }
            handled += 1
            guard handled < maximumEventsPerFrame, clock.now < deadline, !shouldStop(),
                  let next = backend.nextEvent(timeoutMilliseconds: 0) else { return combined }
            event = next
        }
    }

    /// Handles one event and draws a frame when something changed.
    @discardableResult
    public func handle(_ event: InputEvent) -> Response {
        let response = process(event)
        if response == .redraw { drawFrame() }
        return response
    }

    /// Handles one event without drawing; `.redraw` when the frame should change.
    private func process(_ event: InputEvent) -> Response {
        var response: Response
        switch event {
        case .resize(let size):
            view.setSize(size)
            response = .redraw
        case .key, .mouse, .paste:
            // A message from the last command lasts until the next key; the outcome of a write
            // until the next message, or Esc (which then does nothing else).
            if case .key(let key) = event {
                if !view.isNoticeLasting {
                    view.notice = nil
                } else if key == .escape {
                    view.notice = nil
                    return .redraw
                }
            }
            isHandlingEvent = true
            response = screens.handle(event, context: context)
            isHandlingEvent = false
            if response != .quit {
                for screen in presented { response = screens.apply(.push(screen)) }
            }
            presented.removeAll()
        }
        view.reportSelectionChanges()
        // `y` in the table, or in a sheet's table.
        for shown in [view] + (screens.topHostedView.map { [$0] } ?? []) {
            guard let text = shown.pendingClipboardText else { continue }
            shown.pendingClipboardText = nil
            backend.copyToClipboard(text)
        }
        return response
    }

    /// What screens see of the program.
    var context: ScreenContext { ScreenContext(view: view, surface: surface) }

    /// Handles queued events until there are none left (for tests on the memory backend) or quit.
    @discardableResult
    public func handlePendingEvents() -> Response {
        var last = Response.ignored
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
        if surface.size != view.size { surface.resize(to: view.size) }
        screens.draw(context: context)
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

/// The backend, for a job's worker to wake (`TerminalBackend.wake()` may be called from any
/// thread).
private struct BackendReference: @unchecked Sendable {
    let backend: TerminalBackend
}
