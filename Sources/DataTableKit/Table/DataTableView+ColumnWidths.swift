/// Column width policies (`ColumnWidth`): which one each column has, and the widths the one
/// solver (`ColumnWidthSolver`) lays the shown columns out at.
extension DataTableView {
    /// The policy a source column is laid out by: the one set on the view, else the
    /// configuration's `columnWidthProvider`'s, else the width mode's: `.fixed` for a fixed
    /// width (`DataTableColumnWidthMode.fixed`, or a fit strategy of a fixed width), else
    /// `.fit`, or a fill by its content width when `shouldContentWidthScaleToFillFrame`.
    public func widthPolicy(ofColumn column: Int) -> ColumnWidth {
        guard columns.indices.contains(column) else { return .fit }
        if let policy = columns[column].widthPolicy ?? configuration.columnWidthProvider?(column) { return policy }
        switch configuration.columnWidthModeProvider?(column) ?? configuration.columnWidthMode {
        case .fixed, .fitContentText(.fixed): return .fixed(columns[column].width)
        case .fitContentText:
            return configuration.shouldContentWidthScaleToFillFrame ? .fill(columns[column].width) : .fit
        }
    }

    /// Sets how a source column is laid out (nil: back to the configuration's policy); a width
    /// the user set with `<`/`>` is given up for it.
    public func setWidthPolicy(_ policy: ColumnWidth?, ofColumn column: Int) {
        guard columns.indices.contains(column) else { return }
        columns[column].widthPolicy = policy
        columns[column].isWidthSet = false
        layoutColumns()
    }

    /// Sets policies for several source columns at once (a model table's columns).
    func setWidthPolicies(_ policies: [ColumnWidth?]) {
        for (column, policy) in zip(columns.indices, policies) { columns[column].widthPolicy = policy }
        layoutColumns()
    }

    /// The laid-out widths of the shown columns (display order) from their content `widths`:
    /// a width the user set (`<`, `>`) is fixed, the rest by policy, in the body's width.
    func solvedColumnWidths(content widths: [Int]) -> [Int] {
        let policies = columnOrder.shown.enumerated().map { display, source in
            columns[source].isWidthSet ? .fixed(widths[display]) : widthPolicy(ofColumn: source)
        }
        return ColumnWidthSolver.widths(policies: policies, content: widths, available: bodyRect.width,
                                        gutter: viewport.gutter)
    }

    /// Whether a source column's laid-out width follows its content width (a fit or fill
    /// column without bounds): only such a column widens for the numbers on screen.
    func widthFollowsContent(ofColumn column: Int) -> Bool {
        let policy = widthPolicy(ofColumn: column)
        guard policy.maximum == nil else { return false }
        switch policy.base {
        case .fit: return true
        case .fill: return policy.minimum == nil
        case .fixed, .percentage: return false
        }
    }
}
