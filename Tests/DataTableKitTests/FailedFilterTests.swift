import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// A filter that fails (its pattern ran out of PCRE2's limits) is never taken for its answer:
/// `waitForJob()` says so to a caller that prints the rows, and a run of the applied filter over
/// rows loaded later that fails stops, keeps the rows it had, and says so (issue 19).
@Suite struct FailedFilterTests {
    /// `(a+)+$` backtracks exponentially over a run of `a`s that does not end the field.
    static let pattern = "(a+)+$"
    static let wedge = String(repeating: "a", count: 40) + "b"

    /// Text rows that arrive in steps, as a file being indexed.
    final class LoadingRows: DataTableLoading {
        var rows: [String]
        var complete = false
        init(_ rows: [String]) { self.rows = rows }
        var columnCount: Int { 1 }
        var rowCount: Int { rows.count }
        func title(ofColumn column: Int) -> String { "text" }
        func value(row: Int, column: Int) -> DataTableValueType { .string(rows[row]) }
        var loadState: DataTableLoadState? { DataTableLoadState(fraction: complete ? 1 : 0.5, isComplete: complete) }
    }

    func regex(_ query: String) -> RowMatcher { try! RowMatcher(query: query, mode: .regex) }

    @Test func waitingForAFilterThatFailsReturnsItsMessage() {
        let source = StringRowsDataSource(titles: ["text"], rows: [["a"], [Self.wedge], ["ccc"]])
        let view = DataTableView(dataSource: source, size: Size(width: 40, height: 8))
        view.startFilter(regex(Self.pattern))
        #expect(view.waitForJob() == "pattern too complex: \(Self.pattern)")
        #expect(view.filter == nil)
        // A filter that works returns nothing.
        view.startFilter(regex("c+$"))
        #expect(view.waitForJob() == nil)
        #expect(view.viewport.rowCount == 1)
    }

    @Test func aRunOverRowsLoadedLaterThatFailsStopsKeepsItsRowsAndSaysSo() {
        let source = LoadingRows((0..<10).map { "row \($0) a" })
        let size = Size(width: 100, height: 8)
        let view = DataTableView(dataSource: source, size: size)
        view.startFilter(regex(Self.pattern))
        #expect(view.waitForJob() == nil)
        #expect(view.viewport.rowCount == 10)
        // The rest of the file arrives: the wedge row, then rows the filter would keep.
        source.rows += [Self.wedge] + (10..<20).map { "row \($0) a" }
        source.complete = true
        _ = view.refreshFromDataSource(checkingForChanges: false)
        #expect(view.waitForJob() == "pattern too complex: \(Self.pattern)")
        // It is not started again (it would fail again, for ever), the rows it kept stay.
        for _ in 0..<3 {
            _ = view.refreshFromDataSource(checkingForChanges: false)
            #expect(view.activeJob == nil)
        }
        #expect(view.filter?.query == Self.pattern)
        #expect(view.viewport.rowCount == 10)
        #expect(view.filterStoppedReason == "pattern too complex: \(Self.pattern)")
        let frame = Surface(size: size)
        view.render(into: frame)
        let status = frame.lines.last!
        #expect(status.contains("filter: \(Self.pattern) (first 10 of 21 rows only)"), "\(status)")
        #expect(view.notice?.hasPrefix("pattern too complex: \(Self.pattern)") == true, "\(view.notice ?? "")")
        // Clearing the filter ends it.
        view.startFilter(nil)
        #expect(view.filterStoppedReason == nil)
        view.waitForJob()
        #expect(view.viewport.rowCount == 21)
    }

    @Test func choosingColumnsWithAPatternOutOfItsLimitsChangesNothingAndSaysSo() {
        let source = StringRowsDataSource(titles: ["a", Self.wedge, "ccc"], rows: [["1", "2", "3"]])
        let view = DataTableView(dataSource: source, size: Size(width: 60, height: 8))
        #expect(!view.showColumns(matching: regex(Self.pattern)))
        #expect(view.visibleColumns.count == 3)
        view.filterColumnsFromUser(Self.pattern)
        #expect(view.visibleColumns.count == 3)
        #expect(view.notice == "pattern too complex: \(Self.pattern): columns unchanged")
    }
}
