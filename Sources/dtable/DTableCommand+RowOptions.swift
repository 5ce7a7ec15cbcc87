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

    /// Reads `--filter`, `--where` and `--find` against the table's column titles.
    /// - Throws: `DTableError` for an invalid regex or a `--where` that names no column.
    func rowOptions(titles: [String]) throws -> RowOptions {
        var options = RowOptions()
        options.filter = try filterPattern.map { try Self.regex($0, option: "--filter") }
        options.find = try findPattern.map { try Self.regex($0, option: "--find") }
        options.columnFilters = try wheres.map { try Self.columnFilter($0, titles: titles) }
        return options
    }

    static func regex(_ pattern: String, option: String) throws -> RowMatcher {
        do {
            return try RowMatcher(query: pattern, mode: .regex)
        } catch {
            throw DTableError("\(option): \(error)")
        }
    }

    /// `COL:FILTER` (`price:>30`, `city:=Paris`, `date:2020-01-01..2020-06-30`, `name:smith`):
    /// the column is the text before the first `:` that names one (a title may contain `:`).
    static func columnFilter(_ spec: String, titles: [String]) throws -> ColumnFilter {
        var colons = spec.indices.filter { spec[$0] == ":" }
        guard let first = colons.first else {
            throw DTableError("--where: \(ColumnReference.quotedReference(spec)) needs COL:FILTER, e.g. price:>30")
        }
        // The first split whose name is a column; else the first split, for its message.
        colons.removeAll { ColumnTitleLookup.match(String(spec[..<$0]), in: titles) == .missing && Int(spec[..<$0]) == nil }
        let colon = colons.first ?? first
        let column = try ColumnReference.resolve(String(spec[..<colon]), in: titles, option: "--where")
        let text = String(spec[spec.index(after: colon)...])
        guard let filter = ColumnFilter(typed: text, column: column, isRegex: false) else {
            throw DTableError("--where: nothing to filter by after \(ColumnReference.quotedReference(String(spec[...colon])))")
        }
        return filter
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
