import TerminalSurface

/// Writes a table as aligned plain text: the interactive view's layout and cells, without the
/// status line and cursor. Used by `dtable --print` and when stdout is not a terminal.
public struct TablePrinter: Sendable {
    /// The width of the lines written, in columns.
    public var width: Int
    /// Colours for SGR escapes: 0 writes attributes only, `nil` writes no escapes at all.
    public var colorCount: Int?
    /// Rows rendered per batch (bounds memory whatever the row count).
    public var batchRows = 256

    /// A printer of `width` columns; `colorCount` nil writes no escapes.
    public init(width: Int, colorCount: Int? = nil) {
        self.width = max(1, width)
        self.colorCount = colorCount
    }

    /// Renders `view`'s header and every row, handing each finished line to `write`. Rows of
    /// automatic height are measured batch by batch (not cached: a print reads each row once).
    /// - Complexity: O(rows × columns); memory O(batchRows × width × row height).
    public func print(_ view: DataTableView, write: (String) -> Void) {
        guard view.dataSource.columnCount > 0 else { return }
        // The kinds checked over the large sample decide alignment (and a sort already shown).
        view.settleColumnKinds()
        view.waitForJob()
        view.fitColumnsIfNeeded()
        // Laid out at the print width (columns may scale to fill it), from the first column;
        // the view gets its own size back afterwards.
        let viewSize = view.size
        view.setSize(Size(width: width, height: max(3, viewSize.height)))
        defer { view.setSize(viewSize) }
        var layout = Viewport(bodySize: Size(width: width, height: 1), rowCount: view.viewport.rowCount,
                              columnWidths: view.layoutColumnWidths, gutter: view.viewport.gutter)
        layout.setFrozenColumns(leading: view.viewport.frozenColumns.leading, trailing: view.viewport.frozenColumns.trailing)
        // The shown columns in display order (hidden ones are not printed); heights are
        // measured by source column.
        let columns = layout.visibleColumns
        let measuredColumns = columns.map { (column: view.sourceColumn(forDisplayColumn: $0.column), width: $0.width) }
        let surface = Surface(size: Size(width: width, height: 1))
        view.renderHeader(in: surface.region, columns: columns)
        emit(surface, 0..<1, write)
        let rowCount = view.viewport.rowCount
        var top = 0
        while top < rowCount {
            let count = min(batchRows, rowCount - top)
            var layout: [Viewport.VisibleRow] = []
            var y = 0
            for row in top..<top + count {
                let height: Int
                if view.prefetchWindow != nil {
                    height = view.printedHeight(ofDisplayRow: row, columns: measuredColumns)
                } else {
                    height = view.rowHeights.estimatedHeight
                }
                layout.append(Viewport.VisibleRow(row: row, y: y, height: height))
                y += height
            }
            if surface.size.height != y { surface.resize(to: Size(width: width, height: y)) }
            view.renderBody(in: surface.region, rows: layout, columns: columns, cursor: nil)
            emit(surface, 0..<y, write)
            top += count
        }
        view.recycleAllCells()
    }

    private func emit(_ surface: Surface, _ rows: Range<Int>, _ write: (String) -> Void) {
        if let colorCount {
            for line in surface.ansiLines(rows, colorCount: colorCount) { write(line) }
        } else {
            for y in rows { write(surface.line(y)) }
        }
    }
}
