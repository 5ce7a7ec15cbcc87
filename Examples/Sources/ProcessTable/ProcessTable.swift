import DataTableApp
import DataTableKit
import TerminalSurface

/// A live process table like `top`: the user's initials, the command, a state badge, a CPU bar,
/// resident memory and a `[ Stop ]` button; sections by user with sums of CPU and memory; a new
/// sample every second. top's `P` and `M` sort by CPU and by memory, `K` stops the marked
/// processes (`m`, Shift-Down or a drag mark them).
public final class ProcessTable: DataTableDelegate {
    public let table: DataTable<RunningProcess>
    let source: ProcessSource
    private var sampled: [RunningProcess.ID: RunningProcess] = [:]
    /// The program showing the table (set by `run(on:)`).
    public private(set) var application: TableApplication?

    public init(source: ProcessSource) {
        self.source = source
        var options = DataTableConfiguration()
        options.title = "processes"
        options.defaultOrdering = DataTableColumnOrder(index: 4, order: .descending)
        options.gridLines = .headerRule
        table = DataTable(data: [], columns: [
            .init("User", \.user).cell(.avatar),
            .init("PID", \.pid),
            .init("Command", \.command).width(.fill(1)),  // the room the others leave
            .init("State", \.state).cell(.badge(colors: [
                "running": .green, "sleeping": .palette(244), "idle": .palette(244),
                "disk": .yellow, "stopped": .yellow, "zombie": .red,
            ])),
            // Shown to the whole percent, as the bar's label: a refresh moving it less draws nothing.
            .init("CPU %", extract: { .double($0.cpu.rounded()) }, sortedBy: { $0.cpu }).cell(.progress(.percent)),
            .init("RES KiB", \.residentKiB),
            .init("").cell(.buttons(["Stop"])),
        ], options: options)
        table.view.delegate = self
        refresh(animatingDifferences: false)
    }

    /// Samples the processes and applies a snapshot of them, one section per user: only rows
    /// whose shown text changed are drawn again (and flash).
    @discardableResult
    public func refresh(animatingDifferences: Bool = true) -> DataTableDifference<RunningProcess.ID> {
        let processes = source.processes()
        sampled = Dictionary(processes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var snapshot = DataTableSnapshot<String, RunningProcess.ID>()
        for (user, own) in Dictionary(grouping: processes, by: \.user).sorted(by: { $0.key < $1.key }) {
            snapshot.appendSections([user])
            snapshot.appendItems(own.map(\.id), toSection: user)
        }
        // Sections sum CPU and memory only (not the PIDs).
        return table.apply(snapshot, sections: DataTableSectionOptions(summaryColumns: .columns([4, 5])),
                           options: DataTableApplyOptions(changes: .shownText, animatingDifferences: animatingDifferences)) { sampled[$0] }
    }

    /// top's keys as the program's own commands: listed in `?`, run from `:` by name.
    var commands: [ProgramCommand] {
        [
            ProgramCommand("sort-by-cpu", keys: [.character("P")], summary: "sort by CPU, busiest first", group: "top") {
                $0.view.startSortFromUser(by: [SortDescriptor(column: 4, ascending: false)])
            },
            ProgramCommand("sort-by-memory", keys: [.character("M")], summary: "sort by resident memory, largest first",
                           group: "top") {
                $0.view.startSortFromUser(by: [SortDescriptor(column: 5, ascending: false)])
            },
            ProgramCommand("stop-marked", keys: [.character("K")], summary: "stop the marked processes (SIGTERM)",
                           group: "top") { [unowned self] context in
                let marked = table.selectedModels
                if marked.isEmpty { context.view.notice = "no process is marked (m)" } else { stop(marked, ask: context.ask) }
            },
        ]
    }

    /// Asks once (`y` stops), then asks the source to stop `processes` and samples again.
    func stop(_ processes: [RunningProcess], ask: (String, @escaping (Key) -> Void) -> Void) {
        let named = processes.count == 1 ? "\(processes[0].pid) \(processes[0].command)" : "\(processes.count) processes"
        ask("Stop \(named) (SIGTERM)? y/n") { [unowned self] key in
            guard key == .character("y") else { return }
            table.view.notice = processes.map { source.terminate($0.pid) }.joined(separator: ", ")
            refresh()
        }
    }

    /// `[ Stop ]` (a click, Enter on it, `a`): asks as `K` does, through the application.
    public func dataTable(_ view: DataTableView, didTapAction action: String, row: Int, sourceRow: Int) {
        stop([table.data[sourceRow]]) { [weak self] in self?.application?.ask($0, onAnswer: $1) }
    }

    /// Shows the table on `terminal` until the user quits (or `shouldStop`), sampling every second.
    public func run(on terminal: TerminalBackend, until shouldStop: @escaping () -> Bool = { false }) {
        let application = TableApplication(view: table.view, backend: terminal)
        commands.forEach(application.register)
        self.application = application
        var sampledAt = ContinuousClock.now
        application.run(until: { [unowned self] in
            if shouldStop() { return true }
            if ContinuousClock.now - sampledAt >= .seconds(1) {
                sampledAt = .now
                refresh()
            }
            return false
        })
    }
}
