import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// Random sequences of viewport operations over random row heights, widths and frozen
/// columns: nothing traps, and the cursor is always on screen (its row fully, unless it is
/// taller than the body; its column drawn).
@Suite struct ViewportPropertyTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func theCursorStaysOnScreenWhateverHappens(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(max(1, n))) }
        let rowCount = [0, 1, 5, 200, 10_000][next(5)]
        let widths = (0..<next(12)).map { _ in 1 + next(30) }
        let heights = RowHeightIndex(estimatedHeight: 1 + next(2))
        var v = Viewport(bodySize: Size(width: 1 + next(80), height: next(30)), rowCount: rowCount, columnWidths: widths,
                         rowHeights: heights)
        for _ in 0..<600 {
            switch next(12) {
            case 0: v.moveCursor(rows: next(40) - 20)
            case 1: v.moveCursor(columns: next(6) - 3)
            case 2: v.scroll(lines: next(60) - 30)
            case 3: v.scrollView(rows: next(10) - 5)
            case 4: v.scrollView(columns: next(4) - 2)
            case 5: v.setBodySize(Size(width: 1 + next(80), height: next(30)))
            case 6: v.setFrozenColumns(leading: next(4), trailing: next(3))
            case 7: if v.rowCount > 0 { heights.setHeight(1 + next(8), ofRow: next(v.rowCount)) }
            case 8: v.moveCursor(to: DataTableIndexPath(row: next(rowCount + 5), column: next(widths.count + 2)))
            case 9: v.setRowCount(max(0, v.rowCount + next(50) - 10))
            case 10: v.setColumnWidths(v.columnWidths.map { max(1, $0 + next(5) - 2) })
            default: v.scrollToCursor()
            }
            v.scrollToCursor()
            guard v.rowCount > 0, v.bodySize.height > 0 else { continue }
            #expect(v.fullyVisibleRows.contains(v.cursor.row) || v.visibleRows.first == v.cursor.row,
                    "cursor row \(v.cursor.row) not on screen: top \(v.topRow), rows \(v.visibleRows)")
            let columns = v.visibleColumns
            if !widths.isEmpty {
                #expect(columns.contains { $0.column == v.cursor.column }, "cursor column \(v.cursor.column) not drawn: \(columns)")
            }
            #expect(columns.allSatisfy { $0.x >= 0 && $0.width >= 0 && $0.x + $0.width <= v.bodySize.width })
            let xs = columns.map(\.x)
            #expect(xs == xs.sorted(), "columns overlap or go backwards: \(columns)")
        }
    }
}
