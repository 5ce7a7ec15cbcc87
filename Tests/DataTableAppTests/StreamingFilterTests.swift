import Glibc
import Synchronization
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit

/// In-memory rows whose worker reads stop at a row until the test lets them go on: a filter
/// job over it has found the matches before that row and waits there. Reads on the thread that
/// made it (the UI thread: drawing) never wait.
final class GatedDataSource: DataTableLoading, @unchecked Sendable {
    /// The rows (replaced whole by `replaceRows`, as a reload does).
    private let rows: Mutex<UncheckedSendableBox<StringRowsDataSource>>
    var base: StringRowsDataSource { rows.withLock { $0.value } }
    /// Worker reads of rows at or past this wait.
    private let limit = Atomic<Int>(0)
    private let uiThread = pthread_self()

    init(_ base: StringRowsDataSource, openBelow row: Int) {
        self.rows = Mutex(UncheckedSendableBox(value: base))
        limit.store(row, ordering: .releasing)
    }

    /// New rows, as a reload reads them (UI thread; tell the view with `applyChanges`).
    func replaceRows(_ new: StringRowsDataSource) {
        let box = UncheckedSendableBox(value: new)
        rows.withLock { $0 = box }
    }

    /// Lets worker reads go on below `row` (`Int.max`: everywhere).
    func open(below row: Int = .max) { limit.store(row, ordering: .releasing) }

    private func gate(_ row: Int) {
        guard pthread_equal(pthread_self(), uiThread) == 0 else { return }
        while row >= limit.load(ordering: .acquiring) { usleep(200) }
    }

    var columnCount: Int { base.columnCount }
    var rowCount: Int { base.rowCount }
    func title(ofColumn column: Int) -> String { base.title(ofColumn: column) }
    func value(row: Int, column: Int) -> DataTableValueType { base.value(row: row, column: column) }
    var loadState: DataTableLoadState? { nil }
    func text(row: Int, column: Int) -> String { gate(row); return base.text(row: row, column: column) }
    func fields(row: Int) -> [String] { gate(row); return base.fields(row: row) }
}

/// Filter results stream into the view while the filter job runs (`PartialRows`,
/// `showPartialRows(of:)`): the rows found so far in their final order, the "so far" status,
/// a cursor the user moved left alone, Esc putting the view back.
@Suite struct StreamingFilterTests {
    let size = Size(width: 100, height: 12)

    /// 6,000 people whose filter job waits at row `gate` (matches of `&Grace`: rows 8k+1).
    func application(gate: Int, rows: Int = 6000) -> (TableApplication, MemoryBackend, GatedDataSource) {
        let source = GatedDataSource(TableFixtures.people(rows: rows), openBelow: gate)
        let (app, backend) = TableFixtures.application(source, size: size)
        return (app, backend, source)
    }

    /// Polls like the run loop until the job has published `count` rows and they are shown.
    func waitForPartial(_ app: TableApplication, count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let deadline = ContinuousClock.now + .seconds(20)
        while app.view.activeJob.map({ $0.partialRows.count < count }) ?? false, ContinuousClock.now < deadline { usleep(500) }
        #expect(app.view.activeJob?.partialRows.count == count, sourceLocation: sourceLocation)
        _ = app.view.refreshFromDataSource(checkingForChanges: false)
        app.drawFrame()
    }

    /// Whether two row lists are equal (a failure does not print them whole).
    func same(_ a: [Int], _ b: [Int]) -> Bool { a == b }

    func shown(_ view: DataTableView) -> [Int] { (0..<view.viewport.rowCount).map { view.sourceRow(forDisplayRow: $0) } }

    /// Rows 8k+1 (Grace) below `end`.
    func graces(below end: Int) -> [Int] { Array(stride(from: 1, to: end, by: 8)) }

    func status(_ backend: MemoryBackend) -> String { backend.presented!.lines.last! }

