// TerminalText.swift
//
// Making arbitrary text safe to write to a terminal, and shortening it to a
// number of columns. Widths follow `Character.displayWidth`.

/// Where `TerminalText.truncated` cuts text that is too wide.
public enum TruncationMode: Sendable, Equatable {
    /// Keep the end: "…def".
    case head
    /// Keep both ends, more of the front when the columns do not split evenly: "ab…f".
    case middle
    /// Keep the start: "abc…".
    case tail
}

public enum TerminalText {
    /// Replaces characters that a terminal would execute with visible placeholders.
    ///
    /// - C0 controls U+0000–U+001F become the Control Pictures U+2400 + code
    ///   (NUL → "␀", TAB → "␉", LF → "␊", CR → "␍", ESC → "␛"), so "\u{1B}[31m" → "␛[31m".
    /// - DEL U+007F becomes "␡" (U+2421).
    /// - C1 controls U+0080–U+009F (e.g. U+009B CSI) become "�" (U+FFFD).
    /// - The bidi controls that would reorder the terminal's display, U+061C ALM, U+200E LRM,
    ///   U+200F RLM, U+202A–U+202E (embeddings and overrides) and U+2066–U+2069 (isolates),
    ///   become "�" (U+FFFD).
    ///
    /// Everything else is unchanged, and every replacement is one column wide, so
    /// `sanitized(s).displayWidth == s.displayWidth`. Text for which `isSafe` is true
    /// (all printable ASCII, for instance) is returned as is, without allocating.
    public static func sanitized(_ s: String) -> String {
        if isSafe(s) { return s }
        var out = String.UnicodeScalarView()
        out.reserveCapacity(s.utf8.count + 8)
        for scalar in s.unicodeScalars {
            out.append(replacement(for: scalar) ?? scalar)
        }
        return String(out)
    }

    /// True when `sanitized` would return `s` unchanged (fast check, used on the hot path).
    ///
    /// Scans the UTF-8 bytes, eight at a time while they are printable ASCII; a byte >= 0x80
    /// is only examined as the lead byte of one of the few encodings that matter
    /// (C2 80–9F, D8 9C, E2 80 8E/8F/AA–AE, E2 81 A6–A9), without decoding scalars.
    public static func isSafe(_ s: String) -> Bool {
        if let safe = s.utf8.withContiguousStorageIfAvailable({ isSafe(utf8: $0) }) {
            return safe
        }
        for scalar in s.unicodeScalars where replacement(for: scalar) != nil { return false }
        return true
    }

    /// Shortens `s` to at most `width` columns, marking the cut with `ellipsis` ("…").
    /// Never splits a grapheme; a wide char that does not fit is dropped (result may be 1 column short).
    ///
    /// Returns `s` when it fits, "" when `width <= 0`, and `ellipsis` alone (or as much of it as
    /// fits) when there is no room for anything else: width 1 gives "…".
    /// "abcdef" to 4: tail "abc…", head "…def", middle "ab…f"; "日本語テキスト" to 5, tail: "日本…".
    public static func truncated(
        _ s: String, toWidth width: Int, mode: TruncationMode = .tail, ellipsis: String = "…"
    ) -> String {
        guard width > 0 else { return "" }
        let whole = s[...]
        if prefix(whole, fittingWidth: width).text.endIndex == whole.endIndex { return s }
        let ellipsisWidth = ellipsis.displayWidth
        if ellipsisWidth >= width {
            return ellipsisWidth == width ? ellipsis : String(prefix(ellipsis[...], fittingWidth: width).text)
        }
        let room = width - ellipsisWidth
        switch mode {
        case .tail:
            return String(prefix(whole, fittingWidth: room).text) + ellipsis
        case .head:
            return ellipsis + String(suffix(whole, fittingWidth: room).text)
        case .middle:
            let front = prefix(whole, fittingWidth: (room + 1) / 2)
            let back = suffix(whole[front.text.endIndex...], fittingWidth: room - front.width)
            return String(front.text) + ellipsis + String(back.text)
        }
    }

    /// The longest prefix of `s` that fits in `width` columns, and its width.
    ///
    /// Ends on a grapheme boundary; zero-width clusters right after the last one that fits are
    /// included (they fit). Only the first `width + 1` bytes are looked at when they are ASCII.
    public static func prefix(_ s: Substring, fittingWidth width: Int) -> (text: Substring, width: Int) {
        let width = max(width, 0)
        let ascii = s.utf8.withContiguousStorageIfAvailable { asciiPrefixLength($0, fittingWidth: width) }
        if let length = ascii ?? nil {
            let end = s.utf8.index(s.startIndex, offsetBy: length)
            return (s[s.startIndex..<end], length)
        }
        var used = 0
        var bytes = 0
        for c in s {
            let w = c.displayWidth
            if used + w > width { break }
            used += w
            bytes += c.utf8.count
        }
        let end = s.utf8.index(s.startIndex, offsetBy: bytes)
        return (s[s.startIndex..<end], used)
    }

