// Counting the fields of every record: the second pass that finds rows wider than the header
// anywhere in a file, after the row index is built (so indexing keeps its speed).
//
// Same 64-byte-block technique as the row-start kernel (`RowIndexer+SWAR.swift`): quote, LF, CR
// and delimiter masks, the in-quotes mask by prefix XOR; then, per block, the delimiters outside
// quotes between consecutive terminators are counted with popcounts. LF and CR both end a
// record here (CRLF ends one record and an empty one), which changes no maximum. Where the CPU
// has AVX2 the C version in `Sources/CRowScan` runs instead (see `RowScanKernel`).
import CRowScan

/// The state `RowIndexer.countFields` carries between consecutive chunks.
struct FieldCountState: Equatable {
    /// Inside a quoted field at the chunk boundary.
    var inQuotes = false
    /// Delimiters outside quotes so far in the record that is still open.
    var delimitersInRecord = 0
    /// The most delimiters of any record so far (the open one included).
    var widest = 0
}

extension RowIndexer {
    /// Counts the delimiters outside quotes of each record in `chunk` and keeps the most of any
    /// record in `state.widest` (fields = that + 1). `kernel` picks the C version
    /// (`crowscan_count_fields`, the same technique with AVX2 masks) or the Swift one below.
    /// - Complexity: O(n) in `chunk.count`.
    static func countFields(_ chunk: UnsafeRawBufferPointer, quote: UInt8, delimiter: UInt8, state: inout FieldCountState,
                            kernel: RowScanKernel = .best) {
        let n = chunk.count
        if kernel == .vector {
            guard n > 0, let bytes = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            var carried = crowscan_field_state(in_quotes: state.inQuotes ? 1 : 0, delimiters_in_record: Int64(state.delimitersInRecord),
                                               widest: Int64(state.widest))
            crowscan_count_fields(bytes, n, quote, delimiter, &carried)
            state = FieldCountState(inQuotes: carried.in_quotes != 0, delimitersInRecord: Int(carried.delimiters_in_record),
                                    widest: Int(carried.widest))
            return
        }
        var inQuotes: UInt64 = state.inQuotes ? ~0 : 0
        var open = state.delimitersInRecord, widest = state.widest
        var i = 0
        if n >= 64, let bytes = chunk.baseAddress, 1.littleEndian == 1 {
            let needles = BlockNeedles(quote: quote, delimiter: delimiter)
            while i &+ 64 <= n {
                var (fields, terminators) = fieldBoundaries(bytes + i, needles, parity: &inQuotes)
                while terminators != 0 {
                    let below = (terminators & (0 &- terminators)) &- 1
                    open &+= (fields & below).nonzeroBitCount
                    if open > widest { widest = open }
                    open = 0
                    fields &= ~below
                    terminators &= terminators &- 1
                }
                open &+= fields.nonzeroBitCount
                i &+= 64
            }
        }
        var quotedTail = inQuotes != 0
        walkOutsideQuotes(chunk, from: &i, quote: quote, delimiter: delimiter, inQuotes: &quotedTail) { _, byte in
            if byte == delimiter {
                open += 1
            } else {
                if open > widest { widest = open }
                open = 0
            }
            return true
        }
        state = FieldCountState(inQuotes: quotedTail, delimitersInRecord: open, widest: max(widest, open))
    }
}
