import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Moving the cursor with counts, pages and `$`, and the columns shown after a resize.
@Suite struct MovementKeysTests: KeyDriving {
    @Test("A count repeats h and l; b pages up as in less")
    func countsRepeatColumnMovesAndBPagesUp() {
        let (app, _) = app()
        press(app, "3l")
        #expect(app.view.viewport.cursor.column == 3)
        press(app, "2h")
        #expect(app.view.viewport.cursor.column == 1)
        press(app, "G")
        let bottom = app.view.viewport.cursor.row
        press(app, "b")
        #expect(app.view.viewport.cursor.row < bottom)
        #expect(app.view.viewport.cursor.row == bottom - app.view.viewport.bodySize.height)
    }

    @Test("After $, shrinking the terminal and growing it back shows as many columns as before")
    func resizeBackAfterDollarRefillsTheScreen() {
        let (app, backend) = app(Self.wide(), size: Size(width: 80, height: 10))
        press(app, "$")
        let before = app.view.viewport.visibleColumns.map(\.column)
        #expect(before.last == 11)
        backend.resize(to: Size(width: 60, height: 15))
        app.handlePendingEvents()
        backend.resize(to: Size(width: 80, height: 10))
        app.handlePendingEvents()
        app.drawFrame()
        #expect(app.view.viewport.visibleColumns.map(\.column) == before)
        #expect(app.view.viewport.cursor.column == 11)
    }

    @Test func escapeDropsAPendingCount() {
        let (app, _) = TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 40, height: 8))
        app.press(.character("5"), .escape, .character("j"))
        #expect(app.view.viewport.cursor.row == 1)
        app.press(.character(":"))
        app.type("-9223372036854775808")
        app.press(.enter)
        #expect(app.view.viewport.cursor.row == 0)
    }
}
