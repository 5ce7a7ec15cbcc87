import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// `TableApplication.show(_:)`: one application, two tables, each keeping its cursor, sort,
/// marks and hidden columns across switches; keys, program commands and screens follow the
/// table shown.
@Suite struct ShowingTablesTests: KeyDriving {
    let size = Size(width: 60, height: 8)

    /// An application showing `people` (30 rows), and a second table (`cities`, 5 rows) not shown.
    func twoTables() -> (TableApplication, MemoryBackend, DataTableView) {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: size, colorCount: 0)
        var configuration = DataTableConfiguration()
        configuration.title = "cities.csv"
        let cities = StringRowsDataSource(titles: ["city", "pop"],
                                          rows: [["Oslo", "700"], ["Lima", "9000"], ["Rome", "2800"], ["Kyiv", "2900"], ["Bern", "140"]])
        let other = DataTableView(dataSource: cities, configuration: configuration, size: Size(width: 20, height: 4))
        return (app, backend, other)
    }

    func lines(_ backend: MemoryBackend) -> [String] {
        backend.presented.map { Snapshot.text(of: $0, includeStyles: false) }?.split(separator: "\n").map(String.init) ?? []
    }

    @Test func eachTableKeepsItsCursorSortAndMarks() {
        let (app, backend, cities) = twoTables()
        let people = app.view
        press(app, "jjjm")       // cursor on row 4, marked
        press(app, "l]")         // sorted by name, descending
        let peopleOrder = (0..<people.viewport.rowCount).map { people.sourceRow(forDisplayRow: $0) }
        let peopleCursor = people.viewport.cursor
        app.show(cities)
        #expect(app.view === cities)
        #expect(app.controller.view === cities)
        #expect(cities.size == size, "the shown table takes the application's size")
        press(app, "j[")         // cities: cursor on row 2, sorted by city ascending
        #expect(lines(backend).last?.contains("cities.csv") == true)
        #expect((0..<cities.viewport.rowCount).map { cities.sourceRow(forDisplayRow: $0) } == [4, 3, 1, 0, 2])
        #expect(people.markedRows == [3])
        app.show(people)
        press(app, "")
        #expect((0..<people.viewport.rowCount).map { people.sourceRow(forDisplayRow: $0) } == peopleOrder)
        #expect(people.viewport.cursor == peopleCursor)
        #expect(people.markedRows == [3])
        #expect(lines(backend).last?.contains("people.csv") == true)
        app.show(cities)
        press(app, "")
        #expect(cities.sourceRow(forDisplayRow: cities.viewport.cursor.row) == 1, "the cursor stayed on Lima")
        #expect(cities.markedRows.isEmpty)
    }

    @Test func programCommandsAndTheirKeysFollowTheShownTable() {
        let (app, _, cities) = twoTables()
        var seen: [String] = []
        app.register(ProgramCommand("which", keys: [.character("W")], summary: "which table") { context in
            seen.append(context.view.configuration.title)
        })
        press(app, "W")
        app.show(cities)
        press(app, "W")
        app.press(.character(":"))
        app.type("which")
        app.press(.enter)
        #expect(seen == ["people.csv", "cities.csv", "cities.csv"])
    }

    @Test func aResizeWhileHiddenIsTakenWhenShownAgain() {
        let (app, _, cities) = twoTables()
        let people = app.view
        app.show(cities)
        app.handle(.resize(Size(width: 40, height: 6)))
        app.show(people)
        #expect(people.size == Size(width: 40, height: 6))
        app.show(people)  // the table shown: nothing happens
        #expect(app.view === people)
    }

    @Test func snapshotAfterSwitching() {
        let (app, backend, cities) = twoTables()
        let people = app.view
        press(app, "jj")
        app.show(cities)
        press(app, "]")
        app.show(people)
        app.show(cities)
        app.drawFrame()
        expectSnapshot(backend, "show-second-table-sorted", styles: false)
    }
}
