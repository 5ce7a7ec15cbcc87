import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// `DataTableCellRegistration`: a cell class, its identifier and a typed configuration handler.
@Suite struct CellRegistrationTests {
    @Test func registersItsClassAndConfiguresOnlyItsOwnCells() {
        var seen: [(DataTableIndexPath, String)] = []
        let badge = DataTableCellRegistration<BadgeCell, String> { cell, indexPath, item in
            cell.text = item
            seen.append((indexPath, item))
        }
        #expect(badge.reuseIdentifier.hasSuffix("BadgeCell"))
        let registry = CellRegistry()
        badge.register(in: registry)
        #expect(registry.isRegistered(badge.reuseIdentifier))
        let cell = registry.makeCell(badge.reuseIdentifier)
        #expect(cell is BadgeCell)
        #expect(badge.configure(cell, at: DataTableIndexPath(row: 3, column: 1), with: "active"))
        #expect((cell as? BadgeCell)?.text == "active")
        // A cell of another class is left alone.
        #expect(!badge.configure(TextCell(), at: DataTableIndexPath(row: 0, column: 0), with: "x"))
        #expect(seen.map(\.1) == ["active"])
        #expect(seen.map(\.0) == [DataTableIndexPath(row: 3, column: 1)])
    }

    @Test func drivesATableThroughAProvider() {
        let status = DataTableCellRegistration<BadgeCell, String>(reuseIdentifier: "status") { cell, _, item in
            cell.text = item
        }
        let source = StringRowsDataSource(titles: ["name", "status"], rows: [["Ada", "active"], ["Grace", "failed"]])
        let provider = DataTableCustomCellProvider(
            register: { status.register(in: $0) },
            reuseIdentifierFor: { $0.column == 1 ? status.reuseIdentifier : TextCell.reuseIdentifier },
            configure: { cell, value, context in
                if !status.configure(cell, at: context.indexPath, with: value.stringRepresentation) {
                    (cell as? TextCell)?.label.text = value.stringRepresentation
                }
            })
        var configuration = DataTableConfiguration()
        configuration.cellSizingMode = .custom(provider: provider)
        let view = DataTableView(dataSource: source, configuration: configuration)
        var lines: [String] = []
        TablePrinter(width: 30).print(view) { lines.append($0) }
        #expect(lines == ["name  status", "Ada   ● active", "Grace ● failed"])
    }
}
