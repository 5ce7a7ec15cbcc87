import Testing
import TerminalSurface
import TestSupport
import DataTableApp
@testable import DataTableKit

/// After an apply, cells on screen of unchanged rows keep their configuration (no `configure`
/// runs for them), changed rows are configured again in their cells (UIKit's
/// `reconfigureItems`), reloaded rows get freshly dequeued cells (`reloadItems`); widths re-fit.
@Suite struct SnapshotReconfigureTests {
    struct Item: Identifiable, Equatable {
        var id: Int
        var name: String
        var score: Int
    }

    static let columns: [DataTableColumn<Item>] = [.init("Name", \.name), .init("Score", \.score)]

    /// `configure` calls by the row's model, through the provider.
    final class Counter {
        var calls: [Int: Int] = [:]
        var total: Int { calls.values.reduce(0, +) }
        /// Items whose cells paint their own background (red).
        var paintsBackground: Set<Int> = []
    }

    static func table(_ items: [Item], counter: Counter, size: Size = Size(width: 40, height: 14))
        -> (DataTable<Item>, TableApplication, MemoryBackend) {
        let provider = DataTableCustomCellProvider(
            register: { _ in },
            reuseIdentifierFor: { _ in TextCell.reuseIdentifier },
            configure: { cell, value, context in
                (cell as? TextCell)?.label.text = value.stringRepresentation
                guard let item = context.model(as: Item.self) else { return }
                counter.calls[item.id, default: 0] += 1
                if counter.paintsBackground.contains(item.id) { cell.backgroundStyle = Style(background: .red) }
            })
        var options = DataTableConfiguration()
        options.cellSizingMode = .custom(provider: provider)
        options.adoptColors(256)
        let table = DataTable(data: items, columns: columns, options: options, size: size)
        let backend = MemoryBackend(size: size, capabilities: TerminalCapabilities(colorCount: 256))
        let app = TableApplication(view: table.view, backend: backend)
        app.drawFrame()
        return (table, app, backend)
    }

    static let items = (1...10).map { Item(id: $0, name: "item \($0)", score: 100 + $0) }

    @Test func unchangedRowsAreNotConfiguredAgainChangedOnesAreReloadedOnesAreDequeuedAfresh() {
        let counter = Counter()
        let (table, app, backend) = Self.table(Self.items, counter: counter)
        let view = table.view
        #expect(counter.calls == Dictionary(uniqueKeysWithValues: (1...10).map { ($0, 2) }))
        let cellOfItem4 = view.cells.onScreen[.init(sourceRow: 3, column: 1)]
        // Item 4 changes (detected), item 6 is reloaded, item 9 leaves, item 11 comes in at the top.
        var newItems = Self.items.filter { $0.id != 9 }
        newItems[3].score = 999
        newItems.insert(Item(id: 11, name: "item 11", score: 1), at: 0)
        let before = counter.calls
        let reusedBefore = view.reusePool.cellsReused, createdBefore = view.reusePool.cellsCreated
        table.apply(newItems, reloading: [6])
        app.drawFrame()
        var expected = before
        expected[4, default: 0] += 2
        expected[6, default: 0] += 2
        expected[11] = 2
        #expect(counter.calls == expected)
        // Item 4 (now source row 4) was configured again in the same cell object.
        #expect(view.cells.onScreen[.init(sourceRow: 4, column: 1)] === cellOfItem4)
        // Item 6's cells went back to the pool; its row and item 11's came from it.
        #expect(view.reusePool.cellsReused - reusedBefore == 4)
        #expect(view.reusePool.cellsCreated == createdBefore)
        #expect(Snapshot.text(of: backend.presented!).contains("|item 4  999 "))

        // Frames that change nothing, or only the rows' backgrounds (the cursor, the fading
        // flash), configure nothing.
        let settled = counter.total
        app.drawFrame()
        table.view.sourceWatch.rowFlash?.start = .now - .milliseconds(500)
        app.drawFrame()
        view.viewport.moveCursor(to: DataTableIndexPath(row: 3, column: 0))
        app.drawFrame()
        #expect(counter.total == settled)
    }

