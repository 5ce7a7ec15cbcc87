import TestSupport
@testable import DataTableKit

/// `people(rows:)` with an `Actions` column of buttons after it, and the provider that draws
/// them (text cells for the data).
func peopleWithButtons(rows: Int, buttons: [String] = ["Edit", "Delete"]) -> (AppendingColumnsDataSource, DataTableCustomCellProvider) {
    let source = AppendingColumnsDataSource(base: TableFixtures.people(rows: rows), appendedTitles: ["Actions"])
    let provider = DataTableCustomCellProvider(
        register: { $0.register(ActionButtonsCell.self, forCellReuseIdentifier: ActionButtonsCell.reuseIdentifier) },
        reuseIdentifierFor: { $0.column == 4 ? ActionButtonsCell.reuseIdentifier : TextCell.reuseIdentifier },
        configure: { cell, value, _ in
            (cell as? ActionButtonsCell)?.buttons = buttons
            (cell as? TextCell)?.label.text = value.stringRepresentation
        })
    return (source, provider)
}
