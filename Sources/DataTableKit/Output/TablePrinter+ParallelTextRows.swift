import Glibc

/// Print mode's fast path on several cores: the rows, in display order, are cut into batches
/// that workers lay out (`TextRowLayout.layRows`) through `OrderedBatches` while the calling
/// thread hands the finished batches to the output strictly in order, as they come.
/// Measured: see docs/decisions/0070-print-on-both-cores.md.
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
        var layout = layout
        // Values read through the data source (long fields) take turns.
        layout.valueLock = TextRowValueLock()
        let shared = layout
        let hook = textBatchHook
        let rowCount = layout.rowCount
        // Room for the common lines; a slot grows when its lines are longer.
        let capacity = min((width + 16) * batchRows, 4 << 20)
        OrderedBatches.run(batchCount: batchCount, workers: textRowThreads, makeSlot: { TextBatch(capacity: capacity) },
                           fill: { batch, slot in
                               let start = batch * batchRows
                               slot.text.clear()
                               shared.layRows(start..<min(start + batchRows, rowCount), into: &slot.text, scratch: &slot.scratch)
                               hook?(batch)
                           },
                           drain: { _, slot in output(UnsafeRawBufferPointer(slot.text.bytes)) })
    }
}

/// One batch's lines and the scratch its worker lays them out with (`OrderedBatches` hands a
/// slot to one thread at a time).
final class TextBatch: @unchecked Sendable {
    var text: TextRowLine
    var scratch = TextRowScratch()

    init(capacity: Int) { text = TextRowLine(capacity: capacity) }
}
