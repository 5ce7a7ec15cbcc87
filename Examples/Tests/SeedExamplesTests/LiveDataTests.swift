import DataTableApp
import DataTableKit
import TerminalSurface
import Testing

/// Live data without noise, through the public products: a `top`-like table refreshed with
/// numbers that jitter below what is shown flashes nothing and draws nothing; a shown change
/// flashes only its row; the theme turns the flash off; the sectioned apply takes its grouping
/// in the same call; one `DataTableApplyOptions` goes to every apply.
@Suite struct LiveDataTests {
    struct Process: Identifiable, Sendable {
        var id: Int
        var user: String
        var name: String
        /// Percent of a core; shown to one decimal.
        var cpu: Double
        /// Drawn by no column (a custom cell would show it).
        var state = "R"
    }

    static let columns: [DataTableColumn<Process>] = [
        .init("PID", \.id),
        .init("User", \.user),
        .init("Command", \.name),
        // Shown as "12.3", sorted by the exact value.
        .init("CPU%", extract: { .double(($0.cpu * 10).rounded() / 10) }, sortedBy: { $0.cpu }),
    ]

    static let processes = [
        Process(id: 1, user: "root", name: "init", cpu: 0.11),
        Process(id: 42, user: "alice", name: "swift-frontend", cpu: 87.61),
        Process(id: 77, user: "alice", name: "vim", cpu: 12.31),
        Process(id: 90, user: "bob", name: "sshd", cpu: 3.01),
    ]

    /// The same processes, every CPU moved by less than what one decimal shows.
    static var jittered: [Process] {
        processes.map { var p = $0; p.cpu += 0.03; return p }
    }

    /// A table (sorted by CPU, busiest first) on the in-memory terminal, its first frame drawn.
    static func top(flash: TableFlashStyle = .standard, sorted: Bool = true) -> (DataTable<Process>, TableApplication, MemoryBackend) {
        var options = DataTableConfiguration()
        if sorted { options.defaultOrdering = DataTableColumnOrder(index: 3, order: .descending) }
        options.theme.flash = flash
        let table = DataTable(data: processes, columns: columns, options: options, size: Size(width: 50, height: 8))
        let backend = MemoryBackend(size: Size(width: 50, height: 8))
        let app = TableApplication(view: table.view, backend: backend)
        app.drawFrame()
        return (table, app, backend)
    }

    /// Runs the run loop for `wakes` idle wakes (the memory terminal has no events), applying
    /// `refresh` on the first one as a program refreshing once a second would; the frames drawn.
    static func frames(of app: TableApplication, _ backend: MemoryBackend, wakes: Int = 4,
                       refresh: () -> Void = {}) -> Int {
        let before = backend.presentCount
        var count = 0
        app.run(until: {
            count += 1
            if count == 1 { refresh() }
            return count > wakes
        })
        return backend.presentCount - before - 1  // run's own first frame
    }

    /// The display lines whose cells have `background`.
    static func lines(of backend: MemoryBackend, withBackground background: Color) -> [Int] {
        guard let surface = backend.presented else { return [] }
        return (0..<surface.size.height).filter { y in
            (0..<surface.size.width).contains { surface[$0, y].style.background == background }
        }
    }

    @Test func jitterBelowWhatIsShownFlashesNothingAndDrawsNoFrame() {
        let (table, app, backend) = Self.top()
        var difference: DataTableDifference<Int>?
        let drawn = Self.frames(of: app, backend) { difference = table.apply(Self.jittered, options: DataTableApplyOptions()) }
        #expect(difference?.isEmpty == true)
        #expect(!table.view.isFlashing)
        #expect(drawn == 0)
        // The models are taken in all the same.
        #expect(table.data.map(\.cpu) == Self.jittered.map(\.cpu))
        // The older spelling has the same rule.
        #expect(table.apply(Self.processes).isEmpty)
        #expect(!table.view.isFlashing)
    }

    @Test func aShownChangeFlashesOnlyItsRow() {
        let (table, app, backend) = Self.top()
        var next = Self.jittered
        next[2].cpu = 45.6  // vim: "12.3" → "45.6", now second from the top
        let difference = table.apply(next, options: DataTableApplyOptions())
        #expect(difference.updates == [2])
        #expect(table.view.isFlashing)
        table.view.waitForJob()  // the sort by CPU runs again
        app.drawFrame()
        // Header on line 0; vim is the second process, line 2; nothing else flashes.
        #expect(table.model(at: 1).name == "vim")
        #expect(Self.lines(of: backend, withBackground: .palette(220)) == [2])
        // The run loop draws the fade (every wake, a step), then, once it is over, nothing.
        #expect(Self.frames(of: app, backend, wakes: 3) == 3)
        #expect(table.view.advanceFlash(now: .now + .seconds(2)))
        #expect(!table.view.isFlashing)
        #expect(Self.frames(of: app, backend) == 0)
    }

