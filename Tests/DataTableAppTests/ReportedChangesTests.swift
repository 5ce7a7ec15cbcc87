import Testing
import TerminalSurface
import TestSupport
import DataTableApp
@testable import DataTableKit

/// A data source that reports changes (`LiveDataSource`, `DataTableChangeReporting`) or a
/// program that reports them (`applyChanges`): the cursor keeps its record, the sort and the
/// filter hold, marks and hidden rows follow, changed rows flash, only they are re-measured.
@Suite struct ReportedChangesTests {
    static func rows(_ records: [(String, String, Int)]) -> StringRowsDataSource {
        StringRowsDataSource(titles: ["id", "name", "score"], rows: records.map { [$0.0, $0.1, String($0.2)] })
    }

    static let before: [(String, String, Int)] = [
        ("a", "apple", 50), ("b", "banana", 20), ("c", "cherry", 90), ("d", "date", 10),
        ("e", "elder", 70), ("f", "fig", 30), ("g", "grape", 60), ("h", "hazel", 40),
    ]

    /// Old row i's new row, matched by id (the first field).
    static func changes(from old: [(String, String, Int)], to new: [(String, String, Int)]) -> DataTableRowChanges {
        let difference = DataTableDifference(from: old.map(\.0), to: new.map(\.0),
                                             updated: Set(new.filter { n in old.contains { $0.0 == n.0 && ($0.1 != n.1 || $0.2 != n.2) } }.map(\.0)))
        return DataTableRowChanges(difference, oldCount: old.count)
    }

    static func shown(_ view: DataTableView) -> [String] {
        (0..<view.viewport.rowCount).map { view.dataSource.text(row: view.sourceRow(forDisplayRow: $0), column: 0) }
    }

    static func cursorID(_ view: DataTableView) -> String {
        view.dataSource.text(row: view.sourceRow(forDisplayRow: view.viewport.cursor.row), column: 0)
    }

    @Test func aReportedChangeKeepsTheCursorsRecordTheSortAndTheFilter() throws {
        let live = LiveDataSource(Self.rows(Self.before))
        let backend = MemoryBackend(size: Size(width: 40, height: 20))
        let view = DataTableView(dataSource: live, size: backend.size)
        let app = TableApplication(view: view, backend: backend)
        view.sort(by: [SortDescriptor(column: 2, ascending: true)])
        view.startFilter(try RowMatcher(query: "e", mode: .substring))  // apple cherry date elder grape hazel
        view.waitForJob()
        view.waitForJob()
        view.goToSourceRow(4)  // elder, 70
        view.markedRows = [6]  // grape
        view.marks.set = [6]
        app.drawFrame()
        #expect(Self.shown(view) == ["d", "h", "a", "g", "e", "c"])
        #expect(Self.cursorID(view) == "e")

        // Another version: rows moved, one deleted (date), two inserted, elder's score changed
        // so that it sorts first, a new row that the filter drops.
        let after: [(String, String, Int)] = [
            ("x", "xeric", 55), ("h", "hazel", 40), ("a", "apple", 50), ("e", "elder", 5), ("b", "banana", 20),
            ("c", "cherry", 90), ("y", "yam", 1), ("f", "fig", 30), ("g", "grape", 60),
        ]
        let changes = Self.changes(from: Self.before, to: after)
        live.replace(with: Self.rows(after), changes: changes)
        #expect(Self.cursorID(view) == "e")  // nothing switches before the table takes it
        #expect(view.refreshFromDataSource())
        view.waitForJob()
        view.waitForJob()
        app.drawFrame()

        #expect(Self.shown(view) == ["e", "h", "a", "x", "g", "c"])  // filtered "e", sorted by score
        #expect(Self.cursorID(view) == "e")
        #expect(view.sortDescriptors == [SortDescriptor(column: 2, ascending: true)])
        #expect(view.filter?.query == "e")
        #expect(view.markedRows == [8])  // grape's new source row
        #expect(view.isFlashing)
        #expect(view.sourceWatch.rowFlash?.rows == [0, 3, 6])  // xeric and yam inserted, elder changed
        #expect(!live.hasRowChanges)
    }

