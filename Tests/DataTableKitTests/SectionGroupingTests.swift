import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// Waits until no job runs (a filter is followed by the grouping job).
private func settle(_ view: DataTableView) {
    while view.activeJob != nil { view.waitForJob() }
}

/// Grouping rows into sections, checked against a grouping computed here independently.
@Suite struct SectionGroupingTests {
    /// `group,n,amount,name` rows: a few integer groups, numbers to sort and sum.
    static func table(rows: Int, groups: Int, seed: UInt64) -> (StringRowsDataSource, [[String]]) {
        var random = SplitMix64(seed: seed)
        let data = (0..<rows).map { i -> [String] in
            [String(Int.random(in: 1...groups, using: &random) * 10), String(Int.random(in: 0..<50, using: &random)),
             String(Int.random(in: -500..<500, using: &random)), "row\(i)"]
        }
        return (StringRowsDataSource(titles: ["group", "n", "amount", "name"], rows: data), data)
    }

    /// The reference: rows kept by the filter (some field contains `query`), grouped by the
    /// group's number ascending, each group ordered by `n` (ascending or not) then file order.
    static func referenceSections(_ data: [[String]], query: String?, sortAscending: Bool?) -> [(group: Int, rows: [Int], total: Int)] {
        let kept = data.indices.filter { row in query.map { q in data[row].contains { $0.contains(q) } } ?? true }
        let groups = Set(kept.map { Int(data[$0][0])! }).sorted()
        return groups.map { group in
            var rows = kept.filter { Int(data[$0][0])! == group }
            if let ascending = sortAscending {
                rows = rows.enumerated().sorted { a, b in
                    let x = Int(data[a.element][1])!, y = Int(data[b.element][1])!
                    if x != y { return ascending ? x < y : x > y }
                    return a.offset < b.offset
                }.map(\.element)
            }
            return (group, rows, data.indices.filter { Int(data[$0][0])! == group }.count)
        }
    }

    /// Display rows as text: `H10`, `r3`, `F10`.
    static func displayRows(_ view: DataTableView) -> [String] {
        (0..<view.viewport.rowCount).map { row in
            switch view.displayRow(at: row) {
            case .item(let source): return "r\(source)"
            case .header(let s): return "H\(view.title(ofSection: s).stringRepresentation)"
            case .footer(let s): return "F\(view.title(ofSection: s).stringRepresentation)"
            }
        }
    }

    @Test(arguments: 0..<12)
    func sectionsMatchAReferenceGroupingUnderRandomSortAndFilter(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 7919)
        let (source, data) = Self.table(rows: Int.random(in: 0..<300, using: &random), groups: Int.random(in: 1...7, using: &random),
                                        seed: UInt64(seed))
        let view = DataTableView(dataSource: source, size: Size(width: 60, height: 12))
        view.setGrouping(.column(0))
        view.waitForJob()
        let sortAscending: Bool? = [nil, true, false][seed % 3]
        if let sortAscending { view.startSort(by: [SortDescriptor(column: 1, ascending: sortAscending)]); view.waitForJob() }
        let query: String? = seed % 2 == 0 ? String(seed % 10) : nil
        if let query { view.startFilter(try! RowMatcher(query: query, mode: .substring)); view.waitForJob(); view.waitForJob() }

