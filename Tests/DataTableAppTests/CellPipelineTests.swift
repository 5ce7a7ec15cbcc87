import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

@Suite struct CellPipelineTests {
    @Test func liveCellsStayBoundedWhileScrollingThroughAHundredThousandRows() {
        let size = Size(width: 60, height: 20)
        let (app, _) = TableFixtures.application(TableFixtures.people(rows: 100_000), size: size)
        let view = app.view
        let visibleCells = view.viewport.visibleRows.count * view.viewport.visibleColumns.count
        #expect(visibleCells == 18 * 4)
        // Row by row for a while, then page by page to the end, then jumps.
        for _ in 0..<500 { app.press(.down) }
        while view.viewport.cursor.row < 99_999 { app.press(.pageDown) }
        app.press(.character("g"), .character("G"), .control("u"), .control("u"))
        let pool = view.reusePool
        #expect(app.statistics.framesDrawn > 5_000)
        #expect(view.cellsOnScreenCount == visibleCells)
        #expect(pool.maxCellsAlive <= visibleCells + pool.slack)
        #expect(pool.cellsAlive <= visibleCells + pool.slack)
        #expect(pool.cellsCreated <= visibleCells + pool.slack)
        #expect(pool.cellsReused > 100_000)
    }

    @Test func cellsThatStayOnScreenAreNotDequeuedAgain() {
        let (app, _) = TableFixtures.application(TableFixtures.people(rows: 100), size: Size(width: 40, height: 10))
        let pool = app.view.reusePool
        let created = pool.cellsCreated, reused = pool.cellsReused
        app.press(.down)  // the cursor moves, nothing scrolls
        #expect(pool.cellsCreated == created)
        #expect(pool.cellsReused == reused)
        for _ in 0..<7 { app.press(.down) }  // row 8 of an 8-row body: scrolls one row: one row of cells is recycled
        #expect(pool.cellsCreated == created)
        #expect(pool.cellsReused == reused + app.view.viewport.visibleColumns.count)
    }

    @Test func theHelpScreenReturnsEveryCellToThePool() {
        let (app, _) = TableFixtures.application(TableFixtures.people(rows: 100), size: Size(width: 40, height: 10))
        app.press(.character("?"))
        #expect(app.view.cellsOnScreenCount == 0)
        app.press(.escape)
        #expect(app.view.cellsOnScreenCount > 0)
        #expect(app.view.reusePool.cellsCreated == app.view.cellsOnScreenCount)
    }

    @Test func aCustomProviderChoosesCellKindsByIdentifier() {
        final class StarCell: DataTableCell {
            var count = 0
            override func prepareForReuse() { super.prepareForReuse(); count = 0 }
            override func draw(in region: SurfaceRegion) {
                super.draw(in: region)
                region.put(String(repeating: "*", count: count), at: .zero, style: backgroundStyle)
            }
        }
        final class StarProvider: DataTableCellProvider {
            let text = TextCellProvider()
            func register(in registry: CellRegistry) {
                text.register(in: registry)
                registry.register(StarCell.self, forCellReuseIdentifier: "stars")
            }
            func reuseIdentifier(for indexPath: DataTableIndexPath) -> String {
                indexPath.column == 0 ? "stars" : TextCell.reuseIdentifier
            }
            func configure(_ cell: DataTableCell, with value: DataTableValueType, context: CellContext) {
                if let stars = cell as? StarCell { stars.count = min(5, value.intValue ?? 0) } else { text.configure(cell, with: value, context: context) }
            }
        }
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 5), size: Size(width: 30, height: 7))
        app.view.setCellProvider(StarProvider())
        app.drawFrame()
        let lines = backend.presented!.lines
        #expect(lines[1].hasPrefix("*   "))
        #expect(lines[3].hasPrefix("*** "))
        #expect(lines[5].hasPrefix("*** "))  // the id column is 3 wide: 5 stars are clipped to it
        #expect(lines[1].contains("Ada"))
    }
}
