import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// The column filter stack on a view: cancelling, loading, hidden rows, sections, the `&`
/// filter under it.
@Suite struct ColumnFilterViewTests {
    func shown(_ view: DataTableView) -> [Int] {
        (0..<view.viewport.rowCount).map { view.sourceRow(forDisplayRow: $0) }
    }

    static func numbers(_ count: Int) -> StringRowsDataSource {
        StringRowsDataSource(titles: ["n", "parity"], rows: (0..<count).map { [String($0), $0 % 2 == 0 ? "even" : "odd"] })
    }

    @Test func aCancelledPushLeavesTheStackAndTheRowsAsTheyWere() {
        let view = DataTableView(dataSource: Self.numbers(50), size: Size(width: 40, height: 10))
        view.pushColumnFilter(ColumnFilter(column: 0, predicate: .comparison(.less, "10")))
        view.waitForJob()
        #expect(shown(view) == Array(0..<10))
        view.pushColumnFilter(ColumnFilter(column: 1, predicate: .comparison(.equal, "odd")))
        #expect(view.cancelJobFromUser())
        view.waitForJob()
        #expect(view.columnFilters.count == 1 && shown(view) == Array(0..<10))
        #expect(view.notice == "filtering cancelled")
        // A cancelled pop too.
        view.pushColumnFilter(ColumnFilter(column: 1, predicate: .comparison(.equal, "odd")))
        view.waitForJob()
        #expect(shown(view) == [1, 3, 5, 7, 9])
        view.popColumnFilter()
        #expect(view.cancelJobFromUser())
        #expect(view.columnFilters.count == 2 && shown(view) == [1, 3, 5, 7, 9])
        // Popping the last one (no & filter) needs no job: every row at once.
        view.popColumnFilter()
        view.waitForJob()
        view.popColumnFilter()
        #expect(view.activeJob == nil && view.columnFilters.isEmpty && shown(view) == Array(0..<50))
    }

    /// `]` then `|` at once on a large file: the filter starts while the sort job has not been
    /// applied; the filter's rows come sorted by it, never in file order with the sort lost.
    @Test func aFilterStartedBeforeASortEndsKeepsTheSort() throws {
        let descending = [SortDescriptor(column: 0, ascending: false)]
        let view = DataTableView(dataSource: Self.numbers(50), size: Size(width: 40, height: 10))
        view.startSort(by: descending)
        view.pushColumnFilter(ColumnFilter(column: 1, predicate: .comparison(.equal, "odd")))
        view.waitForJob()
        #expect(shown(view) == Array(stride(from: 49, through: 1, by: -2)))
        #expect(view.sortDescriptors == descending)
        // The whole-row filter too.
        let other = DataTableView(dataSource: Self.numbers(50), size: Size(width: 40, height: 10))
        other.startSort(by: descending)
        other.startFilter(try RowMatcher(query: "even", mode: .substring))
        other.waitForJob()
        #expect(shown(other) == Array(stride(from: 48, through: 0, by: -2)))
        #expect(other.sortDescriptors == descending)
        // Esc on the filter drops the sort it carried with it.
        let third = DataTableView(dataSource: Self.numbers(50), size: Size(width: 40, height: 10))
        third.startSort(by: descending)
        third.pushColumnFilter(ColumnFilter(column: 1, predicate: .comparison(.equal, "odd")))
        #expect(third.cancelJobFromUser())
        third.waitForJob()
        #expect(third.sortDescriptors.isEmpty && shown(third) == Array(0..<50))
    }

    @Test func theWholeRowFilterCombinesWithTheStackAndOutlivesIt() throws {
        let view = DataTableView(dataSource: Self.numbers(40), size: Size(width: 40, height: 10))
        view.pushColumnFilter(ColumnFilter(column: 0, predicate: .range(lower: "10", upper: "29")))
        view.waitForJob()
        view.startFilter(try RowMatcher(query: "odd", mode: .substring))
        view.waitForJob()
        #expect(shown(view) == Array(stride(from: 11, through: 29, by: 2)))
        #expect(view.filter?.query == "odd" && view.columnFilters.count == 1)
        view.popColumnFilter()
        view.waitForJob()
        #expect(shown(view) == Array(stride(from: 1, to: 40, by: 2)))
        #expect(view.filter?.query == "odd" && view.columnFilters.isEmpty)
        // Clearing the & filter under a column filter keeps the column filter.
        view.pushColumnFilter(ColumnFilter(column: 0, predicate: .comparison(.greaterOrEqual, "35")))
        view.waitForJob()
        view.startFilter(nil)
        view.waitForJob()
        #expect(shown(view) == Array(35..<40) && view.filter == nil)
    }

