import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// A source that grows while "loading", like a file being indexed.
final class GrowingDataSource: DataTableLoading {
    var count: Int
    var complete = false
    init(count: Int) { self.count = count }
    var columnCount: Int { 1 }
    var rowCount: Int { count }
    func title(ofColumn column: Int) -> String { "n" }
    func value(row: Int, column: Int) -> DataTableValueType { .int(row) }
    var loadState: DataTableLoadState? { DataTableLoadState(fraction: complete ? 1 : 0.5, isComplete: complete) }
}

@Suite struct HiddenRowTests {
    func shownRows(_ view: DataTableView) -> [Int] {
        (0..<view.viewport.rowCount).map { view.sourceRow(forDisplayRow: $0) }
    }

    @Test func aRowDeletedWhileLoadingStaysHiddenAndNothingIsDoubled() {
        let source = GrowingDataSource(count: 10)
        let view = DataTableView(dataSource: source, size: Size(width: 20, height: 8))
        view.hideRow(9)
        source.count = 15
        _ = view.refreshFromDataSource()
        #expect(shownRows(view) == Array(0..<9) + Array(10..<15))
        view.hideRow(12)
        source.count = 20
        _ = view.refreshFromDataSource()
        #expect(shownRows(view) == Array(0..<9) + [10, 11] + Array(13..<20))
        // Loading ends: the order is made again over everything, still without them.
        source.complete = true
        _ = view.refreshFromDataSource()
        view.waitForJob()
        #expect(shownRows(view) == Array(0..<9) + [10, 11] + Array(13..<20))
    }
}

@Suite struct DisplayOrderPropertyTests {
    /// Random deletes, restores, sorts and filters: the rows shown are always exactly the rows
    /// the filter keeps minus the hidden ones, each once, in the sorted order when sorted.
    @Test(arguments: [11, 12, 13, 14])
    func shownRowsAreTheFilterMinusTheHiddenInSortOrder(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(max(1, n))) }
        let source = TableFixtures.people(rows: 300)
        let view = DataTableView(dataSource: source, size: Size(width: 60, height: 12))
        var hidden: Set<Int> = []
        let queries = ["a", "Lagos", "1", "é", "zz"]
        var query: String?
        for _ in 0..<120 {
            switch next(6) {
            case 0, 1:
                let row = next(300)
                view.hideRow(row)
                hidden.insert(row)
            case 2:
                if let row = hidden.randomElement(using: &random) {
                    view.unhideRow(row)
                    hidden.remove(row)
                }
            case 3:
                view.startSort(by: next(3) == 0 ? [] : [SortDescriptor(column: next(4), ascending: next(2) == 0)])
            case 4:
                query = next(3) == 0 ? nil : queries[next(queries.count)]
                view.startFilter(try query.map { try RowMatcher(query: $0, mode: .substring) })
            default:
                view.viewport.moveCursor(rows: next(40) - 20)
            }
            view.waitForJob()
            view.waitForJob()
            let shown = (0..<view.viewport.rowCount).map { view.sourceRow(forDisplayRow: $0) }
            let matcher = try query.map { try RowMatcher(query: $0, mode: .substring) }
            let expected = (0..<300).filter { row in
                !hidden.contains(row) && (matcher.map { m in (0..<4).contains { m.matches(source.text(row: row, column: $0)) } } ?? true)
            }
            #expect(shown.count == Set(shown).count, "a row is shown twice")
            #expect(Set(shown) == Set(expected), "shown \(shown.count), expected \(expected.count)")
            if let key = view.sortDescriptors.first, view.sortDescriptors.count == 1, view.columns[key.column].kind == .integer {
                let values = shown.map { Int(source.text(row: $0, column: key.column))! }
                #expect(values == (key.ascending ? values.sorted() : values.sorted(by: >)))
            }
        }
    }
}
