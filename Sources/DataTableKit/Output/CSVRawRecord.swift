/// One record's raw CSV bytes split into fields by the rules of dtable's reader (`CSVReader`'s
/// scanner), without making a String: for the paths that touch every row (`--print`, writing
/// a view), which copy or show most fields as their bytes stand.
///
/// The rules, as the scanner has them: a field that starts with the quote is quoted (doubled
/// quotes inside stand for one; after the closing quote, anything up to the next delimiter or
/// line break is taken literally; without a closing quote the field runs to the end); any other
/// field runs to the next delimiter or line break, quotes in it literal. A line break outside
/// quotes ends the record; a UTF-8 byte order mark at its start is skipped.
package enum CSVRawRecord {
    /// How a field's bytes relate to its text.
    package enum Kind: UInt8, Sendable {
        /// Unquoted (quotes in it are literal): the text is the bytes.
        case plain
        /// `"…"` closed by its last byte, quotes inside doubled: the text is the inside, undoubled.
        case quoted
        /// Anything else (text after the closing quote, no closing quote): `decode` reads it.
        case irregular
    }

    /// A field: its bytes `start..<end` in the record (quotes included) and their kind.
    package struct Field: Sendable {
        package var start: Int
        package var end: Int
        package var kind: Kind
        /// Whether every byte of it is printable ASCII (0x20...0x7E): then so is its text.
        package var isPrintableASCII: Bool
        /// For a `.quoted` field: whether a doubled quote is inside (else its text is the bytes
        /// between the quotes, as they stand).
        package var hasDoubledQuotes = false
        /// Bytes in the input, quotes included.
        package var rawCount: Int { end - start }
    }

    /// Splits `record` into `fields` (cleared first).
    /// - Complexity: O(bytes of the record), one pass; 8 bytes at a time between the bytes
    ///   that matter (delimiter, quote, CR, LF).
    package static func split(_ record: UnsafeRawBufferPointer, delimiter: UInt8, quote: UInt8, into fields: inout [Field]) {
        fields.removeAll(keepingCapacity: true)
        guard let base = record.baseAddress else {
            fields.append(Field(start: 0, end: 0, kind: .plain, isPrintableASCII: true))
            return
        }
        let n = record.count
        var i = 0
        if n >= 3 && record[0] == 0xEF && record[1] == 0xBB && record[2] == 0xBF { i = 3 }
        guard n > i else {
            // An empty record is one empty field, as the scanner reads it.
            fields.append(Field(start: i, end: i, kind: .plain, isPrintableASCII: true))
            return
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let delimiters = ones &* UInt64(delimiter), quotes = ones &* UInt64(quote)
        let lineFeeds = ones &* 0x0A, returns = ones &* 0x0D
        while true {
            let start = i
            var bad: UInt64 = 0  // top bit of a byte set: not printable ASCII
            var kind = Kind.plain
            var doubled = false
            if i < n && record[i] == quote {
                kind = .quoted
                i += 1
                while true {
                    // To the next quote, 8 bytes at a time.
                    while i &+ 8 <= n {
                        let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        let stops = zeroBytes(word ^ quotes)
                        if stops != 0 {
                            let k = stops.trailingZeroBitCount >> 3
                            bad |= notPrintable(word) & lowBytes(k)
                            i &+= k
                            break
                        }
                        bad |= notPrintable(word)
                        i &+= 8
                    }
                    while i < n && record[i] != quote {
                        bad |= notPrintable(byte: record[i])
                        i &+= 1
                    }
                    if i == n { kind = .irregular; break }  // no closing quote
                    if i + 1 < n && record[i + 1] == quote {
                        doubled = true
                        i &+= 2
                        continue
                    }
                    i &+= 1  // the closing quote
                    // Text after it up to the delimiter or line break is literal.
                    while i < n {
                        let byte = record[i]
                        if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
                        bad |= notPrintable(byte: byte)
                        kind = .irregular
                        i &+= 1
                    }
                    break
                }
            } else {
                // To the next delimiter or line break (quotes here are literal), 8 bytes at a time.
                while i &+ 8 <= n {
                    let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    // A word of printable ASCII has no line break: only the delimiter to look for.
                    if notPrintable(word) & 0x8080_8080_8080_8080 == 0 {
                        let stops = zeroBytes(word ^ delimiters)
                        if stops != 0 {
                            i &+= stops.trailingZeroBitCount >> 3
                            break
                        }
                        i &+= 8
                        continue
                    }
                    let stops = zeroBytes(word ^ delimiters) | zeroBytes(word ^ lineFeeds) | zeroBytes(word ^ returns)
                    if stops != 0 {
                        let k = stops.trailingZeroBitCount >> 3
                        bad |= notPrintable(word) & lowBytes(k)
                        i &+= k
                        break
                    }
                    bad |= notPrintable(word)
                    i &+= 8
                }
                while i < n {
                    let byte = record[i]
                    if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
                    bad |= notPrintable(byte: byte)
                    i &+= 1
                }
            }
            fields.append(Field(start: start, end: i, kind: kind, isPrintableASCII: bad & 0x8080_8080_8080_8080 == 0,
                                hasDoubledQuotes: doubled))
            guard i < n, record[i] == delimiter else { return }
            i &+= 1
        }
    }

    /// The top bit of each byte of `v` that is zero, exactly (little-endian: the lowest set
    /// bit marks the first zero byte in memory).
    @inline(__always)
    static func zeroBytes(_ v: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((v & low7) &+ low7) | v | low7)
    }

    /// A mask of the `k` (0...7) lowest bytes (the first `k` in memory).
    @inline(__always)
    static func lowBytes(_ k: Int) -> UInt64 {
        (1 << UInt64(k &* 8)) &- 1
    }

    /// Top bits set where bytes of `word` are not printable ASCII (some byte < 0x20, 0x7F or
    /// >= 0x80 sets at least one; none is set for a word of printable ASCII).
    @inline(__always)
    static func notPrintable(_ word: UInt64) -> UInt64 {
        (word &- 0x2020_2020_2020_2020) | (word &+ 0x0101_0101_0101_0101) | word
    }

    /// `notPrintable` for one byte (in the low byte, top bit 0x80).
    @inline(__always)
    static func notPrintable(byte: UInt8) -> UInt64 {
        byte &- 0x20 < 0x5F ? 0 : 0x80
    }

    /// Appends the text of `field` (its decoded bytes, not validated) to `out`.
    /// - Complexity: O(bytes of the field).
    package static func decode(_ field: Field, in record: UnsafeRawBufferPointer, quote: UInt8, into out: inout [UInt8]) {
        let bytes = UnsafeRawBufferPointer(rebasing: record[field.start..<field.end])
        switch field.kind {
        case .plain:
            out.append(contentsOf: bytes)
        case .quoted, .irregular:
            // Opening quote skipped; a doubled quote keeps one; the closing one ends the quoted
            // part, the rest is literal. Runs between quotes are copied whole.
            var i = 1
            let n = bytes.count
            while i < n {
                var j = i
                while j < n && bytes[j] != quote { j += 1 }
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[i..<j]))
                guard j < n else { return }
                if j + 1 < n && bytes[j + 1] == quote {
                    out.append(quote)
                    i = j + 2
                    continue
                }
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[(j + 1)...]))
                return
            }
        }
    }

    /// The text of `field` as a String (invalid UTF-8 replaced by U+FFFD, as the reader does).
    package static func text(of field: Field, in record: UnsafeRawBufferPointer, quote: UInt8,
                             scratch: inout [UInt8]) -> String {
        if field.kind == .plain {
            return String(decoding: UnsafeRawBufferPointer(rebasing: record[field.start..<field.end]), as: UTF8.self)
        }
        scratch.removeAll(keepingCapacity: true)
        decode(field, in: record, quote: quote, into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }
}
