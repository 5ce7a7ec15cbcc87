import DataTableKit
import TerminalSurface

/// Seed: SwiftDataTables' `StatusPillCell`: the status as a coloured pill, its colour by value
/// (an unknown status gets grey), centred in its column.
final class StatusBadgeCell: LayoutCell {
    var status = ""

    override func prepareForReuse() {
        super.prepareForReuse()
        status = ""
    }

    /// The pill's background for a status.
    static func color(of status: String) -> Color {
        switch status.lowercased() {
        case "delivered": return .palette(28)
        case "shipped": return .palette(25)
        case "pending", "processing": return .palette(172)
        case "cancelled": return .palette(124)
        default: return .palette(242)
        }
    }

    override func layout() -> CellLayout {
        guard !status.isEmpty else { return .empty }
        let pill = Style(foreground: .palette(231), background: Self.color(of: status), attributes: .bold)
        return .glyph(" \(status) ", style: pill, width: .flexible, alignment: .center)
    }
}

enum StatusBadgeExample {
    static let example = Example(
        name: "status-badge",
        summary: "StatusPillCell: the status as a pill coloured by its value",
        make: make)

    static func make() -> ExampleTable {
        let columns: [DataTableColumn<Order>] = [
            .init("Order", \.number),
            .init("Customer", \.customer),
            .init("Status", \.status).cell { (cell: StatusBadgeCell, order, _) in cell.status = order.status },
            .init("Total", extract: { .string("$" + String(format2: $0.total)) }, sortedBy: { $0.total })
                .cell { (cell: TextCell, _, context) in
                    cell.label.text = context.value.stringRepresentation
                    cell.label.alignment = .right
                },
        ]
        let table = DataTable(data: sampleOrders, columns: columns)
        return ExampleTable(view: table.view, keeping: [table])
    }
}

extension String {
    /// `value` with two decimals (`12.5` → `12.50`), without Foundation's formatters.
    init(format2 value: Double) {
        let cents = Int((abs(value) * 100).rounded())
        let fraction = cents % 100
        self = (value < 0 ? "-" : "") + "\(cents / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