    // MARK: - Internals

    /// The longest suffix of `s` that fits in `width` columns, and its width.
    static func suffix(_ s: Substring, fittingWidth width: Int) -> (text: Substring, width: Int) {
        let width = max(width, 0)
        let ascii = s.utf8.withContiguousStorageIfAvailable { asciiSuffixLength($0, fittingWidth: width) }
        if let length = ascii ?? nil {
            let start = s.utf8.index(s.endIndex, offsetBy: -length)
            return (s[start..<s.endIndex], length)
        }
        var used = 0
        var bytes = 0
        for c in s.reversed() {
            let w = c.displayWidth
            if used + w > width { break }
            used += w
            bytes += c.utf8.count
        }
        let start = s.utf8.index(s.endIndex, offsetBy: -bytes)
        return (s[start..<s.endIndex], used)
    }

    /// Length in bytes (= columns) of the longest prefix fitting `width` when the bytes that
    /// decide it (the first `width + 1`) are all ASCII; nil otherwise. ASCII characters are 1
    /// column each; the only multi-scalar ASCII cluster is CR LF (2 bytes, 2 columns), which
    /// must not be cut in half.
    static func asciiPrefixLength(_ buf: UnsafeBufferPointer<UInt8>, fittingWidth width: Int) -> Int? {
        let n = buf.count
        let m = min(n, width)
        let checked = m < n ? m + 1 : n
        for i in 0..<checked where buf[i] >= 0x80 { return nil }
        if m > 0 && m < n && buf[m - 1] == 0x0D && buf[m] == 0x0A { return m - 1 }
        return m
    }

    /// As `asciiPrefixLength`, from the end.
    static func asciiSuffixLength(_ buf: UnsafeBufferPointer<UInt8>, fittingWidth width: Int) -> Int? {
        let n = buf.count
        let m = min(n, width)
        let checked = m < n ? m + 1 : n
        for i in (n - checked)..<n where buf[i] >= 0x80 { return nil }
        if m > 0 && m < n && buf[n - m - 1] == 0x0D && buf[n - m] == 0x0A { return m - 1 }
        return m
    }

    /// The placeholder `sanitized` puts in place of `scalar`, or nil to keep it.
    static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let v = scalar.value
        switch v {
        case 0x00...0x1F: return Unicode.Scalar(0x2400 + v)       // "␀" ... "␟"
        case 0x7F: return "\u{2421}"                               // "␡"
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return "\u{FFFD}"                                      // "�"
        default: return nil
        }
    }

    /// `isSafe` on valid UTF-8.
    static func isSafe(utf8 buf: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buf.baseAddress else { return true }
        let n = buf.count
        var i = 0
        // Eight bytes at a time while all are printable ASCII (0x20...0x7E): for words whose
        // bytes are all < 0x80, x - 0x20.. sets a byte's top bit iff some byte < 0x20 (the
        // lowest one), x + 0x01.. iff a byte is 0x7F; bytes >= 0x80 have it already.
        let raw = UnsafeRawPointer(base)
        while i &+ 8 <= n {
            let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let bad = ((x &- 0x2020_2020_2020_2020) | (x &+ 0x0101_0101_0101_0101) | x)
                & 0x8080_8080_8080_8080
            if bad != 0 { break }
            i &+= 8
        }
        while i < n {
            let b = base[i]
            if b &- 0x20 < 0x5F { i &+= 1; continue }             // printable ASCII
            if b < 0x80 { return false }                          // C0 control or DEL
            // Lead bytes of the unsafe non-ASCII scalars; continuation bytes (0x80-0xBF) and
            // other lead bytes are skipped one at a time. Valid UTF-8 guarantees the bytes exist.
            switch b {
            case 0xC2:                                            // U+0080-U+00BF
                if i &+ 1 < n && base[i &+ 1] < 0xA0 { return false }   // C1 U+0080-U+009F
            case 0xD8:                                            // U+0600-U+063F
                if i &+ 1 < n && base[i &+ 1] == 0x9C { return false }  // U+061C
            case 0xE2:                                            // U+2000-U+2FFF
                if i &+ 2 < n {
                    let b1 = base[i &+ 1], b2 = base[i &+ 2]
                    if b1 == 0x80 && (b2 == 0x8E || b2 == 0x8F || b2 &- 0xAA <= 4) { return false }
                    if b1 == 0x81 && b2 &- 0xA6 <= 3 { return false }
                }
            default:
                break
            }
            i &+= 1
        }
        return true
    }
}
