import TerminalSurface

/// A number is never drawn cut: `100.…` reads as a hundred and something, and the sample the
/// widths come from may have missed the widest values (sorted descending, the first screen shows
/// exactly those). See docs/decisions/0092-numbers-are-never-drawn-cut.md.
///
/// - Before each frame, a column of numbers (kind integer or decimal) on screen widens to its
///   widest number in view, up to `maxColumnWidth`. Widths only grow: a column never narrows
///   while viewing, so nothing jitters as rows scroll by. A column whose width the user set
///   (`<`, `>`), or with a fixed width mode, does not widen.
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

    /// Widens the columns of numbers on screen to the widest number in view (up to the cap);
    /// laid out again when one widened.
    /// - Complexity: O(visible rows × visible columns of numbers) value reads.
    func widenColumnsForNumbersOnScreen() {
        guard viewport.rowCount > 0 else { return }
        var widened = Set<Int>()
        // A wider column may push another out of view (and bring none in): at most once per column.
        while true {
            let rows = viewport.visibleRows
            var changed = false
            for visible in viewport.visibleColumns {
                let column = sourceColumn(forDisplayColumn: visible.column)
                guard !widened.contains(column), widens(column) else { continue }
                let laidOut = viewport.columnWidths[visible.column]
                let cap = configuration.maxColumnWidth
                guard laidOut < cap else { continue }
                var widest = laidOut
                for row in rows where sectionRow(atDisplayRow: row) == nil {
                    let text = dataSource.value(row: sourceRow(forDisplayRow: row), column: column).stringRepresentation
                    guard text.utf8.count > widest else { continue }  // never wider than its bytes
                    let width = TerminalText.prefix(text[...], fittingWidth: cap).width
                    guard width > widest, ValueParsing.decimal(text, format: columns[column].format) != nil else { continue }
                    widest = width
                }
                guard widest > laidOut else { continue }
                columns[column].width += widest - laidOut
                widened.insert(column)
                changed = true
            }
            guard changed else { return }
            layoutColumns()
        }
    }

    /// Whether `column` widens for the numbers on screen: a column of numbers fitted to its
    /// content whose width the user has not set.
    private func widens(_ column: Int) -> Bool {
        guard isNumberColumn(column), !columns[column].isWidthSet else { return false }
        let mode = configuration.columnWidthModeProvider?(column) ?? configuration.columnWidthMode
        guard case .fitContentText(let strategy) = mode else { return false }
        if case .fixed = strategy { return false }
        return true
    }
}
