import Testing
import TerminalSurface
@testable import DataTableKit

/// The logic under `DataTableApplyOptions`: the shown-text rule, reported changes filtered by
/// it, empty changes, and the flash read from the theme.
@Suite struct ApplyOptionsTests {
    static func rows(_ rows: [[String]]) -> StringRowsDataSource {
        StringRowsDataSource(titles: ["id", "cpu"], rows: rows)
    }

    @Test func shownTextIsTheValuesTextNotTheValue() {
        typealias Rule = DataTableChangeRule<Int>
        #expect(!Rule.showsOtherText(.int(1), .double(1)))  // both show "1"
        #expect(!Rule.showsOtherText(.string("12.3"), .string("12.3")))
        #expect(Rule.showsOtherText(.double(12.31), .double(12.34)))
        #expect(Rule.showsOtherText(.null, .string("x")))
    }

    @Test func aHeaderOnlyColumnIsComparedByWhatItSortsBy() {
        struct User: Identifiable { var id: Int; var name: String; var seen: Double }
        let columns: [DataTableColumn<User>] = [.init("Avatar", sortedBy: { $0.name }),
                                                .init("Seen", extract: { .int(Int($0.seen)) }, sortedBy: { $0.seen })]
        let table = DataTable(data: [User(id: 1, name: "ada", seen: 1.2)], columns: columns)
        #expect(table.apply([User(id: 1, name: "ada", seen: 1.4)]).isEmpty)  // "1" both times
        #expect(table.apply([User(id: 1, name: "grace", seen: 1.4)]).updates == [0])
    }

    @Test func aLiveSourceKeepsOnlyRowsWhoseShownTextChanged() {
        let live = LiveDataSource(Self.rows([["a", "1.0"], ["b", "2.0"], ["c", "3.0"]]))
        // b and c reported changed, only c shows other text; d is new.
        let newer = Self.rows([["a", "1.0"], ["b", "2.0"], ["c", "3.5"], ["d", "4.0"]])
        live.replace(with: newer, changes: DataTableRowChanges(newSourceRows: [0, 1, 2], changedRows: [1, 2, 3]),
                     options: DataTableApplyOptions(refresh: .reload, animatingDifferences: false))
        let taken = live.takeRowChanges()
        #expect(taken?.changedRows == [2, 3])
        #expect(taken?.refresh == .reload)
        #expect(taken?.animatingDifferences == false)
    }

    @Test func aLiveSourcesRuleSeesOldAndNewRows() {
        let older = Self.rows([["a", "1.0"], ["b", "2.0"]])
        let live = LiveDataSource(older)
        let newer = Self.rows([["b", "2.0"], ["a", "1.0"]])
        var asked: [(Int, Int)] = []
        live.replace(with: newer, changes: DataTableRowChanges(newSourceRows: [1, 0], changedRows: [0, 1]),
                     options: DataTableApplyOptions(changes: .when { old, new in asked.append((old, new)); return new == 0 }))
        #expect(live.takeRowChanges()?.changedRows == [0])
        #expect(asked.sorted { $0.0 < $1.0 }.map { [$0.0, $0.1] } == [[0, 1], [1, 0]])
    }

    @Test func changesThatMoveNothingAreEmptyAndDrawNothing() {
        #expect(DataTableRowChanges(newSourceRows: [0, 1, 2], changedRows: []).isEmpty)
        #expect(!DataTableRowChanges(newSourceRows: [0, 1, 2], changedRows: [1]).isEmpty)
        #expect(!DataTableRowChanges(newSourceRows: [1, 0], changedRows: []).isEmpty)
        #expect(!DataTableRowChanges(newSourceRows: [0, nil], changedRows: []).isEmpty)
        let source = Self.rows([["a", "1"], ["b", "2"]])
        let live = LiveDataSource(source)
        let view = DataTableView(dataSource: live, size: Size(width: 30, height: 6))
        live.replace(with: Self.rows([["a", "1"], ["b", "2"]]),
                     changes: DataTableRowChanges(newSourceRows: [0, 1], changedRows: [0, 1]),
                     options: DataTableApplyOptions())
        #expect(!view.refreshFromDataSource())
        #expect(!view.advanceFlash())
    }

    @Test func aReloadingChangeComposesWithALaterOne() {
        var first = DataTableRowChanges(newSourceRows: [0], changedRows: [0])
        first.refresh = .reload
        let later = DataTableRowChanges(newSourceRows: [0], changedRows: [])
        #expect(first.followed(by: later).refresh == .reload)
        #expect(later.followed(by: later).refresh == .reconfigure)
    }

    @Test func theFlashFollowsTheThemesStyle() {
        let start = ContinuousClock.now
        let style = TableFlashStyle(colors: [.palette(1), .palette(2)], duration: .milliseconds(200))
        let flash = RowFlash(rows: [3], start: start, style: style)
        #expect(flash.background(at: start) == .palette(1))
        #expect(flash.background(at: start + .milliseconds(150)) == .palette(2))
        #expect(flash.background(at: start + .milliseconds(200)) == nil)
        #expect(RowFlash(rows: [3], start: start, style: .off).background(at: start) == nil)
        #expect(!TableFlashStyle.off.isOn)
        #expect(TableTheme.colored.flash == .standard)
    }
}
