/// A compiled search query: what a search or filter query matches in one field's text.
///
/// Built once per query and applied to millions of fields, so the common case allocates nothing:
///
/// - **Smart case.** Matching ignores case unless the query contains an upper-case letter
///   (any Unicode scalar that changes when lower-cased: `A`, `É`, `Ж`, title-case `ǅ`).
///   `abc` matches `ABC`, `Abc` matches only `Abc`. In regex mode letters after a backslash
///   (`\D`, `\S`, `\p{Lu}`, `\x{41}`) and group names (`(?<Name>…)`, `\k<Name>`) do not count.
/// - **Substring mode, byte search.** The query is looked for in the UTF-8 bytes of the text,
///   8 bytes at a time, comparing the first and last byte of the query at each position before
///   the whole. Case-insensitive matching folds ASCII letters only (`A`–`Z` read as `a`–`z`,
///   as in the sort collation). This path serves every case-sensitive query and every
///   case-insensitive query whose non-ASCII characters have no case (CJK, emoji, digits,
///   punctuation: `東京`, `👍`, `東京 tower`). It works on Unicode scalars, not Characters, and
///   does no normalization: `e` matches inside a decomposed `e◌́`, `👩` inside the family emoji
///   `👨‍👩‍👧`, and a precomposed `é` (U+00E9) does not match a decomposed one (like grep).
/// - **Substring mode, fallback.** A case-insensitive query with non-ASCII letters that have a
///   case (`é`, `straße`, `жук`) is matched as a literal PCRE2 pattern with Unicode caseless
///   matching (`é` matches `É`, `k` the Kelvin sign; no normalization, as in the byte search).
///   A field must first contain, by byte search, the query's longest run of ASCII characters
///   that no non-ASCII character matches caselessly (every ASCII character but `k`, which
///   matches the Kelvin sign, and `s`, which matches `ſ`): `zürich` needs `rich`, `café` needs
///   `caf`.
/// - **Regex mode.** PCRE2 syntax (Perl-compatible), UTF-8 with Unicode properties for `\w`,
///   `\d`, `\b` and case (`PCRE2_UCP`), caseless under smart case; matched by code point (`.`
///   is one scalar, `\X` one Character). Anchors refer to the field: `^ab` matches fields that
///   begin with `ab`, `^$` empty fields (`$` never matches before a final newline). An invalid
///   pattern throws a `RowMatcherError` whose `message` is one line
///   (`invalid regex: missing closing parenthesis`).
/// - **Bounded.** A PCRE2 match never runs unbounded (see `RegexPattern`): one that runs out
///   of its match or depth limit is `.tooComplex`, counts as no match in `matches`, and sets
///   `isTooComplex` for everyone holding this matcher, so highlighting stops and jobs fail with
///   "pattern too complex".
/// - The empty query matches every field (an empty filter keeps every row) and has no ranges.
public struct RowMatcher: Sendable {
    /// Plain text (case-insensitive) or a regular expression.
    public enum Mode: Sendable { case substring, regex }

    /// What one field's test found.
    public enum Verdict: Sendable, Equatable {
        case match, noMatch
        /// The regex ran out of its match or depth limit (see `RegexPattern`).
        case tooComplex
    }

    /// The message shown when a match runs out of its limits.
    public static let tooComplexMessage = "pattern too complex"

    /// The query as typed.
    public let query: String
    /// How the query matches.
    public let mode: Mode
    /// False when smart case chose case-insensitive matching.
    public let isCaseSensitive: Bool

    /// The query's UTF-8 bytes, ASCII letters lower-cased when `foldsASCII`: for the byte search
    /// (`pattern == nil`), the query; for the substring fallback, bytes every match must contain
    /// (ASCII-folded), possibly none. Empty in regex mode.
    let needle: [UInt8]
    let foldsASCII: Bool
    /// The PCRE2 pattern: set for regex mode (unless the query is empty) and for the substring
    /// fallback; nil for the byte search.
    let pattern: RegexPattern?

