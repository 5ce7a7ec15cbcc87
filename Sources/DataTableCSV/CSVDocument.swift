/// A problem the reader noticed and worked around while reading a CSV text.
public enum CSVDiagnostic: Sendable, Equatable {
    /// A quote was still open at the end of input; the field ran to the end of input.
    ///
    /// `row` is the 0-based index of the record that holds the field, counting the header.
    case unterminatedQuote(row: Int)
    /// A record had fewer or more fields than the widest record and was padded with empty fields.
    ///
    /// `row` is the 0-based record index counting the header; `expected` is the document's column count.
    case raggedRow(row: Int, fieldCount: Int, expected: Int)
    /// At least one invalid UTF-8 sequence was replaced by U+FFFD (reported once per document).
    case invalidUTF8
}

/// A whole CSV text split into a header and rectangular rows of strings.
public struct CSVDocument: Sendable {
    /// The column titles, padded to `columnCount` with `""`; all `""` when the text had no header.
    public var header: [String]
    /// The data records, each padded to `columnCount` with `""`.
    public var rows: [[String]]
    /// The largest field count over the header and all rows.
    public var columnCount: Int
    /// What the reader repaired: ragged rows in record order, then an unterminated quote, then invalid UTF-8.
    ///
    /// At most 100 entries; ragged rows past the cap are padded but not reported.
    public var diagnostics: [CSVDiagnostic]

    /// Creates a document from already rectangular parts.
    public init(header: [String], rows: [[String]], columnCount: Int, diagnostics: [CSVDiagnostic] = []) {
        self.header = header
        self.rows = rows
        self.columnCount = columnCount
        self.diagnostics = diagnostics
    }
}

extension CSVDocument {
    /// One line for the status bar about what the reader repaired, or nil when nothing was.
    public var diagnosticSummary: String? {
        var ragged = 0, unterminated: Int?, invalidUTF8 = false
        for diagnostic in diagnostics {
            switch diagnostic {
            case .raggedRow: ragged += 1
            case .unterminatedQuote(let row): unterminated = row
            case .invalidUTF8: invalidUTF8 = true
            }
        }
        var parts: [String] = []
        if ragged > 0 { parts.append(ragged >= 100 ? "100+ rows with missing/extra fields" : "\(ragged) row\(ragged == 1 ? "" : "s") with missing/extra fields") }
        if let unterminated { parts.append("quote not closed (record \(unterminated + 1))") }
        if invalidUTF8 { parts.append("invalid UTF-8 shown as \u{FFFD}") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
