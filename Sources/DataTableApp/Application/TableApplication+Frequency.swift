import DataTableKit
import TerminalSurface

/// The frequency sheet (`F`), and what its `Enter` does to the table.
extension TableApplication {
    /// The frequency sheet of `column` of `table` (the program's table, or a sheet's): `Enter`
    /// there goes back to `table` filtered to the values chosen.
    func frequencySheet(of table: DataTableView, column: Int) -> ScreenOutcome {
        guard column >= 0, column < table.dataSource.columnCount else { return .ignored }
        let content = FrequencySheet(table: table, column: column) { [unowned self] choice in
            .dismiss(then: filter(table, column: column, to: choice))
        }
        return .push(makeSheet(content))
    }

    /// Filters `table` to the rows of a frequency sheet's choice (in `column`).
    func filter(_ table: DataTableView, column: Int, to choice: FrequencySheet.Choice) -> ScreenOutcome {
        table.notice = "filtering by a column's values is not available yet"
        return .redraw
    }
}
