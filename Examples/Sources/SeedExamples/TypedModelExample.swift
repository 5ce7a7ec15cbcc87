import DataTableKit
import TerminalSurface

/// Columns of a typed table as a global `let`: Swift 6 accepts it because `DataTableColumn` is
/// `Sendable` (key paths and `@Sendable` closures).
let userColumns: [DataTableColumn<User>] = [
    .init("Name", \.name),
    .init("Role", \.role),
    .init("Age", \.age),
    .init("Status", sortedBy: { $0.isOnline ? 0 : 1 }),
]

/// Seed: SwiftDataTables' typed API: `DataTable<User>` with key-path columns, and a custom cell
/// whose `configure` reads the row's model through the program's own reference to the table,
/// `self.dataTable.model(at: indexPath.row)`, exactly as the seed writes it.
///
/// In the seed this crashed: `configure` ran while the table was being built, before the
/// program had stored it. Here a table configures no cell until it is first drawn or printed,
/// so the reference is set by then. `context.model(as: User.self)` needs no reference at all.
final class TypedModelExample {
    static let example = Example(
        name: "typed-model",
        summary: "DataTable<User>: key-path columns (a global let), model(at:) inside configure",
        make: { TypedModelExample().table })

    /// The program's reference to its table, set after the table is built (the seed's pattern).
    var dataTable: DataTable<User>!

    var table: ExampleTable { ExampleTable(view: dataTable.view, keeping: [self, dataTable]) }

    init() {
        let provider = DataTableCustomCellProvider(
            register: { $0.register(BadgeCell.self, forCellReuseIdentifier: BadgeCell.reuseIdentifier) },
            reuseIdentifierFor: { $0.column == 3 ? BadgeCell.reuseIdentifier : TextCell.reuseIdentifier },
            configure: { [unowned self] cell, value, context in
                guard let badge = cell as? BadgeCell else {
                    (cell as? TextCell)?.label.text = value.stringRepresentation
                    (cell as? TextCell)?.label.alignment = context.columnAlignment
                    return
                }
                let user = self.dataTable.model(at: context.indexPath.row)
                badge.text = user.isOnline ? "online" : "away"
                badge.color = user.isOnline ? .green : .brightBlack
            })
        var options = DataTableConfiguration()
        options.cellSizingMode = .custom(provider: provider)
        options.defaultOrdering = DataTableColumnOrder(index: 2, order: .ascending)
        dataTable = DataTable(data: sampleUsers, columns: userColumns, options: options)
    }
}
