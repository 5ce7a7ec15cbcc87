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
        /// Whether a byte >= 0x80 is in it.
        package var hasNonASCII: Bool
        /// Bytes in the input, quotes included.
        package var rawCount: Int { end - start }
    }

    /// Splits `record` into `fields` (cleared first).
    /// - Complexity: O(bytes of the record), one pass.
    package static func split(_ record: UnsafeRawBufferPointer, delimiter: UInt8, quote: UInt8, into fields: inout [Field]) {
        fields.removeAll(keepingCapacity: true)
        let n = record.count
        var i = 0
        if n >= 3 && record[0] == 0xEF && record[1] == 0xBB && record[2] == 0xBF { i = 3 }
        guard n > i else {
            // An empty record is one empty field, as the scanner reads it.
            fields.append(Field(start: i, end: i, kind: .plain, hasNonASCII: false))
            return
        }
        while true {
            let start = i
            var union: UInt8 = 0
            var kind = Kind.plain
            if i < n && record[i] == quote {
                kind = .quoted
                i += 1
                while true {
                    while i < n && record[i] != quote {
                        union |= record[i]
                        i += 1
                    }
                    if i == n { kind = .irregular; break }  // no closing quote
                    if i + 1 < n && record[i + 1] == quote { i += 2; continue }
                    i += 1  // the closing quote
                    // Text after it up to the delimiter or line break is literal.
                    while i < n {
                        let byte = record[i]
                        if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
                        union |= byte
                        kind = .irregular
                        i += 1
                    }
                    break
                }
            } else {
                while i < n {
                    let byte = record[i]
                    if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
                    union |= byte
                    i += 1
                }
            }
            fields.append(Field(start: start, end: i, kind: kind, hasNonASCII: union >= 0x80))
            guard i < n, record[i] == delimiter else { return }
            i += 1
        }
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
            // part, the rest is literal.
            var i = 1
            let n = bytes.count
            while i < n {
                let byte = bytes[i]
                if byte == quote {
                    if i + 1 < n && bytes[i + 1] == quote {
                        out.append(quote)
                        i += 2
                        continue
                    }
                    out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[(i + 1)...]))
                    return
                }
                out.append(byte)
                i += 1
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
