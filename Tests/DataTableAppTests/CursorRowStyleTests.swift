import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// The cursor row's colour over the cells' own backgrounds and the stripes.
@Suite struct CursorRowStyleTests: KeyDriving {
    @Test("The cursor row shows over a cell's own background; gaps keep the row's stripe")
    func cursorRowOverACellsOwnBackground() {
        let red = Color.palette(52)
        let (app, backend) = app(colors: 256) { configuration in
            configuration.defaultCellConfiguration = { cell, _, indexPath, _ in
                if indexPath.column == 1 { cell.backgroundStyle = Style(background: red) }
            }
        }
        app.drawFrame()
        let surface = backend.presented!
        let nameX = app.view.viewport.visibleColumns[1].x
        let gapX = nameX + app.view.viewport.visibleColumns[1].width
        let cursorBackground = app.view.configuration.theme.cursorRow.background
        // Row 1 on screen is the cursor's row; row 3 is a striped row (display row 1... 2).
        #expect(surface[nameX + 1, 1].style.background == cursorBackground)
        #expect(surface[gapX, 1].style.background == cursorBackground)
        #expect(surface[nameX + 1, 2].style.background == red)
        #expect(surface[gapX, 2].style.background == surface[0, 2].style.background)
    }
}
