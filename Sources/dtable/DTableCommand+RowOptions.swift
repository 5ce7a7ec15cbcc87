import DataTableApp
import DataTableKit
import TerminalSurface

/// `--filter`, `--where` and `--find`: which rows show and where the cursor starts, as the table
/// opens (in the viewer and with `--print`).
extension DTableCommand {
    /// The row options read and checked: a regex for every field, column filters, a search.
    struct RowOptions {
        var filter: RowMatcher?
        var columnFilters: [ColumnFilter] = []
        var find: RowMatcher?

        var isEmpty: Bool { filter == nil && columnFilters.isEmpty && find == nil }
    }

    /// Resolves `--where` against the table's column titles (`--filter` and `--find` were
    /// compiled when parsed).
    /// - Throws: `DTableError` for a `--where` that names no column or has nothing to filter by.
    func rowOptions(titles: [String]) throws -> RowOptions {
        var options = RowOptions()
        options.filter = filterPattern?.matcher
        options.find = findPattern?.matcher
        options.columnFilters = try wheres.map { try $0.resolve(titles: titles) }
        return options
    }

    /// Applies the filters to `view` and waits for them (few rows are loaded as the table
    /// opens; `--print` has them all), then starts the search. Call before sorting on open.
    /// - Throws: `DTableError` for a column filter the column's kind cannot run (`price:>abc`),
    ///   and for a filter that failed (its pattern ran out of its limits): the rows it was to
    ///   filter are never shown or printed as its answer.
    static func apply(_ options: RowOptions, to view: DataTableView) throws {
        if let filter = options.filter { view.startFilter(filter) }
        for filter in options.columnFilters where !view.pushColumnFilter(filter) {
            throw DTableError("--where: " + (view.notice ?? "cannot filter"))
        }
        if options.filter != nil || !options.columnFilters.isEmpty {
            if let failure = view.waitForJob() {
                throw DTableError((options.filter != nil ? "--filter: " : "--where: ") + failure)
            }
            view.notice = nil
        }
        if let find = options.find { view.findOnOpen(find) }
    }
}
