// The Swift row-start kernel: 64-byte blocks, one bit per byte. Since the C kernel
// (`RowIndexer+Vector.swift`, ~2.3x faster a core) runs wherever the CPU has AVX2, this is the
// fallback for CPUs without it and for non-x86 platforms (`RowScanKernel`).
//
// Technique
// ---------
// For each 64-byte block:
// 1. Class masks. Four 16-byte vector compares per byte value (`SIMD16<UInt8> .== SIMD16`, one
//    `pcmpeqb` each) give 0xFF/0x00 bytes for the quote, LF and CR. Swift has no movemask, so the
//    eight 64-bit words of compare results are packed SWAR-style: word k is AND-ed with
//    0x0101..01 << k (keeping bit k of each byte) and the eight words OR-ed into one
//    (bit k of byte j = byte 8k+j of the block); an 8x8 bit-matrix transpose (three delta swaps,
//    Hacker's Delight 7-3) then gives the natural order (bit i = byte i). The quote and LF words
//    are transposed together as the two lanes of a SIMD2<UInt64>. The CR mask is only built when
//    the block holds a CR (a predictable branch: LF files never take it).
// 2. Quote parity, branch-free: the inclusive prefix XOR of the quote mask
//    (x ^= x << 1, << 2, << 4, << 8, << 16, << 32) marks the bytes after an odd number of quotes in
//    the block; XOR with the carried parity (all ones when the block starts inside quotes) gives
//    the in-quotes mask, and its top bit, sign-extended, is the parity for the next block.
// 3. Terminators outside quotes: lf = LF & ~inQ, cr = CR & ~inQ. A record starts at byte i when
//    byte i-1 is such an LF, or such a CR and byte i is not LF:
//        starts = (lf << 1 | carryLF) | ((cr << 1 | carryCR) & ~LF)
//    where carryLF/carryCR are bit 63 of the previous block's lf/cr. Looking backwards this way
//    needs no look-ahead past the block, and a CR that ends the chunk simply stays pending in
//    `previousWasCR`, exactly as in the reference state machine.
// 4. Set bits are visited with trailingZeroBitCount / `x & (x - 1)`; each is one `sink.append`.
// The tail (< 64 bytes) runs through the reference state machine (`scanBytes`).
//
// Measured (swift 6.3.1 `-c release`, x86-64 baseline SSE2, 2-core VM, warm page cache, mmap
// MAP_PRIVATE/PROT_READ, best of 5, kernel called from another module through @inlinable):
// 1.28 GB = bench-1000000.csv x 14 (14.0M records, ~1% quoted fields with embedded newlines)
//     this kernel, struct sink (count + sum)           0.389 s   3.3 GB/s
//     this kernel, struct sink storing UInt64 offsets  0.392 s   3.3 GB/s
//       (reused 65,536-entry buffer; with freshly allocated chunks, page faults included: 2.85 GB/s)
//     this kernel, closure overload                    0.447 s   2.9 GB/s
//     same file with CRLF line ends (1.30 GB)          0.425 s   3.05 GB/s (struct sink)
//     reference byte state machine (scanBytes)         1.68 s    0.76 GB/s
//     wc -l                                            0.17 s    7.5 GB/s
// Variants tried on the way (same data, exploratory harness):
//     pure 64-bit SWAR compares (xor/add/andnot) + multiply gather     ~1.7 GB/s
//     pure 64-bit SWAR compares + this transpose                       ~2.2 GB/s
//     SIMD16 compares, shift-per-word packing, scalar transposes       ~2.5-2.9 GB/s
//     `SIMD16 .== scalar` (the scalar-operand overload is not vectorised: per-lane loop)
//                                                                      0.05 GB/s - avoid
// The emission loop (tzcnt + append per start) costs ~12% of the kernel's time on this data.

extension RowIndexer {
    /// The SWAR kernel behind `scan` (same contract as `scanReference`).
    @inlinable
    static func scanSWAR<Sink: RowStartSink>(_ chunk: UnsafeRawBufferPointer, baseOffset: Int, quote: UInt8,
                                             state: RowIndexerState, into sink: inout Sink) -> RowIndexerState {
        let n = chunk.count
        // The lane/bit layout below assumes little-endian words (every Swift platform in use).
        guard n >= 64, let bytes = chunk.baseAddress, 1.littleEndian == 1 else {
            return scanBytes(chunk, from: 0, baseOffset: baseOffset, quote: quote, state: state, into: &sink)
        }
        let needles = BlockNeedles(quote: quote)
        // All ones while inside quotes.
        var parity: UInt64 = state.inQuotes ? ~0 : 0
        // Bit 0: the byte before the block was an LF / CR terminator outside quotes.
        var carryLF: UInt64 = 0
        var carryCR: UInt64 = state.previousWasCR ? 1 : 0
        // A local copy keeps a struct sink's fields in registers (the compiler cannot otherwise
        // prove that its stores do not alias the chunk).
        var local = sink
        defer { sink = local }
        var i = 0
        while i &+ 64 <= n {
            let block = bytes + i
            let (quoteMask, lineFeedMask, returnMask) = quoteLineFeedReturnMasks(block, needles)
            let inQuotes = quotedBytes(quoteMask, parity: &parity)
            let starts = recordStarts(lf: lineFeedMask & ~inQuotes, cr: returnMask & ~inQuotes, lineFeeds: lineFeedMask,
                                      carryLF: &carryLF, carryCR: &carryCR)
            emit(starts, at: baseOffset &+ i, into: &local)
            i &+= 64
        }
        // A terminating LF as the block's last byte: its start is the tail's first byte.
        if carryLF != 0 { local.append(baseOffset &+ i) }
        let tailState = RowIndexerState(inQuotes: parity != 0, previousWasCR: carryCR != 0)
        return scanBytes(chunk, from: i, baseOffset: baseOffset, quote: quote, state: tailState, into: &local)
    }

