// Scanning a part of a file without knowing whether it starts inside quotes: what lets a second
// core index the second half of a file while the first core indexes the first.
//
// Every quote byte toggles the state, so the in-quotes mask of a part that starts inside quotes
// is exactly the complement of the mask of the same part started outside: the two hypotheses
// never meet again, but one pass computes both. The terminators outside quotes under one are the
// terminators inside quotes under the other, so the second list costs only the newlines that
// sit inside quoted fields (about 1% of the rows in the bench data).

extension RowIndexer {
    /// Scans `chunk` under both hypotheses about its start: record starts if the chunk starts
    /// outside quotes go to `outside` (continuing from `outsideState`), those if it starts inside
    /// quotes to `inside` (from `insideState`); returns both end states.
    ///
    /// The two states must differ only in `inQuotes` being complementary (as they do when both
    /// start a part with no CR pending and are carried along by this function). Equivalent to
    /// `scan` over the chunk with each state (the tests check it). `kernel` picks the C kernel
    /// (`scanBothQuoteStatesVector`) or the Swift one below.
    /// - Complexity: O(n) in `chunk.count`, one pass.
    @inlinable
    static func scanBothQuoteStates<Outside: RowStartSink, Inside: RowStartSink>(
        _ chunk: UnsafeRawBufferPointer, baseOffset: Int, quote: UInt8,
        outsideState: RowIndexerState, insideState: RowIndexerState,
        outside: inout Outside, inside: inout Inside, kernel: RowScanKernel = .best
    ) -> (outside: RowIndexerState, inside: RowIndexerState) {
        if kernel == .vector && outsideState.inQuotes != insideState.inQuotes {
            return scanBothQuoteStatesVector(chunk, baseOffset: baseOffset, quote: quote, outsideState: outsideState,
                                             insideState: insideState, outside: &outside, inside: &inside)
        }
        let n = chunk.count
        guard n >= 64, let bytes = chunk.baseAddress, 1.littleEndian == 1, outsideState.inQuotes != insideState.inQuotes else {
            let a = scanBytes(chunk, from: 0, baseOffset: baseOffset, quote: quote, state: outsideState, into: &outside)
            let b = scanBytes(chunk, from: 0, baseOffset: baseOffset, quote: quote, state: insideState, into: &inside)
            return (a, b)
        }
        let needles = BlockNeedles(quote: quote)
        // In-quotes parity of the `outside` hypothesis (the other one is its complement).
        var parity: UInt64 = outsideState.inQuotes ? ~0 : 0
        var carryLF0: UInt64 = 0, carryLF1: UInt64 = 0
        var carryCR0: UInt64 = outsideState.previousWasCR ? 1 : 0
        var carryCR1: UInt64 = insideState.previousWasCR ? 1 : 0
        var sink0 = outside, sink1 = inside
        defer {
            outside = sink0
            inside = sink1
        }
        var i = 0
        while i &+ 64 <= n {
            let block = bytes + i
            let (quoteMask, lineFeedMask, returnMask) = quoteLineFeedReturnMasks(block, needles)
            let inQuotes = quotedBytes(quoteMask, parity: &parity)
            let starts0 = recordStarts(lf: lineFeedMask & ~inQuotes, cr: returnMask & ~inQuotes, lineFeeds: lineFeedMask,
                                       carryLF: &carryLF0, carryCR: &carryCR0)
            let starts1 = recordStarts(lf: lineFeedMask & inQuotes, cr: returnMask & inQuotes, lineFeeds: lineFeedMask,
                                       carryLF: &carryLF1, carryCR: &carryCR1)
            emit(starts0, at: baseOffset &+ i, into: &sink0)
            emit(starts1, at: baseOffset &+ i, into: &sink1)
            i &+= 64
        }
        if carryLF0 != 0 { sink0.append(baseOffset &+ i) }
        if carryLF1 != 0 { sink1.append(baseOffset &+ i) }
        let tail0 = RowIndexerState(inQuotes: parity != 0, previousWasCR: carryCR0 != 0)
        let tail1 = RowIndexerState(inQuotes: parity == 0, previousWasCR: carryCR1 != 0)
        let a = scanBytes(chunk, from: i, baseOffset: baseOffset, quote: quote, state: tail0, into: &sink0)
        let b = scanBytes(chunk, from: i, baseOffset: baseOffset, quote: quote, state: tail1, into: &sink1)
        return (a, b)
    }
}
