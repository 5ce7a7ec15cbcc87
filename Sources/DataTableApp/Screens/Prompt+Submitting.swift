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
