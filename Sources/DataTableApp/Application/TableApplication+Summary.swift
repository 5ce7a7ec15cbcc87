import DataTableKit
import TerminalSurface

/// The summary sheet (`I`), and what its `Enter` does to the table.
extension TableApplication {
    /// The summary sheet of `table` (the program's table, or a sheet's): `Enter` there goes back
    /// to `table` with the cursor on the column chosen.
    func summarySheet(of table: DataTableView) -> ScreenOutcome {
        guard table.dataSource.columnCount > 0 else { return .ignored }
        let content = SummarySheet(table: table) { [unowned self] column in
            .dismiss(then: goToColumn(column, in: table))
        }
        let sheet = makeSheet(content)
        sheet.setTable(content.makeView(size: table.size))
        return .push(sheet)
    }

    /// Moves `table`'s cursor to source column `column`, on the same row; a hidden column says
    /// so instead.
    func goToColumn(_ column: Int, in table: DataTableView) -> ScreenOutcome {
        guard let display = table.displayColumn(forSourceColumn: column) else {
            let title = TerminalText.sanitized(table.dataSource.title(ofColumn: column))
            table.notice = "\(title) is hidden (+ shows hidden columns)"
            return .redraw
        }
        table.viewport.moveCursor(to: DataTableIndexPath(row: table.viewport.cursor.row, column: display))
        return .redraw
    }
}
