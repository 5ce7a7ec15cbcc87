import Synchronization
import TerminalSurface

/// Printed columns are as wide as the widest value they print: before the first line, one
/// measuring pass reads every printed row (not the sample the screen's widths come from), so
/// a value is cut only when the widths' rule forces it (the cap, or the line width), never
/// because the sample missed it. See docs/decisions/0091-print-measures-every-printed-row.md.
///
/// The pass measures the content-fitted columns of plain text cells (widest-value strategies;
/// a percentile or fixed width, and cells of other kinds, keep their widths): from the raw
/// field bytes of a source that has them, on several threads as the print itself
/// (`TablePrinter+ParallelTextRows`), else through `value(row:column:)`. A field no longer
/// in bytes than the column's widest so far is skipped unread (a field's display width is
/// never more than its byte count).
extension TablePrinter {
    /// How wide the printed columns are.
    public enum ColumnWidths: Sendable, Equatable {
        /// As the view has them (the screen's widths, from a sample of rows).
        case asShown
        /// As wide as their widest printed value, at most the configuration's
        /// `maxColumnWidth` (and at least their title's width).
        case widestValue
        /// As `widestValue`, but when every column at the width of its widest value (at most
        /// the line's width) fits the line, those widths: nothing is cut that the line has
        /// room for.
        case widestValueUncappedWhenItFits
    }

    /// Sets `view`'s measured columns from every row it shows, as `columnWidths` says; returns
    /// the widths to put back after printing (by source column), nil when nothing changed.
    /// - Complexity: O(bytes of the printed fields of the measured columns) over
    ///   `textRowThreads` threads.
    func fitColumnsToPrintedRows(_ view: DataTableView) -> [Int]? {
        guard columnWidths != .asShown else { return nil }
        let measured = Self.measuredColumns(of: view)
        guard !measured.isEmpty else { return nil }
        let saved = view.columns.map(\.width)
        let configuration = view.configuration
        // Widest values up to the line's width (a wider one is cut by the line anyway).
        let widest = PrintedWidthMeasure(view: view, columns: measured, limit: width)
            .widths(threads: textRowThreads, batchRows: textBatchRows)
        func setWidths(cap: Int) {
            for (i, column) in measured.enumerated() {
                let title = view.columns[column].title.displayWidth + 1  // the sort indicator, as ColumnSizer
                view.columns[column].width = max(1, title, min(max(widest[i], configuration.minColumnWidth), cap))
            }
            view.layoutColumns()
        }
        if columnWidths == .widestValueUncappedWhenItFits, configuration.maxColumnWidth < width {
            setWidths(cap: width)
            let widths = view.viewport.columnWidths
            let used = widths.reduce(0, +) + view.viewport.gutter * max(0, widths.count - 1)
            if used <= width { return saved }
        }
        setWidths(cap: configuration.maxColumnWidth)
        return saved
    }

    /// Puts back the widths `fitColumnsToPrintedRows` returned.
    func restoreColumnWidths(_ saved: [Int], of view: DataTableView) {
        guard saved.count == view.columns.count else { return }
        for i in saved.indices { view.columns[i].width = saved[i] }
        view.layoutColumns()
    }

    /// The shown source columns the pass measures: content-fitted by their widest value, shown
    /// by the plain text cell.
    static func measuredColumns(of view: DataTableView) -> [Int] {
        let configuration = view.configuration
        return view.visibleColumns.filter { column in
            let mode = configuration.columnWidthModeProvider?(column) ?? configuration.columnWidthMode
            guard case .fitContentText(let strategy) = mode else { return false }
            switch strategy {
            case .maxMeasured, .sampledMax: break
            case .percentileMeasured, .fixed: return false
            }
            // Index paths name source columns (as the sizing cells are asked).
            return view.cellProvider.reuseIdentifier(for: DataTableIndexPath(row: 0, column: column)) == TextCell.reuseIdentifier
        }
    }
}

/// The widest printed value of some columns over a view's rows in display order, read from
/// the raw records when the source has them (then on several threads: the reads are of the
/// mapped bytes and the index only; values read through the data source take a lock), else
/// through `value(row:column:)` on the calling thread.
struct PrintedWidthMeasure: @unchecked Sendable {
    /// Source columns measured.
    let columns: [Int]
    /// Widths above this are not told apart.
    let limit: Int
    let reader: RawRecordReader?
    /// Source rows in display order; nil for the source's order.
    let order: [UInt32]?
    let rowCount: Int
    let source: DataTableDataSource
    /// Whether each measured column's fields are in the raw records.
    let readsRawField: [Bool]
    let valueLock = TextRowValueLock()

