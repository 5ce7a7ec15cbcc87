import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// `/` and `&` after `-` through the real controller on the memory backend.
@Suite struct ShownColumnsKeyTests {
    func press(_ app: TableApplication, _ keys: String) {
        for c in keys { app.press(.character(c)) }
        app.view.waitForJob()
        _ = app.view.refreshFromDataSource(checkingForChanges: false)
        app.drawFrame()
    }

    func submit(_ app: TableApplication, _ prompt: String, _ text: String) {
        app.type(prompt)
        app.type(text)
        app.press(.enter)
        app.view.waitForJob()
        _ = app.view.refreshFromDataSource(checkingForChanges: false)
        app.drawFrame()
    }

    func status(_ backend: MemoryBackend) -> String {
        backend.presented.map { Snapshot.text(of: $0, includeStyles: false) }?
            .split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test func searchAndFilterSkipAHiddenColumn() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 120, height: 10),
                                                       colorCount: 0)
        // Every column shown: Lagos (a city) is found.
        submit(app, "/", "Lagos")
        #expect(app.view.notice != "not found: Lagos")
        #expect(app.view.cursorSourceColumn == 2)
        let row = app.view.viewport.cursor.row
        #expect(row == 6)
        press(app, "-")  // hides city, the cursor's column
        #expect(app.view.visibleColumns == [0, 1, 3])
        submit(app, "/", "Lagos")
        #expect(app.view.notice == "not found: Lagos")
        #expect(app.view.viewport.cursor.row == row)
        // A shown column is still searched.
        submit(app, "/", "Grace")
        #expect(app.view.notice != "not found: Grace")
        #expect(app.view.cursorSourceColumn == 1)
        submit(app, "&", "Lagos")
        #expect(app.view.viewport.rowCount == 0)
        #expect(app.view.notice == "0 of 30 rows match")
        #expect(status(backend).contains("filter: Lagos (in 3 of 4 columns)"))
        // Shown again, the filter keeps its (no) rows; `&` `Enter` on the remembered query
        // filters again, over every column now.
        press(app, "+")
        #expect(app.view.viewport.rowCount == 0)
        #expect(status(backend).contains("filter: Lagos (in 3 of 4 columns)"))
        submit(app, "&", "")
        #expect(app.view.filter?.query == "Lagos")
        #expect(app.view.notice == "6 of 30 rows match")
        #expect(app.view.viewport.rowCount == 6)
        #expect(app.view.filterColumns == nil)
        #expect(!status(backend).contains("columns)"))
    }
}
