import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Tests that drive the real controller on the memory backend with keys typed as text.
protocol KeyDriving {}

extension KeyDriving {
    func app(_ source: DataTableDataSource = TableFixtures.people(rows: 30), size: Size = Size(width: 80, height: 10),
             colors: Int = 0, _ configure: (inout DataTableConfiguration) -> Void = { _ in }) -> (TableApplication, MemoryBackend) {
        TableFixtures.application(source, size: size, colorCount: colors, configure: configure)
    }

    func press(_ app: TableApplication, _ keys: String) {
        for c in keys { app.press(.character(c)) }
        app.view.waitForJob()
        app.drawFrame()
    }

    /// A table wider than 80 columns: 12 columns of 8 cells.
    static func wide() -> StringRowsDataSource {
        let titles = (1...12).map { "col\($0)" }
        let rows = (0..<30).map { r in (1...12).map { c in "r\(r)c\(c)xxx" } }
        return StringRowsDataSource(titles: titles, rows: rows)
    }
}
