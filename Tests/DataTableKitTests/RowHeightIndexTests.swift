import Testing
import TestSupport
@testable import DataTableKit

@Suite struct RowHeightIndexTests {
    @Test func unmeasuredRowsHaveTheEstimatedHeight() {
        let index = RowHeightIndex(estimatedHeight: 2, count: 10)
        #expect(index.height(ofRow: 3) == 2)
        #expect(index.startLine(ofRow: 3) == 6)
        #expect(index.totalHeight == 20)
        #expect(index.row(atLine: 0) == 0)
        #expect(index.row(atLine: 5) == 2)
        #expect(index.row(atLine: 1000) == 9)
    }

    @Test func measuredHeightsShiftTheRowsBelow() {
        let index = RowHeightIndex(estimatedHeight: 1, count: 5)
        index.setHeight(3, ofRow: 1)
        // Lines: row 0: 0, row 1: 1-3, row 2: 4, row 3: 5, row 4: 6.
        #expect(index.startLine(ofRow: 2) == 4)
        #expect(index.totalHeight == 7)
        #expect((0..<7).map { index.row(atLine: $0) } == [0, 1, 1, 1, 2, 3, 4])
        index.setHeight(1, ofRow: 1)
        #expect(index.heightDeltas.isEmpty)
        #expect(index.totalHeight == 5)
    }

    /// The Fenwick tree against a plain array of heights, over random updates and lookups.
    @Test func agreesWithPrefixSumsOfAPlainArray() {
        var random = SplitMix64(seed: 7)
        for estimate in [1, 2, 3] {
            let count = 3_000
            let index = RowHeightIndex(estimatedHeight: estimate, count: count)
            var heights = Array(repeating: estimate, count: count)
            for _ in 0..<2_000 {
                let row = Int(random.next() % UInt64(count))
                let height = 1 + Int(random.next() % 7)
                index.setHeight(height, ofRow: row)
                heights[row] = height
            }
            var start = 0
            var lineToRow: [Int] = []
            for row in 0..<count {
                #expect(index.startLine(ofRow: row) == start)
                #expect(index.height(ofRow: row) == heights[row])
                for _ in 0..<heights[row] { lineToRow.append(row) }
                start += heights[row]
            }
            #expect(index.totalHeight == start)
            for _ in 0..<2_000 {
                let line = Int(random.next() % UInt64(start))
                #expect(index.row(atLine: line) == lineToRow[line])
            }
        }
    }

    @Test func growingKeepsHeightsAndShrinkingForgetsThem() {
        let index = RowHeightIndex(estimatedHeight: 1, count: 10)
        index.setHeight(4, ofRow: 9)
        index.setCount(5_000)  // past the tree's first capacity: rebuilt
        #expect(index.startLine(ofRow: 10) == 13)
        #expect(index.row(atLine: 12) == 9)
        index.setHeight(2, ofRow: 4_999)
        #expect(index.totalHeight == 5_000 + 3 + 1)
        index.setCount(100)
        #expect(index.heightDeltas.isEmpty)
        #expect(index.totalHeight == 100)
    }

    /// Ten million rows: the tree is allocated lazily (calloc), and a lookup costs log n.
    @Test func worksAtTenMillionRows() {
        let index = RowHeightIndex(estimatedHeight: 1, count: 10_000_000)
        #expect(index.row(atLine: 9_999_999) == 9_999_999)
        index.setHeight(5, ofRow: 5_000_000)
        index.setHeight(3, ofRow: 9_999_998)
        #expect(index.startLine(ofRow: 5_000_001) == 5_000_005)
        #expect(index.row(atLine: 5_000_004) == 5_000_000)
        #expect(index.row(atLine: 5_000_005) == 5_000_001)
        #expect(index.totalHeight == 10_000_006)
        #expect(index.row(atLine: 10_000_005) == 9_999_999)
    }
}
