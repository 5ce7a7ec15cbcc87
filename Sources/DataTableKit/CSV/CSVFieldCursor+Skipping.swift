/// Reaching field N of a record without visiting the fields before it one by one
/// (`field(_:in:)`: sort keys, raw fields, the frequency of a column).
extension CSVFieldCursor {
    /// The offsets of field `column` (> 0) of `bytes` by `firstField`'s rule, or nil when the
    /// record has fewer fields.
    ///
    /// Sixteen bytes a step (`SIMD16`), then eight (`SWAR`), while a step holds no quote, LF or
    /// CR: its delimiters are counted, not visited, and when the field starts in it and the
    /// next delimiter is in it too, that ends the field. From the first step that holds one
    /// of those bytes, `firstField` goes on: outside quotes there, in a field before `column`,
    /// so fields are counted from that point.
    /// - Complexity: O(bytes up to the field's end).
    @inlinable @inline(__always)
    package func fieldRange(_ column: Int, in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        let delimiter = delimiter, quote = quote
        var i = 0, left = column
        if delimiter != quote && delimiter != 0x0A && delimiter != 0x0D, let base = bytes.baseAddress {
            let n = bytes.count
            // A byte below 0x0E stands for LF and CR (one test for both) unless the delimiter
            // is one of those bytes (a tab): then LF and CR are matched exactly.
            let exactLineEnds = delimiter < 0x0E
            let d16 = SIMD16<UInt8>(repeating: delimiter), q16 = SIMD16<UInt8>(repeating: quote)
            let lf16 = SIMD16<UInt8>(repeating: 0x0A), cr16 = SIMD16<UInt8>(repeating: 0x0D)
            let below16 = SIMD16<UInt8>(repeating: 0x0E), one16 = SIMD16<UInt8>(repeating: 1)
            while i &+ 16 <= n {
                let v = base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                let lineEnds = exactLineEnds ? (v .== lf16) .| (v .== cr16) : v .< below16
                let special = unsafeBitCast(lineEnds .| (v .== q16), to: SIMD2<UInt64>.self)
                if special[0] | special[1] != 0 { break }
                // 0x01 in each delimiter byte, bytes 0-7 and 8-15 in memory order.
                let ones = unsafeBitCast(unsafeBitCast(v .== d16, to: SIMD16<UInt8>.self) & one16, to: SIMD2<UInt64>.self)
                var low = UInt64(littleEndian: ones[0]), high = UInt64(littleEndian: ones[1])
                let found = Int(truncatingIfNeeded: ((low &+ high) &* SWAR.ones) >> 56)
                if found < left {
                    left &-= found
                    i &+= 16
                    continue
                }
                // The offset in the step of the first delimiter not taken yet (16 when none),
                // taken.
                @inline(__always) func next() -> Int {
                    if low != 0 {
                        defer { low &= low &- 1 }
                        return SWAR.firstByte(low)
                    }
                    if high != 0 {
                        defer { high &= high &- 1 }
                        return 8 &+ SWAR.firstByte(high)
                    }
                    return 16
                }
                for _ in 1..<left { _ = next() }
                let start = i &+ next() &+ 1
                let end = next()
                return start..<(end < 16 ? i &+ end : endOfField(in: bytes, from: start))
            }
            let d = SWAR.broadcast(delimiter), q = SWAR.broadcast(quote)
            let below = exactLineEnds ? 0 : SWAR.broadcast(0x0E)
            let lf = SWAR.broadcast(0x0A), cr = SWAR.broadcast(0x0D)
            while i &+ 8 <= n {
                let word = SWAR.load(base, i)
                // Nonzero when some byte is a quote, LF or CR (or below 0x0E): each term is
                // nonzero exactly when its word has a zero byte, which is all a test for none needs.
                let wq = word ^ q
                var special = (wq &- SWAR.ones) & ~wq
                if exactLineEnds {
                    let (wl, wc) = (word ^ lf, word ^ cr)
                    special |= (wl &- SWAR.ones) & ~wl | (wc &- SWAR.ones) & ~wc
                } else {
                    special |= (word &- below) & ~word
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
                let start = i &+ SWAR.firstByte(delimiters) &+ 1
                return start..<endOfField(in: bytes, from: start)
            }
        }
        var range: Range<Int>?
        _ = firstField(in: bytes, from: i) { k, field in
            guard k == left else { return false }
            range = field
            return true
        }
        return range
    }

    /// `fieldEnd(in:from:)`, eight bytes a step from `start`: when the first byte that is a
    /// delimiter, quote, LF or CR is a delimiter, LF or CR (not a quote, which makes the bytes
    /// after it quoted), the field ends there; from a quote, or the record's last bytes,
    /// `fieldEnd` reads it.
    /// - Complexity: O(field length).
    @inlinable @inline(__always)
    package func endOfField(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        let delimiter = delimiter, quote = quote
        if delimiter != quote, let base = bytes.baseAddress {
            let d = SWAR.broadcast(delimiter), q = SWAR.broadcast(quote)
            let lf = SWAR.broadcast(0x0A), cr = SWAR.broadcast(0x0D)
            var i = start
            while i &+ 8 <= bytes.count {
                let word = SWAR.load(base, i)
                // The lowest set bit of each term is exact (a zero byte of its word).
                let (wd, wq, wl, wc) = (word ^ d, word ^ q, word ^ lf, word ^ cr)
                let stops = ((wd &- SWAR.ones) & ~wd | (wq &- SWAR.ones) & ~wq | (wl &- SWAR.ones) & ~wl
                    | (wc &- SWAR.ones) & ~wc) & SWAR.highs
                if stops != 0 {
                    let end = i &+ SWAR.firstByte(stops)
                    if bytes[end] != quote { return end }
                    break
                }
                i &+= 8
            }
        }
        return slowFieldEnd(in: bytes, from: start)
    }

    /// `fieldEnd(in:from:)` as a call, so that `endOfField` stays small enough to be inlined.
    @usableFromInline @inline(never)
    func slowFieldEnd(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int { fieldEnd(in: bytes, from: start) }
}
