import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Each key's effect, through the real controller on the memory backend; snapshots where the
/// screen is the point.
@Suite struct KeyEffectTests {
    let size = Size(width: 80, height: 10)

    func app(_ source: DataTableDataSource = TableFixtures.people(rows: 30), size: Size? = nil, colors: Int = 0,
             _ configure: (inout DataTableConfiguration) -> Void = { _ in }) -> (TableApplication, MemoryBackend) {
        TableFixtures.application(source, size: size ?? self.size, colorCount: colors, configure: configure)
    }

    func press(_ app: TableApplication, _ keys: String) {
        for c in keys { app.press(.character(c)) }
        app.view.waitForJob()
        app.drawFrame()
    }

    @Test func sCyclesAscendingDescendingNone() {
        let (app, backend) = app()
        app.press(.right, .right, .right)  // amount
        press(app, "s")
        #expect(app.view.sortDescriptors == [SortDescriptor(column: 3, ascending: true)])
        press(app, "s")
        #expect(app.view.sortDescriptors == [SortDescriptor(column: 3, ascending: false)])
        expectSnapshot(backend, "key-s-descending", styles: false)
        press(app, "s")
        #expect(app.view.sortDescriptors.isEmpty)
    }

    @Test func bracesAddSortKeysAndTheHeaderShowsTheirRank() {
        let (app, backend) = app()
        app.press(.right, .right)  // city
        press(app, "[")
        app.press(.right)  // amount
        press(app, "}")
        #expect(app.view.sortDescriptors == [SortDescriptor(column: 2, ascending: true), SortDescriptor(column: 3, ascending: false)])
        expectSnapshot(backend, "key-braces-two-keys", styles: false)
        press(app, "{")  // same column: keeps its rank, takes the new direction
        #expect(app.view.sortDescriptors == [SortDescriptor(column: 2, ascending: true), SortDescriptor(column: 3, ascending: true)])
    }

    @Test func aHeaderClickCyclesTheSortLikeS() {
        let (app, _) = app()
        let click = { app.handle(.mouse(MouseEvent(kind: .press(.left), position: Point(x: 5, y: 0)))); app.view.waitForJob() }
        click()
        #expect(app.view.sortDescriptors == [SortDescriptor(column: 1, ascending: true)])
        click()
        #expect(app.view.sortDescriptors == [SortDescriptor(column: 1, ascending: false)])
        click()
        #expect(app.view.sortDescriptors.isEmpty)
    }

    @Test func zTogglesStripes() {
        let (app, backend) = app(colors: 256)
        #expect(backend.presented![0, 2].style.background == .palette(235))
        press(app, "z")
        #expect(backend.presented![0, 2].style.background == .default)
        #expect(backend.presented!.lines.last!.contains("stripes off"))
        press(app, "z")
        #expect(backend.presented![0, 2].style.background == .palette(235))
    }

    @Test func colonAndCountsGoToRows() {
        let (app, backend) = app()
        press(app, ":")
        #expect(backend.presented!.lines.last!.hasPrefix(" :"))
        press(app, "12")
        app.press(.enter)
        #expect(app.view.viewport.cursor.row == 11)
        press(app, "5G")
        #expect(app.view.viewport.cursor.row == 4)
        press(app, "3j")
        #expect(app.view.viewport.cursor.row == 7)
        press(app, "G")
        #expect(app.view.viewport.cursor.row == 29)
        press(app, "0")  // no count: the first column
        press(app, ":")
        press(app, "zz")
        app.press(.enter)
        #expect(statusText(app, backend).contains("unknown command ':zz': a row number, w, w!, w FILE, wq, q or q!"))
    }

    @Test func wWrapsLongTextAndRowsGrow() {
        let (app, backend) = app(ConfigurationSnapshotTests.notes(), size: Size(width: 44, height: 10)) { $0.maxColumnWidth = 14 }
        press(app, "w")
        expectSnapshot(backend, "key-w-wrap", styles: false)
        #expect(app.view.viewport.visibleRowLayout.contains { $0.height > 1 })
        press(app, "w")
        #expect(app.view.viewport.visibleRowLayout.allSatisfy { $0.height == 1 })
    }

