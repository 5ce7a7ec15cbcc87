// The row-start kernels in C (`Sources/CRowScan/CRowScan.c`: AVX2 + carry-less multiply), seen
// from Swift: the C side writes record starts in batches into a buffer on the stack, which is
// handed to the sink between calls. Chosen by `RowScanKernel.best` on CPUs that have AVX2.
//
// Measured in docs/decisions/0071-row-index-kernel-in-c.md;
// the kernel alone runs at ~7.5 GB/s a core (CPU time) against
// ~3 GB/s for the Swift SWAR kernel, which stays the fallback.
import CRowScan

extension RowIndexer {
    /// Offsets per batch: 16 KB of buffer, flushed into the sink when nearly full.
    @inlinable static var vectorBatch: Int { 2048 }

    /// The C kernel behind `scan` (same contract as `scanReference`). `batch` (at least
    /// `CROWSCAN_MIN_CAPACITY`) is the buffer's size in offsets; the tests make it small.
    /// - Complexity: O(n) in `chunk.count`.
    @inlinable
    static func scanVector<Sink: RowStartSink>(_ chunk: UnsafeRawBufferPointer, baseOffset: Int, quote: UInt8,
                                               state: RowIndexerState, into sink: inout Sink,
                                               batch: Int = vectorBatch) -> RowIndexerState {
        let n = chunk.count
        guard n > 0, let bytes = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return state }
        precondition(batch >= Int(CROWSCAN_MIN_CAPACITY), "batch too small")
        var carried = crowscan_state(in_quotes: state.inQuotes ? 1 : 0, previous_was_cr: state.previousWasCR ? 1 : 0)
        var local = sink
        defer { sink = local }
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: batch) { buffer in
            let out = buffer.baseAddress!
            var position = 0
            repeat {
                var count = 0
                position &+= crowscan_starts(bytes + position, n &- position, UInt64(baseOffset &+ position), quote, &carried,
                                             out, batch, &count)
                for k in 0..<count { local.append(Int(truncatingIfNeeded: out[k])) }
            } while position < n
        }
        return RowIndexerState(inQuotes: carried.in_quotes != 0, previousWasCR: carried.previous_was_cr != 0)
    }

    /// The C kernel behind `scanBothQuoteStates`: one pass, one classification and parity for
    /// both hypotheses (the states' `inQuotes` must differ).
    /// - Complexity: O(n) in `chunk.count`.
    @inlinable
    static func scanBothQuoteStatesVector<Outside: RowStartSink, Inside: RowStartSink>(
        _ chunk: UnsafeRawBufferPointer, baseOffset: Int, quote: UInt8,
        outsideState: RowIndexerState, insideState: RowIndexerState,
        outside: inout Outside, inside: inout Inside, batch: Int = vectorBatch
    ) -> (outside: RowIndexerState, inside: RowIndexerState) {
        let n = chunk.count
        guard n > 0, let bytes = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            return (outsideState, insideState)
        }
        precondition(batch >= Int(CROWSCAN_MIN_CAPACITY) && outsideState.inQuotes != insideState.inQuotes)
        var carried0 = crowscan_state(in_quotes: outsideState.inQuotes ? 1 : 0, previous_was_cr: outsideState.previousWasCR ? 1 : 0)
        var carried1 = crowscan_state(in_quotes: insideState.inQuotes ? 1 : 0, previous_was_cr: insideState.previousWasCR ? 1 : 0)
        var sink0 = outside, sink1 = inside
        defer {
            outside = sink0
            inside = sink1
        }
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * batch) { buffer in
            let out0 = buffer.baseAddress!, out1 = out0 + batch
            var position = 0
            repeat {
                var count0 = 0, count1 = 0
                position &+= crowscan_starts_both(bytes + position, n &- position, UInt64(baseOffset &+ position), quote,
                                                  &carried0, &carried1, out0, batch, &count0, out1, batch, &count1)
                for k in 0..<count0 { sink0.append(Int(truncatingIfNeeded: out0[k])) }
                for k in 0..<count1 { sink1.append(Int(truncatingIfNeeded: out1[k])) }
            } while position < n
        }
        return (RowIndexerState(inQuotes: carried0.in_quotes != 0, previousWasCR: carried0.previous_was_cr != 0),
                RowIndexerState(inQuotes: carried1.in_quotes != 0, previousWasCR: carried1.previous_was_cr != 0))
    }
}
