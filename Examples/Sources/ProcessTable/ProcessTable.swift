import DataTableApp
import DataTableKit
import TerminalSurface

/// A live process table like `top`: the user's initials, the command, a state badge, a CPU bar,
/// resident memory and a `[ Stop ]` button; sections by user with sums of CPU and memory; a new
/// snapshot every second; `P` and `M` sort by CPU and by memory, as in top.
public final class ProcessTable: DataTableDelegate {
    enum Column: Int { case user, pid, command, state, cpu, memory, stop }

    static let columns: [DataTableColumn<RunningProcess>] = [
        .init("User", \.user),
        .init("PID", \.pid),
        .init("Command", \.command),
        .init("State", \.state),
        .init("CPU %", \.cpu),
        .init("RES KiB", \.residentKiB),
        .init(""),
    ]

    static let stateColors: [String: Color] = [
        "running": .green, "sleeping": .palette(244), "idle": .palette(244),
        "disk": .yellow, "stopped": .yellow, "zombie": .red,
    ]

    public let table: DataTable<RunningProcess>
    let source: ProcessSource
    private var shown: [RunningProcess.ID: RunningProcess] = [:]
    /// The program showing the table, for the question before a process is stopped.
    public weak var application: TableApplication?

    public init(source: ProcessSource) {
        self.source = source
        var options = DataTableConfiguration()
        options.title = "processes"
        options.defaultOrdering = DataTableColumnOrder(index: Column.cpu.rawValue, order: .descending)
        options.cellSizingMode = .custom(provider: DataTableCustomCellProvider(
            register: { registry in
                registry.register(AvatarCell.self, forCellReuseIdentifier: AvatarCell.reuseIdentifier)
                registry.register(BadgeCell.self, forCellReuseIdentifier: BadgeCell.reuseIdentifier)
                registry.register(ProgressBarCell.self, forCellReuseIdentifier: ProgressBarCell.reuseIdentifier)
                registry.register(ActionButtonsCell.self, forCellReuseIdentifier: ActionButtonsCell.reuseIdentifier)
            },
            reuseIdentifierFor: { indexPath in
                switch Column(rawValue: indexPath.column) {
                case .user: AvatarCell.reuseIdentifier
                case .state: BadgeCell.reuseIdentifier
                case .cpu: ProgressBarCell.reuseIdentifier
                case .stop: ActionButtonsCell.reuseIdentifier
                default: TextCell.reuseIdentifier
                }
            },
            configure: { cell, value, context in
                switch cell {
                case let cell as AvatarCell: cell.configure(with: value)
                case let cell as BadgeCell:
                    cell.colors = Self.stateColors
                    cell.configure(with: value)
                case let cell as ProgressBarCell:
                    cell.maximum = 100
                    cell.configure(with: value)
                case let cell as ActionButtonsCell: cell.buttons = ["Stop"]
                case let cell as TextCell:
                    cell.label.text = value.stringRepresentation
                    cell.label.alignment = context.columnAlignment
                default: break
                }
            }))
        table = DataTable(data: [], columns: Self.columns, options: options)
        table.view.delegate = self
        refresh(animatingDifferences: false)
    }

    /// Samples the processes and applies a snapshot of them, one section per user.
    @discardableResult
    public func refresh(animatingDifferences: Bool = true) -> DataTableDifference<RunningProcess.ID> {
        let processes = source.processes()
        shown = Dictionary(processes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var snapshot = DataTableSnapshot<String, RunningProcess.ID>()
        for (user, own) in Dictionary(grouping: processes, by: \.user).sorted(by: { $0.key < $1.key }) {
            snapshot.appendSections([user])
            snapshot.appendItems(own.map(\.id), toSection: user)
        }
        // Sections sum CPU and memory only (not the PIDs).
        let sections = DataTableSectionOptions<String>(summaryColumns: .columns([Column.cpu.rawValue, Column.memory.rawValue]))
        return table.apply(snapshot, sections: sections,
                           options: DataTableApplyOptions(animatingDifferences: animatingDifferences)) { [shown] in shown[$0] }
    }

    /// top's keys: `P` sorts by CPU, `M` by memory (largest first). True when the key was one.
    public func handle(_ key: Key) -> Bool {
        let column: Column
        switch key {
        case .character("P"): column = .cpu
        case .character("M"): column = .memory
        default: return false
        }
        table.view.startSortFromUser(by: [SortDescriptor(column: column.rawValue, ascending: false)])
        return true
    }

    /// `[ Stop ]`: asks on the status line, then asks the source to stop the process.
    public func dataTable(_ view: DataTableView, didTapAction action: String, row: Int, sourceRow: Int) {
        let process = table.data[sourceRow]
        application?.present(Question("Stop \(process.pid) \(process.command) (SIGTERM)? y/n") { [weak self] key in
            guard let self, key == .character("y") else { return .redraw }
            view.notice = source.terminate(process.pid)
            refresh()
            return .redraw
        })
    }

    /// A question on the status line answered with one key.
    final class Question: Screen {
        let text: String
        let onAnswer: (Key) -> ScreenOutcome
        init(_ text: String, onAnswer: @escaping (Key) -> ScreenOutcome) {
            self.text = text
            self.onAnswer = onAnswer
        }
        var placement: ScreenPlacement { .statusLine }
        func handle(_ event: InputEvent, context: ScreenContext) -> ScreenOutcome {
            guard case .key(let key) = event else { return .ignored }
            return .dismiss(then: onAnswer(key))
        }
        func draw(in region: SurfaceRegion, context: ScreenContext) {
            region.fill(context.theme.statusLine)
            region.put(" " + text, at: .zero, style: context.theme.statusHint)
        }
    }

    /// The terminal as the table sees it: `P` and `M` go to the process table first (a key the
    /// table handles itself goes on to it).
    public final class Keys: TerminalBackend {
        let base: TerminalBackend
        let onKey: (Key) -> Bool
        public init(_ base: TerminalBackend, onKey: @escaping (Key) -> Bool) {
            self.base = base
            self.onKey = onKey
        }
        public var size: Size { base.size }
        public var capabilities: TerminalCapabilities { base.capabilities }
        public var bytesWritten: Int { base.bytesWritten }
        public func present(_ surface: Surface) { base.present(surface) }
        public func copyToClipboard(_ text: String) { base.copyToClipboard(text) }
        public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
            let event = base.nextEvent(timeoutMilliseconds: timeoutMilliseconds)
            // A resize to the same size is the one event that always draws a new frame.
            if case .key(let key)? = event, onKey(key) { return .resize(base.size) }
            return event
        }
    }

    /// Shows the table on `terminal` until the user quits (or `shouldStop`), sampling every second.
    public func run(on terminal: TerminalBackend, until shouldStop: @escaping () -> Bool = { false }) {
        let application = TableApplication(view: table.view, backend: Keys(terminal) { [unowned self] in handle($0) })
        self.application = application
        var sampled = ContinuousClock.now
        application.run(until: { [unowned self] in
            if ContinuousClock.now - sampled >= .seconds(1) {
                sampled = .now
                refresh()
            }
            return shouldStop()
        })
    }
}
