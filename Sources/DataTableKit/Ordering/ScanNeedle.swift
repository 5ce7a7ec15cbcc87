/// A literal prepared for searching long buffers (a block of a mapped file): the kernel of
/// `RecordScanner`.
///
/// SWAR, 16 bytes a step: candidates are the positions whose first and last byte match the
/// needle's (two unaligned 8-byte loads each, a zero-byte test), and only candidates are
/// compared whole. ASCII case folding costs one OR per word: `byte | 0x20` equals a lower-case
/// letter exactly for that letter and its upper case, so the first and last bytes are tested
/// folded without the full fold of `SWAR.foldASCII`, and a needle without letters
/// is searched unfolded (docs/decisions/0107; this kernel's figures:
/// docs/decisions/0061-filter-search-scan-file-bytes.md).
struct ScanNeedle {
    /// The needle, lower-cased when `folds`.
    let bytes: [UInt8]
    /// Whether ASCII letters compare case-insensitively (only when the needle has letters).
    let folds: Bool
    private let first: UInt64, last: UInt64
    private let firstMask: UInt64, lastMask: UInt64

    /// `bytes` (already folded when `foldsASCII`), not empty.
    init(_ bytes: [UInt8], foldsASCII: Bool) {
        precondition(!bytes.isEmpty)
        let isLetter = { (b: UInt8) in b &- 0x61 < 26 }
        self.bytes = bytes
        folds = foldsASCII && bytes.contains(where: isLetter)
        first = SWAR.broadcast(bytes[0])
        last = SWAR.broadcast(bytes[bytes.count - 1])
        firstMask = folds && isLetter(bytes[0]) ? SWAR.broadcast(0x20) : 0
        lastMask = folds && isLetter(bytes[bytes.count - 1]) ? SWAR.broadcast(0x20) : 0
    }

    /// The offset of the first occurrence at or after `from` in `haystack`, or nil.
    /// - Complexity: O(n) word operations, plus a comparison per candidate position.
    func firstOffset(in haystack: UnsafeRawBufferPointer, from: Int) -> Int? {
        let m = bytes.count, n = haystack.count
        guard n - from >= m, let h = haystack.baseAddress else { return nil }
        return bytes.withUnsafeBufferPointer { needle in
            folds ? search(h, n, needle, from, fold: true) : search(h, n, needle, from, fold: false)
        }
    }

    @inline(__always)
    private func search(_ h: UnsafeRawPointer, _ n: Int, _ p: UnsafeBufferPointer<UInt8>, _ from: Int, fold: Bool) -> Int? {
        let m = p.count
        let hb = h.assumingMemoryBound(to: UInt8.self)
        @inline(__always) func matchesAt(_ k: Int) -> Bool {
            var j = 0
            while j < m {
                let byte = hb[k &+ j]
                if (fold ? RowMatcher.foldASCII(byte) : byte) != p[j] { return false }
                j &+= 1
            }
            return true
        }
        @inline(__always) func candidates(_ i: Int) -> UInt64 {
            let a = SWAR.load(h, i) | firstMask, b = SWAR.load(h, i &+ m &- 1) | lastMask
            return SWAR.zeroBytesFromFirst(a ^ first) & SWAR.zeroBytesFromFirst(b ^ last)
        }
        @inline(__always) func check(_ i: Int, _ bits: UInt64) -> Int? {
            var bits = bits
            while bits != 0 {
                let k = i &+ bits.trailingZeroBitCount &>> 3
                if matchesAt(k) { return k }
                bits &= bits &- 1
            }
            return nil
        }
        let lastStart = n - m
        var i = from
        while i &+ 15 <= lastStart {
            let c0 = candidates(i), c1 = candidates(i &+ 8)
            if c0 | c1 != 0 {
                if c0 != 0, let k = check(i, c0) { return k }
                if c1 != 0, let k = check(i &+ 8, c1) { return k }
            }
            i &+= 16
        }
        while i &+ 7 <= lastStart {
            let c = candidates(i)
            if c != 0, let k = check(i, c) { return k }
            i &+= 8
        }
        while i <= lastStart {
            if matchesAt(i) { return i }
            i &+= 1
        }
        return nil
    }
}
