import DataTableKit

/// What the line typed after `|` does: a filter on one column, pushed on the table's stack.
extension TableApplication {
    /// Pushes the filter typed for `column` (see `ColumnFilter.init(typed:column:isRegex:)`);
    /// an empty line removes every column filter.
    func submitColumnFilter(_ done: Prompt, column: Int) -> ScreenOutcome {
        done.pushColumnFilter(column: column, in: view)
        return .redraw
    }
}
