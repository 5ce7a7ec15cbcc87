/// The text collation of sorting (documented on `RowSorter.sort`) for two texts at a time: the
/// summary's minimum and maximum of a text column are its first and last texts in the order a
/// sort by the column shows.
enum TextCollation {
    /// -1, 0 or 1 as `x` sorts before, with or after `y`: the bytes with ASCII letters
    /// lower-cased, a text before a longer text it begins, then the raw bytes (upper case first).
    /// - Complexity: O(common length), 8 bytes at a time.
    static func compare(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Int {
        guard let px = x.baseAddress, let py = y.baseAddress else {
            // An empty text: only the lengths differ, if anything.
            return x.count == y.count ? 0 : x.count < y.count ? -1 : 1
        }
        return compare(px, count: x.count, py, count: y.count, from: 0)
    }

    /// `compare(_:_:)` for the texts of `xn` bytes at `px` and `yn` bytes at `py` whose folded
    /// bytes before `from` are known to be equal (`TextRanker` has compared them already);
    /// the one implementation of the collation, shared by sorting and the summary.
    /// - Complexity: O(common length), 8 bytes at a time.
    @inline(__always)
    static func compare(_ px: UnsafeRawPointer, count xn: Int, _ py: UnsafeRawPointer, count yn: Int, from: Int) -> Int {
        let common = min(xn, yn)
        var i = from
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
        if xn != yn { return xn < yn ? -1 : 1 }
        // Same text ignoring ASCII case: raw bytes decide (upper case first).
        i = 0
        while i + 8 <= xn {
            let wx = px.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let wy = py.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if wx != wy { return wx.bigEndian < wy.bigEndian ? -1 : 1 }
            i += 8
        }
        while i < xn {
            let cx = px.load(fromByteOffset: i, as: UInt8.self), cy = py.load(fromByteOffset: i, as: UInt8.self)
            if cx != cy { return cx < cy ? -1 : 1 }
            i += 1
        }
        return 0
    }
}
