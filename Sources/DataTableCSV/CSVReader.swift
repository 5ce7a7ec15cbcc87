/// Reads whole CSV texts held in memory into ``CSVDocument`` values.
///
/// The reader follows RFC 4180 and is lenient where real files stray from it:
/// - a UTF-8 byte order mark at the very start is skipped;
/// - records end at LF, CRLF or a lone CR, mixed freely within one text;
/// - a quote inside an unquoted field, and text after a closing quote, are kept literally;
/// - an unterminated quote runs to the end of input;
/// - invalid UTF-8 is replaced by U+FFFD and NUL bytes are kept.
///
/// Every repair is reported in ``CSVDocument/diagnostics``.
public enum CSVReader {
    /// The most diagnostics one document carries.
    static let maxDiagnostics = 100

    /// Reads a whole CSV text.
    ///
    /// - Parameters:
    ///   - bytes: The UTF-8 text. It is only read during the call.
    ///   - dialect: The delimiter and quote bytes.
    ///   - hasHeader: Whether the first record holds the column titles. When `false`,
    ///     the header is all `""` and every record is a row.
    /// - Returns: The header and rows, padded to the widest record, with diagnostics.
    /// - Complexity: O(n) in the byte count, plus the `""` fields added to pad short records.
    public static func read(
        _ bytes: UnsafeRawBufferPointer,
        dialect: CSVDialect = .comma,
        hasHeader: Bool = true
    ) -> CSVDocument {
        bytes.withMemoryRebound(to: UInt8.self) { buffer in
            read(buffer: buffer, dialect: dialect, hasHeader: hasHeader)
        }
    }

    /// Reads a whole CSV text held in a byte array; same rules as the buffer-pointer overload.
    ///
    /// - Complexity: O(n) in the byte count.
    public static func read(
        _ bytes: [UInt8],
        dialect: CSVDialect = .comma,
        hasHeader: Bool = true
    ) -> CSVDocument {
        bytes.withUnsafeBufferPointer { buffer in
            read(buffer: buffer, dialect: dialect, hasHeader: hasHeader)
        }
    }

    /// Splits `buffer` into records, then makes them rectangular and collects diagnostics.
    ///
    /// - Complexity: O(n) in the byte count.
    static func read(buffer: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, hasHeader: Bool) -> CSVDocument {
        var scanner = Scanner(buffer, dialect: dialect)
        var header: [String] = []
        var rows: [[String]] = []
        var columnCount = 0
        var wantsHeader = hasHeader
        while let record = scanner.nextRecord() {
            columnCount = max(columnCount, record.count)
            if wantsHeader {
                header = record
                wantsHeader = false
            } else {
                rows.append(record)
            }
        }

        var trailing: [CSVDiagnostic] = []
        if let row = scanner.unterminatedQuoteRow {
            trailing.append(.unterminatedQuote(row: row))
        }
        if scanner.sawInvalidUTF8 {
            trailing.append(.invalidUTF8)
        }
        var diagnostics: [CSVDiagnostic] = []
        let raggedLimit = maxDiagnostics - trailing.count

        let rowOffset: Int
        if hasHeader {
            rowOffset = 1
            pad(&header, to: columnCount, recordIndex: 0, diagnostics: &diagnostics, limit: raggedLimit)
        } else {
            rowOffset = 0
            header = Array(repeating: "", count: columnCount)
        }
        for index in rows.indices {
            pad(&rows[index], to: columnCount, recordIndex: index + rowOffset, diagnostics: &diagnostics, limit: raggedLimit)
        }
        diagnostics.append(contentsOf: trailing)
        return CSVDocument(header: header, rows: rows, columnCount: columnCount, diagnostics: diagnostics)
    }

    /// Pads a short record with `""` and reports it while fewer than `limit` diagnostics exist.
    private static func pad(
        _ record: inout [String],
        to columnCount: Int,
        recordIndex: Int,
        diagnostics: inout [CSVDiagnostic],
        limit: Int
    ) {
        let fieldCount = record.count
        guard fieldCount != columnCount else { return }
        if diagnostics.count < limit {
            diagnostics.append(.raggedRow(row: recordIndex, fieldCount: fieldCount, expected: columnCount))
        }
        if fieldCount < columnCount {
            record.append(contentsOf: repeatElement("", count: columnCount - fieldCount))
        }
    }
}
