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

    /// Filters `table` to the rows of a frequency sheet's choice in `column`: a column filter
    /// on the stack (`Esc` in the table pops it), values by `equalsAny` (the null row: the
    /// fields the sheet counted as null, blank ones and the null tokens), bins by their range.
    func filter(_ table: DataTableView, column: Int, to choice: FrequencySheet.Choice) -> ScreenOutcome {
        let filter: ColumnFilter
        switch choice {
        case .values(let values, let includesNull, let longValues):
            // Nulls are tested as the counter tested them (in the column's kind), so the rows
            // kept are the rows counted: blank fields of a number column included; values over
            // 1 KiB by their length and SHA-256, as they were counted.
            filter = .equalsAny(values, includesNull: includesNull, longValues: longValues, column: column)
        case .range(let lower, let upper):
            filter = ColumnFilter(column: column, predicate: .range(lower: lower, upper: upper, includesUpper: false))
        }
        table.pushColumnFilter(filter)
        return .redraw
    }
}