        let reference = Self.referenceSections(data, query: query, sortAscending: sortAscending)
        #expect(view.sectionCount == reference.count)
        var expectedRows: [String] = []
        for (index, section) in reference.enumerated() where index < view.sectionCount {
            #expect(view.title(ofSection: index) == .string(String(section.group)))
            #expect(view.sourceRows(inSection: index) == section.rows)
            let context = view.sectionContext(kind: .footer, section: index, column: 2, labelColumn: 0)
            #expect(context?.itemCount == section.rows.count)
            #expect(context?.totalCount == section.total)
            let sum = section.rows.reduce(0) { $0 + Int(data[$1][2])! }
            #expect(context?.summary(ofColumn: 2)?.integerSum == sum)
            #expect(context?.summary(ofColumn: 0) == nil, "the grouping column is not summed")
            expectedRows += ["H\(section.group)"] + section.rows.map { "r\($0)" } + ["F\(section.group)"]
        }
        #expect(Self.displayRows(view) == expectedRows)
    }

    @Test func sortingByTheGroupColumnDescendingReversesTheSections() {
        let (source, data) = Self.table(rows: 60, groups: 4, seed: 3)
        let view = DataTableView(dataSource: source, size: Size(width: 60, height: 12))
        view.setGrouping(.column(0))
        view.sort(by: [SortDescriptor(column: 0, ascending: false)])
        let groups = Set(data.map { Int($0[0])! }).sorted(by: >)
        #expect((0..<view.sectionCount).map { view.title(ofSection: $0) } == groups.map { .string(String($0)) })
    }

    @Test func collapsingKeepsTheHeaderAndFooterAndTheCursorOnItsRecord() {
        let (source, _) = Self.table(rows: 40, groups: 3, seed: 5)
        let view = DataTableView(dataSource: source, size: Size(width: 60, height: 12))
        view.setGrouping(.column(0))
        view.waitForJob()
        #expect(view.sectionCount == 3)
        let lastSection = view.sectionCount - 1
        let record = view.sourceRows(inSection: lastSection)[1]
        view.goToSourceRow(record)
        let before = view.viewport.rowCount
        view.setSectionCollapsed(true, section: 0)
        let firstCount = view.sourceRows(inSection: 0).count
        #expect(view.viewport.rowCount == before - firstCount)
        #expect(Self.displayRows(view).prefix(3) == ["H10", "F10", "H20"])
        #expect(view.sourceRow(forDisplayRow: view.viewport.cursor.row) == record)
        // Collapsing the cursor's own section puts the cursor on its header.
        view.toggleSectionAtCursor()
        #expect(view.displayRow(at: view.viewport.cursor.row) == .header(section: lastSection))
        // Expanding all brings every row back; the cursor stays on the header.
        view.toggleAllSections()  // not all collapsed: collapses the rest
        #expect(view.viewport.rowCount == 2 * view.sectionCount)
        view.toggleAllSections()
        #expect(view.viewport.rowCount == before)
        #expect(view.displayRow(at: view.viewport.cursor.row) == .header(section: lastSection))
        // A collapsed section stays collapsed after a sort.
        view.setSectionCollapsed(true, section: 1)
        view.sort(by: [SortDescriptor(column: 1, ascending: false)])
        #expect(view.isSectionCollapsed(1))
        #expect(!view.isSectionCollapsed(0))
    }

    @Test func theCursorKeepsItsRecordAcrossSortAndFilter() {
        let (source, data) = Self.table(rows: 120, groups: 5, seed: 9)
        let view = DataTableView(dataSource: source, size: Size(width: 60, height: 12))
        view.setGrouping(.column(0))
        view.waitForJob()
        let record = data.indices.first { data[$0][1].contains("7") }!
        view.goToSourceRow(record)
        view.startSort(by: [SortDescriptor(column: 1, ascending: false)])
        view.waitForJob()
        #expect(view.sourceRow(forDisplayRow: view.viewport.cursor.row) == record)
        view.startFilter(try! RowMatcher(query: "7", mode: .substring))
        view.waitForJob()
        view.waitForJob()
        #expect(view.sourceRow(forDisplayRow: view.viewport.cursor.row) == record)
        #expect(view.displayRow(at: view.viewport.cursor.row) == .item(sourceRow: record))
    }

    @Test func aSectionWhoseRowsAreAllFilteredOutDisappears() {
        let source = StringRowsDataSource(titles: ["g", "v"], rows: [["a", "1"], ["b", "2"], ["a", "3"], ["c", "4"]])
        let view = DataTableView(dataSource: source, size: Size(width: 40, height: 12))
        view.setGrouping(.column(0))
        view.waitForJob()
        #expect(Self.displayRows(view) == ["Ha", "r0", "r2", "Fa", "Hb", "r1", "Fb", "Hc", "r3", "Fc"])
        view.startFilter(try! RowMatcher(query: "3", mode: .substring))
        view.waitForJob()
        view.waitForJob()
        #expect(Self.displayRows(view) == ["Ha", "r2", "Fa"])
        let header = view.sectionContext(kind: .header, section: 0, column: nil, labelColumn: 0)
        #expect(header?.countText == "1 of 2 rows")
    }

    @Test func searchSkipsHeadersAndOpensACollapsedSection() {
        let source = StringRowsDataSource(titles: ["g", "v"], rows: [["a", "x"], ["b", "needle"], ["a", "y"]])
        let view = DataTableView(dataSource: source, size: Size(width: 40, height: 12))
        view.setGrouping(.column(0))
        view.waitForJob()
        view.setSectionCollapsed(true, section: 1)
        // "row" is in every header ("g: b  (1 row)"), but only records are searched.
        view.startSearch(try! RowMatcher(query: "row", mode: .substring), forward: true)
        view.waitForJob()
        #expect(view.notice == "not found: row")
        view.startSearch(try! RowMatcher(query: "needle", mode: .substring), forward: true)
        view.waitForJob()
        #expect(!view.isSectionCollapsed(1))
        #expect(view.displayRow(at: view.viewport.cursor.row) == .item(sourceRow: 1))
    }

    @Test func deletingARowShrinksItsSectionAndItsSums() {
        let source = StringRowsDataSource(titles: ["g", "v"], rows: [["a", "1"], ["b", "2"], ["a", "3"]])
        let view = DataTableView(dataSource: source, size: Size(width: 40, height: 12))
        view.setGrouping(.column(0))
        view.waitForJob()
        view.hideRow(1)
        #expect(Self.displayRows(view) == ["Ha", "r0", "r2", "Fa"])
        view.hideRow(2)
        settle(view)
        #expect(Self.displayRows(view) == ["Ha", "r0", "Fa"])
        #expect(view.sectionContext(kind: .footer, section: 0, column: 1, labelColumn: 0)?.summary(ofColumn: 1)?.integerSum == 1)
        view.unhideRow(1)
        settle(view)
        #expect(Self.displayRows(view) == ["Ha", "r0", "Fa", "Hb", "r1", "Fb"])
        #expect(view.displayRow(at: view.viewport.cursor.row) == .item(sourceRow: 1))
    }

    @Test func anEditedValueMovesItsRowAndTheSumsFollow() {
        let source = EditableDataSource(base: StringRowsDataSource(titles: ["g", "v"], rows: [["a", "1"], ["b", "2"], ["a", "3"]]))
        let view = DataTableView(dataSource: source, size: Size(width: 40, height: 12))
        view.setGrouping(.column(0))
        view.waitForJob()
        #expect(view.sectionContext(kind: .footer, section: 0, column: 1, labelColumn: 0)?.summary(ofColumn: 1)?.integerSum == 4)
        // v of row 2: 3 -> 30 (section a sums 31); then g of row 0: a -> b (it moves to b).
        #expect(source.setField("30", row: 2, column: 1))
        view.regroupAfterValuesChanged()
        view.waitForJob()
        #expect(view.sectionContext(kind: .footer, section: 0, column: 1, labelColumn: 0)?.summary(ofColumn: 1)?.integerSum == 31)
        #expect(source.setField("b", row: 0, column: 0))
        view.regroupAfterValuesChanged()
        view.waitForJob()
        #expect(Self.displayRows(view) == ["Ha", "r2", "Fa", "Hb", "r0", "r1", "Fb"])
        #expect(view.sectionContext(kind: .footer, section: 1, column: 1, labelColumn: 0)?.summary(ofColumn: 1)?.integerSum == 3)
    }

    @Test func groupingOffGoesBackToPlainRowsKeepingTheSort() {
        let source = StringRowsDataSource(titles: ["g", "v"], rows: [["b", "1"], ["a", "3"], ["b", "2"]])
        let view = DataTableView(dataSource: source, size: Size(width: 40, height: 12))
        view.setGrouping(.column(0))
        view.sort(by: [SortDescriptor(column: 1, ascending: false)])
        #expect(Self.displayRows(view) == ["Ha", "r1", "Fa", "Hb", "r2", "r0", "Fb"])
        view.setGrouping(nil)
        view.waitForJob()
        #expect(Self.displayRows(view) == ["r1", "r2", "r0"])
    }

    @Test func decimalSumsKeepTheirDecimalsAndMeansDivide() {
        var summary = DataTableColumnSummary(column: 0)
        for text in ["1.25", "2", "\"-0.5\"", "", "n/a", "1000"] { summary.add(text) }
        #expect(summary.count == 4)
        #expect(summary.integerSum == nil)
        #expect(summary.formattedSum == "1,002.75")
        #expect(summary.formattedMean == "250.6875")
        var integers = DataTableColumnSummary(column: 0)
        for text in ["9223372036854775807", "1"] { integers.add(text) }
        #expect(integers.integerSum == nil, "an overflowing sum is not exact")
    }

    @Test func layoutMapsDisplayRowsBothWays() {
        var layout = SectionLayout(sections: [
            .init(start: 0, count: 2, total: 2, key: "a"), .init(start: 2, count: 3, total: 5, key: "b"),
        ], showsHeaders: true, showsFooters: true)
        let rows = (0..<layout.displayRowCount).map { layout.row(at: $0) }
        #expect(rows == [.header(0), .item(0), .item(1), .footer(0), .header(1), .item(2), .item(3), .item(4), .footer(1)])
        for item in 0..<5 { #expect(layout.row(at: layout.displayRow(ofItem: item)) == .item(item)) }
        layout.setCollapsed(true, section: 0)
        #expect((0..<layout.displayRowCount).map { layout.row(at: $0) } == [.header(0), .footer(0), .header(1), .item(2), .item(3), .item(4), .footer(1)])
        #expect(layout.displayRow(ofItem: 1) == 0)
        layout.removeItem(3)
        #expect(layout.sections[1].count == 2)
        #expect(layout.row(at: 4) == .item(3))
        let bare = SectionLayout(sections: [.init(start: 0, count: 2, total: 2, key: "a")], showsHeaders: false, showsFooters: false)
        #expect((0..<bare.displayRowCount).map { bare.row(at: $0) } == [.item(0), .item(1)])
    }

    @Test func aSnapshotsSectionsBecomeTheTablesSections() {
        struct Task: Identifiable { var id: Int; var title: String; var hours: Int }
        let tasks = [Task(id: 1, title: "plan", hours: 2), Task(id: 2, title: "build", hours: 5), Task(id: 3, title: "ship", hours: 1)]
        let table = DataTable(data: [Task](), columns: [.init("Task", \.title), .init("Hours", \.hours)])
        var snapshot = DataTableSnapshot<String, Int>()
        snapshot.appendSections(["Later", "Now"])
        snapshot.appendItems([3], toSection: "Later")
        snapshot.appendItems([2, 1], toSection: "Now")
        table.apply(snapshot, sections: DataTableSectionOptions()) { id in tasks.first { $0.id == id } }
        table.view.waitForJob()
        #expect(Self.displayRows(table.view) == ["HLater", "r0", "FLater", "HNow", "r1", "r2", "FNow"])
        #expect(table.view.columns[1].kind == .integer, "kinds \(table.view.columns.map(\.kind)) sampled \(table.view.columnLayout.sampling.sampledRowCount)")
        #expect(table.view.sectionContext(kind: .footer, section: 1, column: 1, labelColumn: 0)?.summary(ofColumn: 1)?.integerSum == 7)
        // Sorting orders rows within sections; sections keep the snapshot's order.
        table.view.sort(by: [SortDescriptor(column: 1, ascending: true)])
        #expect(Self.displayRows(table.view) == ["HLater", "r0", "FLater", "HNow", "r2", "r1", "FNow"])
        #expect(table.model(at: 4).title == "plan")
    }
}
