import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// A data source whose rows arrive in steps, like a file being indexed.
final class GrowingSource: DataTableLoading {
    let all: [[String]]
    var visible: Int
    init(rows: Int, visible: Int) {
        all = (0..<rows).map { [String($0), "name\($0 % 7)"] }
        self.visible = visible
    }
    var columnCount: Int { 2 }
    var rowCount: Int { visible }
    func title(ofColumn column: Int) -> String { column == 0 ? "id" : "name" }
    func value(row: Int, column: Int) -> DataTableValueType { DataTableValueType(fieldText: all[row][column]) }
    var loadState: DataTableLoadState? {
        DataTableLoadState(fraction: Double(visible) / Double(all.count), isComplete: visible == all.count, verb: "indexing")
    }
}

@Suite struct LoadingWhileSortingTests {
    @Test func rowsArrivingDuringASortAreShownAndSortedWhenLoadingEnds() {
        let source = GrowingSource(rows: 20_000, visible: 500)
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 40, height: 10))
        view.startSort(by: [SortDescriptor(column: 0, ascending: false)])
        source.visible = 20_000  // loading finishes while the sort runs
        _ = view.refreshFromDataSource()
        view.waitForJob()
        // The first sort covered 500 rows; the rest follow until the sort runs again.
        #expect(view.viewport.rowCount == 20_000)
        _ = view.refreshFromDataSource()  // sees the order is stale: sorts everything
        view.waitForJob()
        _ = view.refreshFromDataSource()
        let ids = (0..<view.viewport.rowCount).map { view.sourceRow(forDisplayRow: $0) }
        #expect(ids.count == 20_000)
        #expect(ids == Array((0..<20_000).reversed()))
    }

    @Test func rowsArrivingWhileAJobRunsAreShownAtOnce() {
        let source = GrowingSource(rows: 1_000, visible: 100)
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 40, height: 10))
        view.activeJob = TableJob(kind: .search(try! RowMatcher(query: "x", mode: .substring), forward: true), total: 100)
        source.visible = 600
        #expect(view.refreshFromDataSource())
        #expect(view.viewport.rowCount == 600)  // not frozen at 100 until the job ends
        #expect(view.activeJob != nil)
    }
}
