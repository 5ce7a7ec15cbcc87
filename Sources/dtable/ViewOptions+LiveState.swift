import DataTableApp
import DataTableKit
import TerminalSurface

/// The view a table shows now, as options: read from the view's live state (what the keys
/// did: `s`/`S`, `|`, `&`, `/`, `-`/`+`/`*`, `f`, `t`, `z`, `w`), each option's text checked by
/// reading it back with the option's own parser; what cannot be said is named in `dropped`.
extension ViewOptions {
    /// The view `view` shows, its table opened as `opening`. UI thread (it reads the view).
    init(view: DataTableView, opening: ViewOpening) {
        let titles = view.columns.map(\.title)
        delimiter = opening.delimiter
        skip = opening.skip
        noHeader = opening.noHeader
        nullTokens = opening.nullTokens
        readKinds(of: view, titles: titles)
        readColumns(of: view, titles: titles)
        if let fixed = view.configuration.fixedColumns {
            if fixed.leftColumns > 0 { freeze = fixed.leftColumns }
            if fixed.rightColumns > 0 { dropped.append("the columns frozen at the right edge") }
        }
        if let grouping = view.grouping {
            if case .column(let column) = grouping.key,
               let reference = Self.reference(to: column, titles: titles, fits: { (try? ColumnReference($0).resolve(in: titles, option: "")) == column }) {
                groupBy = reference
            } else {
                dropped.append("the grouping")
            }
        }
        readSort(of: view, titles: titles)
        for filter in view.columnFilters {
            if let text = Self.whereText(filter, titles: titles, kind: view.columns[filter.column].kind) {
                wheres.append(text)
            } else {
                dropped.append("the filter \(TerminalText.excerpt(titles[filter.column], maxWidth: 30))\(filter.summary())")
            }
        }
        if let matcher = view.filter {
            filter = Self.regex(of: matcher)
            let shown = view.hiddenColumns.isEmpty ? nil : Set(view.visibleColumns)
            let searched = view.filterColumns.map { mask in Set(mask.indices.filter { mask[$0] }) }
            if searched != shown { dropped.append("which columns the row filter looked in (it looks in the columns shown)") }
        }
        if let search = view.lastSearch { find = Self.regex(of: search) }
        if view.configuration.showsAlternatingRowColors != opening.openedWithStripes || opening.stripesGiven != nil {
            stripes = view.configuration.showsAlternatingRowColors
        }
        if case .wrap = view.configuration.textLayout {
            wraps = ["*"]
        } else {
            wraps = opening.wrappedColumns
        }
    }

    /// `--type` for each column whose kind is set (`t`, `--type`, the config file's `types`).
    private mutating func readKinds(of view: DataTableView, titles: [String]) {
        for (index, column) in view.columns.enumerated() where column.isKindSet {
            let setting = ColumnKindSetting(kind: column.kind, datePattern: column.format.datePattern)
            let suffix = ":" + column.kind.name + (column.format.datePattern.map { ":" + $0 } ?? "")
            let fits = { (reference: String) -> Bool in
                guard let spec = try? KindSpec(reference + suffix, option: ""),
                      let resolved = try? spec.resolve(titles: titles, option: "") else { return false }
                return resolved.column == index && resolved.setting == setting
            }
            if let reference = Self.reference(to: index, titles: titles, fits: fits) {
                types.append(reference + suffix)
            } else {
                dropped.append("the kind of \(TerminalText.excerpt(column.title, maxWidth: 30))")
            }
        }
    }

    /// `--columns`: the shown columns as an anchored alternation of their titles (escaped),
    /// when some are hidden. `--columns` keeps the file's order: moved columns are dropped.
    private mutating func readColumns(of view: DataTableView, titles: [String]) {
        let shown = view.visibleColumns
        if shown != shown.sorted() { dropped.append("the column order (moved columns)") }
        guard shown.count < titles.count else { return }
        let wanted = Set(shown)
        let alternation = "^(?:" + shown.sorted().map { Self.escapedForRegex(titles[$0]) }.joined(separator: "|") + ")$"
        // Smart case ignores case in an all-lower-case pattern: `(?-i)` keeps it exact when
        // that would also show a hidden column.
        for pattern in [alternation, "(?-i)" + alternation] {
            guard let matcher = try? RowMatcher(query: pattern, mode: .regex) else { continue }
            if Set(titles.indices.filter { matcher.matches(titles[$0]) }) == wanted, !matcher.isTooComplex {
                columns = pattern
                return
            }
        }
        dropped.append("which columns show")
    }

    /// `--sort`: each key as `COL`, `COL:asc` or `COL:desc`, read back by `SortSpec`.
    private mutating func readSort(of view: DataTableView, titles: [String]) {
        for descriptor in view.sortDescriptors {
            let directions = descriptor.ascending ? ["", ":asc"] : [":desc"]
            var written: String?
            for direction in directions {
                written = Self.reference(to: descriptor.column, titles: titles) { reference in
                    (try? SortSpec(argument: reference + direction)?.descriptor(titles: titles)) == descriptor
                }.map { $0 + direction }
                if written != nil { break }
            }
            if let written { sorts.append(written) } else { dropped.append("a sort key") }
        }
    }

    /// How to name `column` so that `fits` accepts it: its title, else its 1-based number; nil
    /// when neither fits.
    static func reference(to column: Int, titles: [String], fits: (String) -> Bool) -> String? {
        [titles[column], String(column + 1)].first(where: fits)
    }

    /// `COL:FILTER` for `--where`, read back by `ColumnFilterSpec` as `filter`; nil for a filter
    /// `--where` cannot write (a regex, several values of a frequency table, a value of a
    /// typed column picked by its exact text).
    static func whereText(_ filter: ColumnFilter, titles: [String], kind: SortKeyKind) -> String? {
        var expected = filter
        let texts: [String]
        switch filter.predicate {
        case .substring(let text): texts = [text, "~" + text]
        case .regex: return nil
        case .comparison(let comparison, let operand): texts = [comparison.rawValue + operand]
        case .range(let lower, let upper, let includesUpper):
            texts = [(lower ?? "") + (includesUpper ? ".." : "..<") + (upper ?? "")]
        case .equalsAny(let values, let includesNull, let longValues):
            // `=x` on a text column keeps exactly the fields `x` (a number column would also
            // keep `1.0` for `=1`).
            guard kind == .text, values.count == 1, !includesNull, longValues.isEmpty, let value = values.first
            else { return nil }
            expected = ColumnFilter(column: filter.column, predicate: .comparison(.equal, value))
            texts = ["=" + value]
        }
        for text in texts {
            let fits = { (reference: String) -> Bool in
                guard let spec = try? ColumnFilterSpec(reference + ":" + text, option: "") else { return false }
                return (try? spec.resolve(titles: titles)) == expected
            }
            if let reference = reference(to: filter.column, titles: titles, fits: fits) { return reference + ":" + text }
        }
        return nil
    }

    /// A regex (`--filter`, `--find`) matching what `matcher` matches: its pattern, or its text
    /// escaped (the same letters, so the same smart case).
    static func regex(of matcher: RowMatcher) -> String {
        matcher.mode == .regex ? matcher.query : escapedForRegex(matcher.query)
    }

    /// `text` as a PCRE2 pattern matching it literally: ASCII punctuation and spaces after a
    /// backslash, control characters as `\x{HH}`; letters, digits and other text as they are.
    static func escapedForRegex(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\x{" + String(scalar.value, radix: 16) + "}"
            } else if scalar.isASCII, !(("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                                        || ("0"..."9").contains(scalar) || scalar == "_") {
                result += "\\" + String(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
