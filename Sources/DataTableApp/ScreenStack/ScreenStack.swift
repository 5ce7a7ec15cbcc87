import DataTableKit
import TerminalSurface

/// The screens of a program, bottom to top: the table's layer at the bottom (never taken off),
/// prompts, questions and full-screen views above it.
///
/// Events go to the top screen only; a key it ignores goes to `fallback` (the application's
/// keys: Ctrl-C asks to quit). Drawing starts at the topmost full-screen layer and goes up, so
/// a covered table is not drawn at all.
public final class ScreenStack {
    /// The layers, bottom first.
    public private(set) var screens: [Screen]
    /// Keys no screen wanted.
    var fallback: (Key) -> ScreenOutcome = { _ in .ignored }

    init(bottom: Screen) {
        screens = [bottom]
    }

    /// The screen receiving events.
    public var top: Screen { screens[screens.count - 1] }

    /// Hands `event` to the top screen (then, for an ignored key, to the fallback) and applies
    /// the outcome.
    func handle(_ event: InputEvent, context: ScreenContext) -> TableApplication.Response {
        var outcome = top.handle(event, context: context)
        if case .ignored = outcome, case .key(let key) = event { outcome = fallback(key) }
        return apply(outcome)
    }

    /// Pushes, pops or quits as `outcome` says.
    func apply(_ outcome: ScreenOutcome) -> TableApplication.Response {
        switch outcome {
        case .ignored: return .ignored
        case .redraw: return .redraw
        case .quit: return .quit
        case .push(let screen):
            screens.append(screen)
            return .redraw
        case .dismiss(let then):
            if screens.count > 1 { screens.removeLast() }
            let next = apply(then)
            return next == .ignored ? .redraw : next
        }
    }

    /// Draws the layers from the topmost full-screen one up; status-line layers draw over the
    /// table's status line.
    func draw(context: ScreenContext) {
        let first = screens.lastIndex { $0.placement == .fullScreen } ?? 0
        if first > 0 { context.view.recycleAllCells() }  // the table is covered
        for screen in screens[first...] {
            switch screen.placement {
            case .fullScreen:
                screen.draw(in: context.surface.region, context: context)
            case .statusLine:
                let rect = context.view.statusRect
                guard !rect.isEmpty else { continue }
                screen.draw(in: context.surface.region(rect), context: context)
            }
        }
    }
}
