import TerminalSurface

/// The part of the table on screen: scroll offsets, the cursor, and what is visible.
///
/// Pure state and arithmetic, no drawing. Rows are display rows (positions after sort and
/// filter). A row is `rowHeights.height(ofRow:)` lines tall; the scroll position is a row
/// (`topRow`, always drawn from its first line), so when the heights of rows above change
/// the screen stays anchored on the same row.
public struct Viewport {
    /// The cursor cell, as display row and column.
    public private(set) var cursor = DataTableIndexPath(row: 0, column: 0)
    /// The first display row on screen.
    public private(set) var topRow = 0
    /// The first scrolling (not frozen) column on screen.
    public private(set) var leftColumn = 0
    /// The size of the body (rows area, below the header, above the status line).
    public private(set) var bodySize: Size
    /// Rows shown (after the filter).
    public private(set) var rowCount: Int
    /// Content width of every column.
    public private(set) var columnWidths: [Int]
    /// Blank columns after each column.
    public let gutter: Int
    /// Columns frozen at the left (always shown, never scrolled) and at the right edge.
    public private(set) var frozenColumns: (leading: Int, trailing: Int) = (0, 0)
    /// Row heights in lines and the row <-> line arithmetic. Shared with the view that owns
    /// the viewport, which measures rows into it.
    public let rowHeights: RowHeightIndex

    /// A viewport of `bodySize` over `rowCount` rows of `columnWidths`, `gutter` blank columns between columns.
    public init(bodySize: Size, rowCount: Int, columnWidths: [Int], gutter: Int = 1,
                rowHeights: RowHeightIndex = RowHeightIndex()) {
        self.bodySize = bodySize
        self.rowCount = rowCount
        self.columnWidths = columnWidths
        self.gutter = gutter
        self.rowHeights = rowHeights
        rowHeights.setCount(rowCount)
    }

    /// A column that is at least partly on screen.
    public struct VisibleColumn: Hashable, Sendable {
        /// The column.
        public var column: Int
        /// The column's left edge in body coordinates.
        public var x: Int
        /// Content width on screen (less than the column's width when clipped at the right edge).
        public var width: Int
    }

    /// A row on screen: where it starts in the body and how many of its lines show.
    public struct VisibleRow: Hashable, Sendable {
        /// The display row.
        public var row: Int
        /// The row's first line in body coordinates.
        public var y: Int
        /// Lines shown (less than the row's height when clipped at the bottom edge).
        public var height: Int
    }

    /// Display rows on screen, top to bottom (the last one may be cut off at the bottom).
    /// - Complexity: O(visible rows).
    public var visibleRows: Range<Int> {
        guard bodySize.height > 0 else { return topRow..<topRow }
        var row = topRow, y = 0
        while row < rowCount && y < bodySize.height {
            y += rowHeights.height(ofRow: row)
            row += 1
        }
        return topRow..<row
    }

    /// The rows on screen with their lines. - Complexity: O(visible rows).
    public var visibleRowLayout: [VisibleRow] {
        var result: [VisibleRow] = []
        var y = 0
        for row in visibleRows {
            let height = rowHeights.height(ofRow: row)
            result.append(VisibleRow(row: row, y: y, height: min(height, bodySize.height - y)))
            y += height
        }
        return result
    }

    /// The frozen columns that are in effect at the current width: leading ones only when they
    /// leave room for a scrolling column, trailing ones only when they fit beside the leading
    /// ones with room to spare. Columns that do not fit scroll like the others.
    /// - Complexity: O(frozen columns).
    var frozenLayout: (leading: Int, trailingStart: Int) {
        let count = columnWidths.count
        var leading = min(frozenColumns.leading, count)
        var leadingWidth = columnWidths[0..<leading].reduce(0) { $0 + $1 + gutter }
        if leadingWidth >= bodySize.width {
            leading = 0
            leadingWidth = 0
        }
        var trailingStart = count
        if frozenColumns.trailing > 0 {
            let start = max(leading, count - frozenColumns.trailing)
            let trailingWidth = columnWidths[start...].reduce(0) { $0 + $1 + gutter }
            // The scrolling area keeps at least one column of room.
            if start < count && leadingWidth + trailingWidth < bodySize.width { trailingStart = start }
        }
        return (leading, trailingStart)
    }

    /// Columns on screen, left to right: the frozen leading columns, the scrolling ones from
    /// `leftColumn` until the room between the frozen sides is used, then the frozen trailing
    /// columns against the right edge.
    /// - Complexity: O(visible columns + frozen columns).
    public var visibleColumns: [VisibleColumn] {
        var result: [VisibleColumn] = []
        let (leading, trailingStart) = frozenLayout
        var x = 0
        for column in 0..<leading {
            result.append(VisibleColumn(column: column, x: x, width: columnWidths[column]))
            x += columnWidths[column] + gutter
        }
        var right = bodySize.width
        var trailingColumns: [VisibleColumn] = []
        if trailingStart < columnWidths.count {
            let width = columnWidths[trailingStart...].reduce(0) { $0 + $1 + gutter } - gutter
            var tx = bodySize.width - width
            right = tx - gutter
            for column in trailingStart..<columnWidths.count {
                trailingColumns.append(VisibleColumn(column: column, x: tx, width: columnWidths[column]))
                tx += columnWidths[column] + gutter
            }
        }
        var column = max(leftColumn, leading)
        while column < trailingStart && x < right {
            result.append(VisibleColumn(column: column, x: x, width: min(columnWidths[column], right - x)))
            x += columnWidths[column] + gutter
            column += 1
        }
        return result + trailingColumns
    }

