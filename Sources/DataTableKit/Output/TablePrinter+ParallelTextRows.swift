import Dispatch
import Glibc
import Synchronization

/// Print mode's fast path on several cores: the rows, in display order, are cut into batches
/// that workers lay out (`TextRowLayout.layRows`) into the slots of a small ring while the
/// calling thread hands the finished batches to the output strictly in order, as they come.
///
/// Batch `k` goes into slot `k % slots`. A worker takes a permit of `room` (`slots` at first,
/// one more each time the writer has written a batch) before it takes the next batch number,
/// so when it takes batch `k`, `k + 1` permits were taken and batches `0...k - slots` are
/// written: the slot is free, whatever the threads' timing (a worker stopped between its
/// permit and its number included). The writer waits for the slot of the batch it is at to be
/// filled. So the output streams (the first batch is written as soon as it is laid out, not
/// after the last), memory stays at `slots` batches whatever the row count, and the batch the
/// writer waits for is always held by a running worker: no deadlock, whichever worker is
/// slower. Measured: see docs/decisions/0070-print-on-both-cores.md.
extension TablePrinter {
    /// Threads for the fast path: the cores online, at most 4 (printing on this 2-core
    /// machine: 2).
    static let defaultTextRowThreads: Int = min(4, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Lays out `layout`'s rows on `textRowThreads` workers in batches of `textBatchRows` rows
    /// and hands each batch (whole lines, each ending with a line feed) to `output` in display
    /// order, from the calling thread.
    /// - Complexity: O(bytes shown) split over the workers; memory O(ring slots × batch bytes).
    func printTextRowsInParallel(_ layout: TextRowLayout, output: (UnsafeRawBufferPointer) -> Void) {
        let batchRows = max(1, textBatchRows)
        let batchCount = (layout.rowCount + batchRows - 1) / batchRows
        let workers = max(1, min(textRowThreads, batchCount))
        var layout = layout
        // Values read through the data source (long fields) take turns.
        layout.valueLock = TextRowValueLock()
        let ring = TextBatchRing(slots: max(2, 2 * workers), lineCapacity: width + 16, batchRows: batchRows)
        let shared = layout
        let hook = textBatchHook
        let rowCount = layout.rowCount
        let threads = (0..<workers).compactMap { _ in
            BackgroundWork.startThread {
                var scratch = TextRowScratch()
                while true {
                    ring.room.wait()
                    let batch = ring.next.add(1, ordering: .relaxed).oldValue
                    guard batch < batchCount else {
                        // The permit back (a semaphore must end at its initial value).
                        ring.room.signal()
                        return
                    }
                    let slot = ring.slot(for: batch)
                    let start = batch * batchRows
                    slot.text.clear()
                    shared.layRows(start..<min(start + batchRows, rowCount), into: &slot.text, scratch: &scratch)
                    hook?(batch)
                    slot.filled.signal()
                }
            }
        }
        // No thread could be started: lay the batches out here, one at a time.
        if threads.isEmpty {
            var scratch = TextRowScratch()
            var text = TextRowLine(capacity: (width + 16) * batchRows)
            for batch in 0..<batchCount {
                let start = batch * batchRows
                text.clear()
                layout.layRows(start..<min(start + batchRows, rowCount), into: &text, scratch: &scratch)
                output(UnsafeRawBufferPointer(text.bytes))
            }
            return
        }
        for batch in 0..<batchCount {
            let slot = ring.slot(for: batch)
            slot.filled.wait()
            let bytes = slot.text.bytes
            output(UnsafeRawBufferPointer(bytes))
            ring.room.signal()
        }
        for thread in threads { thread.join() }
    }
}

/// The slots `printTextRowsInParallel` lays batches out into, the permits to take a batch and
/// the number of the next batch. A slot is written by one worker between its `room` permit and
/// its `filled` signal and read by the writer between `filled` and its `room` signal: the
/// semaphores order every access.
final class TextBatchRing: @unchecked Sendable {
    /// One batch's lines.
    final class Slot: @unchecked Sendable {
        var text: TextRowLine
        /// Signalled when a worker has laid a batch out into it.
        let filled = DispatchSemaphore(value: 0)

        init(capacity: Int) { text = TextRowLine(capacity: capacity) }
    }

    let slots: [Slot]
    /// Permits to take a batch: the slots at first, one more for each batch written. (At least
    /// as many slots as workers: each worker's last permit finds no batch left.)
    let room: DispatchSemaphore
    /// The next batch a worker takes.
    let next = Atomic<Int>(0)

    init(slots count: Int, lineCapacity: Int, batchRows: Int) {
        room = DispatchSemaphore(value: count)
        // Room for the common lines; a slot grows when its lines are longer.
        let capacity = min(lineCapacity * batchRows, 4 << 20)
        slots = (0..<count).map { _ in Slot(capacity: capacity) }
    }

    @inline(__always)
    func slot(for batch: Int) -> Slot { slots[batch % slots.count] }
}
