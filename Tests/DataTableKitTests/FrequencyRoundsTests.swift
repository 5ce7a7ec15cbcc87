import Testing
import TestSupport
@testable import DataTableCSV
@testable import DataTableKit

/// The frequency engine's rounds (`FrequencyRounds`): with a staging limit of a few KiB a
/// count takes hundreds of rounds, each thread pausing at the limit and going on from the row
/// after; a thread whose rows stay few-valued pauses when the other splits and stages from
/// then on. Whatever the rounds, the counts, nulls and order are a reference count's.
@Suite struct FrequencyRoundsTests {
    typealias Reference = FrequencyCounterTests
    typealias Partitions = FrequencyPartitionsTests

    /// `count` rows: the first `lowRows` of 40 values, the rest of `distinct` (nulls and the
    /// troublesome alphabet now and then in both).
    static func values(count: Int, lowRows: Int, distinct: UInt64, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { row in
            if random.next() % 10 == 0 {
                return Reference.alphabet[Int(random.next() % UInt64(Reference.alphabet.count))]
            }
            return Array("v\(random.next() % (row < lowRows ? 40 : distinct))@example.org".utf8)
        }
    }

    /// Counts column 1 of `values` over `rows` (all when nil) in rounds of `stagingLimit` bytes,
    /// on `threads` ranges.
    static func count(_ values: [[UInt8]], rows: [UInt32]?, threads: Int, stagingLimit: Int,
                      check: @escaping @Sendable (Int) -> Bool = { _ in false }) throws -> FrequencyTable? {
        let source = try Reference.csvFile(values)
        let counted: FrequencyRows = rows.map { .rows($0, sourceRowCount: values.count) } ?? .first(values.count)
        let bitmap = counted.bitmap(rowCount: values.count)
        let ranges = threads == 1 ? [0..<values.count] : FrequencyCounter.split(rowCount: values.count, bitmap: bitmap,
                                                                                    counting: counted.count)
        #expect(ranges.count == threads)
        let reading = FieldReading(source: source, column: 1, rowCount: values.count, kind: .text, format: .standard,
                                   nullTokens: .standard)
        let rounds = FrequencyRounds(ranges: ranges, expectedRows: counted.count, stagingLimit: stagingLimit)
        return rounds.run(bitmap: bitmap, reading: reading, kind: .text, format: .standard, check: check)
    }

    static func expectLikeTheReference(_ table: FrequencyTable, _ values: [[UInt8]], rows: [UInt32]?) {
        let expected = Reference.reference(values, rows: rows)
        #expect(table.total == rows?.count ?? values.count)
        #expect(table.nullCount == expected.nulls)
        #expect(Reference.counted(table) == expected.counts)
        #expect(Partitions.listed(table) == Partitions.expectedOrder(values, rows: rows))
    }

    @Test(arguments: [(1, 4_096), (2, 4_096), (2, 1 << 20)])
    func manyRoundsCountLikeTheReference(threads: Int, stagingLimit: Int) throws {
        // The second half's values are mostly distinct: its thread splits first, the first
        // half's thread pauses (its table few-valued) and stages from then on.
        let values = Self.values(count: 160_000, lowRows: 80_000, distinct: 70_000, seed: 41)
        let table = try #require(try Self.count(values, rows: nil, threads: threads, stagingLimit: stagingLimit))
        Self.expectLikeTheReference(table, values, rows: nil)
    }

    @Test func filteredRowsInManyRoundsCountLikeTheReference() throws {
        let values = Self.values(count: 150_000, lowRows: 0, distinct: 60_000, seed: 42)
        var random = SplitMix64(seed: 42)
        var kept = (0..<UInt32(values.count)).filter { _ in random.next() % 3 != 0 }
        kept.shuffle(using: &random)
        let table = try #require(try Self.count(values, rows: kept, threads: 2, stagingLimit: 2_048))
        Self.expectLikeTheReference(table, values, rows: kept)
    }

    @Test func aFewValuedColumnIsCountedInOneRound() throws {
        let values = Self.values(count: 100_000, lowRows: 100_000, distinct: 0, seed: 43)
        let table = try #require(try Self.count(values, rows: nil, threads: 2, stagingLimit: 64))
        Self.expectLikeTheReference(table, values, rows: nil)
        #expect(table.parts.count == 1)
    }

    @Test func aCancelledCountGivesNothing() throws {
        let values = Self.values(count: 150_000, lowRows: 0, distinct: 100_000, seed: 44)
        let checks = Counter()
        let table = try Self.count(values, rows: nil, threads: 2, stagingLimit: 4_096) { _ in checks.add(1) > 3 }
        #expect(table == nil)
    }
}
