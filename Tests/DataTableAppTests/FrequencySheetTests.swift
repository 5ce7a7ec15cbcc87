import Glibc
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// The frequency sheet (`F`) through the real application and controller on the memory backend.
@Suite struct FrequencySheetTests {
    let size = Size(width: 72, height: 14)

    /// `id,status,amount,day`: statuses with ties, nulls (empty and NA), CJK and quotes.
    static func fixture() -> StringRowsDataSource {
        let statuses = ["done", "done", "東京", "done", "", "say \"hi\"", "東京", "NA", "done", "late", "東京", "say \"hi\"",
                        "done", ""]
        let rows = statuses.enumerated().map { i, status in
            [String(i + 1), status, String((i * 37) % 120 - 10), "2024-0\(1 + i % 3)-1\(i % 10)"]
        }
        return StringRowsDataSource(titles: ["id", "status", "amount", "day"], rows: rows)
    }

    /// The application with the frequency sheet of `column` open and counted.
    func sheet(column: Int, colorCount: Int = 256) -> (TableApplication, MemoryBackend) {
        let (app, backend) = TableFixtures.application(Self.fixture(), size: size, colorCount: colorCount, title: "orders.csv")
        app.type(String(repeating: "l", count: column) + "F")
        app.settleScreens()
        return (app, backend)
    }

    @Test func valuesByCountWithNullsAsOneDimmedRowAndATotal() {
        let (app, backend) = sheet(column: 1)
        #expect(app.screens.top is SheetScreen)
        expectSnapshot(backend, "frequency-values")
    }

    @Test func bShowsBinsOfANumberColumnAndBackToValues() {
        let (app, backend) = sheet(column: 2, colorCount: 0)
        app.type("B")
        app.settleScreens()
        expectSnapshot(backend, "frequency-bins-numbers", styles: false)
        app.type("B")
        app.settleScreens()
        #expect(backend.presented!.lines.last!.contains("frequency of amount"))
    }

    @Test func datesGoIntoCalendarBins() {
        let (app, backend) = sheet(column: 3, colorCount: 0)
        app.type("B")
        app.settleScreens()
        expectSnapshot(backend, "frequency-bins-dates", styles: false)
    }

    @Test func bOnATextColumnSaysWhyNot() {
        let (app, backend) = sheet(column: 1, colorCount: 0)
        app.type("B")
        #expect(backend.presented!.lines.joined().contains("bins are for number and date columns"))
    }

    @Test func qAndEscCloseTheSheetWithoutQuitting() {
        let (app, backend) = sheet(column: 1, colorCount: 0)
        #expect(app.handle(.key(.character("q"))) == .redraw)
        #expect(app.screens.screens.count == 1)
        #expect(backend.presented!.lines.last!.contains("orders.csv"))
        app.type("F")
        app.settleScreens()
        #expect(app.screens.top is SheetScreen)
        #expect(app.handle(.key(.escape)) == .redraw)
        #expect(app.screens.screens.count == 1)
        app.type("F")
        app.settleScreens()
        #expect(app.handle(.key(.control("c"))) == .quit)
    }

    @Test func theSheetSortsAndSearchesLikeAnyTable() {
        let (app, backend) = sheet(column: 1, colorCount: 0)
        app.type("[")  // by value, ascending
        app.settleScreens()
        let sheet = app.screens.top as! SheetScreen
        #expect(sheet.view!.sortDescriptors == [SortDescriptor(column: 0, ascending: true)])
        app.type("/")
        app.type("late")
        app.press(.enter)
        app.settleScreens()
        let row = sheet.view!.viewport.cursor.row
        #expect(sheet.view!.dataSource.text(row: sheet.view!.sourceRow(forDisplayRow: row), column: 0) == "late")
        #expect(app.view.lastSearch == nil)
        #expect(backend.presented!.lines.last!.contains("frequency of status"))
    }

