import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// The one width solver: fixed, fit, fill by weight, percentages, bounds; random policies keep
/// the rules (widths and gutters add up to the width when a fill column has room, bounds hold).
@Suite struct ColumnWidthSolverTests {
    func solve(_ policies: [ColumnWidth], _ content: [Int], _ available: Int, gutter: Int = 1) -> [Int] {
        ColumnWidthSolver.widths(policies: policies, content: content, available: available, gutter: gutter)
    }

    @Test func fixedAndFitKeepTheirWidthsWhateverTheRoom() {
        #expect(solve([.fixed(6), .fit], [20, 9], 100) == [6, 9])
        #expect(solve([.fixed(6), .fit], [20, 9], 10) == [6, 9])
    }

    @Test func fillColumnsShareTheLeftoverByWeight() {
        // 100 - 10 (fixed) - 2 gutters = 88, split 1:2 (29.33 / 58.67): the remainder to the left.
        #expect(solve([.fixed(10), .fill(1), .fill(2)], [3, 5, 5], 100) == [10, 30, 58])
    }

    @Test func aFillColumnNeverGoesBelowItsContentUnlessItHasAMinimum() {
        // Room 40 - 1 gutter = 39; a 1:1 split would give 19.5 each, but the first needs 30.
        #expect(solve([.fill(), .fill()], [30, 4], 40) == [30, 9])
        #expect(solve([.fill().min(5), .fill()], [30, 4], 40) == [20, 19])
        // Too narrow for the floors: floors, and the table scrolls.
        #expect(solve([.fill(), .fill()], [30, 20], 40) == [30, 20])
    }

    @Test func aMaximumStopsAFillColumnAndTheOthersTakeTheRest() {
        #expect(solve([.fill().max(12), .fill()], [3, 3], 60) == [12, 47])
        #expect(solve([.fill().max(12), .fill().max(10)], [3, 3], 60) == [12, 10])
    }

    @Test func percentagesAreOfTheWholeWidthWithinTheirBounds() {
        #expect(solve([.percentage(25), .fit], [3, 4], 80) == [20, 4])
        #expect(solve([.percentage(25).max(15), .fit], [3, 4], 80) == [15, 4])
        #expect(solve([.percentage(10).min(12), .fit], [3, 4], 80) == [12, 4])
    }

    @Test func boundsHoldAroundFitAndFixed() {
        #expect(solve([.fit.max(8), .fit.min(10), .fixed(3).min(5)], [20, 4, 1], 100) == [8, 10, 5])
    }

    @Test func scalingToFillIsAFillByContentWidth() {
        // What `shouldContentWidthScaleToFillFrame` did: each width grows in proportion to itself.
        let widths = [5, 10, 3]
        let extra = 50 - (widths.reduce(0, +) + 2)
        var expected = widths.map { $0 + extra * $0 / 18 }
        var left = 50 - 2 - expected.reduce(0, +)
        var i = 0
        while left > 0 { expected[i] += 1; left -= 1; i += 1 }
        #expect(solve(widths.map { .fill($0) }, widths, 50) == expected)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    func randomPoliciesKeepTheRules(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func next(_ n: Int) -> Int { Int(random.next() % UInt64(max(1, n))) }
        for _ in 0..<300 {
            let count = 1 + next(8)
            let content = (0..<count).map { _ in 1 + next(30) }
            let policies: [ColumnWidth] = (0..<count).map { _ in
                var policy: ColumnWidth = [.fixed(1 + next(20)), .fit, .fill(next(4)), .percentage(next(60))][next(4)]
                if next(3) == 0 { policy = policy.min(1 + next(15)) }
                if next(3) == 0 { policy = policy.max(1 + next(40)) }
                return policy
            }
            let available = 1 + next(200)
            let widths = solve(policies, content, available)
            #expect(widths.count == count)
            for (policy, width) in zip(policies, widths) {
                #expect(width >= 1)
                if let minimum = policy.minimum { #expect(width >= minimum) }
                if let maximum = policy.maximum, maximum >= (policy.minimum ?? 1) { #expect(width <= maximum) }
                if case .fixed(let n) = policy.base { #expect(width == policy.clamped(n)) }
            }
            // With a fill column that has room and no maximum, the row is exactly the width.
            let fills = policies.indices.filter { policies[$0].fills }
            let floors = fills.map { ColumnWidthSolver.floorWidth(of: policies[$0], content: content[$0]) }
            let others = policies.indices.filter { !policies[$0].fills }.map { widths[$0] }.reduce(0, +)
            let room = available - others - (count - 1)
            let growable = fills.contains { policies[$0].maximum == nil && policies[$0].base != .fill(weight: 0) }
            if growable && room > floors.reduce(0, +) {
                #expect(widths.reduce(0, +) + count - 1 == available, "\(policies) \(content) \(available) -> \(widths)")
            }
        }
    }
}

/// Where column separators go: the gutter after each column, and the one before frozen
/// trailing columns when the scrolling ones stop short of them.
@Suite struct GridSeparatorTests {
    @Test func separatorsSitInTheGutters() {
        var viewport = Viewport(bodySize: Size(width: 30, height: 5), rowCount: 10, columnWidths: [4, 6, 8, 5])
        #expect(TableGeometry.separators(between: viewport.visibleColumns, gutter: 1) == [4, 11, 20])
        // Frozen trailing column at the right edge; the scrolling ones end before it.
        viewport.setFrozenColumns(leading: 1, trailing: 1)
        viewport.setBodySize(Size(width: 22, height: 5))
        let columns = viewport.visibleColumns
        let trailing = columns.last!
        #expect(trailing.column == 3 && trailing.x == 17)
        let separators = TableGeometry.separators(between: columns, gutter: 1)
        #expect(separators.first == 4)
        #expect(separators.last == 16)
        // None sits on a cell.
        for x in separators { #expect(!columns.contains { x >= $0.x && x < $0.x + $0.width }) }
    }
}
