import Testing
import TerminalSurface
@testable import DataTableKit

final class CountingCell: DataTableCell {
    var resets = 0
    var payload = ""
    override func prepareForReuse() {
        super.prepareForReuse()
        resets += 1
        payload = ""
    }
}

@Suite struct ReusePoolTests {
    func pool(slack: Int = 2) -> ReusePool {
        let registry = CellRegistry()
        registry.register(CountingCell.self, forCellReuseIdentifier: "count")
        registry.register(TextCell.self, forCellReuseIdentifier: "text")
        return ReusePool(registry: registry, slack: slack)
    }

    @Test func createsOnlyWhenNothingIsIdle() {
        let pool = pool()
        let a = pool.dequeue("count")
        #expect(pool.cellsCreated == 1 && pool.cellsReused == 0)
        #expect(a.reuseIdentifier == "count")
        pool.enqueue(a)
        let b = pool.dequeue("count")
        #expect(b === a)
        #expect(pool.cellsCreated == 1 && pool.cellsReused == 1)
    }

    @Test func recycledCellsArePreparedForReuse() {
        let pool = pool()
        let cell = pool.dequeue("count") as! CountingCell
        cell.payload = "secret"
        cell.backgroundStyle = Style(background: .red)
        cell.isHighlighted = true
        pool.enqueue(cell)
        let again = pool.dequeue("count") as! CountingCell
        #expect(again.resets == 1)
        #expect(again.payload == "")
        #expect(again.backgroundStyle == .plain)
        #expect(!again.isHighlighted)
    }

    @Test func identifiersHaveSeparateIdleLists() {
        let pool = pool()
        pool.enqueue(pool.dequeue("count"))
        let text = pool.dequeue("text")
        #expect(text is TextCell)
        #expect(pool.cellsCreated == 2)
        #expect(pool.idleCount("count") == 1)
    }

    @Test func idleCellsBeyondTheLimitAreReleased() {
        let pool = pool(slack: 2)
        pool.setVisibleCellCount(1)
        let cells = (0..<5).map { _ in pool.dequeue("count") }
        #expect(pool.cellsAlive == 5 && pool.maxCellsAlive == 5)
        cells.forEach(pool.enqueue)
        #expect(pool.idleCount("count") == 3)
        #expect(pool.cellsReleased == 2)
        #expect(pool.cellsAlive == 3)
    }

    @Test func aSmallerScreenTrimsTheIdleLists() {
        let pool = pool(slack: 1)
        pool.setVisibleCellCount(10)
        let cells = (0..<10).map { _ in pool.dequeue("count") }
        cells.forEach(pool.enqueue)
        #expect(pool.idleCount("count") == 10)
        pool.setVisibleCellCount(2)
        #expect(pool.idleCount("count") == 3)
        #expect(pool.cellsAlive == 3)
    }

    @Test func textCellResetsItsLabel() {
        let pool = pool()
        let cell = pool.dequeue("text") as! TextCell
        cell.label.text = "x"
        cell.label.style = Style(attributes: .bold)
        cell.label.alignment = .center
        pool.enqueue(cell)
        let again = pool.dequeue("text") as! TextCell
        #expect(again.label == Label())
    }
}
