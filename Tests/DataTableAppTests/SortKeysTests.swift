import Glibc
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Sorting from the keys: the cursor after a sort, the header's marks and ranks, Esc on a sort.
@Suite struct SortKeysTests: KeyDriving {
    /// The data rows on screen, as (id, city, amount) from the fixture's columns.
    func amounts(_ app: TableApplication) -> [Int] {
        (0..<app.view.viewport.rowCount).map { Int(app.view.dataSource.value(row: app.view.sourceRow(forDisplayRow: $0), column: 3).stringRepresentation)! }
    }

    @Test("Esc on the sort that follows a filter leaves no sort mark over unsorted rows")
    func cancellingTheSortAfterAFilterClearsTheHeader() throws {
        let (app, backend) = app()
        press(app, "3l]")
        #expect(app.view.sortDescriptors == [SortDescriptor(column: 3, ascending: false)])
        app.view.startFilter(try RowMatcher(query: "Lagos", mode: .substring))
        let filterJob = try #require(app.view.activeJob)
        while !app.view.apply(filterJob) { usleep(1000) }
        // The filter is in; the sort over the kept rows has started. Esc cancels it.
        #expect(app.view.activeJob != nil)
        app.press(.escape)
        app.drawFrame()
        #expect(app.view.sortDescriptors.isEmpty)
        #expect(!backend.presented!.lines[0].contains("▼"), "\(backend.presented!.lines[0])")
        #expect(statusText(app, backend).contains("sorting cancelled"))
        let ids = (0..<app.view.viewport.rowCount).map { app.view.sourceRow(forDisplayRow: $0) }
        #expect(ids == ids.sorted())  // file order, as the header says
    }

    @Test("A filter on a sorted table puts the cursor on the first row when its record goes")
    func filterOnASortedTableStartsAtTheTop() {
        let (app, _) = app()
        press(app, "3l]")
        let top = app.view.sourceRow(forDisplayRow: 0)
        #expect(app.view.dataSource.value(row: top, column: 2).stringRepresentation != "Lagos")
        app.press(.character("&"))
        app.type("Lagos")
        app.press(.enter)
        app.view.waitForJob()  // the filter, which starts the sort
        app.view.waitForJob()
        #expect(app.view.viewport.rowCount > 1)
        #expect(amounts(app) == amounts(app).sorted(by: >))
        #expect(app.view.viewport.cursor.row == 0)
    }

    @Test("A sort keeps a cursor on the first row there; elsewhere it follows its record")
    func sortFromTheFirstRowStaysOnTop() {
        let (app, _) = app()
        press(app, "3l]")
        #expect(app.view.viewport.cursor.row == 0)
        #expect(amounts(app)[0] == amounts(app).max())
        press(app, "[")
        #expect(app.view.viewport.cursor.row == 0)
        #expect(amounts(app)[0] == amounts(app).min())
        press(app, "5j")
        let record = app.view.sourceRow(forDisplayRow: 5)
        press(app, "]")
        #expect(app.view.sourceRow(forDisplayRow: app.view.viewport.cursor.row) == record)
        #expect(app.view.viewport.cursor.row != 5)
    }

    @Test("With several sort keys the header shows arrow, rank and the whole title")
    func sortRanksDoNotCutTitles() {
        let source = StringRowsDataSource(titles: ["weather", "temperature"],
                                          rows: (0..<20).map { ["w\($0 % 3)", String($0 % 5)] })
        let (app, backend) = app(source, size: Size(width: 40, height: 8))
        press(app, "[")
        app.press(.right)
        press(app, "}")
        let header = backend.presented!.lines[0]
        #expect(header.contains("▲1weather"), "\(header)")
        #expect(header.contains("▼2temperature"), "\(header)")
        // One key again: no rank, and the column goes back to its width.
        press(app, "[")
        #expect(app.view.layoutColumnWidths == app.view.columns.map(\.width))
    }
}
