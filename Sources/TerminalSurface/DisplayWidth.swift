// DisplayWidth.swift
//
// How many terminal columns text occupies. One set of rules, documented on
// `Character.displayWidth`; the per-scalar data is the generated table in
// DisplayWidth+Tables.swift (Unicode 17.0.0).

/// Lookup and measuring helpers behind the `displayWidth` properties.
///
/// `@usableFromInline` so that `StringProtocol.displayWidth` can inline its ASCII fast path
/// into client modules while the rest of the work stays here.
@usableFromInline
internal enum DisplayWidth {
    /// `kind` bits 0-1: the scalar's width (0, 1 or 2).
    static let widthMask: UInt8 = 0x03
    /// `kind` bit 4: the scalar may form a grapheme cluster with a neighbour
    /// (Grapheme_Cluster_Break CR, Extend, ZWJ, Regional_Indicator, Prepend,
    /// SpacingMark, L, V or T). A string without such scalars has one
    /// Character per scalar.
    static let joinsFlag: UInt8 = 0x10
    /// `kind` of U+000D CARRIAGE RETURN (width 1, joins LF).
    static let carriageReturnKind: UInt8 = 0x11

    /// The `kind` of a scalar value, with fast paths for the common ranges.
    /// Agrees with `tableKind(of:)` for every scalar (checked by a test).
    @inline(__always)
    static func kind(of v: UInt32) -> UInt8 {
        if v < 0x300 {
            // ASCII, Latin-1, Latin Extended, IPA, spacing modifiers: all 1, including the
            // C0/C1 controls and DEL (drawn as 1-column placeholders) and U+00AD SOFT HYPHEN.
            return v == 0x0D ? carriageReturnKind : 1
        }
        // CJK Unified Ideographs and Hangul syllables: wide, never joining.
        if v &- 0x4E00 <= 0x9FFF - 0x4E00 || v &- 0xAC00 <= 0xD7A3 - 0xAC00 { return 2 }
        return tableKind(of: v)
    }

    /// The `kind` of a scalar value straight from the generated table (binary search).
    static func tableKind(of v: UInt32) -> UInt8 {
        let key = (v << 8) | 0xFF
        return segments.withUnsafeBufferPointer { seg -> UInt8 in
            // Find the last entry <= key; seg[0] starts at 0, so one always exists.
            var lo = 0
            var hi = seg.count
            while hi - lo > 1 {
                let mid = (lo &+ hi) >> 1
                if seg[mid] <= key { lo = mid } else { hi = mid }
            }
            return UInt8(truncatingIfNeeded: seg[lo])
        }
    }

    @inline(__always)
    static func isRegionalIndicator(_ v: UInt32) -> Bool { v &- 0x1F1E6 <= 0x1F1FF - 0x1F1E6 }

    @inline(__always)
    static func isEmojiModifier(_ v: UInt32) -> Bool { v &- 0x1F3FB <= 0x1F3FF - 0x1F3FB }

    /// Width of a grapheme cluster of two or more scalars. See `Character.displayWidth`.
    static func clusterWidth(_ scalars: String.UnicodeScalarView) -> Int {
        var it = scalars.makeIterator()
        guard let first = it.next() else { return 0 }
        guard let second = it.next() else { return Int(kind(of: first.value) & widthMask) }
        let f = first.value
        if f == 0x0D && second.value == 0x0A { return 2 }          // CR LF: drawn as "␍␊"
        if isRegionalIndicator(f) && isRegionalIndicator(second.value) { return 2 }  // flag
        var width = Int(kind(of: f) & widthMask)
        if width == 2 { return 2 }
        // Emoji-presentation base. The table already makes every such scalar 2 (a test checks
        // this against the standard library), so this only matters if the two ever disagree.
        // A regional indicator is not an emoji base: a lone one stays 1. Emoji_Presentation
        // starts at U+231A; the guard skips a costly property lookup for e.g. "e\u{301}".
        if f >= 0x231A && !isRegionalIndicator(f) && first.properties.isEmojiPresentation { return 2 }
        var next: Unicode.Scalar? = second
        while let s = next {
            let v = s.value
            if v == 0xFE0F || isEmojiModifier(v) { return 2 }      // emoji presentation / skin tone
            if width == 0 {
                // A cluster that starts with zero-width scalars (a lone mark sequence, Hangul
                // V+T jamo, a Prepend) takes the width of its first visible scalar.
                width = Int(kind(of: v) & widthMask)
            }
            next = it.next()
        }
        return width
    }

    /// Width of valid UTF-8 text (a String's storage) that is not all ASCII: scalar by scalar
    /// while every scalar is its own grapheme cluster, by Characters from the first scalar that
    /// may join a neighbour on.
    @usableFromInline
    static func width(nonASCII buf: UnsafeBufferPointer<UInt8>) -> Int {
        let n = buf.count
        guard let base = buf.baseAddress else { return 0 }
        var total = 0
        var i = 0
        var previousStart = 0        // start of the previous scalar: a cluster boundary
        var totalBeforePrevious = 0  // `total` before the previous scalar was added
        while i < n {
            let start = i
            let (v, length) = decodeScalar(base, at: i)
            i &+= length
            let k = kind(of: v)
            if k & joinsFlag != 0 {
                // This scalar may join the previous one (or the next): measure the rest by
                // grapheme clusters, starting at the previous scalar, which begins a cluster
                // because neither it nor its own predecessor can join.
                let rest = UnsafeBufferPointer(rebasing: buf[previousStart..<n])
                return totalBeforePrevious + width(characters: String(decoding: rest, as: UTF8.self))
            }
            totalBeforePrevious = total
            previousStart = start
            total &+= Int(k & widthMask)
        }
        return total
    }

