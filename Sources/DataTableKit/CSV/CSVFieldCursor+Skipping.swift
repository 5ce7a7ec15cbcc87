/// Reaching field N of a record without visiting the fields before it (`field(_:in:)`: sort
/// keys, raw fields, the frequency of a column).
extension CSVFieldCursor {
    /// Where field `column` (> 0) of `bytes` starts, by `firstField`'s rule, or nil when the
    /// record has fewer fields. Eight bytes a step while a word holds no quote, CR or LF: its
    /// delimiters are counted, not visited one by one; from the first
    /// word that holds one, `firstField` goes on (outside quotes there, in a field before
    /// `column`, so its fields are counted from that point).
    /// - Complexity: O(bytes up to the field's start).
    @inlinable @inline(__always)
    package func startOfField(_ column: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        let delimiter = delimiter, quote = quote
        var i = 0, left = column
        if delimiter != quote && delimiter != 0x0A && delimiter != 0x0D, let base = bytes.baseAddress {
            let d = SWAR.broadcast(delimiter), q = SWAR.broadcast(quote)
            // A byte below 0x0E stands for LF and CR (one test for both) unless the delimiter
            // is one of those bytes (a tab): then LF and CR are matched exactly.
            let below = delimiter < 0x0E ? 0 : SWAR.broadcast(0x0E)
            let lf = SWAR.broadcast(0x0A), cr = SWAR.broadcast(0x0D)
            let n = bytes.count
            while i &+ 8 <= n {
                let word = SWAR.load(base, i)
                // Nonzero when some byte is a quote, LF or CR (or below 0x0E): each term is
                // nonzero exactly when its word has a zero byte, which is all a test for none needs.
                let wq = word ^ q
                var special = (wq &- SWAR.ones) & ~wq
                if below != 0 {
                    special |= (word &- below) & ~word
                } else {
                    let (wl, wc) = (word ^ lf, word ^ cr)
                    special |= (wl &- SWAR.ones) & ~wl | (wc &- SWAR.ones) & ~wc
                }
                if special & SWAR.highs != 0 { break }
                var delimiters = SWAR.matches(word, d)
                // One per delimiter byte, summed into the top byte.
                let found = Int(truncatingIfNeeded: ((delimiters >> 7) &* SWAR.ones) >> 56)
                if found < left {
                    left &-= found
                    i &+= 8
                    continue
                }
                // The `left`-th delimiter of this word ends the field before `column`.
                for _ in 1..<left { delimiters &= delimiters &- 1 }
                return i &+ SWAR.firstByte(delimiters) &+ 1
            }
        }
        var start: Int?
        _ = firstField(in: bytes, from: i) { k, range in
            guard k == left else { return false }
            start = range.lowerBound
            return true
        }
        return start
    }

    /// `fieldEnd(in:from:)`, looking first at the eight bytes from `start`: when the first of
    /// them that is a delimiter, quote, LF or CR is a delimiter, LF or CR (not at `start` a
    /// quote, which opens a quoted field), the field ends there.
    /// - Complexity: O(field length).
    @inlinable @inline(__always)
    package func endOfField(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        let delimiter = delimiter, quote = quote
        if delimiter != quote, start &+ 8 <= bytes.count, let base = bytes.baseAddress {
            let word = SWAR.load(base, start)
            // The lowest set bit of each term is exact (a zero byte of its word).
            @inline(__always) func first(_ needle: UInt8) -> UInt64 {
                let v = word ^ SWAR.broadcast(needle)
                return (v &- SWAR.ones) & ~v
            }
            let stops = (first(delimiter) | first(quote) | first(0x0A) | first(0x0D)) & SWAR.highs
            if stops != 0 {
                let end = start &+ SWAR.firstByte(stops)
                if bytes[end] != quote { return end }
            }
        }
        return fieldEnd(in: bytes, from: start)
    }
}
