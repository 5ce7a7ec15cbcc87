/// One count of a column on one or two threads, in rounds (a part of `FrequencyCounter`).
///
/// Each thread counts its range of rows into its own `FrequencyAccumulator`. A column of few
/// distinct values is counted in one round, and the threads' tables merge at the end. Once a
/// thread's table grows past `FrequencyAccumulator.partitionThreshold`, every thread stages
/// its values by hash for `partitionCount` tables shared by the threads, each owned by one
/// thread: a round has each thread stage at most `stagingLimit` bytes, then each owner intern
/// every thread's values of its tables, table after table (its slots read ahead,
/// `FrequencyPartition.intern(_:)`), so a table's lookups hit the cache while its rows go in.
/// A value is interned once, by its table's owner: no table is merged afterwards
/// (docs/decisions/0139-frequency-by-partitions.md).
///
/// Threads touch disjoint storage within a step: while staging, thread `t` writes only its
/// accumulator, cursor and buffers; while interning, the owner of table `p` writes only table
/// `p` and every thread's buffer `p`. The coordinator (`run`) changes the rest between steps.
final class FrequencyRounds: @unchecked Sendable {
    /// Staged bytes a thread writes in one round.
    static let stagingLimit = 1 << 24
    /// Tables by hash after a split (a power of two: a hash's low bits pick one).
    static let partitionCount = 64

    let ranges: [Range<Int>]
    private var threads: Int { ranges.count }
    private let accumulators: UnsafeMutablePointer<FrequencyAccumulator>
    /// Next row to count per thread.
    private let cursors: UnsafeMutablePointer<Int>
    /// The tables by hash once split (`partitionCount`), else nil.
    private var partitions: UnsafeMutablePointer<FrequencyPartition>?
    /// `threads` x `partitionCount` buffers: thread `t`'s for table `p` at `t * partitionCount + p`.
    private let staging: UnsafeMutablePointer<FrequencyStaging>
    private let signal = FrequencySplitSignal()
    /// The rows all threads will count.
    private let expectedRows: Int

    /// Rounds over `ranges` (one per thread), `expectedRows` counted in all, each thread
    /// staging at most `stagingLimit` bytes a round.
    init(ranges: [Range<Int>], expectedRows: Int, stagingLimit: Int = FrequencyRounds.stagingLimit) {
        self.ranges = ranges
        self.expectedRows = expectedRows
        cursors = .allocate(capacity: ranges.count)
        cursors.initialize(from: ranges.map(\.lowerBound), count: ranges.count)
        accumulators = .allocate(capacity: ranges.count)
        for thread in ranges.indices {
            (accumulators + thread).initialize(to: FrequencyAccumulator(
                partitionMask: Self.partitionCount - 1, stagingLimit: stagingLimit, signal: signal))
        }
        staging = .allocate(capacity: ranges.count * Self.partitionCount)
        staging.initialize(repeating: FrequencyStaging(), count: ranges.count * Self.partitionCount)
    }

    deinit {
        for index in 0..<threads * Self.partitionCount { staging[index].release() }
        staging.deinitialize(count: threads * Self.partitionCount)
        staging.deallocate()
        cursors.deallocate()
        accumulators.deinitialize(count: threads)
        accumulators.deallocate()
        if let partitions {
            partitions.deinitialize(count: Self.partitionCount)
            partitions.deallocate()
        }
    }

    /// Counts every range, round after round; nil when `check` returned true (cancelled).
    /// `check(counted)` is called from the counting threads as `FrequencyAccumulator.count`
    /// describes.
    func run(bitmap: [UInt64]?, reading: FieldReading, kind: SortKeyKind, format: ValueFormat,
             check: @escaping @Sendable (Int) -> Bool) -> FrequencyTable? {
        let box = UncheckedSendableBox(value: (reading, bitmap))
        let spanned = ranges.reduce(0) { $0 + $1.count }
        let dense = FrequencyAccumulator.BatchedFields.pay(counting: expectedRows, spanning: spanned)
        while true {
            BackgroundWork.forEachPart(threads) { thread in
                self.countRound(thread: thread, bitmap: box.value.1, dense: dense, reading: box.value.0, check: check)
            }
            if check(0) { return nil }
            if partitions == nil, signal.isRaised { split() }
            if partitions != nil { BackgroundWork.forEachPart(threads) { owner in self.internStaged(owner: owner) } }
            if ranges.indices.allSatisfy({ cursors[$0] >= ranges[$0].upperBound }) { break }
        }
        return table(kind: kind, format: format)
    }

