import DataTableKit
import TerminalSurface

/// The status line while a search (`/`), filter (`&`), command (`:`), column name (`c`) or
/// column regex (`*`) is typed. Matches of a search or filter are highlighted in the table as it
/// is typed; a column name completes with Tab (Shift-Tab cycles back) and the hint lists the
/// columns it matches. Enter dismisses the screen with the line for `onSubmit`. A paste is
/// inserted as one edit (`LineEditor.insert(pasted:)`).
///
/// A key costs O(1) (at the end of the line); the query for highlighting is handed to the table
/// once a frame (`prepareFrame`), so a burst of keys compiles and matches it once, not per key
/// (see docs/decisions/0080-paste-as-one-edit.md).
final class PromptScreen: Screen {
    private(set) var prompt: Prompt
    /// What the submitted line does (search, filter, run the command).
    let onSubmit: (Prompt) -> ScreenOutcome
    /// Completion of column names (the `c` prompt); nil: Tab is typed as text.
    let completion: ColumnNameCompletion?
    /// While Tab cycles through the matches of `base`: the title shown and its index.
    private var cycle: (base: String, index: Int, shown: String)?
    /// The line changed since the table was last given its query to highlight.
    private var queryChanged = false

    init(_ prompt: Prompt, completion: ColumnNameCompletion? = nil, onSubmit: @escaping (Prompt) -> ScreenOutcome) {
        self.prompt = prompt
        self.completion = completion
        self.onSubmit = onSubmit
    }

    var placement: ScreenPlacement { .statusLine }

    func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
        if case .paste(let text) = event {
            prompt.editor.insert(pasted: text)
            queryChanged = true
            return .redraw
        }
        guard case .key(let key) = event else { return .ignored }  // the table does not move under it
        if let completion, key == .tab || key == .backTab {
            complete(with: completion, backwards: key == .backTab)
            return .redraw
        }
        switch prompt.apply(key) {
        case .editing:
            queryChanged = true
            return .redraw
        case .cancelled:
            context.view.typedQuery = nil
            return .dismiss()
        case .submitted:
            context.view.typedQuery = nil
            return .dismiss(then: onSubmit(prompt))
        }
    }

    /// Hands the table the line to highlight, once a frame (not once a key).
    func prepareFrame(context: ScreenContext) {
        guard queryChanged else { return }
        queryChanged = false
        context.view.typedQuery = prompt.highlightsAsTyped ? TypedQuery(text: prompt.text, isRegex: prompt.isRegex) : nil
    }

    func draw(in region: SurfaceRegion, context: ScreenContext) {
        // The table is drawn first: its highlighting of the typed pattern may have stopped at
        // the pattern's limits, which the prompt says.
        let stopped = prompt.highlightsAsTyped && context.view.highlightStopped
        prompt.draw(in: region, theme: context.theme,
                    notice: stopped ? RowMatcher.tooComplexMessage : completionHint(width: region.width / 2))
    }

    /// Tab: completes the typed name (`ColumnNameCompletion.completion(of:)`); pressed again on
    /// a completed title, goes to the next matching title (Shift-Tab: the previous one).
    private func complete(with completion: ColumnNameCompletion, backwards: Bool) {
        if let cycle, cycle.shown == prompt.text,
           let next = completion.cycled(from: cycle.index, base: cycle.base, backwards: backwards) {
            prompt.text = next.title
            self.cycle = (cycle.base, next.index, next.title)
            return
        }
        let base = prompt.text
        guard let completed = completion.completion(of: base) else { return }
        prompt.text = completed
        // A whole title (not a shared prefix) starts a cycle through the matches.
        let matches = completion.matches(base)
        cycle = matches.first.map { completion.titles[$0] } == completed ? (base, 0, completed) : nil
    }

    /// For the `c` prompt: the titles the typed text matches (or "no column matches"), cut to
    /// `width` columns; nil for other prompts.
    private func completionHint(width: Int) -> String? {
        guard let completion, !prompt.text.isEmpty else { return nil }
        let matches = completion.matches(prompt.text)
        guard !matches.isEmpty else { return "no column matches" }
        let count = matches.count == 1 ? "" : " (\(matches.count))"
        let titles = matches.prefix(8).map { TerminalText.excerpt(completion.titles[$0], maxWidth: 24) }.joined(separator: ", ")
        return TerminalText.truncated("Tab: " + titles + count, toWidth: max(12, width))
    }
}
