import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Column filters through the real controller and prompt: `|` on the cursor's column, filters
/// stacking with the `&` filter, the status line listing them, Esc popping them one by one;
/// `#` and `@` (find and filter like this cell).
@Suite struct ColumnFilterSnapshotTests {
    /// A table of orders: numbers with a decimal point, ISO dates, cities.
    static func orders() -> StringRowsDataSource {
        let cities = ["Paris", "Lyon", "Oslo", "Berlin"]
        let rows: [[String]] = (0..<12).map { (i: Int) -> [String] in
            let price: String = i == 5 ? "" : "\((i * 37) % 100).5"
            let date: String = "2020-0\(i % 9 + 1)-1\(i % 10)"
            return [String(i + 1), cities[i % 4], price, date]
        }
        return StringRowsDataSource(titles: ["id", "city", "price", "date"], rows: rows)
    }

    func shown(_ app: TableApplication) -> [Int] {
        (0..<app.view.viewport.rowCount).map { app.view.sourceRow(forDisplayRow: $0) }
    }

    func submit(_ app: TableApplication, _ text: String) {
        app.type(text)
        app.press(.enter)
        app.view.waitForJob()
        app.drawFrame()
    }

    @Test func filtersStackInTheStatusLineAndEscPopsThemOneByOne() {
        let (app, backend) = TableFixtures.application(Self.orders(), size: Size(width: 80, height: 10))
        app.type("ll|")
        app.drawFrame()
        expectSnapshot(backend, "column-filter-prompt", styles: false)
        submit(app, ">30")
        // 0.5 37.5 74.5 11.5 48.5 (null) 22.5 59.5 96.5 33.5 70.5 7.5
        #expect(shown(app) == [1, 2, 4, 7, 8, 9, 10])
        expectSnapshot(backend, "column-filter-one", styles: false)
        app.type("h|")
        submit(app, "=Paris")
        #expect(shown(app) == [4, 8])
        app.type("&")
        app.press(.control("u"))
        submit(app, "2020-09")
        #expect(shown(app) == [8])
        expectSnapshot(backend, "column-filter-stacked", styles: false)
        app.press(.escape)  // the last column filter goes; the & filter and price>30 stay
        app.view.waitForJob()
        app.drawFrame()
        #expect(app.view.columnFilters.count == 1 && app.view.filter?.query == "2020-09")
        #expect(shown(app) == [8])
        expectSnapshot(backend, "column-filter-popped", styles: false)
        app.press(.escape)  // price>30 goes
        app.view.waitForJob()
        #expect(app.view.columnFilters.isEmpty && shown(app) == [8])
        app.press(.escape)  // then the & filter
        app.view.waitForJob()
        app.drawFrame()
        #expect(app.view.filter == nil && shown(app) == Array(0..<12))
        #expect(!statusText(app, backend).contains("filter"))
    }

    @Test func theSortAppliesToTheKeptRows() {
        let (app, _) = TableFixtures.application(Self.orders(), size: Size(width: 72, height: 10))
        app.type("ll]")  // price, descending
        app.view.waitForJob()
        app.type("|")
        submit(app, "20..80")
        let prices = shown(app).map { Double(app.view.dataSource.text(row: $0, column: 2))! }
        #expect(prices == [74.5, 70.5, 59.5, 48.5, 37.5, 33.5, 22.5])
    }

    @Test func ctrlRMakesARegexAndThePromptRemembersIt() {
        let (app, _) = TableFixtures.application(Self.orders(), size: Size(width: 72, height: 10))
        app.type("l|")
        app.press(.control("r"))
        submit(app, "^(Paris|Lyon)$")
        #expect(shown(app) == [0, 1, 4, 5, 8, 9])
        app.type("|")
        #expect((app.screens.top as? PromptScreen)?.prompt.isRegex == true)
        submit(app, "s$")
        #expect(shown(app) == [0, 4, 8])
        #expect(app.view.columnFilters.map(\.predicate) == [.regex("^(Paris|Lyon)$"), .regex("s$")])
    }

    @Test func aFilterTheColumnCannotReadSaysWhyAndChangesNothing() {
        let (app, backend) = TableFixtures.application(Self.orders(), size: Size(width: 72, height: 10))
        app.type("ll|")
        submit(app, ">cheap")
        #expect(app.view.columnFilters.isEmpty && shown(app).count == 12)
        #expect(statusText(app, backend).contains("price: not a number: cheap"))
    }

    @Test func findAndFilterLikeThisCell() {
        let (app, backend) = TableFixtures.application(Self.orders(), size: Size(width: 72, height: 10))
        app.type("jl#")  // row 2 is Lyon: the next Lyon is row 6, then 10, then back to 2
        app.view.waitForJob()
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 5, column: 1))
        app.type("#")
        app.view.waitForJob()
        #expect(app.view.viewport.cursor.row == 9)
        app.type("#")
        app.view.waitForJob()
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 1, column: 1))
        app.type("j@")  // Oslo
        app.view.waitForJob()
        app.drawFrame()
        #expect(shown(app) == [2, 6, 10])
        #expect(app.view.columnFilters == [.equalsAny(["Oslo"], column: 1)])
        expectSnapshot(backend, "column-filter-like-this-cell", styles: false)
        // The id column's values are unique: `#` says so and stays.
        app.type("h#")
        app.view.waitForJob()
        app.drawFrame()
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 0, column: 0))
        #expect(statusText(app, backend).contains("no other row with this value"))
    }
}
