import Dispatch
import Synchronization

/// Work cut into numbered batches that worker threads fill into the slots of a small ring
/// while the calling thread drains the filled batches strictly in order, as they come: the one
/// ordered fan-out of the package (print mode's text rows, a format's rows).
///
/// Batch `k` goes into slot `k % slots`. A worker takes a permit of `room` (`slots` at first,
/// one more each time the caller has drained a batch) before it takes the next batch number,
/// so when it takes batch `k`, `k + 1` permits were taken and batches `0...k - slots` are
/// drained: the slot is free, whatever the threads' timing (a worker stopped between its
/// permit and its number included). The caller waits for the slot of the batch it is at to be
/// filled. So output streams (the first batch is drained as soon as it is filled, not after
/// the last), memory stays at `slots` batches whatever the count, and the batch the caller
/// waits for is always held by a running worker: no deadlock, whichever worker is slower.
/// Measured: docs/decisions/0070-print-on-both-cores.md, 0136-formats-on-both-cores.md.
package enum OrderedBatches {
    /// Fills batches `0..<batchCount` on `workers` threads (`fill(batch, slot)`, each slot
    /// used by one worker at a time) and drains each on the calling thread in batch order
    /// (`drain(batch, slot)`). Slots are made by `makeSlot`, two per worker; a slot keeps what
    /// the last batch put there (its buffers are reused). With one worker or one batch, or when
    /// no thread can be started, every batch is filled and drained here in turn. When `drain` throws, the workers stop after
    /// the batch they are filling and the error is rethrown once they have ended.
    /// - Complexity: O(batches) besides the work; memory O(2 × workers slots).
    package static func run<Slot: AnyObject>(batchCount: Int, workers: Int, makeSlot: () -> Slot,
                                             fill: @escaping @Sendable (Int, Slot) -> Void,
                                             drain: (Int, Slot) throws -> Void) rethrows {
        guard batchCount > 0 else { return }
        let workers = max(1, min(workers, batchCount))
        if workers == 1 || batchCount == 1 {
            // Nothing to overlap: each batch here, in turn.
            let slot = makeSlot()
            for batch in 0..<batchCount {
                fill(batch, slot)
                try drain(batch, slot)
            }
            return
        }
        let ring = Ring(slots: (0..<(2 * workers)).map { _ in makeSlot() })
        let threads = (0..<workers).compactMap { _ in
            BackgroundWork.startThread {
                while true {
                    ring.room.wait()
                    let batch = ring.next.add(1, ordering: .relaxed).oldValue
                    guard batch < batchCount, !ring.stopped.load(ordering: .relaxed) else {
                        // The permit back (a semaphore must end at its initial value).
                        ring.room.signal()
                        return
                    }
                    let slot = ring.slot(for: batch)
                    fill(batch, slot.value)
                    ring.filledCount.add(1, ordering: .relaxed)
                    slot.filled.signal()
                }
            }
        }
        // No thread could be started: each batch here, one at a time.
        if threads.isEmpty {
            let slot = ring.slots[0].value
            for batch in 0..<batchCount {
                fill(batch, slot)
                try drain(batch, slot)
            }
            return
        }
        var drained = 0
        do {
            for batch in 0..<batchCount {
                let slot = ring.slot(for: batch)
                slot.filled.wait()
                try drain(batch, slot.value)
                ring.room.signal()
                drained += 1
            }
        } catch {
            // Each worker takes at most one more permit, sees the stop, gives it back and ends.
            ring.stopped.store(true, ordering: .relaxed)
            for _ in threads { ring.room.signal() }
            for thread in threads { thread.join() }
            // The permits of the batches filled and not drained back: a semaphore must not end
            // below its initial value.
            for _ in drained..<max(drained, ring.filledCount.load(ordering: .relaxed)) { ring.room.signal() }
            throw error
        }
        for thread in threads { thread.join() }
    }

    /// The slots, the permits to take a batch, the number of the next batch. A slot is written
    /// by one worker between its `room` permit and its `filled` signal and read by the caller
    /// between `filled` and its `room` signal: the semaphores order every access.
    private final class Ring<Slot: AnyObject>: @unchecked Sendable {
        final class Entry: @unchecked Sendable {
            let value: Slot
            /// Signalled when a worker has filled it.
            let filled = DispatchSemaphore(value: 0)
            init(_ value: Slot) { self.value = value }
        }

        let slots: [Entry]
        /// Permits to take a batch: the slots at first, one more for each batch drained. (At
        /// least as many slots as workers: each worker's last permit finds no batch left.)
        let room: DispatchSemaphore
        /// The next batch a worker takes.
        let next = Atomic<Int>(0)
        /// Batches filled so far.
        let filledCount = Atomic<Int>(0)
        /// Set when the caller stopped draining (its `drain` threw).
        let stopped = Atomic<Bool>(false)

        init(slots: [Slot]) {
            self.slots = slots.map(Entry.init)
            room = DispatchSemaphore(value: slots.count)
        }

        @inline(__always)
        func slot(for batch: Int) -> Entry { slots[batch % slots.count] }
    }
}
