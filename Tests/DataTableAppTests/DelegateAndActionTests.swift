import Testing
import TerminalSurface
import TestSupport
import DataTableApp
@testable import DataTableKit

/// Records every delegate call.
final class DelegateRecorder: DataTableDelegate {
    var selections: [Int] = []
    var headerTaps: [Int] = []
    var actions: [(String, Int)] = []
    var sorts: [[SortDescriptor]] = []
    var heightChanges = 0
    func dataTable(_ view: DataTableView, didSelectRow row: Int, sourceRow: Int) { selections.append(sourceRow) }
    func dataTable(_ view: DataTableView, didTapHeaderOfColumn column: Int) { headerTaps.append(column) }
    func dataTable(_ view: DataTableView, didTapAction action: String, row: Int, sourceRow: Int) { actions.append((action, sourceRow)) }
    func dataTable(_ view: DataTableView, didChangeSort descriptors: [SortDescriptor]) { sorts.append(descriptors) }
    func dataTableDidChangeRowHeights(_ view: DataTableView) { heightChanges += 1 }
}

@Suite struct DelegateAndActionTests {
    /// `id,name` plus an Actions column of `[ Edit ] [ Delete ]` buttons.
    func application(size: Size = Size(width: 40, height: 8)) -> (TableApplication, MemoryBackend, DelegateRecorder) {
        let (source, provider) = peopleWithButtons(rows: 20)
        let (app, backend) = TableFixtures.application(source, size: size, colorCount: 0) {
            $0.cellSizingMode = .custom(provider: provider)
            $0.fixedColumns = DataTableFixedColumns(leftColumns: 1)
        }
        let recorder = DelegateRecorder()
        app.view.delegate = recorder
        return (app, backend, recorder)
    }

    func click(_ app: TableApplication, x: Int, y: Int) {
        app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: x, y: y))))
        app.handle(.mouse(MouseEvent(kind: .release(.left), position: Point(x: x, y: y))))
    }

    /// The screen column of `text` on screen line `y`.
    func column(of text: String, line y: Int, in backend: MemoryBackend) -> Int? {
        ScreenText.column(of: text, in: backend.presented!.lines[y])
    }

    @Test func aClickOnAButtonFiresItsActionForThatRowAndShowsItPressed() {
        let (app, backend, recorder) = application(size: Size(width: 60, height: 8))
        let y = 3  // the third row, source row 2
        let x = column(of: "[ Delete ]", line: y, in: backend)!
        app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: x + 3, y: y))))
        // Pressed: reverse video over the button until the button comes up; nothing moves yet.
        #expect(backend.presented![x + 3, y].style.attributes.contains(.reverse))
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 0, column: 0))
        #expect(recorder.actions.isEmpty)
        app.handle(.mouse(MouseEvent(kind: .release(.left), position: Point(x: x + 3, y: y))))
        // Fired: the row is selected, the cursor stays off the button.
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 2, column: 0))
        #expect(recorder.actions.map(\.0) == ["Delete"])
        #expect(recorder.actions.map(\.1) == [2])
        #expect(!backend.presented![x + 3, y].style.attributes.contains(.reverse))
        let edit = column(of: "[ Edit ]", line: 1, in: backend)!
        click(app, x: edit, y: 1)
        #expect(recorder.actions.map(\.0) == ["Delete", "Edit"])
        #expect(recorder.actions.map(\.1) == [2, 0])
    }

    @Test func aClickBetweenButtonsOrOnPaddingDoesNothing() {
        let (app, backend, recorder) = application(size: Size(width: 60, height: 8))
        let x = column(of: "[ Delete ]", line: 1, in: backend)!
        click(app, x: x - 1, y: 1)  // the space between the buttons
        click(app, x: x + 12, y: 1)  // past the last button
        #expect(recorder.actions.isEmpty)
    }

    @Test func aReleaseAwayFromThePressedButtonCancelsIt() {
        let (app, backend, recorder) = application(size: Size(width: 60, height: 8))
        let x = column(of: "[ Delete ]", line: 1, in: backend)!
        app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: x + 2, y: 1))))
        app.handle(.mouse(MouseEvent(kind: .release(.left), position: Point(x: 0, y: 4))))
        #expect(recorder.actions.isEmpty)
    }

    @Test func selectionHeaderTapsAndSortsAreToldToTheDelegate() {
        let (app, _, recorder) = application()
        app.press(.down, .down)
        #expect(recorder.selections == [1, 2])
        app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: 5, y: 0))))
        #expect(recorder.headerTaps == [1])
        app.press(.character("]"))
        app.view.waitForJob()
        #expect(recorder.sorts == [[SortDescriptor(column: 0, ascending: false)]])
    }

    @Test func theActionsColumnCannotBeSortedOrSearched() {
        let (app, backend, _) = application(size: Size(width: 80, height: 8))
        app.press(.character("$"))
        app.press(.character("["))
        #expect(app.view.activeJob == nil && app.view.sortDescriptors.isEmpty)
        #expect(backend.presented!.lines.last!.contains("Actions cannot be sorted"))
    }

    @Test func buttonsDegradeInANarrowColumnAndStayHittable() {
        let (app, backend, recorder) = application(size: Size(width: 20, height: 6))
        app.press(.character("$"))
        let line = backend.presented!.lines[1]
        #expect(line.contains("[Edit] [Delete]") || line.contains("[E] [D]"), "\(line)")
        let x = column(of: "[D", line: 1, in: backend)!
        click(app, x: x + 1, y: 1)
        #expect(recorder.actions.map(\.0) == ["Delete"])
    }
}