    @Test func theThemeTurnsTheFlashOff() {
        let (table, app, backend) = Self.top(flash: .off, sorted: false)
        var next = Self.processes
        next[3].cpu = 50
        var difference: DataTableDifference<Int>?
        // The change is drawn in one frame, without a flash and without frames after it.
        let drawn = Self.frames(of: app, backend) { difference = table.apply(next, options: DataTableApplyOptions()) }
        #expect(difference?.updates == [3])
        #expect(!table.view.isFlashing)
        #expect(drawn == 1)
        #expect(Self.lines(of: backend, withBackground: .palette(220)).isEmpty)
        #expect(backend.presented.map { Self.text(of: $0) }?.contains("50") == true)
    }

    @Test func theSectionedApplyTakesItsGroupingInOneCall() {
        let table = DataTable(data: [Process](), columns: Self.columns)
        var snapshot = DataTableSnapshot<String, Int>()
        snapshot.appendSections(["alice", "bob", "root"])
        for user in ["alice", "bob", "root"] {
            snapshot.appendItems(Self.processes.filter { $0.user == user }.map(\.id), toSection: user)
        }
        let byID = Dictionary(uniqueKeysWithValues: Self.processes.map { ($0.id, $0) })
        let sections = DataTableSectionOptions<String>(title: { "user \($0)" }, summaryColumns: .columns([3]),
                                                       collapsed: ["root"])
        // The first apply: no flash, as a data source's first load.
        table.apply(snapshot, sections: sections, options: DataTableApplyOptions(animatingDifferences: false)) { byID[$0] }
        table.view.waitForJob()
        #expect(!table.view.isFlashing)
        #expect(table.view.sectionCount == 3)
        #expect(table.view.title(ofSection: 0) == .string("user alice"))
        #expect(!table.view.isSectionCollapsed(0))
        #expect(table.view.isSectionCollapsed(2))
        #expect(table.view.grouping?.summaryColumns == .columns([3]))
        // Jitter: nothing shown changed, no grouping job starts.
        let jittered = Dictionary(uniqueKeysWithValues: Self.jittered.map { ($0.id, $0) })
        let again = table.apply(snapshot, sections: sections) { jittered[$0] }
        #expect(again.isEmpty)
        #expect(!table.view.isFlashing)
        #expect(!table.view.cancelJob())
    }

    @Test func oneOptionsValueForTheFlatTheSnapshotAndTheSectionedApply() {
        // A state no column shows counts (a custom cell draws it); the cells are fresh; no flash.
        let options = DataTableApplyOptions<Process>(changes: .shownText(or: \.state), refresh: .reload,
                                                     animatingDifferences: false)
        var next = Self.jittered
        next[1].state = "S"
        let flat = DataTable(data: Self.processes, columns: Self.columns)
        #expect(flat.apply(next, options: options).updates == [1])
        #expect(!flat.view.isFlashing)

        var snapshot = DataTableSnapshot<String, Int>()
        snapshot.appendSections(["all"])
        snapshot.appendItems(Self.processes.map(\.id), toSection: "all")
        let byID = Dictionary(uniqueKeysWithValues: next.map { ($0.id, $0) })
        let snapshotted = DataTable(data: Self.processes, columns: Self.columns)
        #expect(snapshotted.apply(snapshot, options: options) { byID[$0] }.updates == [1])
        #expect(!snapshotted.view.isFlashing)

        let sectioned = DataTable(data: Self.processes, columns: Self.columns)
        #expect(sectioned.apply(snapshot, sections: DataTableSectionOptions(), options: options) { byID[$0] }.updates == [1])
        #expect(!sectioned.view.isFlashing)
        // Without the state in the rule, the same change is no change.
        #expect(flat.apply(Self.processes, options: DataTableApplyOptions(animatingDifferences: false)).updates == [])
    }

    /// A live source reporting changes takes the same options: the model of a row is its source row.
    @Test func aReportedChangeBelowWhatIsShownDrawsNoFrame() {
        let before = DataTable(data: Self.processes, columns: Self.columns)
        let after = DataTable(data: Self.jittered, columns: Self.columns)
        let live = LiveDataSource(before.view.dataSource)
        let backend = MemoryBackend(size: Size(width: 50, height: 8))
        let view = DataTableView(dataSource: live, size: backend.size)
        let app = TableApplication(view: view, backend: backend)
        app.drawFrame()
        let drawn = Self.frames(of: app, backend) {
            live.replace(with: after.view.dataSource,
                         changes: DataTableRowChanges(newSourceRows: [0, 1, 2, 3], changedRows: [0, 1, 2, 3]),
                         options: DataTableApplyOptions())
        }
        #expect(drawn == 0)
        #expect(!view.isFlashing)
    }

    static func text(of surface: Surface) -> String {
        (0..<surface.size.height).map { y in String((0..<surface.size.width).map { surface[$0, y].grapheme }) }
            .joined(separator: "\n")
    }
}
