import TerminalSurface

/// What a section cell provider knows about the header or footer cell it configures.
///
/// Valid while `configure` runs. `rows` and the counts are the section's shown records (after
/// the filter), in display order; `summary(ofColumn:)` answers the sums the grouping job
/// computed (no work per frame).
public struct DataTableSectionContext {
    /// Header or footer.
    public var kind: DataTableSectionRowKind
    /// The section's index among the sections shown.
    public var section: Int
    /// The section's identity: its group's text (or the program's section title).
    public var identifier: String
    /// The section's title: the group value (the grouping column's value of its first row),
    /// or the program's section title.
    public var title: DataTableValueType
    /// The grouping column's title (nil for sections given by the program).
    public var groupColumnTitle: String?
    /// Records shown in the section (after the filter).
    public var itemCount: Int
    /// Records of the section's group before the filter (hidden rows excepted).
    public var totalCount: Int
    /// Whether the section's records are collapsed away.
    public var isCollapsed: Bool
    /// The column a footer cell sits under (nil for a header, which spans the table).
    public var column: Int?
    /// That column's alignment (`.left` for a header).
    public var columnAlignment: TextAlignment
    /// The footer column where the default footer says `Σ` and the count: the grouping column
    /// when it is on screen (it has no sum), else the first column on screen without one.
    public var labelColumn: Int?
    /// The section's records (source rows) in display order.
    public var rows: LazyMapSequence<ArraySlice<UInt32>, Int>
    /// Sums per summarized column.
    let summaries: ArraySlice<DataTableColumnSummary>
    /// The table's data, for values of the section's rows.
    public let dataSource: DataTableDataSource
    /// Whether to draw ASCII instead of `▾`/`▸`, `Σ`.
    public var prefersASCII: Bool

    /// The sum and mean of a summarized column over the section's shown rows (nil: the column
    /// is not summarized; see `DataTableGrouping.summaryColumns`).
    public func summary(ofColumn column: Int) -> DataTableColumnSummary? {
        summaries.first { $0.column == column }
    }

    /// "▾" (expanded) or "▸" (collapsed); "v" / ">" in ASCII.
    public var disclosureMarker: String {
        isCollapsed ? (prefersASCII ? ">" : "▸") : (prefersASCII ? "v" : "▾")
    }

    /// "1,234 rows", or "12 of 1,234 rows" while a filter hides some.
    public var countText: String {
        let noun = totalCount == 1 ? "row" : "rows"
        return itemCount == totalCount ? "\(grouped(itemCount)) \(noun)" : "\(grouped(itemCount)) of \(grouped(totalCount)) \(noun)"
    }
}

/// Decides which cells show section headers and footers and configures them, like
/// `DataTableCellProvider` for records: identifiers are registered in the table's registry and
/// cells are dequeued from its reuse pool, measured with sizing cells, drawn into a clipped
/// region.
///
/// A header is one cell across the table's width; a footer is one cell per visible column,
/// under its column (so sums line up with their numbers).
public protocol DataTableSectionCellProvider: AnyObject {
    /// Registers every identifier `reuseIdentifier(for:column:)` may return.
    func register(in registry: CellRegistry)
    /// The identifier of the cell for a section's header (`column` nil) or a footer's column.
    func reuseIdentifier(for kind: DataTableSectionRowKind, column: Int?) -> String
    /// Configures a dequeued (or sizing) cell for `context`.
    func configure(_ cell: DataTableCell, context: DataTableSectionContext)
}

/// The default section cells: a header "▾ status: active  (1,234 rows)" (a `TextCell`) and a
/// footer of `SectionSummaryCell`s: the sum under each summarized column, and `Σ` (`sum` in
/// ASCII) with the count under the grouping column (which has no sum):
/// `12,345  Σ 1,234 rows  6,789.50`.
/// Sums, not means: a sum of integers is exact, and a mean is one division away in the
/// program's own provider (`summary(ofColumn:)?.mean`).
public final class DefaultSectionCellProvider: DataTableSectionCellProvider {
    /// The identifier of the header cell.
    public static let headerIdentifier = "DataTableKit.sectionHeader"
    /// The identifier of the footer cells.
    public static let footerIdentifier = "DataTableKit.sectionFooter"

    /// The default provider.
    public init() {}

    /// Registers `TextCell` under both identifiers.
    public func register(in registry: CellRegistry) {
        registry.register(TextCell.self, forCellReuseIdentifier: Self.headerIdentifier)
        registry.register(SectionSummaryCell.self, forCellReuseIdentifier: Self.footerIdentifier)
    }

    /// The header's or the footers' identifier.
    public func reuseIdentifier(for kind: DataTableSectionRowKind, column: Int?) -> String {
        kind == .header ? Self.headerIdentifier : Self.footerIdentifier
    }

    /// Header: marker, title and count. Footer: the sum under each summarized column, the
    /// count under the first visible column that has none.
    public func configure(_ cell: DataTableCell, context: DataTableSectionContext) {
        switch context.kind {
        case .header:
            guard let cell = cell as? TextCell else { return }
            cell.label.truncation = .tail
            var title = context.title.stringRepresentation
            if title.isEmpty { title = "(empty)" }
            if let column = context.groupColumnTitle, !column.isEmpty { title = "\(column): \(title)" }
            cell.label.text = "\(context.disclosureMarker) \(title)  (\(context.countText))"
        case .footer:
            guard let cell = cell as? SectionSummaryCell, let column = context.column else { return }
            if column == context.labelColumn {
                cell.marker = context.prefersASCII ? "sum" : "Σ"
                cell.text = context.countText
            }
            if let summary = context.summary(ofColumn: column), summary.count > 0 {
                cell.summary = summary
                cell.alignment = context.columnAlignment == .right ? .right : .left
            }
        }
    }
}
