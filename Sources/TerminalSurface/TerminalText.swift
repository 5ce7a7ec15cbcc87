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

/// Text made safe and fitted for a terminal: control characters replaced, truncation to a width.
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
    /// - The line and paragraph separators U+2028 and U+2029 (line breaks to whatever shows
    ///   the text next: a pager, an editor, a terminal that takes them for one) become "�".
    ///
    /// Everything else is unchanged, and every replacement is one column wide, so
    /// `sanitized(s).displayWidth == s.displayWidth`. Text for which `isSafe` is true
    /// (all printable ASCII, for instance) is returned as is, without allocating.
    @inlinable
    public static func sanitized(_ s: String) -> String {
        isSafe(s) ? s : replacingUnsafe(s)
    }

    /// `sanitized` for text that is not safe.
    @usableFromInline
    static func replacingUnsafe(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(s.utf8.count + 8)
        for scalar in s.unicodeScalars {
            out.append(replacement(for: scalar) ?? scalar)
        }
        return String(out)
    }

    /// True when `sanitized` would return `s` unchanged (fast check, used on the hot path).
    ///
    /// First checks, eight UTF-8 bytes at a time and inlined into the caller, whether all bytes
    /// are printable ASCII. Otherwise scans the bytes one by one, looking at a byte >= 0x80 only
    /// as the lead byte of one of the few encodings that matter (C2 80–9F, D8 9C,
    /// E2 80 8E/8F/A8–AE, E2 81 A6–A9), without decoding scalars.
    @inlinable @inline(__always)
    public static func isSafe(_ s: String) -> Bool {
        // The inlined check is kept apart from the out-of-line call, so that the common case
        // costs neither a call nor a retain of the string.
        if s.utf8.withContiguousStorageIfAvailable({ ASCIIBytes.allPrintable(UnsafeRawBufferPointer($0)) }) == true { return true }
        return isSafe(notPrintableASCII: s)
    }

    /// `isSafe` for a slice of a string, without copying it.
    static func isSafe(_ s: Substring) -> Bool {
        var s = s
        return s.withUTF8 { isSafe(utf8: $0) }
    }

    /// `isSafe` after the printable-ASCII check failed.
    @usableFromInline
    static func isSafe(notPrintableASCII s: String) -> Bool {
        if let safe = s.utf8.withContiguousStorageIfAvailable({ isSafe(utf8: $0) }) { return safe }
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
            return joined(prefix(whole, fittingWidth: room).text, ellipsis[...], "")
        case .head:
            return joined("", ellipsis[...], suffix(whole, fittingWidth: room).text)
        case .middle:
            let front = prefix(whole, fittingWidth: (room + 1) / 2)
            let back = suffix(whole[front.text.endIndex...], fittingWidth: room - front.width)
            return joined(front.text, ellipsis[...], back.text)
        }
    }

    /// The longest prefix of `s` that fits in `width` columns, and its width.
    ///
    /// Ends on a grapheme boundary; zero-width clusters right after the last one that fits are
    /// included (they fit), up to `zeroWidthAllowance` of them. Looks at no more of `s` than it
    /// needs: about `width` columns' worth plus that allowance, so a field of millions of
    /// zero-width characters costs what a short one does.
    public static func prefix(_ s: Substring, fittingWidth width: Int) -> (text: Substring, width: Int) {
        let width = max(width, 0)
        // Scalar by scalar over the UTF-8 while every scalar is a cluster of its own ...
        // `Substring.withUTF8`, not the slice's generic `withContiguousStorageIfAvailable`, which
        // is not specialised (docs/decisions/0106). Native strings are contiguous: no copy.
        var contiguous = s
        let scan = contiguous.withUTF8 { scanPrefix($0, fittingWidth: width) }
        var used = scan.width
        var end = s.utf8.index(s.startIndex, offsetBy: scan.bytes)
        if scan.complete { return (s[s.startIndex..<end], used) }
        // ... then by Characters, from a cluster boundary.
        var more = 0
        var clusters = 0
        for c in s[end...] {
            let w = c.displayWidth
            clusters += 1
            if used + w > width || clusters > width + zeroWidthAllowance { break }
            used += w
            more += c.utf8.count
        }
        end = s.utf8.index(end, offsetBy: more)
        return (s[s.startIndex..<end], used)
    }

    /// The width of `s` when all of it fits in `width` columns, else nil: `prefix(s, fittingWidth:
    /// width)` asked only whether it is the whole of `s` (a cell's text that fits, the common
    /// case), without making the slice.
    package static func widthIfFits(_ s: Substring, in width: Int) -> Int? {
        var contiguous = s
        let scan = contiguous.withUTF8 { scanPrefix($0, fittingWidth: max(width, 0)) }
        if scan.complete { return scan.bytes == s.utf8.count ? scan.width : nil }
        let fit = prefix(s, fittingWidth: width)
        return fit.text.endIndex == s.endIndex ? fit.width : nil
    }

    /// Clusters beyond `width` that a prefix or suffix may take (zero-width ones) before the
    /// scan stops: the bound that keeps the cost of fitting text proportional to the width.
    static let zeroWidthAllowance = 64

    // MARK: - Internals

    /// The longest suffix of `s` that fits in `width` columns, and its width.
    static func suffix(_ s: Substring, fittingWidth width: Int) -> (text: Substring, width: Int) {
        let width = max(width, 0)
        let scan = s.utf8.withContiguousStorageIfAvailable { scanSuffix($0, fittingWidth: width) }
        let bytes = scan?.bytes ?? 0
        var used = scan?.width ?? 0
        var start = s.utf8.index(s.endIndex, offsetBy: -bytes)
        if scan?.complete == true { return (s[start..<s.endIndex], used) }
        var more = 0
        var clusters = 0
        for c in s[..<start].reversed() {
            let w = c.displayWidth
            clusters += 1
            if used + w > width || clusters > width + zeroWidthAllowance { break }
            used += w
            more += c.utf8.count
        }
        start = s.utf8.index(start, offsetBy: -more)
        return (s[start..<s.endIndex], used)
    }

    /// Result of a scan: the first `bytes` bytes (or last, for a suffix) take `width` columns
    /// and end on a cluster boundary; `complete` when they are the answer, otherwise the scan
    /// met a scalar that may join a neighbour and the caller goes on by Characters.
    typealias Scan = (bytes: Int, width: Int, complete: Bool)

    /// Longest prefix of valid UTF-8 fitting `width`, scalar by scalar, as long as no scalar
    /// may join a neighbour (then each scalar is a Character: see `DisplayWidth.joinsFlag`).
    static func scanPrefix(_ buf: UnsafeBufferPointer<UInt8>, fittingWidth width: Int) -> Scan {
        guard let base = buf.baseAddress else { return (0, 0, true) }
        let n = buf.count
        // Printable ASCII up to one byte past the width: a column a byte, and a cluster a byte
        // (no printable ASCII byte joins its neighbour), so the answer is read off the count.
        let head = width < n ? width &+ 1 : n
        if ASCIIBytes.allPrintable(UnsafeRawBufferPointer(start: base, count: head)) {
            return head <= width ? (head, head, true) : (width, width, true)
        }
        var i = 0
        var used = 0
        var previousStart = 0, usedBeforePrevious = 0
        var scalars = 0
        while i < n {
            scalars &+= 1
            if scalars > width &+ zeroWidthAllowance { return (i, used, true) }
            let (v, length) = DisplayWidth.decodeScalar(base, at: i)
            let k = DisplayWidth.kind(of: v)
            // A joining scalar may belong with the previous one: back up to before that one,
            // which starts a cluster (neither it nor its predecessor joins).
            if k & DisplayWidth.joinsFlag != 0 { return (previousStart, usedBeforePrevious, false) }
            let w = Int(k & DisplayWidth.widthMask)
            if used + w > width { return (i, used, true) }
            previousStart = i
            usedBeforePrevious = used
            used += w
            i &+= length
        }
        return (n, used, true)
    }

    /// As `scanPrefix`, from the end; `bytes` counts from the end.
    static func scanSuffix(_ buf: UnsafeBufferPointer<UInt8>, fittingWidth width: Int) -> Scan {
        guard let base = buf.baseAddress else { return (0, 0, true) }
        let n = buf.count
        var j = n                       // the scanned suffix starts at byte j
        var used = 0
        var startBeforePrevious = n, usedBeforePrevious = 0
        var scalars = 0
        while j > 0 {
            scalars &+= 1
            if scalars > width &+ zeroWidthAllowance { return (n &- j, used, true) }
            let start = scalarStart(base, before: j)
            let k = DisplayWidth.kind(of: DisplayWidth.decodeScalar(base, at: start).value)
            // A joining scalar may belong with the one after it: drop that one too; the cut
            // after it is a cluster boundary.
            if k & DisplayWidth.joinsFlag != 0 { return (n &- startBeforePrevious, usedBeforePrevious, false) }
            let w = Int(k & DisplayWidth.widthMask)
            if used + w > width {
                // Stop before this scalar, unless the one before it may join it (a Prepend),
                // which would give a cluster of that one's width: Characters decide then.
                let joinsLeft = start > 0 && DisplayWidth.kind(
                    of: DisplayWidth.decodeScalar(base, at: scalarStart(base, before: start)).value
                ) & DisplayWidth.joinsFlag != 0
                return (n &- j, used, !joinsLeft)
            }
            startBeforePrevious = j
            usedBeforePrevious = used
            used += w
            j = start
        }
        return (n, used, true)
    }

    /// Start of the scalar that ends at byte `end` (> 0) of valid UTF-8.
    @inline(__always)
    static func scalarStart(_ base: UnsafePointer<UInt8>, before end: Int) -> Int {
        var i = end &- 1
        while i > 0 && base[i] & 0xC0 == 0x80 { i &-= 1 }
        return i
    }

    /// `a + b + c` with a single allocation (none when the result is small).
    static func joined(_ a: Substring, _ b: Substring, _ c: Substring) -> String {
        var out = String()
        out.reserveCapacity(a.utf8.count + b.utf8.count + c.utf8.count)
        out += a
        out += b
        out += c
        return out
    }

    /// The placeholder `sanitized` puts in place of `scalar`, or nil to keep it.
    static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let v = scalar.value
        switch v {
        case 0x00...0x1F: return Unicode.Scalar(0x2400 + v)       // "␀" ... "␟"
        case 0x7F: return "\u{2421}"                               // "␡"
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
            return "\u{FFFD}"                                      // "�"
        default: return nil
        }
    }

    /// `isSafe` on valid UTF-8, byte by byte.
    static func isSafe(utf8 buf: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buf.baseAddress else { return true }
        let n = buf.count
        var i = 0
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
                    if b1 == 0x80 && (b2 == 0x8E || b2 == 0x8F || b2 &- 0xA8 <= 6) { return false }  // 200E/F, 2028-202E
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
