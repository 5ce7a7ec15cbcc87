import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// Column widths of a table whose rows are still loading.
@Suite struct ColumnWidthsWhileLoadingTests {
    @Test("Widths are measured again when loading ends before the view's first refresh")
    func widthsRemeasuredWhenLoadingEndsUnseen() {
        let source = GrowingSource(rows: 20_000, visible: 500)
        let view = DataTableView(dataSource: source, size: Size(width: 40, height: 10))
        #expect(view.columns[0].width == 3)  // "499", and the title plus its sort mark
        source.visible = 20_000  // indexing ends before the run loop looks
        _ = view.refreshFromDataSource()
        // Measured off the UI thread, by the sample of every row that loading's end starts.
        view.settleColumnKinds()
        #expect(view.columns[0].width == 5)  // "19999"
    }
}
