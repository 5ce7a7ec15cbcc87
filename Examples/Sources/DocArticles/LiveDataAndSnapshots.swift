import DataTableKit
import TerminalSurface

/// A process as the articles' snippets over a table of processes take it.
struct LiveProcess: Identifiable {
    var id: Int
    var command: String
    var cpu: Double
    var state: String
}

/// LiveDataAndSnapshots.md, "Applying models".
func liveDataApplyingModels() {
    struct Process: Identifiable {
        var id: Int
        var command: String
        var cpu: Double
        var state: String
    }

    let columns: [DataTableColumn<Process>] = [
        .init("PID", \.id),
        .init("Command", \.command),
        // Shown to one decimal, sorted by the exact value.
        .init("CPU%", extract: { .double(($0.cpu * 10).rounded() / 10) }, sortedBy: { $0.cpu }),
    ]
    let table = DataTable(data: [Process](), columns: columns)

    // Every second: rows whose shown text changed are configured again and flash; the state,
    // which a custom cell draws, counts too.
    let processes = [Process(id: 42, command: "swift-frontend", cpu: 87.61, state: "R")]
    let options = DataTableApplyOptions<Process>(changes: .shownText(or: \.state))
    let difference = table.apply(processes, options: options)
    if difference.isEmpty {
        // Nothing shown changed: no flash, no sort, no frame.
    }
}

/// LiveDataAndSnapshots.md, "The flash".
func liveDataFlash() -> DataTableConfiguration {
    var configuration = DataTableConfiguration()
    configuration.theme.flash = TableFlashStyle(colors: [.palette(22), .palette(28)], duration: .milliseconds(400))
    configuration.theme.flash = .off   // changes are drawn once, without a fade
    return configuration
}

/// LiveDataAndSnapshots.md, "Snapshots".
func liveDataSnapshots(table: DataTable<LiveProcess>, processes: [LiveProcess], restarted: Int, byID: [Int: LiveProcess]) {
    var snapshot = DataTableSnapshot<String, Int>()
    snapshot.appendSections(["all"])
    snapshot.appendItems(processes.map(\.id), toSection: "all")
    snapshot.reloadItems([restarted])   // fresh cells for this one
    table.apply(snapshot, options: DataTableApplyOptions(animatingDifferences: false)) { byID[$0] }
}

/// LiveDataAndSnapshots.md, "Any data source: reporting changes".
func liveDataReportedChanges(live: LiveDataSource, newer: DataTableDataSource, difference: DataTableDifference<Int>,
                             oldCount: Int) {
    let changes = DataTableRowChanges(difference, oldCount: oldCount)
    live.replace(with: newer, changes: changes, options: DataTableApplyOptions())
}
