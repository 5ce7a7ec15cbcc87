/// One record's raw CSV bytes split into fields by the rules of dtable's reader (`CSVReader`'s
/// scanner), without making a String: for the paths that touch every row (printing, writing
/// a view), which copy or show most fields as their bytes stand.
///
/// The rules, as the scanner has them: a field that starts with the quote is quoted (doubled
/// quotes inside stand for one; after the closing quote, anything up to the next delimiter or
/// line break is taken literally; without a closing quote the field runs to the end); any other
/// field runs to the next delimiter or line break, quotes in it literal. A line break outside
/// quotes ends the record; a UTF-8 byte order mark at its start is skipped. On well-formed CSV
/// this splits and decodes as `CSVFieldCursor` (the raw-byte paths' rule, every quote toggling)
/// does; on a quote inside an unquoted field or after a closing quote the two differ, and print
/// follows the reader. See docs/decisions/0100-one-csv-field-cursor.md.
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
        let delimiters = SWAR.broadcast(delimiter), quotes = SWAR.broadcast(quote)
        let lineFeeds = SWAR.broadcast(0x0A), returns = SWAR.broadcast(0x0D)
        while true {
            let start = i
            var bad: UInt64 = 0  // top bit of a byte set: not printable ASCII
            var kind = Kind.plain
            var doubled = false
            if i < n && record[i] == quote {
                kind = .quoted
                i += 1
                while true {
                    // To the next quote.
                    skipWords(base, count: n, from: &i, bad: &bad) { SWAR.matches($0, quotes) }
                    while i < n && record[i] != quote {
                        bad |= SWAR.notPrintableASCII(byte: record[i])
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
                        bad |= SWAR.notPrintableASCII(byte: byte)
                        kind = .irregular
                        i &+= 1
                    }
                    break
                }
            } else {
                // To the next delimiter or line break (quotes here are literal). A word of
                // printable ASCII has no line break: only the delimiter to look for.
                skipWords(base, count: n, from: &i, bad: &bad) { word in
                    SWAR.notPrintableASCII(word) & SWAR.highs == 0 ? SWAR.matches(word, delimiters)
                        : SWAR.matches(word, delimiters) | SWAR.matches(word, lineFeeds) | SWAR.matches(word, returns)
                }
                while i < n {
                    let byte = record[i]
                    if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
                    bad |= SWAR.notPrintableASCII(byte: byte)
                    i &+= 1
                }
            }
            fields.append(Field(start: start, end: i, kind: kind, isPrintableASCII: bad & SWAR.highs == 0,
                                hasDoubledQuotes: doubled))
            guard i < n, record[i] == delimiter else { return }
            i &+= 1
        }
    }

    /// Moves `i` eight bytes at a time over the words of `base[..<n]` in which `stops` marks no
    /// byte, then to the first byte it marks in the next word (the bytes left, fewer than 8,
    /// are the caller's); ORs the bytes passed over's `SWAR.notPrintableASCII` into `bad`.
    @inline(__always)
    private static func skipWords(_ base: UnsafeRawPointer, count n: Int, from i: inout Int, bad: inout UInt64,
                                  stops: (UInt64) -> UInt64) {
        while i &+ 8 <= n {
            let word = SWAR.load(base, i)
            let found = stops(word)
            if found != 0 {
                let k = SWAR.firstByte(found)
                bad |= SWAR.notPrintableASCII(word) & SWAR.lowBytes(k)
                i &+= k
                return
            }
            bad |= SWAR.notPrintableASCII(word)
            i &+= 8
        }
    }

    /// Appends the text of `field` (its decoded bytes, not validated) to `out`, as the reader
    /// reads it: unlike `CSVFieldCursor.appendUnquoted`, the quote that closes a field drops out
    /// and what follows it is kept as it stands.
    /// - Complexity: O(bytes of the field).
    package static func decode(_ field: Field, in record: UnsafeRawBufferPointer, quote: UInt8, into out: inout [UInt8]) {
        let bytes = UnsafeRawBufferPointer(rebasing: record[field.start..<field.end])
        switch field.kind {
        case .plain:
            out.append(contentsOf: bytes)
        case .quoted, .irregular:
            decodeQuoted(bytes, quote: quote, into: &out)
        }
    }

    /// Appends the text of a field that starts with `quote` (its bytes, quotes included) to
    /// `out`, as the reader reads it: the opening quote skipped, a doubled quote read as one,
    /// the closing quote dropped and what follows it kept as it stands; without a closing quote
    /// the text runs to the end.
    /// - Complexity: O(bytes of the field); runs between quotes are copied whole.
    @inline(__always)
    package static func decodeQuoted(_ bytes: UnsafeRawBufferPointer, quote: UInt8, into out: inout [UInt8]) {
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
