import DataTableKit
import TerminalSurface

/// The status line while a search (`/`), filter (`&`) or command (`:`) is typed. Matches of a
/// search or filter are highlighted in the table as it is typed; Enter dismisses the screen
/// with the line for `onSubmit`.
final class PromptScreen: Screen {
    private(set) var prompt: Prompt
    /// What the submitted line does (search, filter, run the command).
    let onSubmit: (Prompt) -> ScreenOutcome

    init(_ prompt: Prompt, onSubmit: @escaping (Prompt) -> ScreenOutcome) {
        self.prompt = prompt
        self.onSubmit = onSubmit
    }

    var placement: ScreenPlacement { .statusLine }

    func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
        guard case .key(let key) = event else { return .ignored }  // the table does not move under it
        switch prompt.handling(key) {
        case .editing(let next):
            prompt = next
            context.view.typedQuery = next.highlightsAsTyped ? TypedQuery(text: next.text, isRegex: next.isRegex) : nil
            return .redraw
        case .cancelled:
            context.view.typedQuery = nil
            return .dismiss()
        case .submitted(let done):
            context.view.typedQuery = nil
            return .dismiss(then: onSubmit(done))
        }
    }

    func draw(in region: SurfaceRegion, context: ScreenContext) {
        // The table is drawn first: its highlighting of the typed pattern may have stopped at
        // the pattern's limits, which the prompt says.
        let stopped = prompt.kind != .command && context.view.highlightStopped
        prompt.draw(in: region, theme: context.theme, notice: stopped ? RowMatcher.tooComplexMessage : nil)
    }
}
