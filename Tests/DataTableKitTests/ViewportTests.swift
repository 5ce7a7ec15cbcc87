import Testing
import TerminalSurface
@testable import DataTableKit

@Suite struct ViewportTests {
    func viewport(rows: Int = 100, widths: [Int] = [5, 10, 8, 12, 6], body: Size = Size(width: 30, height: 10)) -> Viewport {
        Viewport(bodySize: body, rowCount: rows, columnWidths: widths)
    }

    @Test func visibleRowsFollowTheTopRow() {
        var v = viewport()
        #expect(v.visibleRows == 0..<10)
        v.moveCursor(rows: 15)
        #expect(v.cursor.row == 15)
        #expect(v.visibleRows == 6..<16)
        v.moveCursor(rows: -20)
        #expect(v.cursor.row == 0)
        #expect(v.visibleRows == 0..<10)
    }

    @Test func visibleColumnsAreLaidOutWithAGutterAndTheLastIsClipped() {
        let v = viewport()
        #expect(v.visibleColumns == [
            .init(column: 0, x: 0, width: 5),
            .init(column: 1, x: 6, width: 10),
            .init(column: 2, x: 17, width: 8),
            .init(column: 3, x: 26, width: 4),
        ])
    }

    @Test func movingRightScrollsUntilTheCursorColumnFits() {
        var v = viewport()
        v.moveCursor(columns: 3)
        #expect(v.cursor.column == 3)
        #expect(v.leftColumn == 2)  // 8 + 1 + 12 fits in 30; 10 + 1 + 8 + 1 + 12 does not
        #expect(v.visibleColumns.contains { $0.column == 3 && $0.width == 12 })
        v.moveCursor(columns: 10)
        #expect(v.cursor.column == 4)
        v.moveCursor(to: DataTableIndexPath(row: 0, column: 0))
        #expect(v.leftColumn == 0)
    }

    @Test func aColumnWiderThanTheScreenIsShownFromItsStart() {
        var v = viewport(widths: [5, 50, 5])
        v.moveCursor(columns: 1)
        #expect(v.leftColumn == 1)
        #expect(v.visibleColumns.first == .init(column: 1, x: 0, width: 30))
    }

    @Test func pagesMoveTheViewAndTheCursorTogether() {
        var v = viewport()
        v.scroll(lines: 10)
        #expect(v.topRow == 10 && v.cursor.row == 10)
        v.scroll(lines: 1000)
        #expect(v.cursor.row == 99 && v.topRow == 90)
        v.scroll(lines: -5)
        #expect(v.cursor.row == 94 && v.topRow == 85)
        v.scroll(lines: -1000)
        #expect(v.cursor.row == 0 && v.topRow == 0)
    }

    @Test func wheelScrollKeepsTheCursorOnScreen() {
        var v = viewport()
        v.scrollView(rows: 3)
        #expect(v.topRow == 3 && v.cursor.row == 3)
        v.moveCursor(rows: 5)
        v.scrollView(rows: -3)
        #expect(v.topRow == 0 && v.cursor.row == 8)
    }

    @Test func shrinkingTheBodyKeepsTheCursorVisible() {
        var v = viewport()
        v.moveCursor(rows: 9)
        v.setBodySize(Size(width: 30, height: 4))
        #expect(v.visibleRows.contains(v.cursor.row))
        v.setBodySize(Size(width: 30, height: 0))
        #expect(v.visibleRows.isEmpty)
        v.setBodySize(Size(width: 1, height: 1))
        #expect(v.visibleRows == 9..<10)
    }

    @Test func emptyTablesHaveNothingVisibleAndDoNotTrap() {
        var v = viewport(rows: 0, widths: [])
        v.moveCursor(rows: 5, columns: 5)
        v.scroll(lines: 10)
        v.scrollView(columns: 3)
        #expect(v.cursor == DataTableIndexPath(row: 0, column: 0))
        #expect(v.visibleRows.isEmpty)
        #expect(v.visibleColumns.isEmpty)
    }

    @Test func aGrowingRowCountKeepsTheCursor() {
        var v = viewport(rows: 5)
        v.moveCursor(rows: 4)
        v.setRowCount(1000)
        #expect(v.cursor.row == 4)
        v.setRowCount(2)
        #expect(v.cursor.row == 1)
    }

    @Test func frozenColumnsStayAtTheEdges() {
        var v = viewport(widths: [3, 10, 10, 10, 4], body: Size(width: 30, height: 10))
        v.setFrozenColumns(leading: 1, trailing: 1)
        #expect(v.visibleColumns.map(\.column) == [0, 1, 2, 4])
        #expect(v.visibleColumns.last == .init(column: 4, x: 26, width: 4))
        v.moveCursor(columns: 3)
        #expect(v.visibleColumns.map(\.column) == [0, 2, 3, 4])
        v.scrollView(columns: 10)  // never past the last scrolling column
        #expect(v.visibleColumns.map(\.column).contains(3))
    }

    @Test func frozenColumnsThatDoNotFitScrollLikeTheOthers() {
        // Trailing frozen column wider than what the leading one leaves: it scrolls, and the
        // cursor can reach it.
        var v = viewport(widths: [5, 8, 24], body: Size(width: 30, height: 10))
        v.setFrozenColumns(leading: 1, trailing: 1)
        #expect(!v.isFrozen(2))
        v.moveCursor(to: DataTableIndexPath(row: 0, column: 2))
        #expect(v.visibleColumns.contains { $0.column == 2 && $0.width == 24 })
        // A leading frozen column as wide as the screen is not frozen either.
        var wide = viewport(widths: [30, 5, 5], body: Size(width: 30, height: 10))
        wide.setFrozenColumns(leading: 1, trailing: 0)
        wide.moveCursor(to: DataTableIndexPath(row: 0, column: 2))
        #expect(wide.visibleColumns.contains { $0.column == 2 })
    }

    @Test func pageUpNearTheTopMovesTheCursorAWholePage() {
        var v = viewport()
        v.moveCursor(rows: 15)  // top 6
        v.scroll(lines: -10)
        #expect(v.cursor.row == 5 && v.topRow == 0)
        v.scroll(lines: -10)
        #expect(v.cursor.row == 0)
    }

    @Test func rowsOfSeveralLinesAreLaidOutInLines() {
        let heights = RowHeightIndex(estimatedHeight: 1)
        var v = Viewport(bodySize: Size(width: 30, height: 6), rowCount: 50, columnWidths: [5], rowHeights: heights)
        heights.setHeight(3, ofRow: 1)
        #expect(v.visibleRowLayout == [.init(row: 0, y: 0, height: 1), .init(row: 1, y: 1, height: 3),
                                       .init(row: 2, y: 4, height: 1), .init(row: 3, y: 5, height: 1)])
        heights.setHeight(4, ofRow: 3)
        #expect(v.visibleRowLayout.last == .init(row: 3, y: 5, height: 1))  // cut at the bottom
        v.moveCursor(to: DataTableIndexPath(row: 3, column: 0))
        #expect(v.topRow == 2 && v.fullyVisibleRows.contains(3))  // rows 2 and 3: 1 + 4 lines
        v.scroll(lines: 6)
        #expect(v.topRow == 5)  // line 4 + 6 = 10 is where row 5 starts
        #expect(v.maximumTopRow == 44)
    }
}

