import TerminalSurface

/// Eight bytes in one `UInt64` ("SIMD within a register"): the constants and byte tricks every
/// word-at-a-time loop over CSV bytes uses (field cursor, raw record split, literal search,
/// sort keys). Words are loaded little-endian, so byte k of memory is bits `8k..<8k+8` and the
/// lowest set bit of a mask marks the first matching byte in memory. See
/// docs/decisions/0101-one-swar-helper.md.
package enum SWAR {
    /// 0x01 in every byte.
    @inlinable package static var ones: UInt64 { 0x0101_0101_0101_0101 }
    /// 0x80 (the top bit) in every byte.
    @inlinable package static var highs: UInt64 { 0x8080_8080_8080_8080 }
    /// 0x7F (all but the top bit) in every byte.
    @inlinable package static var low7s: UInt64 { 0x7F7F_7F7F_7F7F_7F7F }

    /// `byte` in every byte of a word.
    @inlinable @inline(__always)
    package static func broadcast(_ byte: UInt8) -> UInt64 { ones &* UInt64(byte) }

    /// The eight bytes at `offset`, byte k of memory in bits `8k..<8k+8` on every platform.
    @inlinable @inline(__always)
    package static func load(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The top bit of each byte of `v` that is zero, exactly.
    @inlinable @inline(__always)
    package static func zeroBytes(_ v: UInt64) -> UInt64 {
        ~(((v & low7s) &+ low7s) | v | low7s)
    }

    /// The top bit of every byte of `v` that is zero, and possibly of some bytes above (later
    /// in memory than) a zero byte: the lowest set bit is exact, the rest must be verified. One
    /// operation fewer than `zeroBytes`; nonzero exactly when `v` has a zero byte.
    @inlinable @inline(__always)
    package static func zeroBytesFromFirst(_ v: UInt64) -> UInt64 {
        (v &- ones) & ~v & highs
    }

    /// The top bit of each byte of `word` equal to the byte broadcast in `needles` (exact).
    @inlinable @inline(__always)
    package static func matches(_ word: UInt64, _ needles: UInt64) -> UInt64 {
        zeroBytes(word ^ needles)
    }

    /// The index (0...7) of the first byte in memory whose top bit is set in `mask` (8 when
    /// none is).
    @inlinable @inline(__always)
    package static func firstByte(_ mask: UInt64) -> Int { mask.trailingZeroBitCount &>> 3 }

    /// A mask of the `k` (0...7) first bytes in memory.
    @inlinable @inline(__always)
    package static func lowBytes(_ k: Int) -> UInt64 { (1 << UInt64(k &* 8)) &- 1 }

    /// Top bits set where bytes of `word` are not printable ASCII (some byte < 0x20, 0x7F or
    /// >= 0x80 sets at least one; none is set for a word of printable ASCII). Mask with `highs`.
    /// TerminalSurface's formula (`ASCIIBytes.notPrintable`), the one for every layer.
    @inlinable @inline(__always)
    package static func notPrintableASCII(_ word: UInt64) -> UInt64 { ASCIIBytes.notPrintable(word) }

    /// `notPrintableASCII` for one byte: 0x80 when it is not printable ASCII, else 0.
    @inlinable @inline(__always)
    package static func notPrintableASCII(byte: UInt8) -> UInt64 { ASCIIBytes.isPrintable(byte) ? 0 : 0x80 }

    /// The word with its ASCII upper-case letters lower-cased; other bytes (every byte of a
    /// multi-byte UTF-8 sequence has the top bit set) unchanged.
    @inlinable @inline(__always)
    package static func foldASCII(_ w: UInt64) -> UInt64 {
        let low7 = w & low7s
        let atLeastA = low7 &+ 0x3F3F_3F3F_3F3F_3F3F  // top bit set where byte >= 0x41 'A'
        let aboveZ = low7 &+ 0x2525_2525_2525_2525  // top bit set where byte >= 0x5B (past 'Z')
        let upper = atLeastA & ~aboveZ & ~w & highs
        return w | (upper >> 2)
    }
}
