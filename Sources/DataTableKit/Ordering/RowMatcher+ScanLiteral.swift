/// What a scan of raw CSV bytes looks for before it tests a row: a literal every match contains.
struct ScanLiteral: Equatable {
    /// Bytes every matching field's text contains as they stand in the raw record (ASCII-folded
    /// when `foldsASCII`): never the quote byte, which a quoted field doubles. Not empty.
    let bytes: [UInt8]
    /// Whether the raw bytes are compared with ASCII letters folded to lower case.
    let foldsASCII: Bool
    /// Whether a hit inside a record is a match by itself: the whole query is this literal, a byte
    /// search, and it holds no delimiter, quote, CR or LF, so a hit lies inside one field's text.
    /// Otherwise the hit's row is tested field by field.
    let isWholeQuery: Bool
}

extension RowMatcher {
    /// The literal a raw-byte scan looks for, for records split by `delimiter` and `quote`; nil
    /// when the query has none (every row is then tested field by field).
    ///
    /// - Byte search: the query's longest run without the quote byte (a query with no quote byte
    ///   is its own literal).
    /// - Substring fallback (caseless non-ASCII letters): the same, from the ASCII bytes every
    ///   match holds (`needle`).
    /// - Regex: `RowMatcher.requiredLiteral(ofRegex:caseless:)`, the quote byte left out.
    func scanLiteral(delimiter: UInt8, quote: UInt8) -> ScanLiteral? {
        let fold = foldsASCII || (mode == .regex && !isCaseSensitive)
        let folded = { (byte: UInt8) in fold ? RowMatcher.foldASCII(byte) : byte }
        let special = Set([delimiter, quote, 0x0A, 0x0D].flatMap { [$0, folded($0)] })
        let isQuote = { (byte: UInt8) in byte == quote || byte == folded(quote) }
        let source: [UInt8]
        switch mode {
        case .substring:
            source = needle
        case .regex:
            guard !query.isEmpty else { return nil }
            source = RowMatcher.requiredLiteral(ofRegex: query, caseless: !isCaseSensitive)
        }
        let literal = RowMatcher.longestRun(of: source, excluding: isQuote)
        guard !literal.isEmpty else { return nil }
        let whole = mode == .substring && pattern == nil && literal.count == needle.count
            && !literal.contains(where: special.contains)
        return ScanLiteral(bytes: literal, foldsASCII: fold, isWholeQuery: whole)
    }

    /// The longest run of `bytes` none of which is `excluded`.
    static func longestRun(of bytes: [UInt8], excluding excluded: (UInt8) -> Bool) -> [UInt8] {
        var best = 0..<0, start = 0
        for i in 0...bytes.count {
            if i == bytes.count || excluded(bytes[i]) {
                if i - start > best.count { best = start..<i }
                start = i + 1
            }
        }
        return Array(bytes[best])
    }