    /// Compiles `query`.
    /// - Throws: `RowMatcherError` for an invalid regular expression (regex mode only).
    public init(query: String, mode: Mode) throws {
        self.query = query
        self.mode = mode
        switch mode {
        case .substring:
            let caseSensitive = query.unicodeScalars.contains { $0.properties.changesWhenLowercased }
            isCaseSensitive = caseSensitive
            let byteSearchable = caseSensitive
                || query.unicodeScalars.allSatisfy { $0.isASCII || !$0.properties.changesWhenCaseMapped }
            if byteSearchable {
                foldsASCII = !caseSensitive
                needle = foldsASCII ? query.utf8.map(RowMatcher.foldASCII) : Array(query.utf8)
                pattern = nil
            } else {
                foldsASCII = true
                needle = RowMatcher.requiredASCII(query)
                pattern = try RegexPattern(query, caseless: true, literal: true)
            }
        case .regex:
            let caseSensitive = RowMatcher.patternHasUppercase(query)
            isCaseSensitive = caseSensitive
            pattern = query.isEmpty ? nil : try RegexPattern(query, caseless: !caseSensitive)
            foldsASCII = false
            needle = []
        }
    }

    /// Whether some match of this query ran out of PCRE2's limits (on any thread).
    public var isTooComplex: Bool { pattern?.hitLimit ?? false }

    /// Gives this query up as too complex everywhere (a frame's highlighting ran out of time).
    func markTooComplex() { pattern?.markTooComplex() }

    /// The status line's words for a query that ran out of its limits.
    public var tooComplexNotice: String { "\(RowMatcher.tooComplexMessage): \(query)" }

    /// Whether `text` contains a match (`.tooComplex` counts as no match).
    public func matches(_ text: String) -> Bool { verdict(text) == .match }

    /// Whether the text whose UTF-8 bytes are `bytes` contains a match: for data sources that hold
    /// fields as raw bytes (unquoted). Read in place, also by PCRE2; invalid UTF-8 is matched
    /// around (it matches nothing), never an error.
    public func matches(utf8 bytes: UnsafeRawBufferPointer) -> Bool { verdict(utf8: bytes) == .match }