    @Test func theCountFollowsTheTablesFilter() throws {
        let (app, _) = TableFixtures.application(Self.fixture(), size: size, colorCount: 0)
        app.view.startFilter(try RowMatcher(query: "2024-01", mode: .substring))
        app.view.waitForJob()
        app.type("lF")
        app.settleScreens()
        let sheet = try #require(app.screens.top as? SheetScreen)
        let source = try #require(sheet.view?.dataSource as? FrequencyDataSource)
        #expect(source.table.total == 5)  // rows 1, 4, 7, 10, 13
        #expect((0..<source.table.count).map(source.table.text(at:)) == ["done", "東京", "late"])
    }

    @Test func enterFiltersTheTableToTheValueAndMarkedValuesToAllOfThem() {
        let (app, _) = sheet(column: 1, colorCount: 0)
        app.press(.enter)  // done
        app.view.waitForJob()
        #expect(app.screens.screens.count == 1)
        #expect(app.view.columnFilters == [.equalsAny(["done"], column: 1)])
        #expect(app.view.viewport.rowCount == 5)
        app.press(.escape)  // pops it
        app.view.waitForJob()
        #expect(app.view.columnFilters.isEmpty && app.view.viewport.rowCount == 14)
        app.type("F")
        app.settleScreens()
        app.type("jmjjjm")  // (null) and late
        app.press(.enter)
        app.view.waitForJob()
        #expect(app.view.columnFilters == [.equalsAny(["late"], includesNull: true, column: 1)])
        #expect(app.view.viewport.rowCount == 4)  // two empty, NA, late
    }

    /// The `(null)` row of a number column counts blank fields (spaces only) and the numeric
    /// null tokens; Enter on it keeps exactly the rows it counted.
    @Test func enterOnTheNullRowOfANumberColumnKeepsEveryRowItCounted() throws {
        // price: 3 numbers, then "", "  ", "NA", "NaN", " \t" (five nulls in a number column).
        let prices = ["12.5", "3", "7", "", "  ", "NA", "NaN", " \t"]
        let rows = prices.enumerated().map { [String($0.offset + 1), $0.element] }
        let (app, _) = TableFixtures.application(StringRowsDataSource(titles: ["id", "price"], rows: rows),
                                                 size: size, colorCount: 0)
        app.type("lF")
        app.settleScreens()
        let sheet = try #require(app.screens.top as? SheetScreen)
        let source = try #require(sheet.view?.dataSource as? FrequencyDataSource)
        #expect(source.table.nullCount == 5)
        // The null row sorts last among counts 5, 1, 1, 1: it is first (the largest count).
        let nullRow = try #require((0..<source.entries.count).first { source.entries[$0] == .null })
        let displayRow = try #require((0..<sheet.view!.viewport.rowCount).first {
            sheet.view!.sourceRow(forDisplayRow: $0) == nullRow
        })
        app.type(String(repeating: "j", count: displayRow))
        app.press(.enter)
        app.view.waitForJob()
        #expect(app.screens.screens.count == 1)
        #expect(app.view.viewport.rowCount == 5)
        let kept = (0..<app.view.viewport.rowCount).map { app.view.dataSource.text(row: app.view.sourceRow(forDisplayRow: $0), column: 0) }
        #expect(kept == ["4", "5", "6", "7", "8"])
    }

    @Test func enterOnABinFiltersToItsRange() {
        let (app, _) = sheet(column: 2, colorCount: 0)
        app.type("B")
        app.settleScreens()
        app.press(.enter)  // [-10, 0)
        app.view.waitForJob()
        #expect(app.view.columnFilters == [ColumnFilter(column: 2, predicate: .range(lower: "-10", upper: "0", includesUpper: false))])
        #expect(app.view.viewport.rowCount == 2)
    }

    @Test func theSheetsColumnFilterNarrowsTheSheetOnly() {
        let (app, _) = sheet(column: 1, colorCount: 0)
        app.type("l|")
        app.type(">2")
        app.press(.enter)
        app.settleScreens()
        let sheet = app.screens.top as! SheetScreen
        #expect(sheet.view!.viewport.rowCount == 3 + 1)  // done, (null), 東京, and the total
        #expect(app.view.columnFilters.isEmpty)
    }
}