    /// Whether `column` is frozen (not scrolled sideways) at the current width.
    public func isFrozen(_ column: Int) -> Bool {
        let (leading, trailingStart) = frozenLayout
        return column < leading || column >= trailingStart
    }

    // MARK: - Changes from outside

    /// The room for rows; the cursor stays visible.
    public mutating func setBodySize(_ size: Size) {
        bodySize = size
        scrollToCursor()
    }

    /// Updates the row count (it grows while a file is indexed) and keeps the cursor inside.
    public mutating func setRowCount(_ count: Int) {
        rowCount = count
        rowHeights.setCount(count)
        cursor.row = min(cursor.row, max(0, count - 1))
        topRow = min(topRow, max(0, count - 1))
        scrollToCursor()
    }

    /// New widths; the cursor's column stays visible.
    public mutating func setColumnWidths(_ widths: [Int]) {
        columnWidths = widths
        cursor.column = min(cursor.column, max(0, widths.count - 1))
        leftColumn = min(leftColumn, max(0, widths.count - 1))
        scrollToCursor()
    }

    /// Freezes `leading` columns at the left and `trailing` at the right.
    public mutating func setFrozenColumns(leading: Int, trailing: Int) {
        frozenColumns = (max(0, leading), max(0, trailing))
        scrollToCursor()
    }

    // MARK: - Cursor movement

    /// Moves the cursor to a cell (clamped to the table) and scrolls it into view.
    public mutating func moveCursor(to target: DataTableIndexPath) {
        cursor.row = max(0, min(target.row, rowCount - 1))
        cursor.column = max(0, min(target.column, columnWidths.count - 1))
        scrollToCursor()
    }

    /// Moves the cursor by rows and columns, clamped, scrolling to keep it visible.
    public mutating func moveCursor(rows: Int = 0, columns: Int = 0) {
        moveCursor(to: DataTableIndexPath(row: cursor.row + rows, column: cursor.column + columns))
    }

    /// The largest top row that still fills the body (the last row ends at the bottom).
    /// - Complexity: O(log n).
    var maximumTopRow: Int {
        guard rowCount > 0 else { return 0 }
        let lastStart = rowHeights.totalHeight - bodySize.height
        guard lastStart > 0 else { return 0 }
        let row = rowHeights.row(atLine: lastStart)
        // A row that starts above `lastStart` would push the last row off the bottom.
        return rowHeights.startLine(ofRow: row) < lastStart ? min(row + 1, rowCount - 1) : row
    }

    /// Scrolls by a page of lines: the row at the line a body's height below (or above) the
    /// top becomes the top, and the cursor moves by as many rows.
    /// - Complexity: O(log n).
    public mutating func scroll(lines: Int) {
        func moved(_ row: Int) -> Int {
            var target = rowHeights.row(atLine: max(0, rowHeights.startLine(ofRow: row) + lines))
            if lines > 0 && target == row { target += 1 }
            if lines < 0 && target == row { target -= 1 }
            return target
        }
        let newTop = moved(topRow), newCursor = moved(cursor.row)
        topRow = max(0, min(newTop, maximumTopRow))
        cursor.row = max(0, min(newCursor, rowCount - 1))
        scrollToCursor()
    }

    /// Scrolls the view without moving the cursor further than needed to keep it on screen.
    public mutating func scrollView(rows: Int) {
        topRow = max(0, min(topRow + rows, maximumTopRow))
        let visible = visibleRows
        if !visible.isEmpty {
            cursor.row = max(visible.lowerBound, min(cursor.row, fullyVisibleRows.upperBound - 1))
            cursor.row = max(0, min(cursor.row, rowCount - 1))
        }
    }

    /// Scrolls `row` (a display row, clamped) to `position` on screen, as far as the rows allow
    /// (the first rows cannot go to the middle, the last ones not to the top); the cursor moves
    /// only as far as it must to stay on screen, as with the wheel.
    /// - Complexity: O(log n + visible rows).
    public mutating func scroll(toRow row: Int, at position: DataTableScrollPosition) {
        guard rowCount > 0, bodySize.height > 0 else { return }
        let row = max(0, min(row, rowCount - 1))
        let height = rowHeights.height(ofRow: row)
        let top: Int
        switch position {
        case .nearest:
            if row < topRow {
                top = row
            } else if fullyVisibleRows.contains(row) {
                return
            } else {
                top = topRow(showingLastLineOf: row)
            }
        case .top:
            top = row
        case .middle:
            // The row's middle line on the body's middle line: the top is the row at the line
            // half the room above it (the one after, when that line is inside a taller row).
            let firstLine = max(0, rowHeights.startLine(ofRow: row) - max(0, bodySize.height - height) / 2)
            let atLine = rowHeights.row(atLine: firstLine)
            top = rowHeights.startLine(ofRow: atLine) < firstLine ? min(atLine + 1, row) : atLine
        case .bottom:
            top = topRow(showingLastLineOf: row)
        }
        topRow = max(0, min(top, maximumTopRow))
        let visible = visibleRows
        if !visible.isEmpty {
            cursor.row = max(visible.lowerBound, min(cursor.row, max(visible.lowerBound, fullyVisibleRows.upperBound - 1)))
        }
    }