    @Test func aCellThatPaintsItsOwnBackgroundIsConfiguredAgainWhenTheRowsBackgroundChanges() {
        let counter = Counter()
        counter.paintsBackground = [2]
        let (table, app, backend) = Self.table(Self.items, counter: counter)
        let before = counter.calls
        // The cursor leaves item 1 for item 2: item 1's cells only get the new background.
        table.view.viewport.moveCursor(to: DataTableIndexPath(row: 1, column: 0))
        app.drawFrame()
        #expect(counter.calls[1] == before[1])
        #expect(counter.calls[2] == before[2]! + 2)
        // The cursor's row colour is laid over the cell's own background (issue 11: a cell's
        // background must not hide the cursor row), so the reconfigured cell shows the cursor.
        #expect(backend.presented![9, 2].style.background == TableTheme.colored.cursorRow.background)
    }

    @Test func aChangedConfigurationOrDataChangedOutsideConfiguresEveryCellAgain() {
        let counter = Counter()
        let (table, app, _) = Self.table(Self.items, counter: counter)
        var total = counter.total
        table.view.configuration.prefersASCII = true
        app.drawFrame()
        #expect(counter.total == total + 20)
        total = counter.total
        table.view.invalidateRowHeights()
        app.drawFrame()
        #expect(counter.total == total + 20)
    }

    @Test func aSnapshotOfIdentitiesAppliesWithItsReconfiguredAndReloadedItems() {
        let counter = Counter()
        let (table, app, _) = Self.table(Self.items, counter: counter)
        let store = Dictionary(uniqueKeysWithValues: Self.items.map { ($0.id, $0) })
        var snapshot = DataTableSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([1, 2, 3, 4, 99], toSection: 0)  // 99: unknown to the lookup, left out
        snapshot.reconfigureItems([2])
        snapshot.reloadItems([3])
        let cellOfItem2 = table.view.cells.onScreen[.init(sourceRow: 1, column: 0)]
        let before = counter.calls
        let difference = table.apply(snapshot, animatingDifferences: true) { store[$0] }
        app.drawFrame()
        #expect(table.data.map(\.id) == [1, 2, 3, 4])
        #expect(difference.updates == [1, 2] && difference.deletions == Array(4..<10))
        #expect(counter.calls[1] == before[1] && counter.calls[4] == before[4])
        #expect(counter.calls[2] == before[2]! + 2 && counter.calls[3] == before[3]! + 2)
        #expect(table.view.cells.onScreen[.init(sourceRow: 1, column: 0)] === cellOfItem2)
        #expect(table.view.isFlashing)
    }

    @Test func widthsRefitToNewValues() {
        let counter = Counter()
        let (table, app, _) = Self.table(Self.items, counter: counter)
        let width = table.view.layoutColumnWidths[0]
        var newItems = Self.items
        newItems[5].name = "a much longer name than before"
        table.apply(newItems)
        app.drawFrame()
        #expect(table.view.layoutColumnWidths[0] > width)
        #expect(table.view.layoutColumnWidths[0] >= "a much longer name than before".count)
    }

    /// The apply skips comparing models whose bytes did not change; models with equal values in
    /// other storage (text rebuilt) still compare equal, changed ones are updates.
    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func updatesAreTheModelsWhoseValuesChangedHoweverTheyWereBuilt(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(max(1, n))) }
        // Names longer than 15 bytes live on the heap: a rebuilt one has other bytes.
        func name(_ k: Int) -> String { "a name long enough for the heap #\(k)" }
        var items = (0..<(20 + next(40))).map { Item(id: $0, name: name(next(5)), score: next(3)) }
        let table = DataTable(data: items, columns: Self.columns)
        var nextID = 1000
        for _ in 0..<10 {
            var newItems: [Item] = []
            for item in items where next(8) > 0 {
                switch next(4) {
                case 0: newItems.append(Item(id: item.id, name: String(decoding: Array(item.name.utf8), as: UTF8.self), score: item.score))  // rebuilt, equal
                case 1: newItems.append(Item(id: item.id, name: name(next(5)), score: item.score))  // rebuilt, maybe equal
                case 2: newItems.append(Item(id: item.id, name: item.name, score: next(3)))  // maybe changed
                default: newItems.append(item)  // the same bytes
                }
            }
            for _ in 0..<next(3) {
                nextID += 1
                newItems.insert(Item(id: nextID, name: name(next(5)), score: 0), at: next(newItems.count + 1))
            }
            let old = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
            let difference = table.apply(newItems)
            let expected = newItems.indices.filter { offset in old[newItems[offset].id].map { $0 != newItems[offset] } ?? false }
            #expect(difference.updates == expected)
            items = newItems
        }
    }
}
