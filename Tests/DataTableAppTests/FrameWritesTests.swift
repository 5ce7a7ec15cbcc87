import Testing
import TerminalSurface
import TestSupport
import DataTableKit
import DataTableApp

/// What the terminal is sent for each frame of the real controller: the memory backend writes
/// the runs of the one surface diff (`SurfaceDiff`), the same runs ncurses is given.
@Suite("Cells written per frame")
struct FrameWritesTests {
    static let size = Size(width: 60, height: 10)

    static func app() -> (TableApplication, MemoryBackend) {
        TableFixtures.application(TableFixtures.people(rows: 300), size: size)
    }

    /// The rows on which `before` and `after` differ.
    static func changedRows(_ before: Surface, _ after: Surface) -> Set<Int> {
        Set((0..<after.size.height).filter { y in (0..<after.size.width).contains { before[$0, y] != after[$0, y] } })
    }

    /// Cells of `after` whose grapheme (a wide one counts whole) differs from `before`.
    static func changedCells(_ before: Surface, _ after: Surface) -> Int {
        var count = 0
        for y in 0..<after.size.height {
            var x = 0
            while x < after.size.width {
                let wide = after[x, y].width == 2 && x + 1 < after.size.width && after[x + 1, y].isContinuation
                let span = wide ? 2 : 1
                if (x..<(x + span)).contains(where: { before[$0, y] != after[$0, y] }) { count += span }
                x += span
            }
        }
        return count
    }

    @Test("The first frame writes every cell once, one run per row")
    func firstFrameWritesEveryCell() {
        let (_, backend) = Self.app()
        #expect(backend.presentCount == 1)
        #expect(backend.lastCellsWritten == Self.size.width * Self.size.height)
        #expect(backend.lastRuns.count == Self.size.height)
        #expect(backend.cellsChanged == Self.size.width * Self.size.height)
    }

    @Test("Moving the cursor down one row writes the row it leaves, the row it enters and the status line")
    func cursorMoveWritesTwoRowsAndTheStatus() throws {
        let (app, backend) = Self.app()
        let before = try #require(backend.presented)
        let top = app.view.viewport.cursor.row
        app.press(.down)
        let after = try #require(backend.presented)
        #expect(app.view.viewport.cursor.row == top + 1)
        let rows = Set(backend.lastRuns.map(\.y))
        #expect(rows == Self.changedRows(before, after))
        #expect(rows.count == 3)
        #expect(rows.contains(Self.size.height - 1))  // the status line's row number
        #expect(backend.lastCellsWritten == Self.changedCells(before, after))
        #expect(backend.lastCellsWritten < 3 * Self.size.width)
    }

    @Test("Scrolling one row writes only the cells that changed, never the header")
    func scrollingWritesOnlyWhatChanged() throws {
        let (app, backend) = Self.app()
        // To the last row on screen, then one more: the body scrolls by one row.
        for _ in 0..<Self.size.height { app.press(.down) }
        let header = try #require(backend.presented).lines[0]
        let before = try #require(backend.presented)
        let firstOnScreen = app.view.viewport.topRow
        app.press(.down)
        let after = try #require(backend.presented)
        #expect(app.view.viewport.topRow == firstOnScreen + 1)
        #expect(after.lines[0] == header)
        #expect(!backend.lastRuns.contains { $0.y == 0 })
        #expect(backend.lastCellsWritten == Self.changedCells(before, after))
        #expect(backend.lastCellsWritten < Self.size.width * Self.size.height)
    }

    @Test("A frame drawn again unchanged writes nothing")
    func unchangedFrameWritesNothing() {
        let (app, backend) = Self.app()
        let written = backend.cellsChanged
        app.drawFrame()
        #expect(backend.presentCount == 2)
        #expect(backend.lastRuns.isEmpty)
        #expect(backend.cellsChanged == written)
    }

    @Test("Every frame of a session writes exactly the cells that changed, wide characters whole")
    func everyFrameWritesExactlyTheChanges() throws {
        let (app, backend) = Self.app()
        let keys: [Key] = [.down, .down, .pageDown, .right, .right, .left, .end, .home, .pageUp, .up, .character("G"), .character("g")]
        for key in keys {
            let before = try #require(backend.presented)
            let frames = backend.presentCount
            app.press(key)
            let after = try #require(backend.presented)
            guard backend.presentCount > frames else { continue }
            #expect(backend.lastCellsWritten == Self.changedCells(before, after), "\(key)")
        }
    }
}