    @Test func angleBracketsAndEqualsSizeTheColumn() {
        let (app, _) = app()
        app.press(.right)
        let width = app.view.columns[1].width
        press(app, ">>")
        #expect(app.view.columns[1].width == width + 2)
        press(app, "<")
        #expect(app.view.columns[1].width == width + 1)
        press(app, "=")
        #expect(app.view.columns[1].width == width)
    }

    @Test func fFreezesUpToTheCursorColumn() {
        let (app, backend) = app(ConfigurationSnapshotTests.notes(), size: Size(width: 36, height: 8))
        press(app, "f")
        press(app, "$")
        expectSnapshot(backend, "key-f-freeze", styles: false)
        app.press(.character("0"))
        press(app, "f")
        #expect(app.view.viewport.frozenColumns.leading == 0)
    }

    @Test func enterOpensTheRecordView() {
        let (app, backend) = app(ConfigurationSnapshotTests.notes(), size: Size(width: 40, height: 10))
        app.press(.down, .down)
        app.press(.enter)
        expectSnapshot(backend, "key-enter-record-view", styles: false)
        press(app, "n")
        #expect(backend.presented!.lines[0].contains("record 4 of 12"))
        app.press(.escape)
        #expect((app.screens.top as? RecordScreen)?.sourceRow == nil)
        #expect(app.view.viewport.cursor.row == 3)
    }

    @Test func mMarksRows() {
        let (app, backend) = app(colors: 256)
        press(app, "m")
        app.press(.down, .down)
        press(app, "m")
        #expect(app.view.markedRows == [0, 2])
        #expect(backend.presented!.lines.last!.contains("2 marked"))
        #expect(backend.presented![5, 1].style.foreground == .palette(214))
        press(app, "m")
        #expect(app.view.markedRows == [0])
    }

    @Test func yCopiesTheCellThroughTheBackend() {
        let (app, backend) = app()
        app.press(.right)
        press(app, "y")
        #expect(backend.clipboard == ["Ada"])
        #expect(backend.presented!.lines.last!.contains("copied 3 characters"))
    }

    @Test func yRefusesACellTooLargeForTheTerminalsClipboard() {
        let big = String(repeating: "x", count: 100_000)
        let (app, backend) = app(StringRowsDataSource(titles: ["t"], rows: [[big]]))
        press(app, "y")
        #expect(backend.clipboard.isEmpty)
        #expect(statusText(app, backend).contains("too large to copy (100,000 bytes; terminals take"))
    }

    @Test func whileTypingASearchItsMatchesAreHighlighted() {
        let (app, backend) = app(colors: 256)
        press(app, "/Lag")
        let highlighted = (0..<50).contains { x in (1..<9).contains { backend.presented![x, $0].style.background == .palette(220) } }
        #expect(highlighted)
    }

    @Test func quittingWithUnsavedChangesAsks() {
        let (app, backend) = app()
        final class Writer: TableApplicationDelegate {
            var written = false
            func dataTableHasUnsavedChanges(_ view: DataTableView) -> Bool { !written }
            func dataTableWriteChanges(_ view: DataTableView, _ request: DataTableWriteRequest) throws -> String { written = true; return "wrote people.csv" }
        }
        let host = Writer()
        app.delegate = host
        #expect(app.handle(.key(.character("q"))) == .redraw)
        #expect(backend.presented!.lines.last!.contains("unsaved changes"))
        #expect(app.handle(.key(.escape)) == .redraw)
        #expect(app.handle(.key(.character("q"))) == .redraw)
        #expect(app.handle(.key(.character("w"))) == .quit)
        #expect(host.written)
    }

    @Test func uUndoesThroughTheDelegate() {
        let (app, backend) = app()
        press(app, "u")
        #expect(backend.presented!.lines.last!.contains("nothing to undo"))
        final class Undoer: TableApplicationDelegate {
            func dataTableUndo(_ view: DataTableView) -> String? { "restored row 3" }
        }
        let host = Undoer()
        app.delegate = host
        press(app, "u")
        #expect(backend.presented!.lines.last!.contains("restored row 3"))
    }

