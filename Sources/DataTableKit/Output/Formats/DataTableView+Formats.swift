extension DataTableView {
    /// The columns of `selection` as a `TableFormatWriter` writes them: each shown source
    /// column's title, the kind its values compare as (set, the source's, or inferred: call
    /// `settleColumnKinds()` first for the kinds of the large sample), its value format and the
    /// configuration's null tokens. Header-only columns a layer appends are left out. UI thread.
    public func formatColumns(_ selection: DataTableViewSelection) -> [TableFormatColumn] {
        selection.columns.filter { $0 >= 0 && $0 < dataSource.columnCount && $0 < columns.count }.map { column in
            TableFormatColumn(title: dataSource.title(ofColumn: column), kind: sortKeyKind(ofColumn: column),
                              format: columns[column].format, nullTokens: configuration.nullTokens)
        }
    }
}

/// Streams a selection of a table through a `TableFormatWriter`: the one row pipeline of every
/// format (a program's print mode, writing a view to a file, copying marked rows).
public enum TableFormatOutput {
    /// Writes `selection` of `source` in `format`: the header, each selected record's fields of
    /// the selected columns (`fields(row)` gives a source row's fields, by default
    /// `source.fields(row:)`, or for CSV and TSV the raw records when the source holds them;
    /// rows it returns nil for are skipped), the footer. The bytes go to
    /// `output` in chunks of about `chunkBytes` as they are made: memory does not grow with the
    /// rows. Returns the rows written.
    /// - Complexity: O(bytes of the selected records).
    @discardableResult
    public static func write(_ selection: DataTableViewSelection, of source: DataTableDataSource, format: TableFormat,
                             columns: [TableFormatColumn], chunkBytes: Int = 1 << 20,
                             fields: ((Int) -> [String]?)? = nil,
                             output: (UnsafeRawBufferPointer) throws -> Void) rethrows -> Int {
        if fields == nil, format == .csv || format == .tsv,
           let rows = try writeRawDelimited(selection, of: source, delimiter: format == .csv ? UInt8(ascii: ",") : UInt8(ascii: "\t"),
                                            titles: columns.map(\.title), chunkBytes: chunkBytes, output: output) {
            return rows
        }
        let shown = selection.columns.filter { $0 >= 0 && $0 < source.columnCount }
        var writer = format.makeWriter(columns: columns)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunkBytes + (64 << 10))
        writer.writeHeader(into: &buffer)
        var picked: [String] = []
        picked.reserveCapacity(shown.count)
        var written = 0
        for position in 0..<selection.rowCount {
            let row = selection.sourceRow(at: position)
            guard let values = fields.map({ $0(row) }) ?? source.fields(row: row) else { continue }
            picked.removeAll(keepingCapacity: true)
            for column in shown { picked.append(column < values.count ? values[column] : "") }
            writer.writeRow(picked, into: &buffer)
            written += 1
            if buffer.count >= chunkBytes {
                try buffer.withUnsafeBytes(output)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        writer.writeFooter(into: &buffer)
        if !buffer.isEmpty { try buffer.withUnsafeBytes(output) }
        return written
    }

    /// `selection` of `source` in `format` as one string (a copy to the clipboard; small
    /// selections).
    public static func text(_ selection: DataTableViewSelection, of source: DataTableDataSource, format: TableFormat,
                            columns: [TableFormatColumn]) -> String {
        var bytes: [UInt8] = []
        write(selection, of: source, format: format, columns: columns) { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
