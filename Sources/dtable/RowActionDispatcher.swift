import DataTableApp
import DataTableKit

/// Runs the row actions of a viewer session and keeps what must outlive it (picked rows).
final class RowActionDispatcher {
    let view: DataTableView
    /// The data with its edits (nil for sources that cannot be edited).
    let editable: EditableDataSource?
    let actions: [String: RowAction]
    /// Commands running, polled by the run loop; the newest last.
    private(set) var running: [CommandRunner] = []
    /// Runners Esc has cancelled already (the next Esc goes on to the next thing).
    private var cancelled: Set<ObjectIdentifier> = []
    /// JSON lines of picked rows, printed on exit.
    private(set) var pickedLines: [String] = []
    /// The application showing the table: `edit` and `open` open its screens.
    weak var application: TableApplication?
    /// How the delete message says the table is written (`ViewerSession.writeHint`).
    var writeHint = ":w writes"

    init(view: DataTableView, editable: EditableDataSource?, actions: [(name: String, action: RowAction)]) {
        self.view = view
        self.editable = editable
        var byName: [String: RowAction] = [:]
        for (name, action) in actions { byName[name] = action }
        self.actions = byName
    }

    /// The values of a source row, in the data's columns (buttons excluded).
    func values(ofRow source: Int) -> [String] {
        let base: DataTableDataSource = editable ?? view.dataSource
        return (0..<base.columnCount).map { base.text(row: source, column: $0) }
    }

    func titles() -> [String] {
        let base: DataTableDataSource = editable ?? view.dataSource
        return (0..<base.columnCount).map { base.title(ofColumn: $0) }
    }

    /// Fires `name` for a source row.
    func fire(_ name: String, sourceRow: Int) {
        guard let action = actions[name] else {
            view.notice = "\(name): row \(sourceRow + 1)"
            return
        }
        switch action {
        case .builtIn(.delete):
            guard let editable else { view.notice = "rows of this table cannot be deleted"; return }
            _ = editable.deleteRow(sourceRow)
            view.hideRow(sourceRow)
            view.notice = "deleted row \(sourceRow + 1) (u undoes, \(writeHint))"
        case .builtIn(.edit):
            application?.openEditForm(sourceRow: sourceRow)
        case .builtIn(.copy):
            view.copyToClipboard(CSVField.record(values(ofRow: sourceRow)), saying: "copied row \(sourceRow + 1) as CSV")
        case .builtIn(.open):
            view.goToSourceRow(sourceRow)
            application?.openRecordView()
        case .command(let command):
            let runner = CommandRunner.start(command, rowValues: values(ofRow: sourceRow), rowNumber: sourceRow + 1)
            running.append(runner)
            view.notice = "\(name): running (Esc cancels)"
        case .pick:
            pickedLines.append(Self.jsonLine(action: name, row: sourceRow + 1, titles: titles(), values: values(ofRow: sourceRow)))
            view.notice = "\(name): row \(sourceRow + 1) (printed on exit)"
        }
    }

    /// Reports finished commands in the status line; true when something changed.
    func poll() -> Bool {
        guard !running.isEmpty else { return false }
        // One look at each runner: one that finishes meanwhile is reported on the next poll.
        var stillRunning: [CommandRunner] = []
        var changed = false
        for runner in running {
            if runner.isDone {
                view.notice = runner.summary
                changed = true
            } else {
                stillRunning.append(runner)
            }
        }
        running = stillRunning
        return changed
    }

    /// Cancels the newest running command (Esc); false when none runs.
    func cancelNewest() -> Bool {
        guard let runner = running.last(where: { !cancelled.contains(ObjectIdentifier($0)) }) else { return false }
        cancelled.insert(ObjectIdentifier(runner))
        runner.cancel()
        view.notice = "\(ActionCommand.printable(runner.action.name)): cancelling"
        return true
    }

    /// Cancels every command and waits briefly for them (on quit).
    func cancelAll() {
        for runner in running { runner.cancel() }
        for runner in running { _ = runner.waitUntilDone(timeout: 2) }
    }

    /// `{"action":"Pick","row":12,"values":{"name":"Ada",...}}`
    static func jsonLine(action: String, row: Int, titles: [String], values: [String]) -> String {
        let pairs = zip(titles, values).map { "\(JSONText.string($0)):\(JSONText.string($1))" }
        return "{\"action\":\(JSONText.string(action)),\"row\":\(row),\"values\":{\(pairs.joined(separator: ","))}}"
    }
}