    /// `matches(_:)`, telling a pattern that ran out of its limits apart.
    public func verdict(_ text: String) -> Verdict {
        if needle.isEmpty && pattern == nil { return .match }
        var text = text
        return text.withUTF8 { verdict(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// `matches(utf8:)`, telling a pattern that ran out of its limits apart.
    /// - Complexity: O(n) for the byte search; a PCRE2 match is bounded by its match limit.
    public func verdict(utf8 bytes: UnsafeRawBufferPointer) -> Verdict {
        guard containsNeedle(bytes) else { return .noMatch }
        guard let pattern else { return .match }
        switch pattern.firstMatch(in: bytes) {
        case .match: return .match
        case .noMatch: return .noMatch
        case .tooComplex: return .tooComplex
        }
    }

    /// Whether `bytes` contain `needle` (true for an empty needle).
    @inline(__always)
    private func containsNeedle(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if needle.isEmpty { return true }
        return needle.withUnsafeBytes { pattern in
            RowMatcher.firstOffset(in: bytes, of: pattern, from: 0, foldsASCII: foldsASCII) != nil
        }
    }

    /// The matches in `text`, for highlighting: non-empty, non-overlapping, left to right.
    ///
    /// Ranges are `String.Index` ranges valid in `text` and lie on Character boundaries: a match
    /// inside a Character (`👩` in `👨‍👩‍👧`) is widened to the whole Character, and matches
    /// that then overlap (two in one Character) are merged. Empty regex matches (`^`, `a*`
    /// before `b`) are left out; the empty query has none. A regex that runs out of its limits
    /// ends the list where it stopped. Allocates: meant for visible cells.
    public func matchRanges(in text: String) -> [Range<String.Index>] {
        let bytes = Array(text.utf8)
        var offsets: [Range<Int>] = []
        bytes.withUnsafeBytes { haystack in
            if let pattern {
                guard containsNeedle(haystack) else { return }
                var start = 0
                while start <= haystack.count, case .match(let found) = pattern.firstMatch(in: haystack, from: start) {
                    if found.isEmpty {
                        // Step over one scalar (UTF-8 continuation bytes are 10xxxxxx).
                        start = found.upperBound + 1
                        while start < haystack.count, haystack[start] & 0xC0 == 0x80 { start += 1 }
                    } else {
                        offsets.append(found)
                        start = found.upperBound
                    }
                }
                return
            }
            if needle.isEmpty { return }
            needle.withUnsafeBytes { pattern in
                var start = 0
                while let found = RowMatcher.firstOffset(in: haystack, of: pattern, from: start, foldsASCII: foldsASCII) {
                    offsets.append(found..<found + pattern.count)
                    start = found + pattern.count
                }
            }
        }
        if offsets.isEmpty { return [] }
        let utf8 = text.utf8
        var ranges = offsets.map {
            utf8.index(utf8.startIndex, offsetBy: $0.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: $0.upperBound)
        }
        if !bytes.allSatisfy({ $0 < 0x80 }) { ranges = RowMatcher.widenedToCharacters(ranges, in: text) }
        return ranges
    }
}

/// An invalid query, with a one-line message for the status line.
public struct RowMatcherError: Error, CustomStringConvertible, Sendable {
    /// For example `invalid regex: missing closing parenthesis`.
    public let message: String

    /// An error saying `message`.
    public init(message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

// MARK: - Byte search

extension RowMatcher {
    @inline(__always)
    static func foldASCII(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// The offset of the first occurrence of `pattern` in `haystack` at or after `from`, or nil.
    /// `pattern` must already be folded when `foldsASCII`.
    static func firstOffset(
        in haystack: UnsafeRawBufferPointer, of pattern: UnsafeRawBufferPointer, from: Int, foldsASCII: Bool
    ) -> Int? {
        let m = pattern.count
        let n = haystack.count
        if m == 0 { return from <= n ? from : nil }
        guard n - from >= m, let h = haystack.baseAddress, let p = pattern.baseAddress else { return nil }
        return foldsASCII
            ? search(h, n, p, m, from, fold: true)
            : search(h, n, p, m, from, fold: false)
    }

    @inline(__always)
    private static func search(
        _ h: UnsafeRawPointer, _ n: Int, _ p: UnsafeRawPointer, _ m: Int, _ from: Int, fold: Bool
    ) -> Int? {
        let hb = h.assumingMemoryBound(to: UInt8.self)
        let pb = p.assumingMemoryBound(to: UInt8.self)
        @inline(__always) func byte(_ b: UInt8) -> UInt8 { fold ? foldASCII(b) : b }
        @inline(__always) func matchesAt(_ k: Int) -> Bool {
            var j = 0
            while j < m {
                if byte(hb[k &+ j]) != pb[j] { return false }
                j &+= 1
            }
            return true
        }
        let lastStart = n - m
        let first = SWAR.broadcast(pb[0]), last = SWAR.broadcast(pb[m - 1])
        var i = from
        // Candidates 8 at a time: positions whose first and last byte both match.
        while i + 7 <= lastStart {
            var a = UInt64(littleEndian: h.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            var b = UInt64(littleEndian: h.loadUnaligned(fromByteOffset: i &+ m &- 1, as: UInt64.self))
            if fold {
                a = SWAR.foldASCII(a)
                b = SWAR.foldASCII(b)
            }
            var candidates = SWAR.zeroBytesFromFirst(a ^ first) & SWAR.zeroBytesFromFirst(b ^ last)
            while candidates != 0 {
                let k = i &+ candidates.trailingZeroBitCount &>> 3
                if matchesAt(k) { return k }
                candidates &= candidates &- 1
            }
            i += 8
        }
        let firstByte = pb[0]
        while i <= lastStart {
            if byte(hb[i]) == firstByte, matchesAt(i) { return i }
            i += 1
        }
        return nil
    }

    /// `ranges` (sorted, non-overlapping, on scalar boundaries) widened to Character boundaries
    /// and merged where they then overlap.
    static func widenedToCharacters(_ ranges: [Range<String.Index>], in text: String) -> [Range<String.Index>] {
        var boundaries = Array(text.indices)
        boundaries.append(text.endIndex)
        var result: [Range<String.Index>] = []
        var b = 0
        for range in ranges {
            // Greatest boundary <= lower.
            while b + 1 < boundaries.count, boundaries[b + 1] <= range.lowerBound { b += 1 }
            let lower = boundaries[b]
            // Smallest boundary >= upper.
            var u = b
            while boundaries[u] < range.upperBound { u += 1 }
            let upper = boundaries[u]
            if let previous = result.last, previous.upperBound > lower {
                result[result.count - 1] = previous.lowerBound..<max(previous.upperBound, upper)
            } else {
                result.append(lower..<upper)
            }
        }
        return result
    }

    /// The longest run of the query's Characters that are single ASCII scalars other than `k` and
    /// `s` (either case), folded: bytes every case-insensitive match of `query` contains. `k`
    /// matches the Kelvin sign `K` and `s` the long s `ſ` under Unicode caseless matching; an
    /// ASCII scalar with a following mark (`e◌́`) is left out too, so the prefilter holds even
    /// for a matcher that compares Characters canonically.
    static func requiredASCII(_ query: String) -> [UInt8] {
        var best: [UInt8] = []
        var run: [UInt8] = []
        for character in query {
            let scalars = character.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first, scalar.isASCII,
               !"kKsS".unicodeScalars.contains(scalar) {
                run.append(foldASCII(UInt8(scalar.value)))
                if run.count > best.count { best = run }
            } else {
                run.removeAll(keepingCapacity: true)
            }
        }
        return best
    }

    /// Smart case for a regex: whether the pattern has an upper-case letter outside escapes
    /// (`\D`, `\p{Lu}`, `\N{…}`, `\x{…}`) and group names (`(?<Name>`, `(?P<Name>`, `\k<Name>`).
    static func patternHasUppercase(_ pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars)
        var i = 0
        func skip(past closing: Unicode.Scalar) {
            while i < scalars.count, scalars[i] != closing { i += 1 }
            i += 1
        }
        while i < scalars.count {
            let s = scalars[i]
            if s == "\\" {
                i += 1
                guard i < scalars.count else { break }
                let escaped = scalars[i]
                i += 1
                if i < scalars.count {
                    if scalars[i] == "{" { skip(past: "}") }  // \p{..} \P{..} \N{..} \x{..} \u{..} \o{..}
                    else if escaped == "k" || escaped == "g", scalars[i] == "<" || scalars[i] == "{" || scalars[i] == "'" {
                        skip(past: scalars[i] == "<" ? ">" : scalars[i] == "{" ? "}" : "'")
                    }
                }
                continue
            }
            if s == "(", i + 2 < scalars.count, scalars[i + 1] == "?" {
                var j = i + 2
                if scalars[j] == "P", j + 1 < scalars.count, scalars[j + 1] == "<" { j += 1 }
                if scalars[j] == "<" || scalars[j] == "'",
                   j + 1 < scalars.count, scalars[j + 1] != "=", scalars[j + 1] != "!" {
                    let closing: Unicode.Scalar = scalars[j] == "<" ? ">" : "'"
                    i = j + 1
                    skip(past: closing)
                    continue
                }
            }
            if s.properties.changesWhenLowercased { return true }
            i += 1
        }
        return false
    }
}
