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
        v.scroll(rows: 10)
        #expect(v.topRow == 10 && v.cursor.row == 10)
        v.scroll(rows: 1000)
        #expect(v.cursor.row == 99 && v.topRow == 90)
        v.scroll(rows: -5)
        #expect(v.cursor.row == 94 && v.topRow == 85)
        v.scroll(rows: -1000)
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
        v.scroll(rows: 10)
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
}
