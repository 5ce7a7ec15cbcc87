// The one 64-byte block classification of the Swift (SWAR) scans: the row starts, both quote
// states, the field count and the field starts all read a block through these, so the masks
// have one definition (the C kernels in CRowScan are the same technique with AVX2), and so do
// the steps they share on a block's masks (docs/decisions/0102-row-indexer-shares-its-block-step.md).

extension RowIndexer {
    /// The bytes a scan looks for, each repeated across a 16-byte vector once per scan.
    @usableFromInline
    struct BlockNeedles {
        @usableFromInline let quotes: SIMD16<UInt8>
        @usableFromInline let lineFeeds = SIMD16<UInt8>(repeating: RowIndexer.lineFeed)
        @usableFromInline let returns = SIMD16<UInt8>(repeating: RowIndexer.carriageReturn)
        @usableFromInline let delimiters: SIMD16<UInt8>

        @inlinable
        init(quote: UInt8, delimiter: UInt8 = 0) {
            quotes = SIMD16(repeating: quote)
            delimiters = SIMD16(repeating: delimiter)
        }
    }

    /// Bit i set where byte i of the 64 bytes at `block` is the quote, an LF, a CR. The CR mask
    /// costs one test when the block has none (the common case).
    @inlinable @inline(__always)
    static func quoteLineFeedReturnMasks(_ block: UnsafeRawPointer, _ needles: BlockNeedles)
        -> (quote: UInt64, lineFeed: UInt64, carriageReturn: UInt64) {
        let v0 = block.loadUnaligned(fromByteOffset: 0, as: SIMD16<UInt8>.self)
        let v1 = block.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
        let v2 = block.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)
        let v3 = block.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)
        let q = needles.quotes, l = needles.lineFeeds, r = needles.returns
        let pair = bitmasks(v0 .== q, v1 .== q, v2 .== q, v3 .== q, v0 .== l, v1 .== l, v2 .== l, v3 .== l)
        let c0 = v0 .== r, c1 = v1 .== r, c2 = v2 .== r, c3 = v3 .== r
        let anyCR = unsafeBitCast((c0 .| c1) .| (c2 .| c3), to: SIMD2<UInt64>.self)
        let returnMask = anyCR[0] | anyCR[1] == 0 ? 0 : bitmask(c0, c1, c2, c3)
        return (pair[0], pair[1], returnMask)
    }

    /// Bit i set where byte i of the 64 bytes at `block` is the quote, an LF, a CR, the delimiter.
    @inlinable @inline(__always)
    static func quoteLineFeedReturnDelimiterMasks(_ block: UnsafeRawPointer, _ needles: BlockNeedles)
        -> (quote: UInt64, lineFeed: UInt64, carriageReturn: UInt64, delimiter: UInt64) {
        let v0 = block.loadUnaligned(fromByteOffset: 0, as: SIMD16<UInt8>.self)
        let v1 = block.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
        let v2 = block.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)
        let v3 = block.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)
        let q = needles.quotes, l = needles.lineFeeds, r = needles.returns, d = needles.delimiters
        let quoteAndLF = bitmasks(v0 .== q, v1 .== q, v2 .== q, v3 .== q, v0 .== l, v1 .== l, v2 .== l, v3 .== l)
        let crAndDelimiter = bitmasks(v0 .== r, v1 .== r, v2 .== r, v3 .== r, v0 .== d, v1 .== d, v2 .== d, v3 .== d)
        return (quoteAndLF[0], quoteAndLF[1], crAndDelimiter[0], crAndDelimiter[1])
    }
}

extension RowIndexer {
    /// The in-quotes mask of a block whose quote bytes are `quoteMask` (bit i set when byte i
    /// follows an odd number of quotes, counting those of earlier blocks), given `parity`, all
    /// ones when the block starts inside quotes; `parity` becomes the next block's.
    @inlinable @inline(__always)
    static func quotedBytes(_ quoteMask: UInt64, parity: inout UInt64) -> UInt64 {
        let quoted = prefixXOR(quoteMask) ^ parity
        parity = UInt64(bitPattern: Int64(bitPattern: quoted) >> 63)
        return quoted
    }

    /// The record starts in a block (bit i: a record starts at byte i) from its LF and CR
    /// terminators outside quotes, `lf` and `cr`, and all its LF bytes `lineFeeds`: after an LF,
    /// after a CR not followed by an LF. `carryLF` and `carryCR` (bit 0: the previous block's
    /// last byte was such a terminator) are read and set for the next block.
    @inlinable @inline(__always)
    static func recordStarts(lf: UInt64, cr: UInt64, lineFeeds: UInt64, carryLF: inout UInt64,
                             carryCR: inout UInt64) -> UInt64 {
        let starts = (lf << 1 | carryLF) | ((cr << 1 | carryCR) & ~lineFeeds)
        carryLF = lf >> 63
        carryCR = cr >> 63
        return starts
    }

    /// Appends `blockOffset + i` to `sink` for every bit i set in `starts`, in order.
    @inlinable @inline(__always)
    static func emit<Sink: RowStartSink>(_ starts: UInt64, at blockOffset: Int, into sink: inout Sink) {
        var starts = starts
        while starts != 0 {
            sink.append(blockOffset &+ starts.trailingZeroBitCount)
            starts &= starts &- 1
        }
    }

    /// The delimiters and terminators (LF, CR) outside quotes of the 64 bytes at `block`, quote
    /// parity carried in `parity` as `quotedBytes` does: the field count's and field starts'
    /// view of a block.
    @inline(__always)
    static func fieldBoundaries(_ block: UnsafeRawPointer, _ needles: BlockNeedles, parity: inout UInt64)
        -> (delimiters: UInt64, terminators: UInt64) {
        let masks = quoteLineFeedReturnDelimiterMasks(block, needles)
        let quoted = quotedBytes(masks.quote, parity: &parity)
        return (masks.delimiter & ~quoted, (masks.lineFeed | masks.carriageReturn) & ~quoted)
    }
}
