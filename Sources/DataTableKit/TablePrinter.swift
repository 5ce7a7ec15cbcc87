import TerminalSurface

/// Writes a table as aligned plain text: the interactive view's layout and cells, without the
/// status line and cursor. Used by `dtable --print` and when stdout is not a terminal.
public struct TablePrinter {
    public var width: Int
    /// Colours for SGR escapes: 0 writes attributes only, `nil` writes no escapes at all.
    public var colorCount: Int?
    /// Rows rendered per batch (bounds memory whatever the row count).
    public var batchRows = 256

    public init(width: Int, colorCount: Int? = nil) {
        self.width = max(1, width)
        self.colorCount = colorCount
    }

    /// Renders `view`'s header and every row, handing each finished line to `write`.
    /// - Complexity: O(rows × visible columns); memory O(batchRows × width).
    public func print(_ view: DataTableView, write: (String) -> Void) {
        guard view.dataSource.columnCount > 0 else { return }
        let surface = Surface(size: Size(width: width, height: 1))
        var viewport = Viewport(bodySize: Size(width: width, height: 1), rowCount: view.dataSource.rowCount,
                                columnWidths: view.columns.map(\.width), gutter: view.viewport.gutter)
        view.renderHeader(in: surface.region, viewport: viewport)
        emit(surface, 0..<1, write)
        let rowCount = view.dataSource.rowCount
        var top = 0
        while top < rowCount {
            let count = min(batchRows, rowCount - top)
            if surface.size.height != count { surface.resize(to: Size(width: width, height: count)) }
            viewport = Viewport(bodySize: Size(width: width, height: count), rowCount: rowCount,
                                columnWidths: view.columns.map(\.width), gutter: view.viewport.gutter)
            viewport.scroll(rows: top)
            view.renderBody(in: surface.region, viewport: viewport, showsCursor: false)
            emit(surface, 0..<count, write)
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
