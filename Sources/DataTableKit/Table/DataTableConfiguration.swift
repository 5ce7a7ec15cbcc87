import TerminalSurface

/// How a table looks and behaves; set before the table is shown.
///
/// The names follow SwiftDataTables' `DataTableConfiguration` where the idea carries over to
/// character cells (points become columns and lines).
public struct DataTableConfiguration {
    // MARK: Column widths

    /// How columns get their width (per column: `columnWidthModeProvider` first).
    public var columnWidthMode: DataTableColumnWidthMode = .fitContentText(strategy: .sampledMax(sampleSize: 1000))
    /// A width mode for one column (by index), or nil for `columnWidthMode`.
    public var columnWidthModeProvider: ((Int) -> DataTableColumnWidthMode?)?
    /// Columns are never narrower than this.
    public var minColumnWidth = 1
    /// Columns sized from content are capped at this width (longer values are truncated with
    /// `…`), except that a column is always wide enough for its title and sort indicator.
    public var maxColumnWidth = 40
    /// Whether columns widen, in proportion to their widths, to fill a screen wider than the table:
    /// every column without a width policy that is fitted to its content fills, by its content
    /// width (`.fill(weight: width)`); fixed-width columns stay as they are.
    public var shouldContentWidthScaleToFillFrame = false
    /// A width policy for one column (by source column): fixed, fitted to content, a weighted
    /// share of the room left, a percentage of the table's width, each within bounds (see
    /// `ColumnWidth`); nil for the width mode's (`fit`, or `fixed` for a fixed mode).
    public var columnWidthProvider: ((Int) -> ColumnWidth?)?
    /// Columns frozen at the left and right edges (never scrolled sideways).
    public var fixedColumns: DataTableFixedColumns?

    // MARK: Cells and rows

    /// Single-line text truncated at the head, middle or tail, or text wrapped onto more lines
    /// (rows grow with `.automatic` row heights; `.fixed` heights show the first lines).
    public var textLayout: DataTableTextLayout = .singleLine(truncation: .tail)
    /// Whether every row has the same height or rows are measured with sizing cells.
    public var rowHeightMode: DataTableRowHeightMode = .fixed(lines: 1)
    /// Which cells show the values: the default text cell, or a custom provider's cells.
    public var cellSizingMode: DataTableCellSizingMode = .defaultCell
    /// Styles each visible default cell (a `TextCell`) after the alternating row colours are
    /// applied: `(cell, value, indexPath, isHighlighted)`, `isHighlighted` being true in the
    /// sorted column. Anything set here is reset before the cell shows another value.
    public var defaultCellConfiguration: ((TextCell, DataTableValueType, DataTableIndexPath, Bool) -> Void)?
    /// Row backgrounds in the sorted column, cycling down the rows in display order.
    public var highlightedAlternatingRowColors: [Color] = [.palette(236), .palette(237)]
    /// Row backgrounds elsewhere, cycling down the rows in display order. Empty: no stripes.
    public var unhighlightedAlternatingRowColors: [Color] = [.default, .palette(235)]
    /// Whether the alternating colours are drawn (the `z` key toggles it).
    public var showsAlternatingRowColors = true

    // MARK: Sorting

    /// The sort applied when the table opens (nil: the data's order).
    public var defaultOrdering: DataTableColumnOrder?
    /// Whether a column can be sorted (nil: every data column can).
    public var isColumnSortable: ((Int) -> Bool)?
    /// Whether the header shows ▲/▼ before the title of sorted columns.
    public var shouldShowHeaderSortingIndicator = true
    /// The texts that mean "no value" (see `NullTokens`): they sort last and show dimmed.
    public var nullTokens: NullTokens = .standard
    /// Kinds set for columns by index (the user's), winning over inference.
    public var columnKinds: [Int: ColumnKindSetting] = [:]

    // MARK: Chrome

    /// Lines between the table's parts: a header rule, column separators, both (`.grid`), or
    /// none (`[]`, the default).
    public var gridLines: DataTableGridLines = []
    /// A totals row at the bottom, above the status line, for the rows shown (it follows the
    /// filters): what each source column's cell shows (sum, mean, count, minimum, maximum).
    /// Empty: no totals row. Computed off the UI thread for a large table.
    public var columnTotals: [Int: DataTableTotal] = [:]

