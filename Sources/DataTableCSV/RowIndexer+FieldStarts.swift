// Where every `stride`th field of one record starts: what `LongRecord` keeps to find a field of
// a record of a million columns without scanning it from its start.
//
// Same 64-byte-block technique as the field count (`RowIndexer+FieldCount.swift`): quote, LF, CR
// and delimiter masks, the in-quotes mask by prefix XOR; the delimiters outside quotes are
// counted with popcounts, and only the block where the count reaches the next multiple of
// `stride` is looked at bit by bit.

extension RowIndexer {
    /// The offsets in `record` (which starts at a field start, outside quotes) of fields 0,
    /// `stride`, 2 × `stride`, …, up to the record's end: the first LF or CR outside quotes, or
    /// the end of the bytes.
    /// - Complexity: O(n) in the bytes up to the record's end, a popcount per 64 bytes.
    static func fieldStarts(_ record: UnsafeRawBufferPointer, quote: UInt8, delimiter: UInt8, every stride: Int) -> [Int] {
        var starts = [0]
        let n = record.count
        var delimitersSeen = 0
        var next = stride  // the delimiter count at which the next recorded field starts
        var inQuotes: UInt64 = 0
        var i = 0
        if n >= 64, let bytes = record.baseAddress, 1.littleEndian == 1 {
            let needles = BlockNeedles(quote: quote, delimiter: delimiter)
            while i &+ 64 <= n {
                let boundaries = fieldBoundaries(bytes + i, needles, parity: &inQuotes)
                var fields = boundaries.delimiters
                let terminators = boundaries.terminators
                if terminators != 0 {
                    // The record ends in this block: only the delimiters before its end count.
                    fields &= (terminators & (0 &- terminators)) &- 1
                }
                var count = fields.nonzeroBitCount
                while delimitersSeen &+ count >= next {
                    // The (next - delimitersSeen)th delimiter of the block ends the field before.
                    var bits = fields
                    for _ in 1..<(next &- delimitersSeen) { bits &= bits &- 1 }
                    let at = bits.trailingZeroBitCount
                    starts.append(i &+ at &+ 1)
                    let below = (UInt64(1) << UInt64(at)) << 1 &- 1
                    count &-= (fields & below).nonzeroBitCount
                    delimitersSeen = next
                    fields &= ~below
                    next &+= stride
                }
                delimitersSeen &+= count
                if terminators != 0 { return starts }
                i &+= 64
            }
        }
        var quotedTail = inQuotes != 0
        walkOutsideQuotes(record, from: &i, quote: quote, delimiter: delimiter, inQuotes: &quotedTail) { i, byte in
            // A terminator ends the record.
            guard byte == delimiter else { return false }
            delimitersSeen += 1
            if delimitersSeen == next {
                starts.append(i + 1)
                next += stride
            }
            return true
        }
        return starts
    }
}
