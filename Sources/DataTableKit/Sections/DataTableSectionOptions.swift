import TerminalSurface

/// How a sectioned apply shows a snapshot's sections (`DataTable.apply(_:id:sections:options:model:)`):
/// their titles, header and footer rows, what footers sum, and which sections are collapsed.
/// Given with the snapshot, in the same call: no grouping is set beforehand.
///
/// ```swift
/// var sections = DataTableSectionOptions<String>(title: { "user \($0)" })
/// sections.summaryColumns = .columns([2, 3])   // CPU and memory sums in the footers
/// sections.collapsed = ["root"]
/// table.apply(snapshot, sections: sections) { processes[$0] }
/// ```
public struct DataTableSectionOptions<SectionID: Hashable> {
    /// The title of a section's header (its identity's description by default).
    public var title: (SectionID) -> String
    /// Whether each section starts with a header row (its title and row count; needed to collapse).
    public var showsHeaders: Bool
    /// Whether each section ends with a footer row (sums of `summaryColumns`).
    public var showsFooters: Bool
    /// The columns footers sum.
    public var summaryColumns: DataTableGrouping.SummaryColumns
    /// Header rows' look (laid over the body's style).
    public var headerStyle = Style(attributes: .bold)
    /// Footer rows' look.
    public var footerStyle = Style(attributes: .dim)
    /// The sections shown collapsed (their header and footer only); nil leaves them as the user
    /// collapsed them (`setSectionCollapsed`, the `o` key).
    public var collapsed: Set<SectionID>?

    /// Sections titled by `title`, with headers and footers summing the numeric columns.
    public init(title: @escaping (SectionID) -> String = { String(describing: $0) }, showsHeaders: Bool = true,
                showsFooters: Bool = true, summaryColumns: DataTableGrouping.SummaryColumns = .numeric,
                collapsed: Set<SectionID>? = nil) {
        self.title = title
        self.showsHeaders = showsHeaders
        self.showsFooters = showsFooters
        self.summaryColumns = summaryColumns
        self.collapsed = collapsed
    }

    /// The grouping these options give sections `titles` with `sectionOfRow`.
    func grouping(sectionOfRow: [Int32], titles: [String]) -> DataTableGrouping {
        var grouping = DataTableGrouping(key: .sections(sectionOfRow: sectionOfRow, titles: titles),
                                         showsHeaders: showsHeaders, showsFooters: showsFooters,
                                         summaryColumns: summaryColumns)
        grouping.headerStyle = headerStyle
        grouping.footerStyle = footerStyle
        return grouping
    }
}
