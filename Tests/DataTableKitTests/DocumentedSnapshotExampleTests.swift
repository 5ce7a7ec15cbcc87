import Testing
import TestSupport
// The documented example uses the public API only: no @testable here.
import DataTableKit
import TerminalSurface

// MARK: - The former example of the "Live data and snapshots" article (its examples now live in
// Examples/Sources/DocArticles/LiveDataAndSnapshots.swift).

struct Order: Identifiable, Sendable {
    var id: Int
    var item: String
    var quantity: Int
}

let orderColumns: [DataTableColumn<Order>] = [.init("Item", \.item), .init("Qty", \.quantity)]

/// New orders arrived: rows are matched by `id`, so the cursor keeps its order, the sort,
/// filter and marks hold, and only rows whose values changed are measured again (and flash).
func show(_ orders: [Order], in table: DataTable<Order>) {
    let difference = table.apply(orders, animatingDifferences: true)
    table.view.notice = "\(difference.insertions.count) new, \(difference.deletions.count) gone, \(difference.updates.count) changed"
}

/// Identities alone, in sections, as UIKit's diffable snapshots: the difference is O(n) maps.
func pendingChanges(from old: [Order], to new: [Order]) -> DataTableDifference<Int> {
    var before = DataTableSnapshot<String, Int>(), after = DataTableSnapshot<String, Int>()
    before.appendSections(["orders"])
    before.appendItems(old.map(\.id), toSection: "orders")
    after.appendSections(["orders"])
    after.appendItems(new.map(\.id), toSection: "orders")
    after.reloadItems(new.filter { order in old.contains { $0.id == order.id && $0.quantity != order.quantity } }.map(\.id))
    return before.difference(to: after)
}

// MARK: - End of the documented example.

@Suite struct DocumentedSnapshotExampleTests {
    @Test func theExampleRuns() {
        let orders = (1...5).map { Order(id: $0, item: "item \($0)", quantity: $0) }
        let table = DataTable(data: orders, columns: orderColumns)
        var newer = orders.filter { $0.id != 2 }
        newer[0].quantity = 9
        newer.append(Order(id: 6, item: "item 6", quantity: 1))
        show(newer, in: table)
        #expect(table.view.notice == "1 new, 1 gone, 1 changed")
        #expect(table.data.map(\.id) == [1, 3, 4, 5, 6])
        let difference = pendingChanges(from: orders, to: newer)
        #expect(difference.insertions == [4] && difference.deletions == [1] && difference.updates == [0])
    }
}
