import DataTableKit
import TerminalSurface

/// One layer a program stacks over its table: a prompt, a question, the record view, a form,
/// the help. It handles the keys that reach it and draws itself; what it means to the program
/// comes back through closures given when it is pushed.
///
/// Keys go to the top screen only; one it ignores falls to the application's fallback keys
/// (Ctrl-C asks to quit).
public protocol Screen: AnyObject {
    /// Where the screen draws: over the whole screen, or over the table's status line.
    var placement: ScreenPlacement { get }
    /// Applies one event; what the stack should do next.
    func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome
    /// Draws the screen into `region` (the whole screen, or the status line).
    func draw(in region: SurfaceRegion, context: ScreenContext)
    /// Called on every screen, top first, before any layer of a frame draws: a screen hands the
    /// layers under it what it changed since the last frame (the prompt, its query for
    /// highlighting), once a frame rather than once a key. Default: nothing.
    func prepareFrame(context: ScreenContext)
    /// The table a screen shows of its own (a sheet), nil for the others: the screens over it
    /// (its prompts, its help) see it as `context.view`. Default nil.
    var hostedView: DataTableView? { get }
    /// Whether the screen's own work runs (its table's jobs, a computation): the run loop then
    /// wakes often to poll it. Default false.
    var isBusy: Bool { get }
    /// Picks up the screen's finished or progressing work (called by the run loop on every
    /// wake); true when it should be drawn again. Default false.
    func poll() -> Bool
}

extension Screen {
    /// Default: nil, the screen shows no table of its own.
    public var hostedView: DataTableView? { nil }
    /// Default: false, nothing runs.
    public var isBusy: Bool { false }
    /// Default: false, nothing to draw.
    public func poll() -> Bool { false }
    /// Default: nothing to hand on.
    public func prepareFrame(context: ScreenContext) {}
}

/// Where a screen draws.
public enum ScreenPlacement: Hashable, Sendable {
    /// Covers the whole screen: the layers under it are not drawn.
    case fullScreen
    /// Covers the table's status line; the table stays visible above it.
    case statusLine
}

/// What a screen asks of the stack after an event.
public indirect enum ScreenOutcome {
    /// Nothing changed (the stack tries its fallback keys).
    case ignored
    /// State changed: draw a new frame.
    case redraw
    /// Puts a screen on top.
    case push(Screen)
    /// Takes this screen off the stack, then does `then` (what its result's closure returned).
    case dismiss(then: ScreenOutcome = .redraw)
    /// The program quits now.
    case quit
}

/// What a screen sees of the program: the table, its theme and key bindings.
public struct ScreenContext {
    /// The table under the screens.
    public let view: DataTableView
    /// The frame being built (the table's layer draws the whole table into it).
    public let surface: Surface

    /// What screens see: the table and the frame being drawn.
    public init(view: DataTableView, surface: Surface) {
        self.view = view
        self.surface = surface
    }

    /// The table's colours.
    public var theme: TableTheme { view.configuration.theme }
    /// The table's key bindings (the help lists them).
    public var keyBindings: KeyBindings { view.configuration.keyBindings }

    /// The same frame seen from a screen showing `view` (a sheet's table).
    func showing(_ view: DataTableView) -> ScreenContext { ScreenContext(view: view, surface: surface) }

    /// What a full-screen list (help, record view) does with a scrolling event: the wheel
    /// scrolls 3 lines, a click closes it, scroll keys move `scrollOffset`; nil for other keys,
    /// which the screen handles itself.
    func scrollingOutcome(for event: InputEvent, scrollOffset: inout Int) -> ScreenOutcome? {
        switch event {
        case .mouse(let mouse):
            switch mouse.kind {
            case .wheelDown: scrollOffset += 3
            case .wheelUp: scrollOffset -= 3
            case .press: return .dismiss()
            default: return .ignored
            }
            return .redraw
        case .resize, .paste:
            return .ignored
        case .key(let key):
            guard let lines = scrollLines(for: key) else { return nil }
            scrollOffset += lines
            return .redraw
        }
    }

    /// How far a key scrolls a full-screen list (help, record view): a line or a page.
    public func scrollLines(for key: Key) -> Int? {
        let page = max(1, view.size.height - 3)
        switch key {
        case .down, .character("j"): return 1
        case .up, .character("k"): return -1
        case .pageDown, .character(" "), .control("f"): return page
        case .pageUp, .control("b"), .character("b"): return -page
        default: return nil
        }
    }
}
