import Testing
import TestSupport
@testable import DataTableKit

/// `ColumnOrder`: hiding, showing and moving columns keep the display ↔ source maps right.
@Suite struct ColumnOrderTests {
    @Test func startsAsTheIdentity() {
        let order = ColumnOrder(count: 4)
        #expect(order.shown == [0, 1, 2, 3])
        #expect(order.isIdentity)
        #expect((0..<4).map { order.source(forDisplay: $0) } == [0, 1, 2, 3])
        #expect((0..<4).map { order.display(forSource: $0) } == [0, 1, 2, 3])
        #expect(order.display(forSource: 4) == nil)
        #expect(order.display(forSource: -1) == nil)
    }

    @Test func hidingLeavesTheOthersInOrderAndNeverTheLastOne() {
        var order = ColumnOrder(count: 3)
        let result1 = order.hide(1)
        #expect(result1)
        #expect(order.shown == [0, 2])
        #expect(order.display(forSource: 1) == nil)
        #expect(order.display(forSource: 2) == 1)
        #expect(order.source(forDisplay: 1) == 2)
        let result2 = order.hide(1)
        #expect(!result2, "already hidden")
        let result3 = order.hide(0)
        #expect(result3)
        let result4 = order.hide(2)
        #expect(!result4, "the last shown column stays")
        #expect(order.shown == [2])
        #expect(order.hidden == [0, 1])
    }

    @Test func showingAllPutsHiddenColumnsBackWhereTheyWere() {
        var order = ColumnOrder(count: 4)
        order.hide(1)
        order.move(3, toDisplay: 0)  // 3 0 [1] 2
        #expect(order.shown == [3, 0, 2])
        order.showAll()
        #expect(order.shown == [3, 0, 1, 2])
        #expect(order.hidden.isEmpty)
    }

    @Test func movingLeftAndRightSwapsWithTheShownNeighbour() {
        var order = ColumnOrder(count: 4)
        let result5 = order.move(2, toDisplay: 1)
        #expect(result5 == 1)
        #expect(order.shown == [0, 2, 1, 3])
        let result6 = order.move(2, toDisplay: 3)
        #expect(result6 == 3)
        #expect(order.shown == [0, 1, 3, 2])
        let result7 = order.move(2, toDisplay: 9)
        #expect(result7 == 3, "clamped")
        let result8 = order.move(0, toDisplay: -4)
        #expect(result8 == 0, "clamped")
        // Over a hidden column: the move skips it, the hidden column keeps its neighbours.
        order = ColumnOrder(count: 4)
        order.hide(1)
        let result9 = order.move(2, toDisplay: 0)
        #expect(result9 == 0)
        #expect(order.shown == [2, 0, 3])
        order.showAll()
        #expect(order.shown == [2, 0, 1, 3])
        #expect(!order.isIdentity)
        let result10 = order.move(1, toDisplay: 0)
        #expect(result10 == 0)
        #expect(order.shown == [1, 2, 0, 3])
    }

    @Test func movingAHiddenColumnDoesNothing() {
        var order = ColumnOrder(count: 3)
        order.hide(0)
        let result11 = order.move(0, toDisplay: 1)
        #expect(result11 == nil)
        #expect(order.shown == [1, 2])
    }

    @Test func showOnlyRefusesToHideEverything() {
        var order = ColumnOrder(count: 3)
        let result12 = order.showOnly { _ in false }
        #expect(!result12)
        #expect(order.shown == [0, 1, 2])
        let result13 = order.showOnly { $0 != 1 }
        #expect(result13)
        #expect(order.shown == [0, 2])
        let result14 = order.showOnly { $0 == 1 }
        #expect(result14)
        #expect(order.shown == [1])
    }

    @Test func extendingAddsShownColumnsAtTheEnd() {
        var order = ColumnOrder(count: 2)
        order.move(1, toDisplay: 0)
        order.hide(0)
        order.extend(to: 4)
        #expect(order.shown == [1, 2, 3])
        #expect(order.display(forSource: 3) == 2)
        order.showAll()
        #expect(order.shown == [1, 0, 2, 3])
    }

    /// Random hide, show, move, show-only and show-all sequences keep the two maps inverse, the
    /// shown columns a permutation of the columns not hidden, and at least one column shown.
    @Test(arguments: 0..<40)
    func randomSequencesKeepTheMapsInverse(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let count = Int(random.next() % 9) + 1
        var order = ColumnOrder(count: count)
        var hidden = Set<Int>()
        for _ in 0..<60 {
            let column = Int(random.next() % UInt64(count))
            switch random.next() % 6 {
            case 0, 1:
                if order.hide(column) { hidden.insert(column) }
            case 2:
                if order.show(column) { hidden.remove(column) }
            case 3:
                order.move(column, toDisplay: Int(random.next() % UInt64(count + 2)) - 1)
            case 4:
                let mask = random.next()
                if order.showOnly(where: { mask & (1 << UInt64($0)) != 0 }) {
                    hidden = Set((0..<count).filter { mask & (1 << UInt64($0)) == 0 })
                }
            default:
                order.showAll()
                hidden = []
            }
            #expect(!order.shown.isEmpty)
            #expect(Set(order.shown) == Set(0..<count).subtracting(hidden))
            #expect(order.shown.count == count - hidden.count, "no column twice")
            #expect(order.arrangement.sorted() == Array(0..<count))
            for (display, source) in order.shown.enumerated() {
                #expect(order.display(forSource: source) == display)
                #expect(order.source(forDisplay: display) == source)
            }
            for source in hidden { #expect(order.display(forSource: source) == nil) }
            #expect(order.hidden == order.arrangement.filter(hidden.contains))
        }
    }
}