    /// The top row that shows `row`'s last line on the body's last line (or `row` itself, when
    /// it is taller than the body): walks up from it. - Complexity: O(visible rows).
    private func topRow(showingLastLineOf row: Int) -> Int {
        var top = row
        var used = rowHeights.height(ofRow: top)
        while top > 0 && used + rowHeights.height(ofRow: top - 1) <= bodySize.height {
            top -= 1
            used += rowHeights.height(ofRow: top)
        }
        return top
    }

    /// Rows on screen whole (at least the top row, even when it is taller than the body).
    var fullyVisibleRows: Range<Int> {
        var row = topRow, y = 0
        while row < rowCount {
            let height = rowHeights.height(ofRow: row)
            if y + height > bodySize.height && row > topRow { break }
            y += height
            row += 1
            if y >= bodySize.height { break }
        }
        return topRow..<row
    }

    /// Scrolls the view sideways by whole columns without moving the cursor off screen.
    public mutating func scrollView(columns: Int) {
        let (leading, trailingStart) = frozenLayout
        let lastScrolling = max(leading, trailingStart - 1)
        leftColumn = max(min(leading, max(0, columnWidths.count - 1)), min(leftColumn + columns, lastScrolling))
        let visible = visibleColumns.filter { !isFrozen($0.column) }.map(\.column)
        if let first = visible.first, let last = visible.last, !isFrozen(cursor.column) {
            cursor.column = max(first, min(cursor.column, last))
        }
    }

    /// Adjusts `topRow` and `leftColumn` so the cursor cell is on screen (fully, where it fits).
    /// - Complexity: O(visible rows + visible columns).
    public mutating func scrollToCursor() {
        guard rowCount > 0 else { topRow = 0; cursor.row = 0; return }
        if bodySize.height > 0 {
            if cursor.row < topRow { topRow = cursor.row }
            if !fullyVisibleRows.contains(cursor.row) { topRow = topRow(showingLastLineOf: cursor.row) }
            topRow = max(0, min(topRow, maximumTopRow, cursor.row))
        }
        guard !columnWidths.isEmpty else { return }
        let firstScrolling = min(frozenLayout.leading, columnWidths.count - 1)
        if leftColumn < firstScrolling { leftColumn = firstScrolling }
        guard !isFrozen(cursor.column) else { return }
        if cursor.column < leftColumn { leftColumn = cursor.column }
        // The leftmost first column that still shows the cursor column whole, found walking left
        // from the cursor (O(visible columns), whatever the column count).
        let room = scrollingWidthWithoutScrollingColumns
        var firstFitting = cursor.column
        var width = columnWidths[cursor.column]
        while firstFitting > firstScrolling && width + columnWidths[firstFitting - 1] + gutter <= room {
            firstFitting -= 1
            width += columnWidths[firstFitting] + gutter
        }
        if leftColumn < firstFitting { leftColumn = firstFitting }
        // No blank room at the right while the columns left of `leftColumn` could fill it (the
        // screen grew, a column narrowed): walk left while everything from there still fits.
        let trailingStart = frozenLayout.trailingStart
        var used = -gutter
        var column = leftColumn
        while column < trailingStart && used <= room {
            used += columnWidths[column] + gutter
            column += 1
        }
        guard column == trailingStart && used <= room else { return }
        while leftColumn > firstScrolling && used + gutter + columnWidths[leftColumn - 1] <= room {
            leftColumn -= 1
            used += gutter + columnWidths[leftColumn]
        }
    }

    /// The width between the frozen columns (independent of which scrolling columns show).
    private var scrollingWidthWithoutScrollingColumns: Int {
        let (leading, trailingStart) = frozenLayout
        var used = columnWidths[0..<leading].reduce(0) { $0 + $1 + gutter }
        if trailingStart < columnWidths.count { used += columnWidths[trailingStart...].reduce(0) { $0 + $1 + gutter } }
        return max(1, bodySize.width - used)
    }
}

extension Viewport: Equatable {
    /// Same scroll position, cursor, size and columns (the shared `rowHeights` is not compared).
    public static func == (a: Viewport, b: Viewport) -> Bool {
        a.cursor == b.cursor && a.topRow == b.topRow && a.leftColumn == b.leftColumn && a.bodySize == b.bodySize
            && a.rowCount == b.rowCount && a.columnWidths == b.columnWidths && a.gutter == b.gutter
            && a.frozenColumns == b.frozenColumns && a.rowHeights === b.rowHeights
    }
}
