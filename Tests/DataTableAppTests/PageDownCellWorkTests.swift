import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// A page down through the real controller: each cell of the new page is dequeued and
/// configured once, from the pool, and every configure's context names the table through the
/// one reference the table keeps (docs/decisions/0155).
@Suite struct PageDownCellWorkTests {
    final class CountingProvider: DataTableCellProvider {
        let text = TextCellProvider()
        var configured: [DataTableIndexPath] = []
        var references: Set<ObjectIdentifier> = []
        weak var table: DataTableView?
        var tablesNamed = 0
        func register(in registry: CellRegistry) { text.register(in: registry) }
        func reuseIdentifier(for indexPath: DataTableIndexPath) -> String { TextCell.reuseIdentifier }
        func configure(_ cell: DataTableCell, with value: DataTableValueType, context: CellContext) {
            configured.append(context.indexPath)
            if let reference = context.tableReference { references.insert(ObjectIdentifier(reference)) }
            if let table, context.table === table { tablesNamed += 1 }
            text.configure(cell, with: value, context: context)
        }
    }

    @Test func aPageDownDequeuesAndConfiguresEachNewCellOnce() {
        let (app, backend) = TableFixtures.application(TableFixtures.people(rows: 1000), size: Size(width: 60, height: 20))
        let provider = CountingProvider()
        provider.table = app.view
        app.view.setCellProvider(provider)
        app.drawFrame()
        let view = app.view, pool = view.reusePool
        let visible = view.viewport.visibleRows.count * view.viewport.visibleColumns.count
        let created = pool.cellsCreated, reused = pool.cellsReused
        let firstPage = backend.presented!.lines
        provider.configured = []
        provider.tablesNamed = 0
        app.press(.pageDown)
        #expect(backend.presented!.lines != firstPage)
        #expect(provider.configured.count == visible)
        #expect(Set(provider.configured.map { "\($0.row),\($0.column)" }).count == visible)
        #expect(pool.cellsCreated == created)
        #expect(pool.cellsReused == reused + visible)
        #expect(view.cellsOnScreenCount == visible)
        #expect(provider.tablesNamed == visible)
        #expect(provider.references.count == 1)
        // The cursor moving on the page configures nothing again.
        provider.configured = []
        app.press(.down)
        #expect(provider.configured.isEmpty)
    }
}
