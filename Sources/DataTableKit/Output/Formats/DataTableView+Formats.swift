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
    /// `source.fields(row:)`, or the raw records when the source holds them; rows it returns
    /// nil for are skipped), the footer. The bytes go to `output` in chunks of about
    /// `chunkBytes` (or a batch of rows) as they are made: memory does not grow with the rows.
    /// From raw records the rows are made on `threads` threads (nil: one per core, at most 4),
    /// in order. Returns the rows written.
    /// - Complexity: O(bytes of the selected records).
    @discardableResult
    public static func write(_ selection: DataTableViewSelection, of source: DataTableDataSource, format: TableFormat,
                             columns: [TableFormatColumn], chunkBytes: Int = 1 << 20, threads: Int? = nil,
                             fields: ((Int) -> [String]?)? = nil,
                             output: (UnsafeRawBufferPointer) throws -> Void) rethrows -> Int {
        let writer = format.makeWriter(columns: columns)
        if fields == nil, let rows = try writeRawRecords(selection, of: source, format: format, writer: writer,
                                                        threads: threads ?? TablePrinter.defaultTextRowThreads, output: output) {
            return rows
        }
        let shown = selection.columns.filter { $0 >= 0 && $0 < source.columnCount }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunkBytes + (64 << 10))
        writer.writeHeader(into: &buffer)
        var row = TableFormatRowFields()
        let noRecord = UnsafeRawBufferPointer(start: nil, count: 0)
        var written = 0
        for position in 0..<selection.rowCount {
            let sourceRow = selection.sourceRow(at: position)
            guard let values = fields.map({ $0(sourceRow) }) ?? source.fields(row: sourceRow) else { continue }
            row.removeAll()
            for column in shown {
                if column < values.count { row.append(values[column]) } else { row.appendEmpty() }
            }
            row.withFields(record: noRecord) { writer.writeRow($0, position: written, into: &buffer) }
            written += 1
            if buffer.count >= chunkBytes {
                try buffer.withUnsafeBytes(output)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        writer.writeFooter(rowCount: written, into: &buffer)
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
