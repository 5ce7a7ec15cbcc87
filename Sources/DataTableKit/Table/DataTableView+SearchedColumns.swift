/// Search and the row filter look only in the columns shown (as VisiData's `g/`): a hidden
/// column's text cannot find a row or keep it.
extension DataTableView {
    /// The source columns a search or row filter started now looks in, as a mask by source
    /// column (true: shown), or nil when every column is shown (then no column is checked at
    /// all). Read on the UI thread and handed to the job as a value.
    /// - Complexity: O(columns).
    var searchedColumnMask: [Bool]? {
        guard !columnOrder.hidden.isEmpty else { return nil }
        var mask = [Bool](repeating: false, count: max(columns.count, dataSource.columnCount))
        for column in columnOrder.shown where column < mask.count { mask[column] = true }
        return mask
    }

    /// ` (in 3 of 5 columns)` when the whole-row filter looked in the columns shown when it
    /// was typed and some were hidden then; empty when it looked in every column. It keeps
    /// those columns when columns are hidden or shown afterwards (typing `&` again re-filters
    /// over the columns shown then).
    var filterColumnsNote: String {
        guard let filterColumns else { return "" }
        let searched = filterColumns.lazy.filter { $0 }.count
        return " (in \(searched) of \(max(columns.count, filterColumns.count)) columns)"
    }
}

extension Optional<[Bool]> {
    /// Whether this mask of searched source columns (nil: every column) looks in `column`.
    @inline(__always)
    func looksIn(_ column: Int) -> Bool {
        guard let mask = self else { return true }
        return column < mask.count && mask[column]
    }
}