    init(view: DataTableView, columns: [Int], limit: Int) {
        self.columns = columns
        self.limit = max(1, limit)
        source = view.dataSource
        let dataColumnCount = source.innermostSource.columnCount
        readsRawField = columns.map { $0 < dataColumnCount }
        order = view.displayOrder
        // With sections the display order holds every record (headers and footers show values
        // of their records).
        rowCount = order?.count ?? view.viewport.rowCount
        reader = (source as? DataTableRawRecords)?.makeRawRecordReader(rowCount: source.rowCount)
    }

    /// The widest value of each column (in `columns`' order), each at most `limit`.
    func widths(threads: Int, batchRows: Int) -> [Int] {
        guard reader != nil, threads > 1, rowCount > batchRows else { return widths(of: 0..<rowCount) }
        let parts = min(threads, (rowCount + batchRows - 1) / batchRows)
        let results = Mutex([[Int]]())
        let shared = self
        let workers = (1..<parts).compactMap { part in
            BackgroundWork.startThread {
                let found = shared.widths(of: shared.rows(part: part, of: parts))
                results.withLock { $0.append(found) }
            }
        }
        // This thread takes the first part, and the parts of threads that did not start.
        var widest = widths(of: rows(part: 0, of: parts))
        for part in (workers.count + 1)..<parts { merge(widths(of: rows(part: part, of: parts)), into: &widest) }
        for worker in workers { worker.join() }
        for found in results.withLock({ $0 }) { merge(found, into: &widest) }
        return widest
    }

    private func rows(part: Int, of parts: Int) -> Range<Int> {
        (rowCount * part / parts)..<(rowCount * (part + 1) / parts)
    }

    private func merge(_ found: [Int], into widest: inout [Int]) {
        for i in widest.indices { widest[i] = max(widest[i], found[i]) }
    }

    /// The widest value of each column over display rows `rows`.
    func widths(of rows: Range<Int>) -> [Int] {
        var widest = [Int](repeating: 0, count: columns.count)
        guard let reader else {
            for displayRow in rows {
                let row = order.map { Int($0[displayRow]) } ?? displayRow
                for (i, column) in columns.enumerated() where widest[i] < limit {
                    widest[i] = max(widest[i], width(ofValueAt: row, column: column))
                }
            }
            return widest
        }
        var fields: [CSVRawRecord.Field] = []
        var scratch: [UInt8] = []
        // Everything the loop reads, in locals: no retain of the arrays per row.
        let quote = reader.quote, delimiter = reader.delimiter, readRecord = reader.record
        let columns = self.columns, readsRawField = self.readsRawField, order = self.order, limit = self.limit
        for displayRow in rows {
            let row = order.map { Int($0[displayRow]) } ?? displayRow
            let record = readRecord(row)
            CSVRawRecord.split(record, delimiter: delimiter, quote: quote, into: &fields)
            for i in 0..<columns.count {
                let column = columns[i]
                // No wider than its bytes: a field of no more bytes than the widest is skipped.
                guard readsRawField[i] else {
                    if widest[i] < limit { widest[i] = max(widest[i], width(ofValueAt: row, column: column)) }
                    continue
                }
                guard column < fields.count else { continue }
                let field = fields[column]
                guard field.rawCount > widest[i], widest[i] < limit else { continue }
                let width: Int
                if field.rawCount > TablePrinter.rawFieldLimit {
                    // As the print reads it: the data source may cut a long value for display.
                    width = self.width(ofValueAt: row, column: column)
                } else if field.isPrintableASCII && (field.kind == .plain || (field.kind == .quoted && !field.hasDoubledQuotes)) {
                    width = field.kind == .plain ? field.rawCount : field.rawCount - 2
                } else {
                    scratch.removeAll(keepingCapacity: true)
                    CSVRawRecord.decode(field, in: record, quote: quote, into: &scratch)
                    width = scratch.withUnsafeBytes { Self.displayWidth(of: $0, limit: limit) }
                }
                widest[i] = max(widest[i], min(width, limit))
            }
        }
        return widest
    }

    /// The display width of a value's bytes (UTF-8, maybe invalid), at most `limit + 1`.
    static func displayWidth(of bytes: UnsafeRawBufferPointer, limit: Int) -> Int {
        if TextRowLine.isPrintableASCII(bytes) { return bytes.count }
        if let measure = TerminalText.simpleTextMeasure(bytes, room: limit) { return measure.width }
        let text = String(decoding: bytes, as: UTF8.self)
        return TerminalText.prefix(text[...], fittingWidth: limit + 1).width
    }

    /// The display width of the value the print shows at (`row`, `column`), at most `limit + 1`.
    private func width(ofValueAt row: Int, column: Int) -> Int {
        let text = valueLock.mutex.withLock { _ in source.value(row: row, column: column).stringRepresentation }
        return min(TerminalText.prefix(text[...], fittingWidth: limit + 1).width, limit)
    }
}
