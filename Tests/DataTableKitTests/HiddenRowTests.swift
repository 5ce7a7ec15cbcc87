import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// A source that grows while "loading", like a file being indexed.
final class GrowingDataSource: DataTableDataSource {
    var count: Int
    var complete = false
    init(count: Int) { self.count = count }
    var columnCount: Int { 1 }
    var rowCount: Int { count }
    func title(ofColumn column: Int) -> String { "n" }
    func value(row: Int, column: Int) -> DataTableValueType { .int(row) }
    var loadState: DataTableLoadState? { DataTableLoadState(fraction: complete ? 1 : 0.5, isComplete: complete) }
}

@Suite struct HiddenRowTests {
    func shownRows(_ view: DataTableView) -> [Int] {
        (0..<view.viewport.rowCount).map { view.sourceRow(forDisplayRow: $0) }
    }

    @Test func aRowDeletedWhileLoadingStaysHiddenAndNothingIsDoubled() {
        let source = GrowingDataSource(count: 10)
        let view = DataTableView(dataSource: source, size: Size(width: 20, height: 8))
        view.hideRow(9)
        source.count = 15
        _ = view.refreshFromDataSource()
        #expect(shownRows(view) == Array(0..<9) + Array(10..<15))
        view.hideRow(12)
        source.count = 20
        _ = view.refreshFromDataSource()
        #expect(shownRows(view) == Array(0..<9) + [10, 11] + Array(13..<20))
        // Loading ends: the order is made again over everything, still without them.
        source.complete = true
        _ = view.refreshFromDataSource()
        view.waitForJob()
        #expect(shownRows(view) == Array(0..<9) + [10, 11] + Array(13..<20))
    }

    @Test func unhidingPutsTheRowBackAndTheCursorOnIt() {
        let (app, _) = TableFixtures.application(TableFixtures.people(rows: 10), size: Size(width: 40, height: 8))
        let view = app.view
        view.sort(by: [SortDescriptor(column: 0, ascending: false)])
        view.hideRow(4)
        #expect(!shownRows(view).contains(4))
        view.unhideRow(4)
        view.waitForJob()
        #expect(shownRows(view) == Array((0..<10).reversed()))
        #expect(view.sourceRow(forDisplayRow: view.viewport.cursor.row) == 4)
        // Under a filter too.
        view.startFilter(try! RowMatcher(query: "a", mode: .substring))
        view.waitForJob()
        let filtered = shownRows(view)
        let victim = filtered[1]
        view.hideRow(victim)
        view.unhideRow(victim)
        view.waitForJob()
        view.waitForJob()
        #expect(Set(shownRows(view)) == Set(filtered))
        #expect(view.sourceRow(forDisplayRow: view.viewport.cursor.row) == victim)
    }

    @Test func theActionQuestionAppliesToTheRowItWasAskedAbout() {
        let (source, provider) = peopleWithButtons(rows: 5)
        let (app, _) = TableFixtures.application(source, size: Size(width: 70, height: 8)) { $0.cellSizingMode = .custom(provider: provider) }
        var fired: [(String, Int)] = []
        app.view.onAction = { fired.append(($0, $1)) }
        app.press(.down, .character("a"))
        // A click or the wheel while the question is up moves nothing.
        #expect(app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: 1, y: 4)))) == .ignored)
        #expect(app.handle(.mouse(MouseEvent(kind: .wheelDown, position: Point(x: 1, y: 4)))) == .ignored)
        app.press(.character("2"))
        #expect(fired.map(\.0) == ["Delete"] && fired.map(\.1) == [1])
    }

    @Test func escapeDropsAPendingCount() {
        let (app, _) = TableFixtures.application(TableFixtures.people(rows: 30), size: Size(width: 40, height: 8))
        app.press(.character("5"), .escape, .character("j"))
        #expect(app.view.viewport.cursor.row == 1)
        app.press(.character(":"))
        app.type("-9223372036854775808")
        app.press(.enter)
        #expect(app.view.viewport.cursor.row == 0)
    }
}
