/// Finds where a CSV field ends in a record's raw bytes, starting at the field's first byte:
/// the summary reads a record's fields column after column, each pass starting where the last
/// one stopped (see `ColumnSummaryJob`), so each byte of a row is scanned once over all columns.
enum RecordFieldScanner {
    /// The index of the delimiter that ends the field starting at `start` (quotes toggle
    /// whether a delimiter counts), or `bytes.count` when the field is the record's last.
    /// Skips 8 bytes at a time that hold neither a delimiter nor a quote.
    /// - Complexity: O(field length).
    @inline(__always)
    static func fieldEnd(_ bytes: UnsafeRawBufferPointer, from start: Int, delimiter: UInt8, quote: UInt8) -> Int {
        let n = bytes.count
        var i = start, inQuotes = false
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let d = ones &* UInt64(delimiter), q = ones &* UInt64(quote)
        @inline(__always) func hasZeroByte(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        while i < n {
            if i + 8 <= n {
                let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if !hasZeroByte(word ^ q) && (inQuotes || !hasZeroByte(word ^ d)) {
                    i += 8
                    continue
                }
            }
            let byte = bytes[i]
            if byte == quote {
                inQuotes.toggle()
            } else if byte == delimiter && !inQuotes {
                return i
            }
            i += 1
        }
        return n
    }

    /// The bytes of the field starting at `start` and where the next field starts (past the
    /// delimiter); an empty field past the record's end (a row with fewer fields).
    @inline(__always)
    static func field(_ bytes: UnsafeRawBufferPointer, from start: Int, delimiter: UInt8, quote: UInt8)
        -> (field: UnsafeRawBufferPointer, next: Int) {
        guard start <= bytes.count else { return (UnsafeRawBufferPointer(start: nil, count: 0), start) }
        let end = fieldEnd(bytes, from: start, delimiter: delimiter, quote: quote)
        return (UnsafeRawBufferPointer(rebasing: bytes[start..<end]), end + 1)
    }
}
