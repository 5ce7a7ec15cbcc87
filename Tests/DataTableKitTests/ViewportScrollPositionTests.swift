import Testing
import TerminalSurface
@testable import DataTableKit

/// `Viewport.scroll(toRow:at:)`: a row at the top, middle or bottom of the body, with rows of
/// several lines, at the ends of the table, and without rows or room.
@Suite struct ViewportScrollPositionTests {
    /// 100 rows, 10 lines of body; rows 40-49 are 3 lines tall.
    func viewport() -> Viewport {
        let heights = RowHeightIndex()
        let v = Viewport(bodySize: Size(width: 30, height: 10), rowCount: 100, columnWidths: [5, 5], rowHeights: heights)
        for row in 40..<50 { heights.setHeight(3, ofRow: row) }
        return v
    }

    @Test func rowsOfOneLine() {
        var v = viewport()
        v.scroll(toRow: 20, at: .top)
        #expect(v.topRow == 20)
        #expect(v.cursor.row == 20)  // row 0 left the screen: the cursor came along
        v.scroll(toRow: 20, at: .bottom)
        #expect(v.topRow == 11)
        #expect(v.cursor.row == 20)
        v.scroll(toRow: 20, at: .middle)
        #expect(v.topRow == 16)  // four rows above, five below
        v.scroll(toRow: 22, at: .nearest)
        #expect(v.topRow == 16)  // on screen already
        v.scroll(toRow: 5, at: .nearest)
        #expect(v.topRow == 5)
        #expect(v.cursor.row == 14)  // the last row on screen
    }

    @Test func rowsOfSeveralLines() {
        var v = viewport()
        // Row 45 (lines 55-57 of the table) with its middle line on the body's middle line.
        v.scroll(toRow: 45, at: .middle)
        #expect(v.visibleRowLayout.first { $0.row == 45 }?.y == 3)
        // At the bottom: rows 43, 44, 45 fill 9 lines; row 42 would not fit whole (the tenth
        // line shows the start of row 46).
        v.scroll(toRow: 45, at: .bottom)
        #expect(v.topRow == 43)
        #expect(v.visibleRowLayout.first { $0.row == 45 }?.y == 6)
        v.scroll(toRow: 45, at: .top)
        #expect(v.topRow == 45)
    }

    @Test func theEndsOfTheTable() {
        var v = viewport()
        v.scroll(toRow: 99, at: .top)
        #expect(v.topRow == 90)
        v.scroll(toRow: 1_000, at: .middle)
        #expect(v.topRow == 90)
        v.scroll(toRow: -5, at: .bottom)
        #expect(v.topRow == 0)
        v.scroll(toRow: 1, at: .middle)
        #expect(v.topRow == 0)
    }

    @Test func noRowsOrNoRoomChangeNothing() {
        var empty = Viewport(bodySize: Size(width: 30, height: 10), rowCount: 0, columnWidths: [5])
        empty.scroll(toRow: 3, at: .middle)
        #expect(empty.topRow == 0 && empty.cursor.row == 0)
        var flat = Viewport(bodySize: Size(width: 30, height: 0), rowCount: 50, columnWidths: [5])
        flat.scroll(toRow: 30, at: .top)
        #expect(flat.topRow == 0)
    }
}
