/// Finds the fields of one record's raw CSV bytes, quotes included, by the row index's rule:
/// every quote byte toggles whether the bytes that follow are inside quotes (a doubled quote
/// toggles twice), a delimiter outside quotes ends a field, and a CR or LF outside quotes ends
/// the record. A record as the row index cuts it holds no CR or LF outside quotes but its
/// terminator, so its bytes split the same with the terminator or without.
///
/// The one field splitter of the raw-byte paths: sort keys and the data source's raw fields
/// (`field(_:in:)`), filter, search and the kind sample (`RawRecordReader`), the column summary
/// (`field(in:from:)`), and their unquoting (`appendUnquoted`). The print path reads fields as
/// the reader shows them (`CSVRawRecord`: a quote counts only at a field's start, the closing
/// quote drops out), which differs from this rule on malformed records only. See
/// docs/decisions/0100-one-csv-field-cursor.md.
///
/// No allocation; eight bytes at a time: the bytes before the first quote, CR or LF of a word
/// are plain or delimiters, whose positions come from a SWAR match mask (a word with several
/// field ends costs one load), and a word inside quotes is skipped unless it holds a quote.
package struct CSVFieldCursor: Sendable {
    /// The field delimiter byte.
    package let delimiter: UInt8
    /// The quote byte (not CR or LF).
    package let quote: UInt8

    /// A cursor for records in this dialect.
    @inlinable
    package init(delimiter: UInt8, quote: UInt8) {
        self.delimiter = delimiter
        self.quote = quote
    }

    /// Calls `body` with each field's column and offsets in `bytes`, from the field that starts
    /// at `start` (outside quotes; it is column 0) to the record's end, until `body` returns
    /// true; returns whether it did. The last field ends at the first CR or LF outside quotes,
    /// else at the end of the bytes.
    /// - Complexity: O(bytes up to the last field visited).
    @inlinable @inline(__always)
    package func firstField(in bytes: UnsafeRawBufferPointer, from start: Int = 0,
                            where body: (_ column: Int, _ field: Range<Int>) -> Bool) -> Bool {
        let delimiter = delimiter, quote = quote
        let n = bytes.count
        var i = start, fieldStart = start, column = 0, inQuotes = false
        // A delimiter that is also a quote or a line end leaves only the byte loop.
        if delimiter != quote && delimiter != 0x0A && delimiter != 0x0D, let base = bytes.baseAddress {
            let d = SWAR.broadcast(delimiter), q = SWAR.broadcast(quote)
            let lf = SWAR.broadcast(0x0A), cr = SWAR.broadcast(0x0D)
            while i &+ 8 <= n {
                let word = SWAR.load(base, i)
                let quotes = SWAR.matches(word, q)
                if inQuotes {
                    if quotes == 0 {
                        i &+= 8
                        continue
                    }
                    // The closing quote (or the first of a doubled one, which reopens next).
                    i &+= SWAR.firstByte(quotes) &+ 1
                    inQuotes = false
                    continue
                }
                let special = quotes | SWAR.matches(word, lf) | SWAR.matches(word, cr)
                // Bytes before the first special one are plain or delimiters.
                let plain = special == 0 ? 8 : SWAR.firstByte(special)
                var delimiters = SWAR.matches(word, d)
                if plain < 8 { delimiters &= SWAR.lowBytes(plain) }
                while delimiters != 0 {
                    let at = i &+ SWAR.firstByte(delimiters)
                    if body(column, fieldStart..<at) { return true }
                    column &+= 1
                    fieldStart = at &+ 1
                    delimiters &= delimiters &- 1
                }
                if plain == 8 {
                    i &+= 8
                    continue
                }
                i &+= plain
                if bytes[i] == quote {
                    inQuotes = true
                    i &+= 1
                    continue
                }
                // CR or LF outside quotes: the record ends here.
                return body(column, fieldStart..<i)
            }
        }
        while i < n {
            let byte = bytes[i]
            if byte == quote {
                inQuotes.toggle()
            } else if !inQuotes && (byte == delimiter || byte == 0x0A || byte == 0x0D) {
                if byte != delimiter { return body(column, fieldStart..<i) }
                if body(column, fieldStart..<i) { return true }
                column &+= 1
                fieldStart = i &+ 1
            }
            i &+= 1
        }
        return body(column, fieldStart..<n)
    }

    /// A reader of field `column` of the records `record` returns by row (empty for a row with
    /// fewer fields). Built here, so the field walk is inlined into the reader: a caller in
    /// another module gets one call per row to its own small `record`, not to the walk.
    package func fieldReader(column: Int, record: @escaping (Int) -> UnsafeRawBufferPointer)
        -> (Int) -> UnsafeRawBufferPointer {
        let cursor = self
        return { row in cursor.field(column, in: record(row)) }
    }

    /// Field `column` of `bytes`, quotes included; empty with no base address when the record
    /// has fewer fields.
    /// - Complexity: O(bytes up to the field's end).
    @inlinable @inline(__always)
    package func field(_ column: Int, in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        if column > 0 {
            guard let range = fieldRange(column, in: bytes) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            return UnsafeRawBufferPointer(rebasing: bytes[range])
        }
        var found = 0..<0, isFound = false
        _ = firstField(in: bytes) { k, range in
            guard k == column else { return false }
            found = range
            isFound = true
            return true
        }
        return isFound ? UnsafeRawBufferPointer(rebasing: bytes[found]) : UnsafeRawBufferPointer(start: nil, count: 0)
    }

    /// The offset of the byte that ends the field starting at `start` (outside quotes): the
    /// delimiter, a CR or LF, or `bytes.count`.
    /// - Complexity: O(field length).
    @inlinable @inline(__always)
    package func fieldEnd(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var end = bytes.count
        _ = firstField(in: bytes, from: start) { _, range in
            end = range.upperBound
            return true
        }
        return end
    }

    /// The bytes of the field starting at `start` and where the next one starts (past its
    /// delimiter; `bytes.count + 1` when this field is the record's last). From a start past
    /// the record's end: an empty field (a row with fewer fields) and the same start.
    /// - Complexity: O(field length).
    @inlinable @inline(__always)
    package func field(in bytes: UnsafeRawBufferPointer, from start: Int) -> (field: UnsafeRawBufferPointer, next: Int) {
        guard start <= bytes.count else { return (UnsafeRawBufferPointer(start: nil, count: 0), start) }
        let end = fieldEnd(in: bytes, from: start)
        let next = end < bytes.count && bytes[end] == delimiter ? end &+ 1 : bytes.count &+ 1
        return (UnsafeRawBufferPointer(rebasing: bytes[start..<end]), next)
    }
}
