import DataTableKit

/// A CSV document held in memory, as a table data source.
///
/// Empty header titles are named by their 1-based column number ("column 3"); empty fields
/// read as `.null`.
public final class CSVDataSource: DataTableLoading {
    /// The parsed input, held whole.
    public let document: CSVDocument
    /// Column titles as shown (empty titles named).
    private let titles: [String]

    /// A data source over a parsed document (its header, if any, gives the titles).
    public init(document: CSVDocument) {
        self.document = document
        self.titles = document.header.enumerated().map { index, title in
            title.isEmpty ? "column \(index + 1)" : title
        }
    }

    /// Reads CSV bytes with `dialect`.
    public convenience init(bytes: [UInt8], dialect: CSVDialect = .comma, hasHeader: Bool = true) {
        self.init(document: CSVReader.read(bytes, dialect: dialect, hasHeader: hasHeader))
    }

    /// What the reader repaired, for the status line (nil when the input was clean).
    public var notice: String? { document.diagnosticSummary }

    /// The widest record's field count.
    public var columnCount: Int { document.columnCount }
    /// Data records (the header not counted).
    public var rowCount: Int { document.rows.count }
    /// The header's field, or a generated title.
    public func title(ofColumn column: Int) -> String { titles[column] }

    /// The field, typed by inference (empty: `.null`).
    public func value(row: Int, column: Int) -> DataTableValueType {
        let text = document.rows[row][column]
        return text.isEmpty ? .null : .string(text)
    }
}
