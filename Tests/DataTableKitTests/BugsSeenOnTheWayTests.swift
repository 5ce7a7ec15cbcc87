import Glibc
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// Issue 11, "Bugs seen on the way": one test per bug, through the real controller on the
/// memory backend.
@Suite struct BugsSeenOnTheWayTests {
    func app(_ source: DataTableDataSource = TableFixtures.people(rows: 30), size: Size = Size(width: 80, height: 10),
             colors: Int = 0, _ configure: (inout DataTableConfiguration) -> Void = { _ in }) -> (TableApplication, MemoryBackend) {
        TableFixtures.application(source, size: size, colorCount: colors, configure: configure)
    }

    func press(_ app: TableApplication, _ keys: String) {
        for c in keys { app.press(.character(c)) }
        app.view.waitForJob()
        app.drawFrame()
    }

    @Test("A count repeats h and l; b pages up as in less")
    func countsRepeatColumnMovesAndBPagesUp() {
        let (app, _) = app()
        press(app, "3l")
        #expect(app.view.viewport.cursor.column == 3)
        press(app, "2h")
        #expect(app.view.viewport.cursor.column == 1)
        press(app, "G")
        let bottom = app.view.viewport.cursor.row
        press(app, "b")
        #expect(app.view.viewport.cursor.row < bottom)
        #expect(app.view.viewport.cursor.row == bottom - app.view.viewport.bodySize.height)
    }

    @Test("The status line says `2 marked` once; the record view's notice covers its footer")
    func markedOnceAndRecordNoticeOverTheFooter() {
        let (app, backend) = app()
        press(app, "m")
        app.press(.down)
        press(app, "m")
        let status = statusText(app, backend)
        #expect(status.split(separator: "2 marked", omittingEmptySubsequences: false).count == 2, "\(status)")
        app.press(.enter)
        press(app, "y")
        let last = backend.presented!.lines.last!.trimmingSpaces
        #expect(last == "copied the record as CSV", "\(last)")
    }
}

extension BugsSeenOnTheWayTests {
    @Test("Widths are measured again when loading ends before the view's first refresh")
    func widthsRemeasuredWhenLoadingEndsUnseen() {
        let source = GrowingSource(rows: 20_000, visible: 500)
        let view = DataTableView(dataSource: source, size: Size(width: 40, height: 10))
        #expect(view.columns[0].width == 3)  // "499", and the title plus its sort mark
        source.visible = 20_000  // indexing ends before the run loop looks
        _ = view.refreshFromDataSource()
        // Measured off the UI thread, by the sample of every row that loading's end starts.
        view.settleColumnKinds()
        #expect(view.columns[0].width == 5)  // "19999"
    }
}

extension BugsSeenOnTheWayTests {
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
}

extension BugsSeenOnTheWayTests {
    /// A table wider than 80 columns: 12 columns of 8 cells.
    static func wide() -> StringRowsDataSource {
        let titles = (1...12).map { "col\($0)" }
        let rows = (0..<30).map { r in (1...12).map { c in "r\(r)c\(c)xxx" } }
        return StringRowsDataSource(titles: titles, rows: rows)
    }

    @Test("After $, shrinking the terminal and growing it back shows as many columns as before")
    func resizeBackAfterDollarRefillsTheScreen() {
        let (app, backend) = app(Self.wide(), size: Size(width: 80, height: 10))
        press(app, "$")
        let before = app.view.viewport.visibleColumns.map(\.column)
        #expect(before.last == 11)
        backend.resize(to: Size(width: 60, height: 15))
        app.handlePendingEvents()
        backend.resize(to: Size(width: 80, height: 10))
        app.handlePendingEvents()
        app.drawFrame()
        #expect(app.view.viewport.visibleColumns.map(\.column) == before)
        #expect(app.view.viewport.cursor.column == 11)
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

    @Test("The cursor row shows over a cell's own background; gaps keep the row's stripe")
    func cursorRowOverACellsOwnBackground() {
        let red = Color.palette(52)
        let (app, backend) = app(colors: 256) { configuration in
            configuration.defaultCellConfiguration = { cell, _, indexPath, _ in
                if indexPath.column == 1 { cell.backgroundStyle = Style(background: red) }
            }
        }
        app.drawFrame()
        let surface = backend.presented!
        let nameX = app.view.viewport.visibleColumns[1].x
        let gapX = nameX + app.view.viewport.visibleColumns[1].width
        let cursorBackground = app.view.configuration.theme.cursorRow.background
        // Row 1 on screen is the cursor's row; row 3 is a striped row (display row 1... 2).
        #expect(surface[nameX + 1, 1].style.background == cursorBackground)
        #expect(surface[gapX, 1].style.background == cursorBackground)
        #expect(surface[nameX + 1, 2].style.background == red)
        #expect(surface[gapX, 2].style.background == surface[0, 2].style.background)
    }
}

extension BugsSeenOnTheWayTests {
    @Test("/ lands on the matching cell and scrolls to it; n and N go cell by cell")
    func searchLandsOnTheCell() {
        let (app, backend) = app(Self.wide(), size: Size(width: 80, height: 10))
        app.press(.character("/"))
        app.type("r5c11")
        app.press(.enter)
        app.view.waitForJob()
        app.drawFrame()
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 5, column: 10))
        #expect(app.view.viewport.visibleColumns.contains { $0.column == 10 })
        #expect(backend.presented!.lines.contains { $0.contains("r5c11xxx") })
        // "r5c1" is in columns 1, 10, 11 and 12 of row 5: n visits them in order, then wraps.
        app.press(.character("/"))
        app.type("r5c1")
        app.press(.enter)
        app.view.waitForJob()
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 5, column: 11))
        var visited: [Int] = []
        for _ in 0..<4 {
            press(app, "n")
            visited.append(app.view.viewport.cursor.column)
        }
        #expect(visited == [0, 9, 10, 11])
        #expect(app.view.viewport.cursor.row == 5)
        press(app, "N")
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 5, column: 10))
        press(app, "N")
        press(app, "N")
        #expect(app.view.viewport.cursor == DataTableIndexPath(row: 5, column: 0))
    }
}
