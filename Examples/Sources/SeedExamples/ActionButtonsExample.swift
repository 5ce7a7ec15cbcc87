import DataTableKit
import TerminalSurface

/// Seed: SwiftDataTables' `ActionButtonCell`: Edit and Delete buttons whose closures are set in
/// `configure` and cleared in `prepareForReuse`, fired by a click or from the keyboard
/// (`Enter` on the buttons, `a` anywhere on the row; a number or first letter picks one).
final class ActionButtonCell: ActionButtonsCell {
    var onEdit: (() -> Void)?
    var onDelete: (() -> Void)?

    required init() {
        super.init()
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        onEdit = nil
        onDelete = nil
    }

    override func performAction(_ action: String) -> Bool {
        switch action {
        case "Edit": onEdit?()
        case "Delete": onDelete?()
        default: return super.performAction(action)
        }
        return true
    }
}

/// What the closures and the delegate did, shown on the status line.
final class ActionLog: DataTableDelegate {
    private(set) var closureCalls: [String] = []
    private(set) var delegateTaps = 0

    func record(_ message: String, in table: DataTableView?) {
        closureCalls.append(message)
        table?.notice = "\(message)  (closures: \(closureCalls.count), delegate taps: \(delegateTaps + 1))"
    }

    func dataTable(_ view: DataTableView, didTapAction action: String, row: Int, sourceRow: Int) {
        delegateTaps += 1
    }
}

enum ActionButtonsExample {
    static let example = Example(
        name: "action-buttons",
        summary: "ActionButtonCell: onEdit/onDelete set in configure, cleared in prepareForReuse; click, Enter or a",
        make: make)

    static func make() -> ExampleTable {
        let log = ActionLog()
        let columns: [DataTableColumn<User>] = [
            .init("Name", \.name),
            .init("Email", \.email),
            .init("Actions").cell { (cell: ActionButtonCell, user, context) in
                cell.buttons = ["Edit", "Delete"]
                // The log is the table's delegate: the closures reach it through the row's table.
                cell.onEdit = { [weak table = context.table] in (table?.delegate as? ActionLog)?.record("edit \(user.name)", in: table) }
                cell.onDelete = { [weak table = context.table] in (table?.delegate as? ActionLog)?.record("delete \(user.name)", in: table) }
            },
        ]
        let table = DataTable(data: sampleUsers, columns: columns)
        table.view.delegate = log
        return ExampleTable(view: table.view, keeping: [table, log])
    }
}
