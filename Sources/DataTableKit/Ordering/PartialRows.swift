import Synchronization

/// The rows a filter job has found so far, published in their final order for the UI thread
/// to show while the job runs (`TableJob.partialRows`).
///
/// Prefix-consistent: what has been published is always a prefix of the job's final rows, so
/// the view only ever appends. A sequential worker appends its matches as it goes
/// (`append(_:)`); the block-parallel scan (`RecordScanner.filter`) hands in each block's
/// matches when that block is done (`complete(block:rows:)`), and a block's rows are published
/// only once every block before it is: a block that finishes early waits for its predecessors,
/// so rows never show out of order whatever the threads' timing.
///
/// The UI thread takes what was published since its last take (`take()`): O(new rows).
final class PartialRows: Sendable {
    private struct State {
        /// Published and not yet taken, in order.
        var pending: [[UInt32]] = []
        /// Rows published in all (taken or not).
        var published = 0
        /// The first block not yet published.
        var nextBlock = 0
        /// Blocks done before some block ahead of them.
        var waiting: [Int: [UInt32]] = [:]
        /// Whether rows are kept for `take()` (else only counted: nobody shows them).
        var keepsRows = true
    }

    private let state = Mutex(State())

    init() {}

    /// Publishes `rows`, which follow everything published before (a sequential worker).
    func append<Rows: Collection<UInt32>>(_ rows: Rows) {
        guard !rows.isEmpty else { return }
        state.withLock { state in
            if state.keepsRows { state.pending.append(Array(rows)) }
            state.published += rows.count
        }
    }

    /// Only counts the rows from now on (and drops those not taken): nobody will show them, so
    /// they need no second copy while the job runs.
    func stopKeepingRows() {
        state.withLock { state in
            state.keepsRows = false
            state.pending = []
        }
    }

    /// Records that block `block` (numbered from 0 in the final order) found `rows`; publishes
    /// it and every block after it that waited, once every block before it is done. Each
    /// block is completed once, from any thread.
    /// - Complexity: O(1) amortized per block, plus the rows' copy into the pending list.
    func complete(block: Int, rows: [UInt32]) {
        state.withLock { state in
            guard block == state.nextBlock else {
                state.waiting[block] = rows
                return
            }
            var rows = rows
            while true {
                if !rows.isEmpty {
                    state.published += rows.count
                    if state.keepsRows { state.pending.append(rows) }
                }
                state.nextBlock += 1
                guard let next = state.waiting.removeValue(forKey: state.nextBlock) else { return }
                rows = next
            }
        }
    }

    /// The rows published since the last take, in order (chunks as published).
    /// - Complexity: O(chunks taken).
    func take() -> [[UInt32]] {
        state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
    }

    /// How many rows have been published so far.
    var count: Int { state.withLock { $0.published } }
}
