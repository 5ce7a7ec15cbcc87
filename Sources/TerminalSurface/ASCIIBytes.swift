/// Byte checks of UTF-8 text, eight bytes at a time: the one word loop behind the ASCII fast
/// paths of measuring (`DisplayWidth`), sanitizing (`TerminalText.isSafe`, simple text) and
/// printing rows (DataTableKit's `TablePrinter`). Inlinable, so the common all-ASCII case
/// costs no call into this module. Words are loaded unaligned; a word's flags are its bytes'
/// top bits (`highs`).
@usableFromInline package enum ASCIIBytes {
    /// 0x80 (the top bit) in every byte.
    @inlinable package static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// Whether every byte is < 0x80.
    @inlinable @inline(__always)
    package static func allASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        noByteFlagged(bytes, word: { $0 }, byte: { $0 >= 0x80 })
    }

    /// Whether every byte is printable ASCII (0x20...0x7E).
    @inlinable @inline(__always)
    package static func allPrintable(_ bytes: UnsafeRawBufferPointer) -> Bool {
        noByteFlagged(bytes, word: notPrintable, byte: { !isPrintable($0) })
    }

    /// Top bits set where bytes of `word` are not printable ASCII: at least one (under
    /// `highs`) for a word holding such a byte, none for eight printable bytes. For words whose
    /// bytes are all < 0x80, `x - 0x2020…` sets a byte's top bit iff some byte is < 0x20 (the
    /// lowest such byte), `x + 0x0101…` iff a byte is 0x7F; bytes >= 0x80 have it set already.
    @inlinable @inline(__always)
    package static func notPrintable(_ word: UInt64) -> UInt64 {
        (word &- 0x2020_2020_2020_2020) | (word &+ 0x0101_0101_0101_0101) | word
    }

    /// Whether `byte` is printable ASCII (0x20...0x7E).
    @inlinable @inline(__always)
    package static func isPrintable(_ byte: UInt8) -> Bool { byte &- 0x20 < 0x5F }

    /// True when no byte is flagged: `word` sets a top bit in every 8-byte word that holds a
    /// flagged byte, `byte` flags each of the last `count % 8`. Branch-free over the words
    /// (their flags are or-ed, then tested once).
    @inlinable @inline(__always)
    static func noByteFlagged(_ bytes: UnsafeRawBufferPointer, word: (UInt64) -> UInt64, byte: (UInt8) -> Bool) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        var i = 0
        var flagged: UInt64 = 0
        while i &+ 8 <= n {
            flagged |= word(base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i &+= 8
        }
        guard flagged & highs == 0 else { return false }
        while i < n {
            if byte(base.load(fromByteOffset: i, as: UInt8.self)) { return false }
            i &+= 1
        }
        return true
    }
}
