import Synchronization
import TerminalSurface

/// Print mode's fast path for tables of plain text cells: each row's line is laid out straight
/// from the fields' bytes into a byte buffer, without cells, labels or a surface.
///
/// It writes what the cell pipeline writes (`TablePrinter.print`'s general path): each value cut
/// to its column with `…` as `TerminalText.truncated` cuts it, placed by the column's alignment
/// as `Label` places it, control characters shown as placeholders as `Surface.put` shows them,
/// a wide character that would cross a column's edge drawn as blanks, gutters as spaces, and
/// trailing blanks removed as `Surface.line` removes them. Printable ASCII (the common case)
/// is copied byte by byte; any other value goes through the same `TerminalText` functions as
/// the pipeline. Measured (callgrind, the 8-column bench file at 200 columns):
/// see docs/decisions/0065-print-without-cell-pipeline.md.
extension TablePrinter {
    /// Whether `view` can take the fast path: no escapes, the default text cells on single
    /// lines of fixed height, no per-cell configuration closure, no sections.
    static func canPrintTextRows(_ view: DataTableView, colorCount: Int?) -> Bool {
        guard colorCount == nil, let provider = view.cellProvider as? TextCellProvider,
              case .singleLine = provider.textLayout, view.configuration.textLayout != .wrap,
              case .fixed(lines: 1) = view.configuration.rowHeightMode,
              view.configuration.defaultCellConfiguration == nil,
              view.sectionState.grouping == nil, view.sectionState.layout == nil else { return false }
        return true
    }

    /// The rows of `view` (display order) as lines, each handed to `line` without its line end.
    /// - Complexity: O(bytes shown); memory O(width) plus one record's fields.
    func printTextRows(_ view: DataTableView, columns visibleColumns: [Viewport.VisibleColumn],
                       line: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let layout = TextRowLayout(view: view, columns: visibleColumns, width: width) else { return }
        var text = TextRowLine(capacity: width * 4 + 64)
        var scratch = TextRowScratch()
        for displayRow in 0..<layout.rowCount {
            text.clear()
            layout.layRow(displayRow, into: &text, scratch: &scratch)
            line(text.bytes)
        }
    }

    /// Fields longer than this (raw bytes) are read through `value(row:column:)`, which a data
    /// source may cut for display (`CSVFileDataSource` cuts at 64 KiB, with a marker).
    static let rawFieldLimit = 4096
}

/// One column of the printed line.
struct TextRowCell {
    /// The data source column.
    var column: Int
    /// Where it starts on the line, and its width (clipped at the line's end).
    var x: Int
    var width: Int
    /// `.left`, `.right` or `.center` (`.natural` reads as `.left`, as `TextCellProvider` sets it).
    var alignment: TextAlignment
    var truncation: TruncationMode
    /// Whether the column's fields are in the raw records (not a column a layer appends).
    var readsRawField: Bool
    /// The decimal separator of a column of numbers (its format's: numbers are read with only
    /// that): a number too wide is written as `Label` writes it (`ExactNumber`), never cut.
    /// (Not the whole `ValueFormat`: its references would be retained for every cell of every row.)
    var numberDecimalSeparator: UInt8?

    /// The format numbers of this column are read in, for a column of numbers.
    var numberFormat: ValueFormat? { numberDecimalSeparator.map { ValueFormat(decimalSeparator: $0) } }
}

/// What the fast path needs to lay out any row of a view, taken from the view once: the cells
/// of the line, the raw record reader and the display order. Laying out reads the mapped bytes
/// and the index only, so workers can lay out rows at once (`printTextRowsInParallel`); the
/// reads through `value(row:column:)` (a data source's row cache is not thread-safe) take
/// `valueLock` when one is set.
struct TextRowLayout: @unchecked Sendable {
    let cells: [TextRowCell]
    let reader: RawRecordReader?
    /// Source rows in display order (sort, filter), nil for the source's order.
    let order: [UInt32]?
    let source: DataTableDataSource
    /// Display rows.
    let rowCount: Int
    /// Taken around every `value(row:column:)` read when workers share this layout.
    var valueLock: TextRowValueLock?