    @Test func matchesShowWhileTheFilterRunsThenTheFinalView() {
        let (app, backend, source) = application(gate: 2048)
        defer { source.open() }
        app.type("&Grace"); app.press(.enter)
        #expect(app.view.activeJob != nil)
        // The job waits at row 2,048: the matches of the first two blocks of 1,024 rows show.
        waitForPartial(app, count: 256)
        #expect(same(shown(app.view), graces(below: 2048)))
        #expect(status(backend).contains("filtering &Grace · 256 matches so far · 0% (Esc cancels)"), "\(status(backend))")
        expectSnapshot(backend, "streaming-filter-partial")
        source.open()
        app.view.waitForJob()
        app.drawFrame()
        #expect(same(shown(app.view), graces(below: 6000)))
        expectSnapshot(backend, "streaming-filter-final")
    }

    @Test func rowsAppendAndACursorTheUserMovedStaysPut() {
        let (app, _, source) = application(gate: 2048)
        defer { source.open() }
        app.type("&Grace"); app.press(.enter)
        waitForPartial(app, count: 256)
        app.type("jjj")
        let record = app.view.sourceRow(forDisplayRow: app.view.viewport.cursor.row)
        #expect(record == 25)
        source.open(below: 4096)
        waitForPartial(app, count: 512)
        #expect(same(shown(app.view), graces(below: 4096)))
        #expect(app.view.viewport.cursor.row == 3)
        source.open()
        app.view.waitForJob()
        #expect(same(shown(app.view), graces(below: 6000)))
        #expect(app.view.viewport.cursor.row == 3 && app.view.sourceRow(forDisplayRow: 3) == record)
    }

    @Test func anUnmovedCursorFollowsItsRecordAsItArrivesAndEndsAsWithoutStreaming() throws {
        let (app, _, source) = application(gate: 2048)
        defer { source.open() }
        app.view.viewport.moveCursor(to: DataTableIndexPath(row: 3001, column: 1))  // Grace, row 3,001
        app.type("&Grace"); app.press(.enter)
        waitForPartial(app, count: 256)
        #expect(app.view.viewport.cursor.row == 0)  // its record has not arrived
        source.open(below: 4096)
        waitForPartial(app, count: 512)
        #expect(app.view.sourceRow(forDisplayRow: app.view.viewport.cursor.row) == 3001)
        source.open()
        app.view.waitForJob()
        #expect(app.view.sourceRow(forDisplayRow: app.view.viewport.cursor.row) == 3001)
        #expect(app.view.viewport.cursor.column == 1)
    }

    @Test func escapePutsBackTheViewBeforeTheFilterAndSaysSo() {
        let (app, backend, source) = application(gate: 2048)
        defer { source.open() }
        app.type("jjjjj")
        let before = app.view.viewport
        app.type("&Grace"); app.press(.enter)
        waitForPartial(app, count: 256)
        #expect(app.view.viewport.rowCount == 256)
        app.press(.escape)
        #expect(app.view.activeJob == nil && app.view.displayOrder == nil && app.view.filter == nil)
        #expect(app.view.viewport.cursor == before.cursor && app.view.viewport.topRow == before.topRow)
        #expect(app.view.viewport.rowCount == 6000)
        #expect(status(backend).contains("filtering cancelled: back to the rows shown before it"), "\(status(backend))")
        // The cancelled job's later rows never show.
        source.open()
        usleep(20_000)
        _ = app.view.refreshFromDataSource(checkingForChanges: false)
        #expect(app.view.viewport.rowCount == 6000 && app.view.displayOrder == nil)
    }

    @Test func aRowDeletedWhileRowsArriveStaysOutOfTheResultAndOfTheViewPutBack() {
        let (app, _, source) = application(gate: 2048)
        defer { source.open() }
        app.type("&Grace"); app.press(.enter)
        waitForPartial(app, count: 256)
        app.view.hideRow(9)  // a row shown, and one the old view showed
        #expect(same(shown(app.view), graces(below: 2048).filter { $0 != 9 }))
        source.open(below: 4096)
        waitForPartial(app, count: 512)
        #expect(same(shown(app.view), graces(below: 4096).filter { $0 != 9 }))
        // Esc: the view before the filter, without the deleted row.
        app.press(.escape)
        #expect(same(shown(app.view), (0..<6000).filter { $0 != 9 }))
        source.open()
        app.type("&Grace"); app.press(.enter)
        app.view.waitForJob()
        #expect(same(shown(app.view), graces(below: 6000).filter { $0 != 9 }))
    }