    @Test func changesQueuedTwiceBeforeTheTableLooksAreComposed() {
        let live = LiveDataSource(Self.rows(Self.before))
        let view = DataTableView(dataSource: live, size: Size(width: 40, height: 20))
        view.goToSourceRow(6)  // grape
        let middle = Array(Self.before.dropFirst(2))  // a and b gone
        live.replace(with: Self.rows(middle), changes: Self.changes(from: Self.before, to: middle))
        let last = [("z", "zucchini", 1)] + middle
        live.replace(with: Self.rows(last), changes: Self.changes(from: middle, to: last))
        #expect(view.refreshFromDataSource())
        #expect(view.dataSource.rowCount == 7)
        #expect(Self.cursorID(view) == "g")
        #expect(view.sourceRow(forDisplayRow: view.viewport.cursor.row) == 5)
    }

    @Test func hiddenRowsFollowTheirRecordsAndDeletedOnesGo() {
        let live = LiveDataSource(Self.rows(Self.before))
        let view = DataTableView(dataSource: live, size: Size(width: 40, height: 20))
        view.hideRow(1)  // banana
        view.hideRow(3)  // date
        let after = Self.before.filter { $0.0 != "d" }.reversed().map { $0 }
        live.replace(with: Self.rows(after), changes: Self.changes(from: Self.before, to: after))
        _ = view.refreshFromDataSource()
        view.waitForJob()
        #expect(view.hiddenRows == [5])  // banana, now second from the end
        #expect(!Self.shown(view).contains("b"))
        #expect(Self.shown(view).count == 6)
    }

    @Test func aProgramThatOwnsItsSourceAppliesChangesItselfAndTheTailIsFollowed() {
        final class Growing: DataTableDataSource {
            var rows: [String] = ["1", "2", "3"]
            var columnCount: Int { 1 }
            var rowCount: Int { rows.count }
            func title(ofColumn column: Int) -> String { "n" }
            func value(row: Int, column: Int) -> DataTableValueType { .string(rows[row]) }
        }
        let source = Growing()
        let view = DataTableView(dataSource: source, size: Size(width: 20, height: 10))
        view.followsAppendedRows = true
        view.goToSourceRow(2)
        source.rows += ["4", "5"]
        view.applyChanges(.appended(oldCount: 3, newCount: 5))
        #expect(view.viewport.cursor.row == 4)
        #expect(view.sourceWatch.rowFlash?.rows == [3, 4])

        // Not on the last row: the cursor stays on its record.
        view.goToSourceRow(1)
        source.rows += ["6"]
        view.applyChanges(.appended(oldCount: 5, newCount: 6))
        #expect(view.viewport.cursor.row == 1)
    }

    @Test func aLoadingSourceIsFollowedWhenTheCursorIsAtTheEnd() {
        final class Loading: DataTableLoading {
            var count = 2
            var columnCount: Int { 1 }
            var rowCount: Int { count }
            func title(ofColumn column: Int) -> String { "n" }
            func value(row: Int, column: Int) -> DataTableValueType { .int(row) }
            var loadState: DataTableLoadState? { DataTableLoadState(fraction: nil, isComplete: false) }
        }
        let source = Loading()
        let view = DataTableView(dataSource: source, size: Size(width: 20, height: 10))
        view.followsAppendedRows = true
        view.goToSourceRow(1)
        source.count = 40
        #expect(view.refreshFromDataSource())
        #expect(view.viewport.cursor.row == 39)
        view.followsAppendedRows = false
        source.count = 50
        _ = view.refreshFromDataSource()
        #expect(view.viewport.cursor.row == 39)
    }

    @Test func changesFromADifferenceAndComposition() {
        let difference = DataTableDifference(from: [1, 2, 3, 4], to: [4, 2, 5, 3], updated: [2])
        let changes = DataTableRowChanges(difference, oldCount: 4)
        #expect(changes.newSourceRows == [nil, 1, 3, 0])
        #expect(changes.changedRows == [1, 2])
        #expect(changes.deletedCount == 1)
        let appended = DataTableRowChanges.appended(oldCount: 4, newCount: 6, changingLastRow: true)
        #expect(appended.newSourceRows == [0, 1, 2, 3])
        #expect(appended.changedRows == [3, 4, 5])
        let both = changes.followed(by: appended)
        #expect(both.newSourceRows == [nil, 1, 3, 0])
        #expect(both.changedRows == [1, 2, 3, 4, 5])
    }
}