    @Test func filtersRunAgainOverEveryRowWhenLoadingEnds() {
        let source = GrowingDataSource(count: 10)
        let view = DataTableView(dataSource: source, size: Size(width: 20, height: 8))
        view.pushColumnFilter(ColumnFilter(column: 0, predicate: .comparison(.greater, "5")))
        view.waitForJob()
        #expect(shown(view) == [6, 7, 8, 9])
        source.count = 20
        _ = view.refreshFromDataSource()
        view.waitForJob()
        #expect(shown(view) == [6, 7, 8, 9])  // rows indexed later wait for the end
        source.complete = true
        _ = view.refreshFromDataSource()
        view.waitForJob()
        #expect(shown(view) == Array(6..<20))
        #expect(view.columnFilters.count == 1)
    }

    @Test func deletedRowsStayOutAndComeBackFiltered() {
        let view = DataTableView(dataSource: Self.numbers(20), size: Size(width: 40, height: 10))
        view.hideRow(12)
        view.pushColumnFilter(ColumnFilter(column: 0, predicate: .comparison(.greaterOrEqual, "10")))
        view.waitForJob()
        #expect(shown(view) == [10, 11] + Array(13..<20))
        view.pushColumnFilter(ColumnFilter(column: 1, predicate: .equalsAny(["even"])))
        view.waitForJob()
        #expect(shown(view) == [10, 14, 16, 18])
        view.unhideRow(12)
        view.waitForJob()
        #expect(shown(view) == [10, 12, 14, 16, 18])
        view.hideRow(3)
        view.unhideRow(3)  // filtered out: it stays out
        view.waitForJob()
        #expect(shown(view) == [10, 12, 14, 16, 18])
    }

    @Test func sectionsAreGroupedOverTheKeptRows() {
        let view = DataTableView(dataSource: Self.numbers(30), size: Size(width: 40, height: 40))
        view.setGrouping(.column(1))
        view.waitForJob()
        view.pushColumnFilter(ColumnFilter(column: 0, predicate: .comparison(.less, "6")))
        view.waitForJob()
        // even: header, 0 2 4, footer; odd: header, 1 3 5, footer.
        #expect(view.viewport.rowCount == 10)
        #expect(view.sectionCount == 2)
        view.popColumnFilter()
        view.waitForJob()
        #expect(view.viewport.rowCount == 34)
    }

    @Test func aKindSetWithTRunsTheComparisonAgainInTheNewKind() {
        let source = StringRowsDataSource(titles: ["code"], rows: [["9"], ["10"], ["100"], ["2"], ["x"]])
        let view = DataTableView(dataSource: source, size: Size(width: 40, height: 10))
        view.setKind(ColumnKindSetting(kind: .text), ofColumn: 0)
        view.pushColumnFilter(ColumnFilter(column: 0, predicate: .comparison(.greater, "5")))
        view.waitForJob()
        #expect(shown(view) == [0, 4])  // "9" and "x" sort after "5" as text
        view.setKind(ColumnKindSetting(kind: .integer), ofColumn: 0)
        view.waitForJob()
        #expect(shown(view) == [0, 1, 2])  // 9, 10, 100
    }

    @Test func aFilterOnAColumnThatIsNotThereIsRefused() {
        let view = DataTableView(dataSource: Self.numbers(5), size: Size(width: 40, height: 10))
        #expect(!view.pushColumnFilter(ColumnFilter(column: 7, predicate: .substring("x"))))
        #expect(view.notice == "no column 8 to filter" && view.columnFilters.isEmpty && view.activeJob == nil)
    }
}
