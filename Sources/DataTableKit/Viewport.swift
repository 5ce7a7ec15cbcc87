import TerminalSurface

/// The part of the table on screen: scroll offsets, the cursor, and what is visible.
///
/// Pure state and arithmetic, no drawing. Rows are display rows (positions after sort and
/// filter); every row is one line tall.
public struct Viewport: Hashable, Sendable {
    /// The cursor cell, as display row and column.
    public private(set) var cursor = DataTableIndexPath(row: 0, column: 0)
    /// The first display row on screen.
    public private(set) var topRow = 0
    /// The first column on screen.
    public private(set) var leftColumn = 0
    /// The size of the body (rows area, below the header, above the status line).
    public private(set) var bodySize: Size
    public private(set) var rowCount: Int
    /// Content width of every column.
    public private(set) var columnWidths: [Int]
    /// Blank columns after each column.
    public let gutter: Int

    public init(bodySize: Size, rowCount: Int, columnWidths: [Int], gutter: Int = 1) {
        self.bodySize = bodySize
        self.rowCount = rowCount
        self.columnWidths = columnWidths
        self.gutter = gutter
    }

    /// A column that is at least partly on screen.
    public struct VisibleColumn: Hashable, Sendable {
        public var column: Int
        /// The column's left edge in body coordinates.
        public var x: Int
        /// Content width on screen (less than the column's width when clipped at the right edge).
        public var width: Int
    }

    /// Display rows on screen, top to bottom.
    public var visibleRows: Range<Int> {
        topRow..<min(rowCount, topRow + bodySize.height)
    }

    /// Columns on screen, left to right, from `leftColumn` until the body's width is used.
    /// - Complexity: O(visible columns).
    public var visibleColumns: [VisibleColumn] {
        var result: [VisibleColumn] = []
        var x = 0
        var column = leftColumn
        while column < columnWidths.count && x < bodySize.width {
            let width = min(columnWidths[column], bodySize.width - x)
            result.append(VisibleColumn(column: column, x: x, width: width))
            x += columnWidths[column] + gutter
            column += 1
        }
        return result
    }

    // MARK: - Changes from outside

    public mutating func setBodySize(_ size: Size) {
        bodySize = size
        scrollToCursor()
    }

    /// Updates the row count (it grows while a file is indexed) and keeps the cursor inside.
    public mutating func setRowCount(_ count: Int) {
        rowCount = count
        cursor.row = min(cursor.row, max(0, count - 1))
        topRow = min(topRow, max(0, count - 1))
        scrollToCursor()
    }

    public mutating func setColumnWidths(_ widths: [Int]) {
        columnWidths = widths
        cursor.column = min(cursor.column, max(0, widths.count - 1))
        leftColumn = min(leftColumn, max(0, widths.count - 1))
        scrollToCursor()
    }

    // MARK: - Cursor movement

    /// Moves the cursor to a cell (clamped to the table) and scrolls it into view.
    public mutating func moveCursor(to target: DataTableIndexPath) {
        cursor.row = max(0, min(target.row, rowCount - 1))
        cursor.column = max(0, min(target.column, columnWidths.count - 1))
        scrollToCursor()
    }

    public mutating func moveCursor(rows: Int = 0, columns: Int = 0) {
        moveCursor(to: DataTableIndexPath(row: cursor.row + rows, column: cursor.column + columns))
    }

    /// Scrolls by `rows` (a page, half a page) and moves the cursor along, like `less`.
    public mutating func scroll(rows: Int) {
        let maxTop = max(0, rowCount - bodySize.height)
        topRow = max(0, min(topRow + rows, maxTop))
        cursor.row = max(0, min(cursor.row + rows, rowCount - 1))
        scrollToCursor()
    }

    /// Scrolls the view without moving the cursor further than needed to keep it on screen.
    public mutating func scrollView(rows: Int) {
        let maxTop = max(0, rowCount - bodySize.height)
        topRow = max(0, min(topRow + rows, maxTop))
        if bodySize.height > 0 {
            cursor.row = max(topRow, min(cursor.row, topRow + bodySize.height - 1))
            cursor.row = max(0, min(cursor.row, rowCount - 1))
        }
    }

    /// Scrolls the view sideways by whole columns without moving the cursor off screen.
    public mutating func scrollView(columns: Int) {
        leftColumn = max(0, min(leftColumn + columns, max(0, columnWidths.count - 1)))
        let visible = visibleColumns.map(\.column)
        if let first = visible.first, let last = visible.last {
            cursor.column = max(first, min(cursor.column, last))
        }
    }

    /// Adjusts `topRow` and `leftColumn` so the cursor cell is on screen (fully, where it fits).
    mutating func scrollToCursor() {
        guard rowCount > 0 else { topRow = 0; cursor.row = 0; return }
        if bodySize.height > 0 {
            if cursor.row < topRow { topRow = cursor.row }
            if cursor.row >= topRow + bodySize.height { topRow = cursor.row - bodySize.height + 1 }
            topRow = max(0, min(topRow, max(0, rowCount - bodySize.height)))
        }
        guard !columnWidths.isEmpty else { return }
        if cursor.column < leftColumn { leftColumn = cursor.column }
        // The leftmost first column that still shows the cursor column whole, found walking left
        // from the cursor (O(visible columns), whatever the column count).
        var firstFitting = cursor.column
        var width = columnWidths[cursor.column]
        while firstFitting > 0 && width + columnWidths[firstFitting - 1] + gutter <= bodySize.width {
            firstFitting -= 1
            width += columnWidths[firstFitting] + gutter
        }
        if leftColumn < firstFitting { leftColumn = firstFitting }
    }
}