    /// A 64-bit mask, bit i set when byte i of the block matched, from four 16-byte compares.
    @inlinable @inline(__always)
    static func bitmask(_ m0: SIMDMask<SIMD16<Int8>>, _ m1: SIMDMask<SIMD16<Int8>>,
                        _ m2: SIMDMask<SIMD16<Int8>>, _ m3: SIMDMask<SIMD16<Int8>>) -> UInt64 {
        // Compare results are 0x00/0xFF bytes, so masking keeps exactly bit k of each byte of word k
        // (word k = block bytes 8k..<8k+8; the two lanes of m0 are words 0 and 1, and so on).
        let w0 = unsafeBitCast(m0, to: SIMD2<UInt64>.self) & SIMD2(0x0101_0101_0101_0101, 0x0202_0202_0202_0202)
        let w1 = unsafeBitCast(m1, to: SIMD2<UInt64>.self) & SIMD2(0x0404_0404_0404_0404, 0x0808_0808_0808_0808)
        let w2 = unsafeBitCast(m2, to: SIMD2<UInt64>.self) & SIMD2(0x1010_1010_1010_1010, 0x2020_2020_2020_2020)
        let w3 = unsafeBitCast(m3, to: SIMD2<UInt64>.self) & SIMD2(0x4040_4040_4040_4040, 0x8080_8080_8080_8080)
        let w = (w0 | w1) | (w2 | w3)
        // Bit k of byte j = byte 8k + j of the block.
        var x = w[0] | w[1]
        // Transpose the 8x8 bit matrix: bit k of byte j -> bit j of byte k, i.e. bit 8k + j.
        var t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA
        x = x ^ t ^ (t << 7)
        t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC
        x = x ^ t ^ (t << 14)
        t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0
        x = x ^ t ^ (t << 28)
        return x
    }

    /// Two 64-bit masks at once (lane 0 from `a`, lane 1 from `b`), as `bitmask` does for one.
    @inlinable @inline(__always)
    static func bitmasks(_ a0: SIMDMask<SIMD16<Int8>>, _ a1: SIMDMask<SIMD16<Int8>>,
                         _ a2: SIMDMask<SIMD16<Int8>>, _ a3: SIMDMask<SIMD16<Int8>>,
                         _ b0: SIMDMask<SIMD16<Int8>>, _ b1: SIMDMask<SIMD16<Int8>>,
                         _ b2: SIMDMask<SIMD16<Int8>>, _ b3: SIMDMask<SIMD16<Int8>>) -> SIMD2<UInt64> {
        let a = packed(a0, a1, a2, a3), b = packed(b0, b1, b2, b3)
        var x = SIMD2(a[0], b[0]) | SIMD2(a[1], b[1])
        var t = (x ^ (x &>> 7)) & 0x00AA_00AA_00AA_00AA
        x = x ^ t ^ (t &<< 7)
        t = (x ^ (x &>> 14)) & 0x0000_CCCC_0000_CCCC
        x = x ^ t ^ (t &<< 14)
        t = (x ^ (x &>> 28)) & 0x0000_0000_F0F0_F0F0
        x = x ^ t ^ (t &<< 28)
        return x
    }

    @inlinable @inline(__always)
    static func packed(_ m0: SIMDMask<SIMD16<Int8>>, _ m1: SIMDMask<SIMD16<Int8>>,
                       _ m2: SIMDMask<SIMD16<Int8>>, _ m3: SIMDMask<SIMD16<Int8>>) -> SIMD2<UInt64> {
        let w0 = unsafeBitCast(m0, to: SIMD2<UInt64>.self) & SIMD2(0x0101_0101_0101_0101, 0x0202_0202_0202_0202)
        let w1 = unsafeBitCast(m1, to: SIMD2<UInt64>.self) & SIMD2(0x0404_0404_0404_0404, 0x0808_0808_0808_0808)
        let w2 = unsafeBitCast(m2, to: SIMD2<UInt64>.self) & SIMD2(0x1010_1010_1010_1010, 0x2020_2020_2020_2020)
        let w3 = unsafeBitCast(m3, to: SIMD2<UInt64>.self) & SIMD2(0x4040_4040_4040_4040, 0x8080_8080_8080_8080)
        return (w0 | w1) | (w2 | w3)
    }

    /// Inclusive prefix XOR: bit i = XOR of bits 0...i (the quote parity up to and including byte i).
    @inlinable @inline(__always)
    static func prefixXOR(_ mask: UInt64) -> UInt64 {
        var x = mask
        x ^= x << 1
        x ^= x << 2
        x ^= x << 4
        x ^= x << 8
        x ^= x << 16
        x ^= x << 32
        return x
    }
}
