import TerminalSurface

/// Writes a table as aligned plain text: the interactive view's layout and cells, without the
/// status line and cursor. Used by a program's print mode.
public struct TablePrinter: Sendable {
    /// The width of the lines written, in columns.
    public var width: Int
    /// Colours for SGR escapes: 0 writes attributes only, `nil` writes no escapes at all.
    public var colorCount: Int?
    /// Rows rendered per batch (bounds memory whatever the row count).
    public var batchRows = 256
    /// How wide the printed columns are: by default as wide as their widest printed value
    /// (every row measured, see `TablePrinter+ColumnWidths`), at most the cap. The view's own
    /// widths are put back after printing.
    public var columnWidths = ColumnWidths.widestValue

    /// A printer of `width` columns; `colorCount` nil writes no escapes.
    public init(width: Int, colorCount: Int? = nil) {
        self.width = max(1, width)
        self.colorCount = colorCount
    }

    /// Whether tables of plain text cells take the fast path (`TablePrinter+TextRows`); tests
    /// compare both paths.
    var usesTextRowFastPath = true
    /// Threads laying out the fast path's rows (`TablePrinter+ParallelTextRows`); 1 lays them
    /// out on the calling thread.
    var textRowThreads = TablePrinter.defaultTextRowThreads
    /// Rows per batch of the parallel fast path (a table of no more rows takes one thread).
    var textBatchRows = 2048
    /// Called by a worker with each batch number once the batch is laid out, before the writer
    /// may take it (tests delay a batch to check the order).
    var textBatchHook: (@Sendable (Int) -> Void)?

    /// Renders `view`'s header and every row, handing each finished line to `write`. Rows of
    /// automatic height are measured batch by batch (not cached: a print reads each row once).
    /// - Complexity: O(rows × columns); memory O(batchRows × width × row height).
    public func print(_ view: DataTableView, write: (String) -> Void) {
        render(view, text: write, bytes: { write(String(decoding: $0, as: UTF8.self)) }, batch: { batch in
            // Whole lines, each ending with a line feed (never inside a line: it is sanitized).
            var start = 0
            for i in 0..<batch.count where batch[i] == 0x0A {
                write(String(decoding: UnsafeRawBufferPointer(rebasing: batch[start..<i]), as: UTF8.self))
                start = i + 1
            }
        })
    }

    /// Renders as `print(_:write:)` does, handing the lines to `output` as bytes: whole lines,
    /// each ending with a line feed, in chunks of about 1 MiB (for `write(2)`).
    /// - Complexity: as `print(_:write:)`; memory O(1 MiB) for the chunk.
    public func print(_ view: DataTableView, writeBytes output: (UnsafeRawBufferPointer) -> Void) {
        let chunk = LineChunk(limit: 1 << 20)
        render(view, text: { line in
            chunk.bytes.append(contentsOf: line.utf8)
            chunk.endLine(output)
        }, bytes: { line in
            chunk.bytes.append(contentsOf: line)
            chunk.endLine(output)
        }, batch: { batch in
            chunk.flush(output)
            output(batch)
        })
        chunk.flush(output)
    }

    /// The rendering of both `print` forms: lines made by the cell pipeline come as Strings,
    /// lines of the text fast path as bytes, one at a time or (on several threads) in batches of
    /// whole lines each ending with a line feed.
    private func render(_ view: DataTableView, text write: (String) -> Void, bytes: (UnsafeBufferPointer<UInt8>) -> Void,
                        batch: (UnsafeRawBufferPointer) -> Void) {
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
        let shownWidths = fitColumnsToPrintedRows(view)
        defer { if let shownWidths { restoreColumnWidths(shownWidths, of: view) } }
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
        if usesTextRowFastPath && Self.canPrintTextRows(view, colorCount: colorCount) {
            // On several threads when only the raw records are read (and long fields, under a
            // lock), and there is more than one batch.
            if textRowThreads > 1, let layout = TextRowLayout(view: view, columns: columns, width: width),
               layout.readsRawRecords, layout.rowCount > textBatchRows {
                printTextRowsInParallel(layout, output: batch)
            } else {
                printTextRows(view, columns: columns, line: bytes)
            }
            view.recycleAllCells()
            return
        }
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

/// Lines gathered into one buffer handed out when it reaches `limit` bytes.
private final class LineChunk {
    var bytes: [UInt8] = []
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        bytes.reserveCapacity(limit + (64 << 10))
    }

    /// Ends the line just appended; hands out the buffer when it is full.
    @inline(__always)
    func endLine(_ output: (UnsafeRawBufferPointer) -> Void) {
        bytes.append(0x0A)
        if bytes.count >= limit { flush(output) }
    }

    func flush(_ output: (UnsafeRawBufferPointer) -> Void) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes(output)
        bytes.removeAll(keepingCapacity: true)
    }
}
