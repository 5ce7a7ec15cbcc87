import TerminalSurface

/// How a table groups its rows into sections, after UIKit's sectioned table views: each section
/// may show a header row (its title and row count) and a footer row (sums of numeric columns),
/// both cells from a `DataTableSectionCellProvider`.
///
/// Set it with `DataTableView.setGrouping(_:)`; the rows are grouped off the UI thread like a
/// sort (Esc cancels). Sorting reorders rows within their sections; filtering hides rows, and a
/// section whose rows are all filtered out disappears.
public struct DataTableGrouping: Sendable, Equatable {
    /// What decides a row's section.
    public enum Key: Sendable, Equatable {
        /// One section per distinct value of a column, in the column's sort order (ascending,
        /// or the direction the column is sorted by when the table is sorted by it).
        case column(Int)
        /// Sections given by the program: `sectionOfRow[sourceRow]` is the row's section
        /// index into `titles` (sections keep the order of `titles`). `DataTable<T>` builds it
        /// from a `DataTableSnapshot`'s sections.
        case sections(sectionOfRow: [Int32], titles: [String])
    }

    /// Which columns footers summarize.
    public enum SummaryColumns: Sendable, Equatable {
        /// The columns of integers and decimals (other than the grouping column).
        case numeric
        /// These columns.
        case columns([Int])
        /// None (footers get only their counts).
        case none
    }

    /// What decides a row's section.
    public var key: Key
    /// Whether each section starts with a header row (needed to collapse a section).
    public var showsHeaders = true
    /// Whether each section ends with a footer row.
    public var showsFooters = true
    /// The columns whose sums and means footers get (`DataTableSectionContext.summary(ofColumn:)`).
    public var summaryColumns: SummaryColumns = .numeric
    /// Header rows' look (laid over the body's style; the cursor row's style over it).
    public var headerStyle = Style(attributes: .bold)
    /// Footer rows' look.
    public var footerStyle = Style(attributes: .dim)

    /// Sections by `key`, with headers and footers.
    public init(key: Key, showsHeaders: Bool = true, showsFooters: Bool = true, summaryColumns: SummaryColumns = .numeric) {
        self.key = key
        self.showsHeaders = showsHeaders
        self.showsFooters = showsFooters
        self.summaryColumns = summaryColumns
    }

    /// One section per distinct value of `column`.
    public static func column(_ column: Int) -> DataTableGrouping { DataTableGrouping(key: .column(column)) }

    /// The grouping column, when sections come from a column.
    public var column: Int? {
        if case .column(let column) = key { return column }
        return nil
    }
}

/// The part of a section a row shows.
public enum DataTableSectionRowKind: Hashable, Sendable {
    case header
    case footer
}

/// What a display row shows: a record, or a section's header or footer.
public enum DataTableDisplayRow: Hashable, Sendable {
    /// A record: its source row.
    case item(sourceRow: Int)
    /// The header row of a section (its index among the sections shown).
    case header(section: Int)
    /// The footer row of a section.
    case footer(section: Int)
}
