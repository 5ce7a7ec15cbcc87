import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// Hidden rows in the application: unhiding brings the row and the cursor back; the action
/// question acts on the row it asked about.
@Suite struct HiddenRowsOnScreenTests {
    func shownRows(_ view: DataTableView) -> [Int] {
        (0..<view.viewport.rowCount).map { view.sourceRow(forDisplayRow: $0) }
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
        let recorder = DelegateRecorder()
        app.view.delegate = recorder
        var fired: [(String, Int)] { recorder.actions }
        app.press(.down, .character("a"))
        // A click or the wheel while the question is up moves nothing.
        #expect(app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: 1, y: 4)))) == .ignored)
        #expect(app.handle(.mouse(MouseEvent(kind: .wheelDown, position: Point(x: 1, y: 4)))) == .ignored)
        app.press(.character("2"))
        #expect(fired.map(\.0) == ["Delete"] && fired.map(\.1) == [1])
    }
}
