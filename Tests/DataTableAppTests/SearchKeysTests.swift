import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// `/`, `n` and `N`: search lands on the matching cell and moves cell by cell.
@Suite struct SearchKeysTests: KeyDriving {
    @Test("/ lands on the matching cell and scrolls to it; n and N go cell by cell")
    func searchLandsOnTheCell() {
        let (app, backend) = app(Self.wide(), size: Size(width: 80, height: 10))
        app.press(.character("/"))
        app.type("r5c11")
        app.press(.enter)
        app.view.waitForJob()
        app.drawFrame()
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 5, column: 10))
        #expect(app.view.viewport.visibleColumns.contains { $0.column == 10 })
        #expect(backend.presented!.lines.contains { $0.contains("r5c11xxx") })
        // "r5c1" is in columns 1, 10, 11 and 12 of row 5: n visits them in order, then wraps.
        app.press(.character("/"))
        app.type("r5c1")
        app.press(.enter)
        app.view.waitForJob()
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 5, column: 11))
        var visited: [Int] = []
        for _ in 0..<4 {
            press(app, "n")
            visited.append(app.view.viewport.cursor.column)
        }
        #expect(visited == [0, 9, 10, 11])
        #expect(app.view.viewport.cursor.row == 5)
        press(app, "N")
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 5, column: 10))
        press(app, "N")
        press(app, "N")
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 5, column: 0))
    }
}
