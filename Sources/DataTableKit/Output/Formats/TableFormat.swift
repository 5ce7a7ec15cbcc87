/// A format a view's rows are written in: delimited text, JSON, or a document table.
///
/// Every format writes the same thing: the shown columns in display order, then each shown
/// record in display order. CSV, TSV, Markdown and HTML write the values as written in the
/// source; JSON and JSON Lines write typed values (see `TableFormatColumn`).
public enum TableFormat: String, CaseIterable, Sendable {
    /// Comma-separated values with RFC 4180 quoting (`CSVField`).
    case csv
    /// Tab-separated values: a field holding a tab, a quote, CR or LF is quoted as in CSV
    /// (quotes doubled), so spreadsheets and CSV readers with a tab delimiter read it back.
    case tsv
    /// One JSON array of objects, one object per row keyed by column title.
    case json
    /// JSON Lines: one object per line.
    case jsonl
    /// A GitHub-flavoured Markdown table.
    case markdown
    /// An HTML `<table>` with a header row.
    case html

    /// The format a file name's extension names (`.csv .tsv .json .jsonl .md .html`, any
    /// case); anything else, or no extension, is CSV.
    public init(fileName: String) {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { self = .csv; return }
        switch name[name.index(after: dot)...].lowercased() {
        case "tsv", "tab": self = .tsv
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonl
        case "md", "markdown": self = .markdown
        case "html", "htm": self = .html
        default: self = .csv
        }
    }

    /// A writer of this format for `columns` (the shown columns in display order).
    public func makeWriter(columns: [TableFormatColumn]) -> any TableFormatWriter {
        switch self {
        case .csv: return DelimitedFormatWriter(columns: columns, delimiter: UInt8(ascii: ","))
        case .tsv: return DelimitedFormatWriter(columns: columns, delimiter: UInt8(ascii: "\t"))
        case .json: return JSONFormatWriter(columns: columns, linePerRow: false)
        case .jsonl: return JSONFormatWriter(columns: columns, linePerRow: true)
        case .markdown: return MarkdownFormatWriter(columns: columns)
        case .html: return HTMLFormatWriter(columns: columns)
        }
    }
}

/// One column as a format writes it: its title and how its values are typed (JSON).
///
/// A field that is one of `nullTokens` (the empty field always; numeric-only tokens in numeric
/// columns) is JSON `null`; in an `.integer` or `.decimal` column a field read as a number by
/// `format` is a JSON number, in a `.boolean` column a field read as a boolean is `true` or
/// `false`; everything else is a JSON string of the text as written.
public struct TableFormatColumn: Sendable, Equatable {
    /// The column's title (the header).
    public var title: String
    /// How the column's values are typed.
    public var kind: SortKeyKind
    /// How numbers and booleans are read.
    public var format: ValueFormat
    /// The texts that are null.
    public var nullTokens: NullTokens

    /// A column titled `title` whose values are read as `kind` (text by default).
    public init(title: String, kind: SortKeyKind = .text, format: ValueFormat = .standard, nullTokens: NullTokens = .standard) {
        self.title = title
        self.kind = kind
        self.format = format
        self.nullTokens = nullTokens
    }
}

/// Writes a table in one format, a row at a time, appending bytes to a buffer the caller
/// hands out as it fills (nothing of the table is kept by the writer). A writer holds no state
/// between rows, so workers on several threads may write rows of one table at once, each into
/// a buffer of its own, for the caller to join in order.
public protocol TableFormatWriter: Sendable {
    /// Appends what comes before the rows (the header).
    func writeHeader(into output: inout [UInt8])
    /// Appends one row: `fields` are the UTF-8 bytes of the texts of the columns the writer was
    /// made for, in order, valid during the call; `position` counts the rows written before it
    /// (0 for the first: JSON puts a comma before every other row).
    func writeRow(_ fields: [UnsafeRawBufferPointer], position: Int, into output: inout [UInt8])
    /// Appends what comes after the last row; `rowCount` rows were written.
    func writeFooter(rowCount: Int, into output: inout [UInt8])
}

extension TableFormatWriter {
    /// Appends one row of texts (see `writeRow(_:position:into:)`).
    public func writeRow(_ texts: [String], position: Int, into output: inout [UInt8]) {
        var row = TableFormatRowFields()
        for text in texts { row.append(text) }
        row.withFields(record: UnsafeRawBufferPointer(start: nil, count: 0)) { writeRow($0, position: position, into: &output) }
    }
}
