/// Lines drawn between a table's parts (ratatui's table borders): a rule under the header
/// (and over the totals row), separators between columns. Drawn with box-drawing characters
/// (`─ │ ┼`), or `- | +` when the configuration `prefersASCII`.
///
/// No lines is `[]` (the default): columns apart by a blank gutter. Separators are drawn in the gutter between columns, so they take no room from the cells and
/// a click on a separator lands on no cell; the header rule takes a line from the body.
public struct DataTableGridLines: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: Int

    /// Lines from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A rule under the header, and over the totals row when there is one.
    public static let headerRule = DataTableGridLines(rawValue: 1 << 0)
    /// A line between columns, in the header and the body.
    public static let columnSeparators = DataTableGridLines(rawValue: 1 << 1)
    /// The header rule and the column separators.
    public static let grid: DataTableGridLines = [.headerRule, .columnSeparators]

    /// The characters drawn: horizontal, vertical, and where they cross.
    static func characters(ascii: Bool) -> (horizontal: Character, vertical: Character, crossing: Character) {
        ascii ? ("-", "|", "+") : ("─", "│", "┼")
    }
}

/// What a column's cell in the totals row shows (`DataTableConfiguration.columnTotals`).
public enum DataTableTotal: Hashable, Sendable {
    /// The sum of the column's numbers (digits grouped, exact for integers).
    case sum
    /// Their mean.
    case mean
    /// How many rows are shown (after the filters).
    case count
    /// The smallest number.
    case minimum
    /// The largest number.
    case maximum
}