    @Test func rowsReloadedWhileRowsArriveRunTheFilterAgainOverTheNewRows() {
        let (app, _, source) = application(gate: 2048)
        defer { source.open() }
        app.type("&Grace"); app.press(.enter)
        waitForPartial(app, count: 256)
        // `--follow`: 800 rows appended; the job starts again over 6,800 rows.
        source.replaceRows(TableFixtures.people(rows: 6800))
        app.view.applyChanges(.appended(oldCount: 6000, newCount: 6800))
        #expect(app.view.viewport.rowCount == 6800 && app.view.filter == nil)  // the view before, with the new rows
        waitForPartial(app, count: 256)
        #expect(same(shown(app.view), graces(below: 2048)))
        #expect(app.view.activeJob?.total == 6800)
        source.open()
        app.view.waitForJob()
        #expect(same(shown(app.view), graces(below: 6800)))
        #expect(app.view.filter?.query == "Grace")
    }

    @Test func withASortThePartialRowsShowUnsortedAndTheEndSortsThem() {
        let (app, backend, source) = application(gate: .max)
        defer { source.open() }
        app.type("lll]")  // amount, descending
        app.view.waitForJob()
        source.open(below: 2048)
        app.type("&Grace"); app.press(.enter)
        waitForPartial(app, count: 256)
        #expect(same(shown(app.view), graces(below: 2048)))
        #expect(status(backend).contains("256 matches so far (unsorted until it ends)"), "\(status(backend))")
        source.open()
        app.view.waitForJob()
        let amounts = shown(app.view).map { app.view.dataSource.value(row: $0, column: 3).intValue! }
        #expect(Set(shown(app.view)) == Set(graces(below: 6000)))
        #expect(amounts == amounts.sorted(by: >))
    }

    @Test func aColumnFilterOverTheWholeRowFilterStreamsItsRowsToo() {
        let (app, backend, source) = application(gate: .max, rows: 24000)
        defer { source.open() }
        app.type("&Grace"); app.press(.enter)
        app.view.waitForJob()
        // `|` over the 3,000 rows kept: the first 1,024 of them (rows up to 8,185) are tested,
        // then the job waits at row 8,193.
        source.open(below: 8190)
        app.view.pushColumnFilter(ColumnFilter(column: 2, predicate: .substring("Kraków")))
        let krakow = graces(below: 24000).filter { ($0 / 3) % 4 == 3 }
        waitForPartial(app, count: krakow.filter { $0 < 8190 }.count)
        #expect(same(shown(app.view), krakow.filter { $0 < 8190 }))
        #expect(status(backend).contains("filtering &Grace · city~Kraków · "), "\(status(backend))")
        source.open()
        app.view.waitForJob()
        #expect(same(shown(app.view), krakow))
        #expect(app.view.columnFilters.count == 1 && app.view.filter?.query == "Grace")
    }

    @Test func withSectionsNothingShowsUntilTheEndButTheMatchesAreCounted() {
        let (app, backend, source) = application(gate: .max)
        defer { source.open() }
        app.view.setGrouping(DataTableGrouping(key: .column(2)))
        app.view.waitForJob()
        source.open(below: 2048)
        let sections = app.view.sectionCount
        app.type("&Grace"); app.press(.enter)
        let deadline = ContinuousClock.now + .seconds(20)
        while (app.view.activeJob?.partialRows.count ?? 0) < 256, ContinuousClock.now < deadline { usleep(500) }
        _ = app.view.refreshFromDataSource(checkingForChanges: false)
        app.drawFrame()
        #expect(app.view.sectionCount == sections && app.view.displayOrder?.count == 6000)
        #expect(status(backend).contains("256 matches so far"), "\(status(backend))")
        source.open()
        app.view.waitForJob()
        #expect(Set(app.view.displayOrder ?? []) == Set(graces(below: 6000).map { UInt32($0) }))
    }
}