    /// Decodes the scalar starting at byte `i` of valid UTF-8: its value and length in bytes.
    @inline(__always)
    static func decodeScalar(_ base: UnsafePointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        let b0 = base[i]
        if b0 < 0x80 { return (UInt32(b0), 1) }
        if b0 < 0xE0 {
            return ((UInt32(b0 & 0x1F) << 6) | UInt32(base[i &+ 1] & 0x3F), 2)
        }
        if b0 < 0xF0 {
            return ((UInt32(b0 & 0x0F) << 12) | (UInt32(base[i &+ 1] & 0x3F) << 6)
                | UInt32(base[i &+ 2] & 0x3F), 3)
        }
        return ((UInt32(b0 & 0x07) << 18) | (UInt32(base[i &+ 1] & 0x3F) << 12)
            | (UInt32(base[i &+ 2] & 0x3F) << 6) | UInt32(base[i &+ 3] & 0x3F), 4)
    }

    /// Width of text that is not all ASCII. Specialised in the caller's module, not inlined.
    @inlinable @inline(never)
    static func width<S: StringProtocol>(nonASCII s: S) -> Int {
        s.utf8.withContiguousStorageIfAvailable { width(nonASCII: $0) } ?? width(characters: s)
    }

    /// Sum of the Characters' widths.
    @usableFromInline
    static func width<S: StringProtocol>(characters s: S) -> Int {
        var total = 0
        for c in s { total &+= c.displayWidth }
        return total
    }
}

extension Unicode.Scalar {
    /// Terminal columns this scalar takes when it stands alone as a grapheme cluster: 0, 1 or 2.
    /// See `Character.displayWidth` for the rules.
    public var displayWidth: Int {
        Int(DisplayWidth.kind(of: value) & DisplayWidth.widthMask)
    }
}

extension Character {
    /// Terminal columns this grapheme cluster takes: 0, 1 or 2. Like `wcwidth`, but per cluster.
    ///
    /// The rules (the only place they are written down; data: DisplayWidth+Tables.swift,
    /// Unicode 17.0.0 from the wcwidth 0.7.0 tables):
    ///
    /// - A cluster's width is that of its first scalar (if the first is zero-width, of its
    ///   first non-zero-width scalar), except that it is 2 when
    ///   - it contains U+FE0F VARIATION SELECTOR-16 (emoji presentation): "❤️", "1️⃣", "🏳️‍🌈";
    ///   - it is a pair of regional indicators (a flag): "🇩🇪";
    ///   - its base has Emoji_Presentation (`Unicode.Scalar.Properties.isEmojiPresentation`),
    ///     which covers ZWJ sequences ("👩‍💻") and skin tones ("👍🏽");
    ///   - it contains an emoji modifier U+1F3FB–U+1F3FF (also after a text-style base: "☝🏽");
    ///   - it is CR LF, which the display layer draws as the two placeholders "␍␊".
    /// - Scalar widths:
    ///   - 2: East_Asian_Width Wide (W) or Fullwidth (F): CJK, kana, Hangul syllables and
    ///     leading jamo U+1100–U+115F, fullwidth forms, and the emoji that are EAW W (all
    ///     Emoji_Presentation scalars except regional indicators, including recent ones such as
    ///     U+1FAE8 SHAKING FACE). Unassigned code points that EAW defaults to W (CJK blocks,
    ///     planes 2 and 3) are 2.
    ///   - 0: nonspacing and enclosing marks (Mn, Me, e.g. a lone U+0301, U+FE0F), format
    ///     characters (Cf: U+200B ZWSP, U+200C ZWNJ, U+200D ZWJ, U+2060, U+FEFF, tags ...),
    ///     Hangul medial/final jamo U+1160–U+11FF and U+D7B0–U+D7FF, the Hangul fillers U+3164
    ///     and U+FFA0, and unassigned Default_Ignorable code points. These are 0 only when they
    ///     stand alone; inside a cluster they add nothing anyway.
    ///   - 1: everything else, in particular: spacing marks (Mc); U+00AD SOFT HYPHEN and the
    ///     prepended concatenation marks (U+0600–U+0605 ...), which terminals draw; private use
    ///     and other unassigned code points; a lone regional indicator; ambiguous-width (EAW A)
    ///     characters; and the control characters C0 U+0000–U+001F, DEL U+007F, C1
    ///     U+0080–U+009F, the bidi controls U+061C, U+200E, U+200F, U+202A–U+202E,
    ///     U+2066–U+2069, and U+2028, U+2029. The display layer never draws those raw: `TerminalText.sanitized`
    ///     replaces each with a 1-column placeholder ("␛", "�"), so they are measured as what
    ///     is drawn and `s.displayWidth == TerminalText.sanitized(s).displayWidth` always holds.
    public var displayWidth: Int {
        let scalars = unicodeScalars
        var it = scalars.makeIterator()
        guard let first = it.next() else { return 0 }
        if it.next() == nil {
            return Int(DisplayWidth.kind(of: first.value) & DisplayWidth.widthMask)
        }
        return DisplayWidth.clusterWidth(scalars)
    }
}

extension StringProtocol {
    /// Terminal columns of the text: the sum of its Characters' widths (see
    /// `Character.displayWidth`). All-ASCII text is measured by its UTF-8 byte count without
    /// decoding (ASCII control characters count 1 each, as their placeholders will).
    @inlinable @inline(__always)
    public var displayWidth: Int {
        // Inlined ASCII check, kept apart from the out-of-line call for other text: the common
        // case then costs neither a call nor a retain of the string.
        if utf8.withContiguousStorageIfAvailable({ ASCIIBytes.allASCII(UnsafeRawBufferPointer($0)) }) == true {
            return utf8.count
        }
        return DisplayWidth.width(nonASCII: self)
    }
}
