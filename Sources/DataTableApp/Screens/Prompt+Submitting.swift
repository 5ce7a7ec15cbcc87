import DataTableKit

extension Prompt {
    /// What a submitted search (`/`) or filter (`&`) line does to `view`, the program's table or
    /// a sheet's: starts the search or the filter (an empty filter shows every row again); an
    /// invalid pattern says why in the status line.
    func startSearchOrFilter(in view: DataTableView) {
        if kind == .filter && text.isEmpty {
            view.startFilter(nil)
            return
        }
        guard !text.isEmpty else { return }
        do {
            let matcher = try RowMatcher(query: text, mode: isRegex ? .regex : .substring)
            if kind == .search {
                view.startSearch(matcher, forward: true)
            } else {
                view.startFilter(matcher)
            }
        } catch {
            view.notice = "\(error)"
        }
    }
}

extension Prompt {
    /// What a line typed after `|` does to `view`, the program's table or a sheet's: pushes the
    /// filter on `column` (see `ColumnFilter.init(typed:column:isRegex:)`; one that cannot run
    /// says why in the status line); an empty line removes every column filter.
    func pushColumnFilter(column: Int, in view: DataTableView) {
        guard let filter = ColumnFilter(typed: text, column: column, isRegex: isRegex) else {
            if text.isEmpty { view.removeAllColumnFilters() }
            return
        }
        view.pushColumnFilter(filter)
    }
}
