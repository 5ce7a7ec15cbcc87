import Dispatch

/// A part of a file indexed ahead by another core, before the indexer knows whether the part
/// starts inside quotes: the record starts under both hypotheses
/// (`RowIndexer.scanBothQuoteStates`), one of which `resolve` appends to the row index once the
/// state at the part's start is known.
///
/// Lifecycle: `run` on a worker thread (once), then `resolve` on the indexer's thread (it waits
/// for `run` to end). The starts are kept in compact `RowOffsetIndex`es (about 4 bytes per
/// record, plus 4 per newline inside quotes) and freed by `resolve`.
final class SpeculativeRowScan: @unchecked Sendable {
    /// The bytes of the file this part covers.
    let range: Range<Int>
    /// Starts if the part begins outside quotes, and if it begins inside.
    private var outside: RowOffsetIndex? = RowOffsetIndex()
    private var inside: RowOffsetIndex? = RowOffsetIndex()
    private var outsideEnd = RowIndexerState()
    private var insideEnd = RowIndexerState(inQuotes: true, previousWasCR: false)
    private var completed = false
    private let finished = DispatchSemaphore(value: 0)

    init(range: Range<Int>) { self.range = range }

    /// Scans the part (worker thread) in pieces of `chunkBytes`, telling `progress` the bytes
    /// done after each; stops early when `isCancelled` says so (`resolve` then returns nil).
    /// `bytes` is the whole file.
    func run(_ bytes: UnsafeRawBufferPointer, quote: UInt8, chunkBytes: Int, kernel: RowScanKernel = .best,
             progress: (Int) -> Void, isCancelled: () -> Bool) {
        defer { finished.signal() }
        guard let outsideIndex = outside, let insideIndex = inside else { return }
        var outsideSink = outsideIndex.makeAppender(limit: Int.max)
        var insideSink = insideIndex.makeAppender(limit: Int.max)
        var states = (outside: outsideEnd, inside: insideEnd)
        var offset = range.lowerBound
        while offset < range.upperBound {
            if isCancelled() { return }
            let upper = min(range.upperBound, offset + max(1, chunkBytes))
            states = RowIndexer.scanBothQuoteStates(UnsafeRawBufferPointer(rebasing: bytes[offset..<upper]), baseOffset: offset,
                                                    quote: quote, outsideState: states.outside, insideState: states.inside,
                                                    outside: &outsideSink, inside: &insideSink, kernel: kernel)
            progress(upper - offset)
            offset = upper
        }
        outsideIndex.commit(outsideSink)
        insideIndex.commit(insideSink)
        (outsideEnd, insideEnd) = states
        completed = true
    }

    /// Waits for `run`, then appends to `index` the starts of the hypothesis that `state` (the
    /// indexer's state at `range.lowerBound`) confirms, as the sequential scan would have found
    /// them; returns the state at `range.upperBound`. Nil when `run` was cancelled.
    /// - Complexity: O(records in the part).
    func resolve(into index: RowOffsetIndex, bytes: UnsafeRawBufferPointer, state: RowIndexerState) -> RowIndexerState? {
        finished.wait()
        defer {
            outside = nil
            inside = nil
        }
        guard completed, let outside, let inside else { return nil }
        if state.inQuotes {
            index.append(contentsOf: inside)
            return insideEnd
        }
        // A CR that ended the previous part: a lone CR when this part does not start with its LF
        // (with the LF, the part's own scan found the start after it).
        if state.previousWasCR && !range.isEmpty && bytes[range.lowerBound] != RowIndexer.lineFeed {
            index.append(range.lowerBound)
        }
        index.append(contentsOf: outside)
        // An empty part changes nothing: the state goes on as it came.
        return range.isEmpty ? state : outsideEnd
    }
}