    /// The longest literal every match of the PCRE2 `pattern` contains, as UTF-8 (ASCII-folded
    /// when `caseless`), or empty when none is found. Conservative: anything it does not
    /// understand ends a run.
    ///
    /// A run is a sequence of literal characters (escaped punctuation included) at the top level.
    /// A top-level `|` means no literal. Groups, classes, `.`, anchors and escapes of letters or
    /// digits (`\d`, `\b`, `\x41`) end a run; a group starting `(?` other than `(?:` (options such
    /// as `(?i)`, lookarounds) and `\Q` give no literal at all. `?`, `*` and `{` drop the
    /// character before them from the run; `+` keeps it and ends the run. Caseless, only ASCII
    /// characters stay in runs, and not `k` or `s` (Unicode caseless matching pairs them with
    /// `K` (Kelvin) and `ſ`).
    static func requiredLiteral(ofRegex pattern: String, caseless: Bool) -> [UInt8] {
        let scalars = Array(pattern.unicodeScalars)
        if pattern.contains("\\Q") { return [] }
        var best: [UInt8] = []
        var run: [UInt8] = []
        /// Bytes of the last character added to `run` when it came from the atom just read.
        var lastAtom = 0
        func endRun() {
            if run.count > best.count { best = run }
            run.removeAll()
            lastAtom = 0
        }
        func add(_ scalar: Unicode.Scalar) {
            if caseless && (!scalar.isASCII || "kKsS".unicodeScalars.contains(scalar)) { return endRun() }
            let bytes = Array(String(scalar).utf8).map { caseless ? foldASCII($0) : $0 }
            run += bytes
            lastAtom = bytes.count
        }
        var i = 0
        var depth = 0
        while i < scalars.count {
            let s = scalars[i]
            i += 1
            if depth > 0 {
                // Inside a group: find its end, minding escapes and classes.
                switch s {
                case "\\": i += 1
                case "[": i = endOfClass(scalars, from: i)
                case "(": depth += 1
                case ")": depth -= 1
                default: break
                }
                continue
            }
            switch s {
            case "\\":
                guard i < scalars.count else { return [] }
                let escaped = scalars[i]
                i += 1
                if escaped.isASCII && !escaped.properties.isAlphabetic && !("0"..."9").contains(escaped) {
                    add(escaped)
                } else {
                    endRun()
                    i = endOfEscape(escaped, scalars, from: i)
                }
            case "|":
                return []
            case "(":
                if i < scalars.count, scalars[i] == "?" {
                    guard i + 1 < scalars.count, scalars[i + 1] == ":" else { return [] }
                }
                if i < scalars.count, scalars[i] == "*" { return [] }  // (*VERB) and (*UTF) options
                endRun()
                depth = 1
            case ")":
                return []  // unbalanced: PCRE2 rejects it anyway
            case "[":
                endRun()
                i = endOfClass(scalars, from: i)
            case "?", "*":
                if lastAtom > 0 { run.removeLast(lastAtom) }
                endRun()
            case "{":
                // A quantifier (`{2}`, `{1,3}`, `{,4}`) is skipped whole; a `{` that is not one
                // stands for itself in PCRE2, and ending the run there is only conservative.
                if lastAtom > 0 { run.removeLast(lastAtom) }
                endRun()
                var j = i
                while j < scalars.count, ("0"..."9").contains(scalars[j]) || scalars[j] == "," || scalars[j] == " " { j += 1 }
                if j < scalars.count, scalars[j] == "}", scalars[i..<j].contains(where: { ("0"..."9").contains($0) }) {
                    i = j + 1
                }
            case "+":
                endRun()
            case ".", "^", "$":
                endRun()
            default:
                add(s)
            }
        }
        guard depth == 0 else { return [] }
        endRun()
        return best
    }

    /// The index after the rest of the escape `\\escaped` (a letter or digit) whose text goes on
    /// at `start`: `\\x{263A}`, `\\x41`, `\\cA`, `\\p{Lu}`, `\\pL`, `\\k<name>`, `\\g{-1}`, `\\12`.
    private static func endOfEscape(_ escaped: Unicode.Scalar, _ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var i = start
        func skip(past closing: Unicode.Scalar) -> Int {
            var j = i + 1
            while j < scalars.count, scalars[j] != closing { j += 1 }
            return j + 1
        }
        let next = i < scalars.count ? scalars[i] : nil
        let isDigit = { (s: Unicode.Scalar) in ("0"..."9").contains(s) }
        switch escaped {
        case "c":
            return i + 1
        case "x":
            if next == "{" { return skip(past: "}") }
            while i < scalars.count, i < start + 2, scalars[i].properties.isASCIIHexDigit { i += 1 }
            return i
        case "o", "N", "u":
            return next == "{" ? skip(past: "}") : i
        case "p", "P":
            return next == "{" ? skip(past: "}") : i + 1
        case "g", "k":
            switch next {
            case "{": return skip(past: "}")
            case "<": return skip(past: ">")
            case "'": return skip(past: "'")
            default:
                if next == "-" || next == "+" { i += 1 }
                while i < scalars.count, isDigit(scalars[i]) { i += 1 }
                return i
            }
        default:
            if isDigit(escaped) {
                while i < scalars.count, isDigit(scalars[i]) { i += 1 }
            }
            return i
        }
    }

    /// The index after the `]` closing a character class whose `[` is just before `start`
    /// (a `]` first, or after `^`, is a member; `[:alpha:]` and escapes are skipped whole).
    private static func endOfClass(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var i = start
        if i < scalars.count, scalars[i] == "^" { i += 1 }
        if i < scalars.count, scalars[i] == "]" { i += 1 }
        while i < scalars.count {
            switch scalars[i] {
            case "\\": i += 2
            case "[":
                if i + 1 < scalars.count, scalars[i + 1] == ":" || scalars[i + 1] == "." || scalars[i + 1] == "=" {
                    let closing = scalars[i + 1]
                    var j = i + 2
                    while j + 1 < scalars.count, !(scalars[j] == closing && scalars[j + 1] == "]") { j += 1 }
                    i = j + 2
                } else {
                    i += 1
                }
            case "]": return i + 1
            default: i += 1
            }
        }
        return i
    }
}