    /// The layout of `view`'s rows at `width`, nil when the view's cells are not plain text.
    init?(view: DataTableView, columns visibleColumns: [Viewport.VisibleColumn], width: Int) {
        guard let provider = view.cellProvider as? TextCellProvider,
              case .singleLine(let truncation) = provider.textLayout,
              view.sectionState.layout == nil else { return nil }
        let source = view.dataSource
        let dataColumnCount = source.innermostSource.columnCount
        // The cells of the line, left to right, with what the cell pipeline gives each one.
        cells = visibleColumns.sorted { $0.x < $1.x }.compactMap { visible in
            let x = min(visible.x, width), end = min(visible.x + visible.width, width)
            guard end > x else { return nil }
            let column = view.sourceColumn(forDisplayColumn: visible.column)
            // `columns` counts source columns (the alignment of a moved or hidden-past column).
            let alignment = view.columns[column].alignment
            return TextRowCell(column: column, x: x, width: end - x,
                               alignment: alignment == .natural ? .left : alignment, truncation: truncation,
                               readsRawField: column < dataColumnCount,
                               numberDecimalSeparator: view.isNumberColumn(column) ? view.columns[column].format.decimalSeparator : nil)
        }
        self.source = source
        reader = (source as? DataTableRawRecords)?.makeRawRecordReader(rowCount: source.rowCount)
        order = view.displayOrder
        rowCount = view.viewport.rowCount
    }

    /// Whether every cell comes from the raw records (then only long fields read values).
    var readsRawRecords: Bool { reader != nil && cells.allSatisfy(\.readsRawField) }

    /// A value through the data source (under `valueLock` when set).
    private func value(row: Int, column: Int) -> String {
        guard let valueLock else { return source.value(row: row, column: column).stringRepresentation }
        return valueLock.mutex.withLock { _ in source.value(row: row, column: column).stringRepresentation }
    }

    /// Appends the line of display row `displayRow` to `text` (without its line end; trailing
    /// blanks removed).
    /// - Complexity: O(bytes of the record and of the line).
    @inline(__always)
    func layRow(_ displayRow: Int, into text: inout TextRowLine, scratch: inout TextRowScratch) {
        let row = order.map { Int($0[displayRow]) } ?? displayRow
        text.beginLine()
        defer { text.trimTrailingSpaces() }
        guard let reader else {
            for cell in cells {
                text.pad(to: cell.x)
                text.append(value(row: row, column: cell.column), in: cell)
            }
            return
        }
        let record = reader.record(row)
        CSVRawRecord.split(record, delimiter: reader.delimiter, quote: reader.quote, into: &scratch.fields)
        for cell in cells {
            text.pad(to: cell.x)
            guard cell.readsRawField, cell.column < scratch.fields.count else {
                text.append(value(row: row, column: cell.column), in: cell)
                continue
            }
            let field = scratch.fields[cell.column]
            if field.rawCount > TablePrinter.rawFieldLimit {
                // A data source may cut long values for display (with a marker): its value.
                text.append(value(row: row, column: cell.column), in: cell)
            } else if field.kind == .plain {
                let bytes = UnsafeRawBufferPointer(rebasing: record[field.start..<field.end])
                if field.isPrintableASCII {
                    text.appendPrintableASCII(bytes, in: cell)
                } else {
                    text.append(bytes, in: cell)
                }
            } else if field.kind == .quoted && !field.hasDoubledQuotes {
                // The text is the bytes between the quotes.
                let bytes = UnsafeRawBufferPointer(rebasing: record[(field.start + 1)..<(field.end - 1)])
                if field.isPrintableASCII {
                    text.appendPrintableASCII(bytes, in: cell)
                } else {
                    text.append(bytes, in: cell)
                }
            } else {
                scratch.bytes.removeAll(keepingCapacity: true)
                CSVRawRecord.decode(field, in: record, quote: reader.quote, into: &scratch.bytes)
                scratch.bytes.withUnsafeBytes { text.append($0, in: cell) }
            }
        }
    }

    /// Appends the lines of display rows `rows` to `text`, each ending with a line feed.
    func layRows(_ rows: Range<Int>, into text: inout TextRowLine, scratch: inout TextRowScratch) {
        for displayRow in rows {
            layRow(displayRow, into: &text, scratch: &scratch)
            text.appendLineFeed()
        }
    }
}

/// The lock `TextRowLayout` takes around reads through a data source's values.
final class TextRowValueLock: Sendable {
    let mutex = Mutex(())
}

/// A worker's reusable buffers for `TextRowLayout.layRow`: one record's fields, one decoded value.
struct TextRowScratch {
    var fields: [CSVRawRecord.Field] = []
    var bytes: [UInt8] = []
}

