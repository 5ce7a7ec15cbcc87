import DataTableKit

/// Edited rows of a file: only the edited fields are encoded; everything else is the file's bytes.
extension CSVTableWriter {
    /// Writes one record of the file (`record`: its bytes with its terminator) with `edits`
    /// (text by column) in place of those fields. The other fields are copied byte for byte
    /// (quotes, spaces, invalid UTF-8 as they were), and so is everything after the last field
    /// (the record's own line terminator: LF, CRLF or CR; none for a last line without one).
    /// A record shorter than an edited column gets empty fields up to it.
    /// - Complexity: O(bytes of the record).
    func appendEditedRecord(_ record: UnsafeRawBufferPointer, edits: [Int: String],
                            to output: inout OutputBuffer) throws {
        let (fields, end) = Self.fieldRanges(of: record, dialect: dialect)
        let lastColumn = max(fields.count - 1, edits.keys.max() ?? -1)
        if lastColumn >= 0 {
            for column in 0...lastColumn {
                if column > 0 { try output.append(dialect.delimiter) }
                if let text = edits[column] {
                    try output.append(CSVField.encode(text, delimiter: dialect.delimiter, quote: dialect.quote))
                } else if column < fields.count {
                    try output.append(UnsafeRawBufferPointer(rebasing: record[fields[column]]))
                }
            }
        }
        try output.append(UnsafeRawBufferPointer(rebasing: record[end...]))
    }

    /// The byte ranges of the fields of the first record in `bytes`, split exactly as
    /// `CSVReader.Scanner` reads them (a field is quoted only when it starts with the quote;
    /// text after its closing quote belongs to it), and where that record's fields end (at its
    /// line terminator, or the end of the bytes). Empty bytes have no fields.
    /// - Complexity: O(bytes of the record).
    static func fieldRanges(of bytes: UnsafeRawBufferPointer, dialect: CSVDialect) -> (fields: [Range<Int>], end: Int) {
        let n = bytes.count
        guard n > 0 else { return ([], 0) }
        let delimiter = dialect.delimiter, quote = dialect.quote
        var fields: [Range<Int>] = []
        var i = 0
        while true {
            let start = i
            if i < n && bytes[i] == quote {
                i += 1
                while i < n {
                    if bytes[i] == quote {
                        if i + 1 < n && bytes[i + 1] == quote { i += 2; continue }
                        break
                    }
                    i += 1
                }
                if i < n { i += 1 }  // the closing quote
            }
            while i < n && bytes[i] != delimiter && bytes[i] != 0x0A && bytes[i] != 0x0D { i += 1 }
            fields.append(start..<i)
            if i < n && bytes[i] == delimiter {
                i += 1
                continue
            }
            return (fields, i)
        }
    }
}
