import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// The summary sheet (`I`) through the real application and controller on the memory backend.
@Suite struct SummarySheetTests {
    let size = Size(width: 150, height: 10)

    /// `id,city,price,day,paid`: integers, text with a null, decimal prices with nulls, ISO days,
    /// booleans.
    static func fixture() -> StringRowsDataSource {
        let cities = ["Lagos", "Paris", "東京", "Lagos", "", "Lima", "Lagos", "Paris", "Oslo", "Lima", "Lagos", "Quito"]
        let prices = ["12.50", "7.25", "NA", "30.00", "12.50", "", "99.90", "5.00", "12.50", "41.10", "8.75", "60.00"]
        let rows = cities.indices.map { i in
            [String(i + 1), cities[i], prices[i], "2024-0\(1 + i % 9)-\(10 + i)", i % 3 == 0 ? "yes" : "no"]
        }
        return StringRowsDataSource(titles: ["id", "city", "price", "day", "paid"], rows: rows)
    }

    /// The application with the summary sheet open and done.
    func sheet(column: Int = 0, colorCount: Int = 256) -> (TableApplication, MemoryBackend) {
        let (app, backend) = TableFixtures.application(Self.fixture(), size: size, colorCount: colorCount, title: "orders.csv")
        app.type(String(repeating: "l", count: column) + "I")
        app.settleScreens()
        return (app, backend)
    }

    @Test func oneRowPerColumnWithItsFigures() {
        let (app, backend) = sheet(colorCount: 0)
        #expect(app.screens.top is SheetScreen)
        expectSnapshot(backend, "summary-sheet", styles: false)
    }

    @Test func theSheetInColour() {
        let (_, backend) = sheet()
        expectSnapshot(backend, "summary-sheet-colour")
    }

    @Test func enterPutsTheTablesCursorOnTheColumnOfTheRow() {
        // Opened from the `price` column, the sheet's cursor is on price's row.
        let (app, backend) = sheet(column: 2, colorCount: 0)
        let sheet = app.screens.top as? SheetScreen
        #expect(sheet?.view?.viewport.cursor.row == 2)
        app.type("jj")  // paid
        app.press(.enter)
        #expect(!(app.screens.top is SheetScreen))
        #expect(app.view.viewport.cursor.column == 4)
        #expect(app.view.cursorSourceColumn == 4)
        #expect(backend.presented!.lines.last!.contains("col 5/5 paid"))
        // Sorted by name in the sheet, Enter still goes to the column of the row.
        app.type("I")
        app.settleScreens()
        app.type("]")  // by name, descending: price, paid, id, day, city
        app.settleScreens()
        app.type("gj")  // the second row
        app.press(.enter)
        #expect(app.view.cursorSourceColumn == 4)
    }

    @Test func qAndEscGoBackWithoutQuitting() {
        let (app, _) = sheet(colorCount: 0)
        app.type("q")
        #expect(!(app.screens.top is SheetScreen))
        app.type("I")
        app.settleScreens()
        app.press(.escape)
        #expect(!(app.screens.top is SheetScreen))
    }

    @Test func countsSortAsNumbersEvenEstimated() throws {
        // Three columns of 12, 3 and 250 distinct values, counted exactly up to 100: `~250`.
        let rows = (0..<250).map { i in [String(i % 12), String(i % 3), "v\(i)"] }
        let source = StringRowsDataSource(titles: ["twelve", "three", "many"], rows: rows)
        let (app, backend) = TableFixtures.application(source, size: size, colorCount: 0, title: "t.csv")
        let content = SummarySheet(table: app.view, distinctLimit: 100) { _ in .redraw }
        let sheet = app.makeSheet(content)
        sheet.setTable(content.makeView(size: size))
        app.present(sheet)
        app.settleScreens()
        let view = try #require(sheet.view)
        #expect(view.dataSource.text(row: 2, column: SummaryDataSource.Field.distinct.rawValue).hasPrefix("~"))
        view.sort(by: [SortDescriptor(column: SummaryDataSource.Field.distinct.rawValue, ascending: false)])
        #expect((0..<3).map { view.dataSource.text(row: view.sourceRow(forDisplayRow: $0), column: 0) }
                == ["many", "twelve", "three"])
        app.drawFrame()
        #expect(backend.presented!.lines[1].hasPrefix("many"))
    }

    @Test func aSummaryOfTheRowsTheFilterKeeps() {
        let (app, backend) = TableFixtures.application(Self.fixture(), size: size, colorCount: 0, title: "orders.csv")
        app.type("&")
        app.type("Lagos")
        app.press(.enter)
        app.view.waitForJob()
        app.type("I")
        app.settleScreens()
        let lines = backend.presented!.lines
        #expect(lines.last!.contains("summary of 5 columns over 4 rows"))
        // Lagos rows: ids 1, 4, 7, 11; prices 12.50, 30.00, 99.90, 8.75.
        #expect(lines[1].split(separator: " ").prefix(7) == ["id", "int", "4", "0", "4", "1", "11"])
        #expect(lines[3].split(separator: " ").prefix(7) == ["price", "decimal", "4", "0", "4", "8.75", "99.90"])
        #expect(lines[3].contains("37.7875"))  // the mean of the four, two more decimals
    }
}
