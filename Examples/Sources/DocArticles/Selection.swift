import DataTableKit

// The code blocks of Sources/DataTableKit/DataTableKit.docc/Selection.md, compiled.

/// A model for the article's examples.
struct SelectionOrder: Identifiable {
    var id: Int
    var item: String
    var quantity: Int
}

/// "Moving the cursor".
func selectionArticleMovingTheCursor(_ table: DataTable<SelectionOrder>) {
    // Show the order that needs attention in the middle of the screen, on its "Qty" column.
    table.moveCursor(toID: 42, scrollPosition: .middle)
    table.view.moveCursor(toColumn: 1)
    // Page through the table without moving the cursor further than needed.
    table.view.scrollToRow(table.rowCount - 1, at: .bottom)
}

/// "The selection".
func selectionArticleTheSelection(_ table: DataTable<SelectionOrder>) {
    // Select the orders of five or more, then add the one under the cursor.
    table.selectModels { $0.quantity >= 5 }
    if let row = table.view.cursorSourceRow { table.view.selectRows([row]) }
    let picked = table.selectedModels.map(\.item)
    table.view.notice = "\(picked.count) selected"
}

/// "Hearing about changes".
final class OrderWatcher: DataTableDelegate {
    var selectedCount = 0
    var currentRow: Int?

    func dataTable(_ view: DataTableView, didSelectRow row: Int, sourceRow: Int) {
        currentRow = sourceRow
    }

    func dataTable(_ view: DataTableView, didChangeSelection selectedRows: [Int]) {
        selectedCount = selectedRows.count
    }
}
