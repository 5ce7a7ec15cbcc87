import Testing
import TerminalSurface
import TestSupport
import DataTableApp
@testable import DataTableKit

/// Applying new models to a `DataTable<T>` on screen: records keep the cursor, the sort, the
/// filter and the marks; only changed and inserted rows are measured again; changed rows flash.
@Suite struct SnapshotApplyTests {
    struct Item: Identifiable, Equatable {
        var id: Int
        var name: String
        var score: Int
    }

    static let names = ["alpha", "bravo", "delta", "echoe", "gamma", "kilos", "limax", "omega"]
    static let columns: [DataTableColumn<Item>] = [.init("Name", \.name), .init("Score", \.score)]

    static func table(_ items: [Item], size: Size = Size(width: 40, height: 60)) -> (DataTable<Item>, TableApplication, MemoryBackend) {
        var options = DataTableConfiguration()
        options.rowHeightMode = .automatic(estimated: 1, prefetchWindow: 100)
        options.adoptColors(256)
        let table = DataTable(data: items, columns: columns, options: options, size: size)
        let backend = MemoryBackend(size: size, capabilities: TerminalCapabilities(colorCount: 256))
        let app = TableApplication(view: table.view, backend: backend)
        app.drawFrame()
        return (table, app, backend)
    }

    @Test(arguments: 1...10 as ClosedRange<UInt64>)
    func randomAppliesKeepTheCursorsRecordTheSortAndTheFilterAndMeasureOnlyChangedRows(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(max(1, n))) }
        var nextID = 0
        func newItem() -> Item {
            nextID += 1
            return Item(id: nextID, name: Self.names[next(Self.names.count)], score: 100 + next(900))
        }
        var items = (0..<(5 + next(30))).map { _ in newItem() }
        let (table, app, _) = Self.table(items)
        let view = table.view
        view.sort(by: [SortDescriptor(column: 1, ascending: true)])
        view.startFilter(try RowMatcher(query: "e", mode: .substring))
        view.waitForJob()
        view.waitForJob()
        app.drawFrame()
        for _ in 0..<20 {
            if view.viewport.rowCount > 0 {
                view.viewport.moveCursor(to: DataTableIndexPath(row: next(view.viewport.rowCount), column: 0))
            }
            app.drawFrame()
            let cursorID = table.selectedModel?.id
            let marked = view.viewport.rowCount > 0 ? table.model(at: next(view.viewport.rowCount)).id : nil
            if let marked, let row = items.firstIndex(where: { $0.id == marked }) {
                view.markedRows = [row]
                view.marks.set = [row]
            }
            // Random edits: deletes, inserts, moves (swaps), updates.
            var newItems = items.filter { _ in next(6) > 0 }
            for _ in 0..<next(4) { newItems.insert(newItem(), at: next(newItems.count + 1)) }
            for _ in 0..<next(3) where newItems.count > 1 { newItems.swapAt(next(newItems.count), next(newItems.count)) }
            var updated: Set<Int> = []
            for _ in 0..<next(4) where !newItems.isEmpty {
                let index = next(newItems.count)
                newItems[index].score = 100 + next(900)
                if next(2) == 0 { newItems[index].name = Self.names[next(Self.names.count)] }
                updated.insert(newItems[index].id)
            }
            let oldByID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
            let measuredBefore = view.rowSizingStatistics.rowsMeasured
            table.apply(newItems)
            view.waitForJob()
            view.waitForJob()
            app.drawFrame()
            items = newItems

            // The filter and the sort hold over the new models.
            let shown = (0..<table.rowCount).map { table.model(at: $0) }
            #expect(Set(shown.map(\.id)) == Set(items.filter { $0.name.contains("e") }.map(\.id)))
            #expect(zip(shown, shown.dropFirst()).allSatisfy { $0.score <= $1.score })
            // The cursor stays on its record while it is shown.
            if let cursorID, shown.contains(where: { $0.id == cursorID }) {
                #expect(table.selectedModel?.id == cursorID)
            }
            // The mark follows its record.
            let markedIDs = view.markedRows.map { items[$0].id }
            if let marked, items.contains(where: { $0.id == marked }) { #expect(markedIDs == [marked]) } else { #expect(markedIDs.isEmpty) }
            // Every row was on screen before: only new and changed rows shown are measured again.
            let changedShown = shown.filter { item in oldByID[item.id].map { $0 != item } ?? true }.count
            #expect(view.rowSizingStatistics.rowsMeasured - measuredBefore == changedShown)
        }
    }

    @Test func unchangedRowsKeepTheirCellsOnScreen() {
        let items = (1...10).map { Item(id: $0, name: Self.names[$0 % 8], score: 100 + $0) }
        let (table, app, _) = Self.table(items, size: Size(width: 40, height: 14))
        let view = table.view
        let before = view.cells.onScreen
        var newItems = items
        newItems[3].score = 999
        newItems.remove(at: 0)
        table.apply(newItems)
        app.drawFrame()
        // Item 2 moved from source row 1 to 0: the same cell objects, re-keyed.
        #expect(view.cells.onScreen[.init(sourceRow: 0, column: 0)] === before[.init(sourceRow: 1, column: 0)])
        // Item 4 changed: its cell went back to the pool (another one, or the same from the pool, configured again).
        #expect(table.model(at: 2).score == 999)
    }

    @Test func theCursorStaysOnItsScreenLineWhenRowsAboveAreDeleted() {
        let items = (1...100).map { Item(id: $0, name: "alpha", score: 100 + $0) }
        let (table, app, _) = Self.table(items, size: Size(width: 40, height: 12))
        let view = table.view
        view.viewport.moveCursor(to: DataTableIndexPath(row: 49, column: 0))
        app.drawFrame()
        let line = view.viewport.cursor.row - view.viewport.topRow
        table.apply(items.filter { $0.id % 3 != 0 })
        app.drawFrame()
        #expect(table.selectedModel?.id == 50)
        #expect(view.viewport.cursor.row - view.viewport.topRow == line)
        // The cursor's record deleted: the next one below (51 is gone too) takes its place.
        table.apply(items.filter { $0.id % 3 != 0 && $0.id != 50 })
        #expect(table.selectedModel?.id == 52)
    }

    @Test func changedRowsFlashAndFade() {
        let items = (1...6).map { Item(id: $0, name: Self.names[$0], score: 100 + $0) }
        let (table, app, backend) = Self.table(items, size: Size(width: 24, height: 9))
        var newItems = items
        newItems[2].score = 777
        newItems.append(Item(id: 7, name: "zeta!", score: 700))
        table.apply(newItems)
        #expect(table.view.isFlashing)
        app.drawFrame()
        // The changed row (echoe) and the inserted one (zeta!) on the flash's first colour (e).
        let frame = Snapshot.text(of: backend.presented!, includeStyles: true)
        let expected = """
            |Name   Score            |
            |bravo    101            |
            |delta    102            |
            |echoe    777            |
            |gamma    104            |
            |kilos    105            |
            |limax    106            |
            |zeta!    700            |
            | row 1/7  col 1/2 Name  |
            --- styles
            aaaaaaaaaaaaaaaaaaaaaaaa
            bbbbbccccccccccccccccccc
            dddddddddddddddddddddddd
            eeeeeeeeeeeeeeeeeeeeeeee
            dddddddddddddddddddddddd
            ffffffffffffffffffffffff
            dddddddddddddddddddddddd
            eeeeeeeeeeeeeeeeeeeeeeee
            gggggggggggggggggggggggg
            --- legend
            a fg=15 bg=24 bold
            b fg=default bg=239 reverse
            c fg=default bg=239
            d fg=default bg=235
            e fg=default bg=220
            f fg=default bg=default
            g fg=0 bg=250
            """
        #expect(frame == expected + "\n")
        // Half-way, a paler step of the fade; after a second, none.
        table.view.sourceWatch.rowFlash?.start = .now - .milliseconds(500)
        app.drawFrame()
        #expect(Snapshot.text(of: backend.presented!, includeStyles: true).contains("bg=222"))
        let later = ContinuousClock.now + .milliseconds(1100)
        #expect(table.view.advanceFlash(now: later))
        #expect(!table.view.isFlashing)
        #expect(!table.view.advanceFlash(now: later))
    }

    @Test func theRunLoopDrawsWhileAFlashFades() {
        let items = (1...6).map { Item(id: $0, name: Self.names[$0], score: 100 + $0) }
        let (table, app, backend) = Self.table(items, size: Size(width: 24, height: 9))
        var newItems = items
        newItems[2].score = 555
        table.apply(newItems)
        let before = backend.presentCount
        var wakes = 0
        // No events: every wake is a timeout; each draws the next step of the fade.
        app.run(until: { wakes += 1; return wakes > 3 })
        #expect(backend.presentCount - before >= 3)
        // Once the fade is over, the wakes draw nothing.
        table.view.sourceWatch.rowFlash?.start = .now - .milliseconds(2000)
        wakes = 0
        app.run(until: { wakes += 1; return wakes > 3 })
        let settled = backend.presentCount
        wakes = 0
        app.run(until: { wakes += 1; return wakes > 3 })
        #expect(!table.view.isFlashing)
        #expect(backend.presentCount - settled == 1)  // run's own first frame only
    }
}