    /// The tables thread `owner` interns: a contiguous share.
    private func owned(by owner: Int) -> Range<Int> {
        Self.partitionCount * owner / threads..<Self.partitionCount * (owner + 1) / threads
    }

    /// Thread `thread` counts its rows from its cursor, staging into its buffers once split.
    private func countRound(thread: Int, bitmap: [UInt64]?, dense: Bool, reading: FieldReading, check: (Int) -> Bool) {
        let range = ranges[thread]
        guard cursors[thread] < range.upperBound else { return }
        let accumulator = accumulators + thread
        accumulator.pointee.staging = staging + thread * Self.partitionCount
        accumulator.pointee.staged = 0
        cursors[thread] = accumulator.pointee.count(cursors[thread]..<range.upperBound, bitmap: bitmap,
                                                    dense: dense, reading: reading, check: check)
    }

    /// Thread `owner` interns every thread's staged values into its tables.
    private func internStaged(owner: Int) {
        guard let partitions else { return }
        for part in owned(by: owner) {
            for thread in 0..<threads {
                partitions[part].intern(&staging[thread * Self.partitionCount + part])
            }
        }
    }

    /// Makes the tables by hash, moves every thread's one table into them (nulls settled first)
    /// and makes every thread stage from now on. Between rounds.
    private func split() {
        var seen = 0, distinct = 0, length = 0
        for thread in 0..<threads {
            accumulators[thread].settleNulls()
            seen += accumulators[thread].rows
            distinct += accumulators[thread].single.count
            length += accumulators[thread].single.table.bytes.count
        }
        // Sized for half the distinct values the rows so far promise over all rows: the first
        // rows of a column promise more than the rest keep (repeats grow with the rows), and a
        // table twice too large misses the cache twice as often; one too small doubles.
        let all = max(expectedRows, seen)
        let expected = min(all, Int(Double(distinct) * Double(all) / Double(max(1, seen))))
        let capacity = expected / (2 * Self.partitionCount), averageLength = max(1, length / max(1, distinct))
        self.partitions = .allocate(capacity: Self.partitionCount)
        BackgroundWork.forEachPart(threads) { owner in
            let partitions = self.partitions.unsafelyUnwrapped
            let owned = self.owned(by: owner)
            for part in owned {
                (partitions + part).initialize(to: FrequencyPartition(capacity: capacity, averageLength: averageLength))
            }
            for thread in 0..<self.threads {
                self.accumulators[thread].single.forEachValue { value, rows, firstRow in
                    guard rows > 0 else { return }
                    let hash = TextTable.hash(value)
                    let part = Int(truncatingIfNeeded: hash) & (Self.partitionCount - 1)
                    if owned.contains(part) { partitions[part].add(value, hash: hash, rows: rows, firstRow: firstRow) }
                }
            }
        }
        for thread in 0..<threads {
            accumulators[thread].single = FrequencyPartition()
            accumulators[thread].isSplit = true
        }
    }

    /// The counts as one table of values: the tables' arenas and counts handed over, not copied.
    private func table(kind: SortKeyKind, format: ValueFormat) -> FrequencyTable {
        var nulls = 0, rows = 0
        for thread in 0..<threads {
            accumulators[thread].settleNulls()
            nulls += accumulators[thread].nulls
            rows += accumulators[thread].rows
        }
        let tables: [FrequencyPartition]
        if let partitions {
            tables = Array(UnsafeBufferPointer(start: partitions, count: Self.partitionCount))
        } else {
            var one = accumulators[0].single
            for thread in 1..<threads { one.merge(accumulators[thread].single) }
            tables = [one]
        }
        return FrequencyTable(kind: kind, format: format, total: rows, nullCount: nulls,
                              parts: tables.map { .init(bytes: $0.table.bytes, offsets: $0.table.offsets, counts: $0.counts) },
                              firstRows: tables.map { $0.firstRows[...] })
    }
}
