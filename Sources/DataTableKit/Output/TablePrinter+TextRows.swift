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
/// the pipeline. Measured (callgrind, the 8-column bench file at 200 columns): see DECISIONS.
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
        guard let provider = view.cellProvider as? TextCellProvider,
              case .singleLine(let truncation) = provider.textLayout else { return }
        let source = view.dataSource
        let rowCount = view.viewport.rowCount
        let dataColumnCount = source.innermostSource.columnCount
        // The cells of the line, left to right, with what the cell pipeline gives each one.
        let cells: [TextRowCell] = visibleColumns.sorted { $0.x < $1.x }.compactMap { visible in
            let x = min(visible.x, width), end = min(visible.x + visible.width, width)
            guard end > x else { return nil }
            let column = view.sourceColumn(forDisplayColumn: visible.column)
            let alignment = view.columns[visible.column].alignment
            return TextRowCell(column: column, x: x, width: end - x,
                               alignment: alignment == .natural ? .left : alignment, truncation: truncation,
                               readsRawField: column < dataColumnCount)
        }
        let reader = source.makeRawRecordReader(rowCount: source.rowCount)
        var fields: [CSVRawRecord.Field] = []
        var scratch: [UInt8] = []
        let text = TextRowLine(capacity: width * 4 + 64)
        for displayRow in 0..<rowCount {
            let row = view.sourceRow(forDisplayRow: displayRow)
            text.clear()
            if let reader {
                let record = reader.record(row)
                CSVRawRecord.split(record, delimiter: reader.delimiter, quote: reader.quote, into: &fields)
                for cell in cells {
                    text.pad(to: cell.x)
                    guard cell.readsRawField, cell.column < fields.count else {
                        text.append(source.value(row: row, column: cell.column).stringRepresentation, in: cell)
                        continue
                    }
                    let field = fields[cell.column]
                    if field.rawCount > Self.rawFieldLimit {
                        // A data source may cut long values for display (with a marker): its value.
                        text.append(source.value(row: row, column: cell.column).stringRepresentation, in: cell)
                    } else if field.kind == .plain {
                        text.append(UnsafeRawBufferPointer(rebasing: record[field.start..<field.end]), in: cell)
                    } else {
                        scratch.removeAll(keepingCapacity: true)
                        CSVRawRecord.decode(field, in: record, quote: reader.quote, into: &scratch)
                        scratch.withUnsafeBytes { text.append($0, in: cell) }
                    }
                }
            } else {
                for cell in cells {
                    text.pad(to: cell.x)
                    text.append(source.value(row: row, column: cell.column).stringRepresentation, in: cell)
                }
            }
            text.trimTrailingSpaces()
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
}

/// The bytes of one printed line being built, in a buffer of its own that grows (a value of
/// many combining marks takes many bytes in one column).
final class TextRowLine {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes in the line.
    private(set) var count = 0
    /// Columns written so far (bytes are not columns once a non-ASCII value was written).
    private(set) var column = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The line's bytes.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    func clear() {
        count = 0
        column = 0
    }

    /// Room for `extra` more bytes.
    @inline(__always)
    private func reserve(_ extra: Int) {
        guard count &+ extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        new.update(from: base, count: count)
        base.deallocate()
        base = new
        capacity = grown
    }

    @inline(__always)
    private func appendBytes(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count &+= bytes.count
    }

    private func appendCharacter(_ character: Character) {
        let utf8 = character.utf8
        reserve(utf8.count)
        for byte in utf8 {
            base[count] = byte
            count &+= 1
        }
    }

    @inline(__always)
    private func appendEllipsis() {
        reserve(3)
        base[count] = 0xE2
        base[count &+ 1] = 0x80
        base[count &+ 2] = 0xA6
        count &+= 3
    }

    /// Spaces up to column `x` (the gutter before a cell).
    @inline(__always)
    func pad(to x: Int) {
        if x > column { appendSpaces(x - column) }
    }

    @inline(__always)
    private func appendSpaces(_ n: Int) {
        guard n > 0 else { return }
        reserve(n)
        (base + count).initialize(repeating: 0x20, count: n)
        count &+= n
        column &+= n
    }

    /// A value's bytes (UTF-8, maybe invalid) in `cell`: printable ASCII and simple text (see
    /// `TerminalText.simpleTextMeasure`) laid out from the bytes, any other text as a String
    /// through the pipeline's functions.
    @inline(__always)
    func append(_ value: UnsafeRawBufferPointer, in cell: TextRowCell) {
        let width = cell.width
        guard width > 0 else { return }
        guard Self.isPrintableASCII(value) else {
            appendSimpleText(value, in: cell)
            return
        }
        let count = value.count
        if count <= width {
            let offset = Self.offset(of: count, in: width, alignment: cell.alignment)
            appendSpaces(offset)
            appendBytes(value)
            column &+= count
            appendSpaces(width - offset - count)
            return
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
    private func appendSimpleText(_ value: UnsafeRawBufferPointer, in cell: TextRowCell) {
        let width = cell.width
        guard let measure = TerminalText.simpleTextMeasure(value, room: max(0, width - 1)),
              measure.width <= width || width == 1 || cell.truncation == .tail else {
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
    func append(_ value: String, in cell: TextRowCell) {
        let width = cell.width
        guard width > 0 else { return }
        var value = value
        let isASCII = value.withUTF8 { utf8 in
            guard Self.isPrintableASCII(UnsafeRawBufferPointer(utf8)) else { return false }
            append(UnsafeRawBufferPointer(utf8), in: cell)
            return true
        }
        if isASCII { return }
        let shown = TerminalText.truncated(value, toWidth: width, mode: cell.truncation)
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

    /// Removes the spaces at the end of the line.
    func trimTrailingSpaces() {
        while count > 0 && base[count - 1] == 0x20 { count -= 1 }
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
    static func isPrintableASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        var i = 0
        var bad: UInt64 = 0
        while i &+ 8 <= n {
            let x = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            // A byte's top bit is set iff it is < 0x20, 0x7F or >= 0x80 (for bytes < 0x80).
            bad |= (x &- 0x2020_2020_2020_2020) | (x &+ 0x0101_0101_0101_0101) | x
            i &+= 8
        }
        guard bad & 0x8080_8080_8080_8080 == 0 else { return false }
        while i < n {
            if base.load(fromByteOffset: i, as: UInt8.self) &- 0x20 >= 0x5F { return false }
            i &+= 1
        }
        return true
    }
}
