import DataTableKit

/// What the line typed after `|` does: a filter on one column, pushed on the table's stack.
extension TableApplication {
    /// Pushes the filter typed for `column` (see `ColumnFilter.init(typed:column:isRegex:)`);
    /// an empty line removes every column filter.
    func submitColumnFilter(_ done: Prompt, column: Int) -> ScreenOutcome {
        guard let filter = ColumnFilter(typed: done.text, column: column, isRegex: done.isRegex) else {
            if done.text.isEmpty { view.removeAllColumnFilters() }
            return .redraw
        }
        // A filter that cannot run says why in the status line.
        view.pushColumnFilter(filter)
        return .redraw
    }
}
