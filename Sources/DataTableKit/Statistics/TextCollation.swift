/// The text collation of sorting (documented on `RowSorter.sort`) for two texts at a time: the
/// summary's minimum and maximum of a text column are its first and last texts in the order a
/// sort by the column shows.
enum TextCollation {
    /// -1, 0 or 1 as `x` sorts before, with or after `y`: the bytes with ASCII letters
    /// lower-cased, a text before a longer text it begins, then the raw bytes (upper case first).
    /// - Complexity: O(common length), 8 bytes at a time.
    static func compare(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Int {
        let xn = x.count, yn = y.count, common = min(xn, yn)
        if common > 0, let px = x.baseAddress, let py = y.baseAddress {
            var i = 0
            while i + 8 <= common {
                let wx = TextKey.foldASCII(px.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let wy = TextKey.foldASCII(py.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if wx != wy { return wx.bigEndian < wy.bigEndian ? -1 : 1 }
                i += 8
            }
            while i < common {
                let cx = TextRanker.foldByte(px.load(fromByteOffset: i, as: UInt8.self))
                let cy = TextRanker.foldByte(py.load(fromByteOffset: i, as: UInt8.self))
                if cx != cy { return cx < cy ? -1 : 1 }
                i += 1
            }
        }
        if xn != yn { return xn < yn ? -1 : 1 }
        for i in 0..<xn where x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
        return 0
    }
}
