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

    /// Puts `screen` in place of the bottom layer (the application showing another table).
    func replaceBottom(with screen: Screen) { screens[0] = screen }

    /// The screen receiving events.
    public var top: Screen { screens[screens.count - 1] }

    /// Hands `event` to the top screen (then, for an ignored key, to the fallback) and applies
    /// the outcome.
    func handle(_ event: InputEvent, context: ScreenContext) -> TableApplication.Response {
        var outcome = top.handle(event, context: self.context(of: screens.count - 1, base: context))
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
    /// status line of the table under them (the program's, or a sheet's).
    func draw(context: ScreenContext) {
        for index in screens.indices.reversed() {
            screens[index].prepareFrame(context: self.context(of: index, base: context))
        }
        let first = screens.lastIndex { $0.placement == .fullScreen } ?? 0
        if first > 0 { context.view.recycleAllCells() }  // the table is covered
        for index in first..<screens.count {
            let screen = screens[index]
            let seen = self.context(of: index, base: context)
            switch screen.placement {
            case .fullScreen:
                screen.draw(in: seen.surface.region, context: seen)
            case .statusLine:
                let rect = seen.view.statusRect
                guard !rect.isEmpty else { continue }
                screen.draw(in: seen.surface.region(rect), context: seen)
            }
        }
    }

    /// What the screen at `index` sees: the table of the nearest screen at or under it that
    /// hosts one (a sheet), else the program's (`base`).
    func context(of index: Int, base: ScreenContext) -> ScreenContext {
        guard let view = activeView(at: index) else { return base }
        return base.showing(view)
    }

    /// The table of the nearest screen at or under `index` hosting one (nil: the program's).
    private func activeView(at index: Int) -> DataTableView? {
        for screen in screens[...index].reversed() {
            if let view = screen.hostedView { return view }
        }
        return nil
    }

    /// The table the top screen works on when it is a sheet's (nil: the program's table).
    var topHostedView: DataTableView? { activeView(at: screens.count - 1) }

    /// Whether a screen's own work runs (a sheet's jobs or computation).
    public var isBusy: Bool { screens.contains { $0.isBusy } }

    /// Polls every screen's own work (a sheet under its prompt still shows its progress); true
    /// when one should be drawn again.
    func poll() -> Bool {
        var changed = false
        for screen in screens where screen.poll() { changed = true }
        return changed
    }
}
