/// Text whose layout can be read off its UTF-8 bytes: every scalar a grapheme cluster of its
/// own (none that may join a neighbour), none a control or bidi character (`sanitized` leaves
/// it as it is), none zero columns wide. For such text a scalar is a Character, its width is
/// the scalar's (`Character.displayWidth`), and `truncated(_:toWidth:mode: .tail)` keeps the
/// longest run of whole scalars that fits: a print can lay it out without making a String.
extension TerminalText {
    /// The measure of simple text (see the extension's note): its whole width, and the longest
    /// prefix of whole scalars that fits `room` columns (bytes and columns).
    package struct SimpleTextMeasure: Equatable, Sendable {
        package var width: Int
        package var prefixBytes: Int
        package var prefixWidth: Int
    }

    /// The measure of `bytes` when they are valid UTF-8 and simple text; nil otherwise (invalid
    /// UTF-8, a control, bidi or zero-width scalar, or one that may join its neighbours).
    /// - Complexity: O(n) in the bytes, one pass, no allocation.
    package static func simpleTextMeasure(_ bytes: UnsafeRawBufferPointer, room: Int) -> SimpleTextMeasure? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            return SimpleTextMeasure(width: 0, prefixBytes: 0, prefixWidth: 0)
        }
        let n = bytes.count
        var i = 0
        var width = 0
        var prefixBytes = 0, prefixWidth = 0
        var fits = true
        while i < n {
            // Eight printable ASCII bytes at once (the common run between other scalars),
            // unless the prefix that fits ends among them.
            if i &+ 8 <= n && (!fits || width &+ 8 <= room) {
                let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if ASCIIBytes.notPrintable(word) & ASCIIBytes.highs == 0 {
                    width &+= 8
                    i &+= 8
                    if fits {
                        prefixBytes = i
                        prefixWidth = width
                    }
                    continue
                }
            }
            let b0 = base[i]
            var v: UInt32
            var length: Int
            if b0 < 0x80 {
                guard ASCIIBytes.isPrintable(b0) else { return nil }  // C0 control or DEL
                v = UInt32(b0)
                length = 1
            } else {
                // Valid UTF-8 only: no overlong forms, no surrogates, nothing above U+10FFFF.
                if b0 &- 0xC2 <= 0xDF - 0xC2 {
                    guard i &+ 1 < n, base[i &+ 1] & 0xC0 == 0x80 else { return nil }
                    v = (UInt32(b0 & 0x1F) << 6) | UInt32(base[i &+ 1] & 0x3F)
                    length = 2
                } else if b0 &- 0xE0 <= 0xEF - 0xE0 {
                    guard i &+ 2 < n, base[i &+ 1] & 0xC0 == 0x80, base[i &+ 2] & 0xC0 == 0x80 else { return nil }
                    v = (UInt32(b0 & 0x0F) << 12) | (UInt32(base[i &+ 1] & 0x3F) << 6) | UInt32(base[i &+ 2] & 0x3F)
                    guard v >= 0x800, v &- 0xD800 > 0xDFFF - 0xD800 else { return nil }
                    length = 3
                } else if b0 &- 0xF0 <= 0xF4 - 0xF0 {
                    guard i &+ 3 < n, base[i &+ 1] & 0xC0 == 0x80, base[i &+ 2] & 0xC0 == 0x80,
                          base[i &+ 3] & 0xC0 == 0x80 else { return nil }
                    v = (UInt32(b0 & 0x07) << 18) | (UInt32(base[i &+ 1] & 0x3F) << 12)
                        | (UInt32(base[i &+ 2] & 0x3F) << 6) | UInt32(base[i &+ 3] & 0x3F)
                    guard v >= 0x10000, v <= 0x10FFFF else { return nil }
                    length = 4
                } else {
                    return nil
                }
                guard let scalar = Unicode.Scalar(v), replacement(for: scalar) == nil else { return nil }
            }
            let kind = DisplayWidth.kind(of: v)
            let w = Int(kind & DisplayWidth.widthMask)
            guard kind & DisplayWidth.joinsFlag == 0, w > 0 else { return nil }
            width &+= w
            if fits {
                if width <= room {
                    prefixBytes = i &+ length
                    prefixWidth = width
                } else {
                    fits = false
                }
            }
            i &+= length
        }
        return SimpleTextMeasure(width: width, prefixBytes: prefixBytes, prefixWidth: prefixWidth)
    }
}
