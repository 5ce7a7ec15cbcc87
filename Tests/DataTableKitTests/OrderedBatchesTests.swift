import Glibc
import Synchronization
import Testing
@testable import DataTableKit

/// `OrderedBatches`: batches filled on several threads are drained in order, and a drain that
/// throws stops the workers and is rethrown, without hanging.
@Suite struct OrderedBatchesTests {
    final class Slot: @unchecked Sendable {
        var value = -1
    }

    struct Stop: Error {}

    @Test("Batches filled at uneven speeds on three threads are drained in order, each exactly once")
    func drainsInOrder() {
        var drained: [Int] = []
        OrderedBatches.run(batchCount: 200, workers: 3, makeSlot: { Slot() },
                           fill: { batch, slot in
                               if batch % 7 == 0 { usleep(200) }
                               slot.value = batch * 10
                           },
                           drain: { batch, slot in drained.append(slot.value / 10 == batch ? batch : -1) })
        #expect(drained == Array(0..<200))
    }

    @Test("A drain that throws stops the workers and the error comes back")
    func aThrowingDrainStops() {
        let filled = Atomic<Int>(0)
        #expect(throws: Stop.self) {
            try OrderedBatches.run(batchCount: 10_000, workers: 2, makeSlot: { Slot() },
                                   fill: { _, _ in filled.add(1, ordering: .relaxed) },
                                   drain: { batch, _ in if batch == 5 { throw Stop() } })
        }
        // The workers stopped within the ring's slots of the failed batch.
        #expect(filled.load(ordering: .relaxed) < 20)
    }
}