    @Test func aAndEnterOnButtonsFireActionsFromTheKeyboard() {
        let (source, provider) = peopleWithButtons(rows: 5)
        let (app, backend) = app(source, size: Size(width: 70, height: 8)) { $0.cellSizingMode = .custom(provider: provider) }
        let recorder = DelegateRecorder()
        app.view.delegate = recorder
        var fired: [(String, Int)] { recorder.actions }
        app.press(.down)
        press(app, "a")
        #expect(backend.presented!.lines.last!.contains("action: 1 Edit  2 Delete"))
        press(app, "d")
        #expect(fired.map(\.0) == ["Delete"] && fired.map(\.1) == [1])
        press(app, "$")
        app.press(.enter)  // on the buttons: the same question
        press(app, "1")
        #expect(fired.map(\.0) == ["Delete", "Edit"])
        app.press(.character("0"))
        app.press(.enter)  // elsewhere: the record view
        #expect((app.screens.top as? RecordScreen)?.sourceRow == 1)
    }

    @Test func theEditFormEditsAFieldThroughTheDelegate() {
        let (app, backend) = app(size: Size(width: 40, height: 9))
        final class Editor: TableApplicationDelegate {
            var edits: [(Int, Int, String)] = []
            func dataTableCanEdit(_ view: DataTableView) -> Bool { true }
            func dataTable(_ view: DataTableView, didEditRow sourceRow: Int, column: Int, text: String) -> String? {
                edits.append((sourceRow, column, text))
                return "changed"
            }
        }
        let host = Editor()
        app.delegate = host
        var edits: [(Int, Int, String)] { host.edits }
        app.openEditForm(sourceRow: 2)
        app.drawFrame()
        app.press(.down)  // name
        app.press(.enter, .control("u"))
        app.type("Linus T.")
        expectSnapshot(backend, "edit-form-typing", styles: false)
        app.press(.enter)
        #expect(edits.map(\.0) == [2] && edits.map(\.1) == [1] && edits.map(\.2) == ["Linus T."])
        app.press(.escape)
        #expect(!(app.screens.top is EditFormScreen))
    }

    @Test func anEditedValueWidensItsColumn() {
        let (app, _) = app()
        let width = app.view.columns[1].width
        app.view.widenColumn(1, toFit: "Grace Brewster Murray Hopper")
        #expect(app.view.columns[1].width == "Grace Brewster Murray Hopper".count)
        app.view.widenColumn(1, toFit: "x")
        #expect(app.view.columns[1].width > width)
        app.view.widenColumn(1, toFit: String(repeating: "y", count: 500))
        #expect(app.view.columns[1].width == app.view.configuration.maxColumnWidth)
    }

    @Test func anEditedRowWidensItsColumnToWhatItsCellKindNeeds() {
        let editable = EditableDataSource(base: TableFixtures.people(rows: 5))
        let provider = DataTableCustomCellProvider(
            register: { $0.register(BadgeCell.self, forCellReuseIdentifier: BadgeCell.reuseIdentifier) },
            reuseIdentifierFor: { $0.column == 1 ? BadgeCell.reuseIdentifier : TextCell.reuseIdentifier },
            configure: { cell, value, _ in
                (cell as? BadgeCell)?.configure(with: value)
                (cell as? TextCell)?.label.text = value.stringRepresentation
            })
        let (app, _) = app(editable) { $0.cellSizingMode = .custom(provider: provider) }
        editable.setField("Grace Brewster Hopper", row: 0, column: 1)
        app.view.widenColumn(1, toShowSourceRow: 0)
        #expect(app.view.columns[1].width == 2 + "Grace Brewster Hopper".count)  // the dot and its space too
    }

    @Test func markedRowsAndTheActionQuestionOnScreen() {
        let (app, backend) = app(size: Size(width: 60, height: 7), colors: 256)
        press(app, "m")
        app.press(.down)
        app.present(ActionChoiceScreen(names: ["Edit", "Delete", "Archive"], row: 1) { _ in })
        app.drawFrame()
        expectSnapshot(backend, "marked-row-and-action-question")
    }
}

