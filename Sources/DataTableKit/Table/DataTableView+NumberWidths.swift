import TerminalSurface

/// A number is never drawn cut: `100.…` reads as a hundred and something, and the sample the
/// widths come from may have missed the widest values (sorted descending, the first screen shows
/// exactly those). See docs/decisions/0092-numbers-are-never-drawn-cut.md.
///
/// - A column of numbers (kind integer or decimal) on screen widens to its widest number in
///   view, up to `maxColumnWidth`: each cell is checked as it is configured (it came into view,
///   or its value changed), and a frame that found one too wide is drawn again at the new
///   widths. Widths only grow: a column never narrows while viewing, so nothing jitters as
///   rows scroll by. A column whose width the user set (`<`, `>`), or with a fixed width mode,
///   does not widen.
/// - A number that still does not fit (the column at its cap or set by the user, or cut by the
///   screen's edge) is written shorter with its value unchanged, else as `#`s
///   (`ExactNumber`); text (a stray word in a column of numbers too) may be cut with `…`.
extension DataTableView {
    /// Whether `column` holds numbers (what the number rules above apply to).
    func isNumberColumn(_ column: Int) -> Bool {
        guard columns.indices.contains(column) else { return false }
        let kind = columns[column].kind
        return kind == .integer || kind == .decimal
    }

    /// The format `label`'s text is a number in (a single line of plain text in a column of
    /// numbers that reads as a number there), nil otherwise.
    func numberFormat(of label: Label, column: Int) -> ValueFormat? {
        guard isNumberColumn(column), label.numberOfLines == 1, label.attributedText == nil else { return nil }
        let format = columns[column].format
        return ValueParsing.decimal(label.text, format: format) != nil ? format : nil
    }

    /// The room a configured cell's number needs beyond its column's laid-out width (from
    /// `renderBody`, as each cell on screen is configured: when it comes into view or its
    /// value changed), nil when it fits or is no number.
    func numberOverflow(of cell: DataTableCell, column: Int, laidOutWidth: Int) -> Int? {
        guard let label = (cell as? TextCell)?.label, label.exactNumberFormat != nil,
              label.text.utf8.count > laidOutWidth else { return nil }  // never wider than its bytes
        let width = TerminalText.prefix(label.text[...], fittingWidth: configuration.maxColumnWidth).width
        return width > laidOutWidth ? width : nil
    }

    /// Widens the columns of `needed` (source column: the width its widest number on screen
    /// needs) that widen, up to the cap; returns whether one did (the frame is drawn again).
    func widenColumns(forNumbers needed: [Int: Int]) -> Bool {
        var changed = false
        for (column, width) in needed where widens(column) {
            guard let display = columnOrder.display(forSource: column), display < viewport.columnWidths.count else { continue }
            let laidOut = viewport.columnWidths[display]
            let target = min(width, configuration.maxColumnWidth)
            guard target > laidOut else { continue }
            columns[column].width = max(columns[column].width + target - laidOut, target)
            changed = true
        }
        if changed { layoutColumns() }
        return changed
    }

    /// Whether `column` widens for the numbers on screen: a column of numbers fitted to its
    /// content whose width the user has not set.
    private func widens(_ column: Int) -> Bool {
        guard isNumberColumn(column), !columns[column].isWidthSet else { return false }
        guard widthFollowsContent(ofColumn: column) else { return false }
        let mode = configuration.columnWidthModeProvider?(column) ?? configuration.columnWidthMode
        guard case .fitContentText(let strategy) = mode else { return false }
        if case .fixed = strategy { return false }
        return true
    }
}
