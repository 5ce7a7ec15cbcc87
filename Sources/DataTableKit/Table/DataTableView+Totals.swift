import TerminalSurface

/// The totals row (`DataTableConfiguration.columnTotals`): the sum, mean, count, minimum or
/// maximum of columns over the rows shown, sticky at the bottom above the status line. It
/// follows the filters, hidden rows, loading and changes; a large table is totalled off the UI
/// thread (`BackgroundWork`), the row showing the last totals meanwhile.
extension DataTableView {
    /// The summary of a source column's numbers over the rows shown, as last computed (nil:
    /// the column has no total, or none was computed yet).
    public func columnTotal(ofColumn column: Int) -> DataTableColumnSummary? {
        columnLayout.totals.computedFor == nil ? nil : columnLayout.totals.result.summaries[column]
    }

    /// The text a source column's cell of the totals row shows (nil: no total there, or none
    /// computed yet).
    public func totalText(ofColumn column: Int) -> String? {
        guard let total = configuration.columnTotals[column], columnLayout.totals.computedFor != nil else { return nil }
        let totals = columnLayout.totals.result
        let summary = totals.summaries[column] ?? DataTableColumnSummary(column: column)
        return summary.text(of: total, rowCount: totals.rowCount)
    }

    /// Whether the totals are being computed off the UI thread.
    public var isComputingTotals: Bool { columnLayout.totals.running != nil }

    /// What the totals depend on now (nil: no totals row).
    private var totalsInputs: ColumnTotals.Inputs? {
        guard !configuration.columnTotals.isEmpty else { return nil }
        return ColumnTotals.Inputs(rowCount: dataSource.rowCount, filteredRows: rowOrder.filteredRows,
                                   hiddenRows: rowOrder.hiddenRows, dataGeneration: columnLayout.totals.dataGeneration,
                                   totals: configuration.columnTotals)
    }

    /// Computes the totals again when what they depend on changed: at once for a small table,
    /// else off the UI thread (one computation at a time; a newer one starts when it ends).
    /// Called by every frame. - Complexity: O(1) unless the inputs changed.
    func updateTotals() {
        guard let inputs = totalsInputs, inputs != columnLayout.totals.computedFor,
              columnLayout.totals.running == nil else { return }
        let fields = (inputs.filteredRows?.count ?? inputs.rowCount) * inputs.totals.count
        let totalled = inputs.totals.filter { $0.value != .count }.keys.sorted()
            .filter { $0 < dataSource.columnCount }
            .map { (column: $0, format: columns.indices.contains($0) ? columns[$0].format : ValueFormat.standard) }
        if fields <= ColumnTotals.inlineFieldLimit {
            if let result = ColumnTotals.compute(source: dataSource, rowCount: inputs.rowCount, rows: inputs.filteredRows,
                                                 hidden: inputs.hiddenRows, columns: totalled, isCancelled: { false }) {
                columnLayout.totals.result = result
                columnLayout.totals.computedFor = inputs
            }
            return
        }
        let source = UncheckedSendableBox(value: dataSource)
        let rows = inputs.filteredRows, hidden = inputs.hiddenRows, count = inputs.rowCount
        let value = BackgroundValue<ColumnTotals.Result?>(.userInitiated) { work in
            ColumnTotals.compute(source: source.value, rowCount: count, rows: rows, hidden: hidden, columns: totalled,
                                 isCancelled: { work.isCancelled })
        }
        columnLayout.totals.running = (inputs, value)
    }

    /// Takes the totals computed off the UI thread, if they are there; true when the screen
    /// should be redrawn. Called by `refreshFromDataSource()`.
    func takeTotals() -> Bool {
        guard let running = columnLayout.totals.running, let result = running.value.take() else { return false }
        columnLayout.totals.running = nil
        if let result {
            columnLayout.totals.result = result
            columnLayout.totals.computedFor = running.inputs
        }
        return true
    }

    /// The width each visible column's total needs beyond its laid-out width (by source
    /// column), so a column of numbers widens for its total as it does for its numbers on screen.
    /// - Complexity: O(visible columns).
    func totalsOverflow(columns visibleColumns: [Viewport.VisibleColumn]) -> [Int: Int] {
        guard !configuration.columnTotals.isEmpty else { return [:] }
        var needed: [Int: Int] = [:]
        for visible in visibleColumns {
            let column = sourceColumn(forDisplayColumn: visible.column)
            guard let text = totalText(ofColumn: column) else { continue }
            let width = TerminalText.prefix(text[...], fittingWidth: configuration.maxColumnWidth).width
            if width > visible.width { needed[column] = width }
        }
        return needed
    }

    /// Draws the totals row into `region` (its last line; the rule over it on the first when
    /// the grid lines have a header rule): "Total" in the first shown column without a total,
    /// each total under its column.
    /// - Complexity: O(visible columns).
    func renderTotals(in region: SurfaceRegion, columns visibleColumns: [Viewport.VisibleColumn]) {
        guard region.height > 0 else { return }
        let style = configuration.theme.header
        let y = region.height - 1
        if region.height > 1 {
            renderRule(in: region.region(Rect(x: 0, y: 0, width: region.width, height: 1)), columns: visibleColumns)
        }
        let row = region.region(Rect(x: 0, y: y, width: region.width, height: 1))
        row.fill(style)
        var labelled = false
        for visible in visibleColumns {
            let column = sourceColumn(forDisplayColumn: visible.column)
            let text: String
            var alignment = TextAlignment.right
            if let total = totalText(ofColumn: column) {
                text = total
            } else if !labelled && configuration.columnTotals[column] == nil {
                labelled = true
                text = "Total"
                alignment = .left
            } else {
                continue
            }
            var label = Label(text: text, alignment: alignment, style: style)
            label.truncation = .tail
            // A total is a number: written shorter with its value unchanged, else `#`s, never cut.
            if alignment == .right { label.exactNumberFormat = .standard }
            label.draw(in: row.region(Rect(x: visible.x, y: 0, width: visible.width, height: 1)))
        }
        renderSeparators(separatorPositions(visibleColumns), in: row, style: style)
    }
}
