import Testing
import TestSupport
@testable import DataTableCSV

/// The compact row index (a base per 4,096 rows, 32-bit deltas, wide tables for blocks past
/// 4 GiB) against a plain array of the same offsets.
@Suite struct RowOffsetIndexTests {
    /// Increasing offsets: mostly short rows, some long, and now and then a row of gigabytes.
    func randomOffsets(count: Int, hugeRate: Int, using rng: inout SplitMix64) -> [Int] {
        var offset = Int.random(in: 0...100, using: &rng)
        return (0..<count).map { _ in
            defer {
                switch Int.random(in: 0..<1000, using: &rng) {
                case ..<hugeRate: offset += Int.random(in: 1 << 30 ... 5 << 30, using: &rng)
                case ..<(hugeRate + 10): offset += Int.random(in: 1000...2_000_000, using: &rng)
                default: offset += Int.random(in: 1...200, using: &rng)
                }
            }
            return offset
        }
    }

    /// Appends `offsets` in random batches (appenders and single appends, published between
    /// batches) and checks every published offset after each batch.
    func check(_ offsets: [Int], using rng: inout SplitMix64, sourceLocation: SourceLocation = #_sourceLocation) {
        let index = RowOffsetIndex()
        var i = 0
        while i < offsets.count {
            let batch = min(offsets.count - i, Int.random(in: 0...9000, using: &rng))
            if Int.random(in: 0..<4, using: &rng) == 0 {
                for offset in offsets[i..<(i + batch)] { index.append(offset) }
            } else {
                var appender = index.makeAppender(limit: Int.max)
                for offset in offsets[i..<(i + batch)] { appender.append(offset) }
                index.commit(appender)
            }
            i += batch
            #expect(index.count == i - batch, sourceLocation: sourceLocation)
            index.publish()
            #expect(index.count == i, sourceLocation: sourceLocation)
            #expect(index.lastWritten == (i > 0 ? offsets[i - 1] : nil), sourceLocation: sourceLocation)
        }
        var mismatches = 0
        for row in 0..<offsets.count where index[row] != offsets[row] { mismatches += 1 }
        #expect(mismatches == 0, sourceLocation: sourceLocation)
    }

    @Test func shortRowsAcrossBlocksAndChunks() {
        var rng = SplitMix64(seed: 1)
        check(randomOffsets(count: 3 * RowOffsetIndex.chunkSize + 4097, hugeRate: 0, using: &rng), using: &rng)
    }

    @Test(arguments: [2, 20, 200])
    func hugeRowsBeyondFourGigabytes(rate: Int) {
        var rng = SplitMix64(seed: UInt64(rate))
        let offsets = randomOffsets(count: 2 * RowOffsetIndex.chunkSize + 123, hugeRate: rate, using: &rng)
        #expect(offsets.last! > 1 << 32)
        check(offsets, using: &rng)
    }

    @Test func aBlockSpanningExactlyTheDeltaLimit() {
        // Deltas of UInt32.max - 1 fit; UInt32.max is the escape and goes wide; past it too.
        let limit = Int(UInt32.max)
        let base = 7 << 32
        var offsets = [base, base + limit - 1, base + limit, base + limit + 1, base + 2 * limit]
        offsets += (1...RowOffsetIndex.blockSize).map { base + 2 * limit + $0 }  // into the next block
        var rng = SplitMix64(seed: 3)
        check(offsets, using: &rng)
        let index = RowOffsetIndex()
        for offset in offsets { index.append(offset) }
        // One block needed a wide table, the next one did not (its base is its first row).
        #expect(index.memoryBytes == RowOffsetIndex.chunkBytes + RowOffsetIndex.blockSize * 8)
    }

    @Test func aboutFourBytesPerRow() {
        let index = RowOffsetIndex()
        let rows = 10 * RowOffsetIndex.chunkSize
        var appender = index.makeAppender(limit: Int.max)
        for row in 0..<rows { appender.append(row * 130) }
        index.commit(appender)
        #expect(Double(index.memoryBytes) / Double(rows) < 4.01)
    }

    @Test func theLimitDropsOffsetsPastTheEnd() {
        let index = RowOffsetIndex()
        var appender = index.makeAppender(limit: 100)
        for offset in [10, 50, 99, 100, 150] { appender.append(offset) }
        index.commit(appender)
        index.publish()
        #expect(index.count == 3)
        #expect(index[2] == 99)
    }

    @Test func appendingAnotherIndex() {
        var rng = SplitMix64(seed: 9)
        let offsets = randomOffsets(count: 150_000, hugeRate: 5, using: &rng)
        let cut = 70_001
        let first = RowOffsetIndex(), second = RowOffsetIndex()
        for offset in offsets[..<cut] { first.append(offset) }
        for offset in offsets[cut...] { second.append(offset) }
        first.append(contentsOf: second)
        first.publish()
        #expect(first.count == offsets.count)
        #expect((0..<offsets.count).allSatisfy { first[$0] == offsets[$0] })
    }
}