    /// Whether the footer (the status line) is shown below the rows.
    public var shouldShowFooter = true
    /// Whether search and filter (`/`, `&`, `n`, `N`) are available.
    public var shouldShowSearchSection = true
    /// Rows sampled to size columns (for strategies without their own sample size).
    public var columnWidthSampleSize = 1000
    /// The name the status line shows (a file name, "stdin", "demo").
    public var title = ""
    /// The colours of the header, rows, cursor, marks and status line.
    public var theme = TableTheme.colored
    /// The program's words on how its users turn on what the table finds missing.
    public var hints = DataTableHints()
    /// Which keys run which commands.
    public var keyBindings = KeyBindings.standard
    /// Cells draw with ASCII only (the terminal's locale is not UTF-8).
    public var prefersASCII = false

    /// The defaults: text cells, columns fitted to content, one line per row, stripes.
    public init() {}

    /// Chooses the theme for a terminal with `colorCount` colours: `.colored`, or, without
    /// colours, `.monochrome`; alternating row colours need 16 colours (fewer: no stripes).
    public mutating func adoptColors(_ colorCount: Int) {
        theme = colorCount > 0 ? .colored : .monochrome
        if colorCount < 16 {
            highlightedAlternatingRowColors = []
            unhighlightedAlternatingRowColors = []
        } else if colorCount < 256 {
            // Bright black: the one grey a 16-colour terminal has.
            highlightedAlternatingRowColors = [.palette(8)]
            unhighlightedAlternatingRowColors = [.default, .palette(8)]
        }
    }
}

/// How wide a column is.
public enum DataTableColumnWidthMode: Hashable, Sendable {
    /// Exactly `width` columns (at least `minColumnWidth`; the title may be truncated).
    case fixed(width: Int)
    /// Measured from the column's text (title included), between `minColumnWidth` and
    /// `maxColumnWidth`.
    case fitContentText(strategy: DataTableAutoWidthStrategy)
}

/// How a content-fitted column's width is measured from its values.
public enum DataTableAutoWidthStrategy: Hashable, Sendable {
    /// The widest value of the configuration's `columnWidthSampleSize` sampled rows.
    case maxMeasured
    /// The widest value of `sampleSize` rows (the first half from the top, the rest spread evenly).
    case sampledMax(sampleSize: Int)
    /// The width that `percentile` (0...1) of `sampleSize` sampled values fit in: a few long
    /// outliers are truncated instead of widening the column for everyone.
    case percentileMeasured(percentile: Double, sampleSize: Int)
    /// `width` columns, whatever the values (the title still fits).
    case fixed(width: Int)
}

/// Columns frozen at the edges: shown whatever the horizontal scroll.
public struct DataTableFixedColumns: Hashable, Sendable {
    /// Columns frozen at the left.
    public var leftColumns: Int
    /// Columns frozen at the right.
    public var rightColumns: Int

    /// `leftColumns` and `rightColumns` frozen.
    public init(leftColumns: Int = 0, rightColumns: Int = 0) {
        self.leftColumns = leftColumns
        self.rightColumns = rightColumns
    }
}

/// How the default cell lays out its text.
public enum DataTableTextLayout: Hashable, Sendable {
    /// One line, cut with `…` at the head, middle or tail.
    case singleLine(truncation: TruncationMode)
    /// Broken at spaces onto as many lines as the row height allows.
    case wrap
}

/// How tall rows are.
public enum DataTableRowHeightMode: Hashable, Sendable {
    /// Every row is `lines` tall; nothing is measured.
    case fixed(lines: Int)
    /// Rows are `estimated` lines until measured. The rows on screen plus `prefetchWindow`
    /// rows above and below are measured with the sizing cell of their identifier (the tallest
    /// cell of the row decides), and cached by row identity.
    case automatic(estimated: Int, prefetchWindow: Int)
}

/// Which cells show the values.
public enum DataTableCellSizingMode {
    /// A `TextCell` per value, styled by `defaultCellConfiguration`.
    case defaultCell
    /// Cells of the provider's classes.
    case custom(provider: DataTableCustomCellProvider)
}

/// Ascending or descending.
public enum DataTableSortOrder: Hashable, Sendable {
    case ascending, descending
}

/// A column and a direction: the table's initial sort.
public struct DataTableColumnOrder: Hashable, Sendable {
    /// The column.
    public var index: Int
    /// Ascending or descending.
    public var order: DataTableSortOrder

    /// Column `index` sorted in `order`.
    public init(index: Int, order: DataTableSortOrder) {
        self.index = index
        self.order = order
    }
}