/// The bytes of one printed line being built, in a buffer of its own that grows (a value of
/// many combining marks takes many bytes in one column). A non-copyable struct: it owns the
/// buffer, and its accesses need no runtime exclusivity checks (a class's would, per access).
struct TextRowLine: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes in the buffer (the lines laid out, the one being laid out last).
    private(set) var count = 0
    /// Where the line being laid out starts.
    private var lineStart = 0
    /// Columns written so far (bytes are not columns once a non-ASCII value was written).
    private(set) var column = 0
    /// Spaces owed before the next byte: padding is written only when something follows it,
    /// so the blanks at the end of a line are never written (`Surface.line` drops them).
    private var pendingSpaces = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes of the buffer.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Empties the buffer.
    mutating func clear() {
        count = 0
        beginLine()
    }

    /// Starts a line after the bytes already in the buffer.
    @inline(__always)
    mutating func beginLine() {
        lineStart = count
        column = 0
        pendingSpaces = 0
    }

    /// Ends the line with a line feed.
    @inline(__always)
    mutating func appendLineFeed() {
        pendingSpaces = 0
        reserve(1)
        base[count] = 0x0A
        count &+= 1
    }

    /// Writes the spaces owed.
    @inline(__always)
    private mutating func writePendingSpaces() {
        guard pendingSpaces > 0 else { return }
        let n = pendingSpaces
        pendingSpaces = 0
        // Eight spaces a store, inline (a `memset` call costs more for a gutter's few bytes);
        // the last store may write up to 7 bytes past the line, inside the room reserved.
        reserve(n &+ 8)
        let out = UnsafeMutableRawPointer(base + count)
        var i = 0
        repeat {
            out.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: i, as: UInt64.self)
            i &+= 8
        } while i < n
        count &+= n
    }

    /// Copies `n` bytes, eight at a time inline for the short runs of a cell (the last word
    /// overlapping), reading and writing only the `n` bytes.
    @inline(__always)
    private static func copy(_ source: UnsafeRawPointer, to out: UnsafeMutableRawPointer, count n: Int) {
        if n >= 8 {
            guard n <= 64 else { return out.copyMemory(from: source, byteCount: n) }
            var i = 0
            while i &+ 8 < n {
                out.storeBytes(of: source.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
                i &+= 8
            }
            out.storeBytes(of: source.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self), toByteOffset: n &- 8, as: UInt64.self)
        } else if n >= 4 {
            out.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            out.storeBytes(of: source.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self), toByteOffset: n &- 4, as: UInt32.self)
        } else {
            for i in 0..<n { out.storeBytes(of: source.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self) }
        }
    }

    /// Room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count &+ extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        new.update(from: base, count: count)
        base.deallocate()
        base = new
        capacity = grown
    }

    @inline(__always)
    private mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        writePendingSpaces()
        reserve(bytes.count)
        Self.copy(source, to: UnsafeMutableRawPointer(base + count), count: bytes.count)
        count &+= bytes.count
    }

    private mutating func appendCharacter(_ character: Character) {
        let utf8 = character.utf8
        writePendingSpaces()
        reserve(utf8.count)
        for byte in utf8 {
            base[count] = byte
            count &+= 1
        }
    }

    @inline(__always)
    private mutating func appendEllipsis() {
        writePendingSpaces()
        reserve(3)
        base[count] = 0xE2
        base[count &+ 1] = 0x80
        base[count &+ 2] = 0xA6
        count &+= 3
    }

    /// Spaces up to column `x` (the gutter before a cell).
    @inline(__always)
    mutating func pad(to x: Int) {
        if x > column { appendSpaces(x - column) }
    }

    @inline(__always)
    private mutating func appendSpaces(_ n: Int) {
        guard n > 0 else { return }
        pendingSpaces &+= n
        column &+= n
    }

    /// A value's bytes (UTF-8, maybe invalid) in `cell`: printable ASCII and simple text (see
    /// `TerminalText.simpleTextMeasure`) laid out from the bytes, any other text as a String
    /// through the pipeline's functions.
    @inline(__always)
    mutating func append(_ value: UnsafeRawBufferPointer, in cell: TextRowCell) {
        guard Self.isPrintableASCII(value) else {
            appendSimpleText(value, in: cell)
            return
        }
        appendPrintableASCII(value, in: cell)
    }

    /// Printable ASCII in `cell`: one byte a column.
    @inline(__always)
    mutating func appendPrintableASCII(_ value: UnsafeRawBufferPointer, in cell: TextRowCell) {
        let width = cell.width
        guard width > 0 else { return }
        let count = value.count
        if count <= width {
            let offset = Self.offset(of: count, in: width, alignment: cell.alignment)
            appendSpaces(offset)
            appendBytes(value)
            column &+= count
            appendSpaces(width - offset - count)
            return
        }
        if let format = cell.numberFormat, ValueParsing.decimal(value, format: format) != nil {
            return appendNumber(value, format: format, in: cell)
        }
        // Cut with the ellipsis (3 bytes, 1 column), as `TerminalText.truncated` cuts.
        if width == 1 {
            appendEllipsis()
        } else {
            let room = width - 1
            switch cell.truncation {
            case .tail:
                appendBytes(UnsafeRawBufferPointer(rebasing: value[0..<room]))
                appendEllipsis()
            case .head:
                appendEllipsis()
                appendBytes(UnsafeRawBufferPointer(rebasing: value[(count - room)...]))
            case .middle:
                let front = (room + 1) / 2, back = room - front
                appendBytes(UnsafeRawBufferPointer(rebasing: value[0..<front]))
                appendEllipsis()
                appendBytes(UnsafeRawBufferPointer(rebasing: value[(count - back)...]))
            }
        }
        column &+= width
    }

    /// Text that is not printable ASCII: simple text from its bytes when it fits or is cut at
    /// its tail, anything else as a String.
    private mutating func appendSimpleText(_ value: UnsafeRawBufferPointer, in cell: TextRowCell) {
        let width = cell.width
        guard let measure = TerminalText.simpleTextMeasure(value, room: max(0, width - 1)),
              measure.width <= width || ((width == 1 || cell.truncation == .tail) && cell.numberDecimalSeparator == nil) else {
            append(String(decoding: value, as: UTF8.self), in: cell)
            return
        }
        if measure.width <= width {
            let offset = Self.offset(of: measure.width, in: width, alignment: cell.alignment)
            appendSpaces(offset)
            appendBytes(value)
            column &+= measure.width
            appendSpaces(width - offset - measure.width)
        } else if width == 1 {
            appendEllipsis()
            column &+= 1
        } else {
            // A wide character that does not fit is dropped: the text may be a column short.
            let shown = measure.prefixWidth + 1
            let offset = Self.offset(of: shown, in: width, alignment: cell.alignment)
            appendSpaces(offset)
            appendBytes(UnsafeRawBufferPointer(rebasing: value[0..<measure.prefixBytes]))
            appendEllipsis()
            column &+= shown
            appendSpaces(width - offset - shown)
        }
    }

    /// Any text in `cell`, as `Label.drawLine` then `Surface.put` lay it out: cut to the width
    /// by `TerminalText.truncated`, aligned by its display width, then each character of its
    /// sanitized form in its cells (zero-width ones draw nothing; a wide one that does not fit
    /// becomes blanks).
    mutating func append(_ value: String, in cell: TextRowCell) {
        let width = cell.width
        guard width > 0 else { return }
        var value = value
        let isASCII = value.withUTF8 { utf8 in
            guard Self.isPrintableASCII(UnsafeRawBufferPointer(utf8)) else { return false }
            append(UnsafeRawBufferPointer(utf8), in: cell)
            return true
        }
        if isASCII { return }
        var shown = TerminalText.truncated(value, toWidth: width, mode: cell.truncation)
        if let format = cell.numberFormat, shown != value, ValueParsing.decimal(value, format: format) != nil {
            shown = ExactNumber.text(value, fittingWidth: width, decimalSeparator: format.decimalSeparator)
        }
        let offset = Self.offset(of: shown.displayWidth, in: width, alignment: cell.alignment)
        let start = column
        appendSpaces(offset)
        var x = offset
        for character in TerminalText.sanitized(shown) {
            if x >= width { break }
            let w = character.displayWidth
            if w == 0 { continue }
            if w == 2 {
                if x + 1 < width {
                    appendCharacter(character)
                    column &+= 2
                } else {
                    appendSpaces(width - x)  // half of it would be outside: blanks
                }
                x += 2
            } else {
                appendCharacter(character)
                column &+= 1
                x += 1
            }
        }
        appendSpaces(start + width - column)
    }

    /// A number too wide for `cell`, as `Label` writes it with `exactNumberFormat`: its exact
    /// shorter form, else `#`s.
    private mutating func appendNumber(_ value: UnsafeRawBufferPointer, format: ValueFormat, in cell: TextRowCell) {
        let text = ExactNumber.text(String(decoding: value, as: UTF8.self), fittingWidth: cell.width,
                                    decimalSeparator: format.decimalSeparator)
        append(text, in: cell)
    }

    /// Removes the spaces at the end of the line.
    mutating func trimTrailingSpaces() {
        pendingSpaces = 0
        while count > lineStart && base[count - 1] == 0x20 { count -= 1 }
    }

    /// Where a line of `lineWidth` columns starts in `width`, as `Label` aligns it.
    @inline(__always)
    static func offset(of lineWidth: Int, in width: Int, alignment: TextAlignment) -> Int {
        switch alignment {
        case .right: return width - lineWidth
        case .center: return (width - lineWidth) / 2
        case .left, .natural: return 0
        }
    }

    /// Whether every byte is in 0x20...0x7E, eight at a time (as `TerminalText.isSafe` checks).
    @inline(__always)
    static func isPrintableASCII(_ bytes: UnsafeRawBufferPointer) -> Bool { ASCIIBytes.allPrintable(bytes) }
}
