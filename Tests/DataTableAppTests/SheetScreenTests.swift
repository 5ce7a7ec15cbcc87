import Glibc
import Testing
import TerminalSurface
import TestSupport
import DataTableKit
@testable import DataTableApp

/// A sheet of the people fixture's rows: `x` is its own key; Enter records the row.
final class PeopleSheet: SheetContent {
    var activated: [Int] = []
    var title: String { "people sheet" }
    var keyHelp: [(keys: String, summary: String)] { [("x", "the sheet's own key")] }
    func handle(_ key: Key, in sheet: SheetScreen) -> ScreenOutcome? {
        guard key == .character("x") else { return nil }
        sheet.view?.notice = "x pressed"
        return .redraw
    }
    func activate(sourceRow: Int, in sheet: SheetScreen) -> ScreenOutcome {
        activated.append(sourceRow)
        return .dismiss()
    }
}

/// Sheets over the table: their own table and keys, closing with q or Esc, never quitting.
@Suite struct SheetScreenTests {
    let size = Size(width: 60, height: 10)

    /// The people table (30 rows) with a sheet of 12 other people over it.
    func appWithSheet() -> (TableApplication, MemoryBackend, SheetScreen, PeopleSheet) {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 30), size: size, colorCount: 0)
        let content = PeopleSheet()
        let sheet = app.makeSheet(content)
        sheet.setTable(DataTableView(dataSource: TableFixtures.people(rows: 12), size: size))
        app.present(sheet)
        app.drawFrame()
        return (app, backend, sheet, content)
    }

    @Test func qClosesTheSheetAndDoesNotQuit() {
        let (app, backend, _, _) = appWithSheet()
        #expect(backend.presented!.lines.last!.contains("people sheet"))
        #expect(app.handle(.key(.character("q"))) == .redraw)
        #expect(app.screens.screens.count == 1)
        #expect(backend.presented!.lines.last!.contains("people.csv"))
    }

    @Test func escClosesTheSheetOnceItsTableHasNothingToDrop() {
        let (app, _, sheet, _) = appWithSheet()
        app.type("/")
        app.type("Ada")
        app.press(.enter)
        sheet.view!.waitForJob()
        #expect(sheet.view!.lastSearch != nil)
        #expect(app.handle(.key(.escape)) == .redraw)  // first Esc: the search highlight goes
        #expect(app.screens.top === sheet)
        #expect(app.handle(.key(.escape)) == .redraw)  // then the sheet
        #expect(app.screens.screens.count == 1)
    }

    @Test func ctrlCStillAsksTheProgramToQuit() {
        let (app, _, _, _) = appWithSheet()
        #expect(app.handle(.key(.control("c"))) == .quit)
    }

    @Test func movingSortingAndFilteringChangeTheSheetsTableOnly() {
        let (app, backend, sheet, _) = appWithSheet()
        app.type("jl]")  // name, descending
        app.settleScreens()
        #expect(sheet.view!.sortDescriptors == [SortDescriptor(column: 1, ascending: false)])
        #expect(app.view.sortDescriptors.isEmpty && app.view.viewport.cursor == DataTableIndexPath(row: 0, column: 0))
        app.type("&")
        app.type("Grace")
        app.press(.enter)
        app.settleScreens()
        #expect(sheet.view!.viewport.rowCount == 2)  // rows 2 and 10 of 12
        #expect(app.view.filter == nil)
        #expect(backend.presented!.lines.last!.contains("row 1/2"))
    }

    @Test func theSheetsOwnKeysComeFirstAndEnterGoesToItsContent() {
        let (app, _, sheet, content) = appWithSheet()
        app.type("x")
        #expect(sheet.view!.notice == "x pressed")
        app.type("jj")
        app.press(.enter)
        #expect(content.activated == [2])
        #expect(app.screens.screens.count == 1)
    }

    @Test func theHelpListsTheSheetsKeysFirstAndClosesBackToTheSheet() {
        let (app, backend, sheet, _) = appWithSheet()
        app.type("?")
        let lines = backend.presented!.lines
        #expect(lines[0].contains("keys of people sheet"))
        #expect(lines[2].contains("x") && lines[2].contains("the sheet's own key"))
        #expect(!lines.joined().contains("undo"))
        app.type("q")
        #expect(app.screens.top === sheet)
    }

    @Test func aRowNumberAndWritingWithoutAWriterAtTheSheetsCommandLine() {
        let (app, backend, sheet, _) = appWithSheet()
        app.type(":5")
        app.press(.enter)
        #expect(sheet.view!.viewport.cursor.row == 4)
        app.type(":w")
        app.press(.enter)
        #expect(backend.presented!.lines.joined().contains("written to a file of its own: :w FILE"))
        app.type(":q")
        app.press(.enter)
        #expect(app.screens.screens.count == 1)
    }
}
