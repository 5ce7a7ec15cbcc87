import DataTableKit

/// Writing what a view shows (`:w FILE`): its visible columns in display order and its records
/// in display order, with the edits, atomically like every write.
extension CSVTableWriter {
    /// Writes the records and columns `view` shows now to `path`, atomically, over whatever is
    /// there (the previous file kept as `PATH.bak`). UI thread (it reads the view); for a large
    /// table, take `view.shownSelection()` and call `writeView(_:of:to:overwriting:progress:)` on a
    /// worker instead.
    /// - Throws: `DataTableMessage` while the view is not settled (loading, sorting, filtering),
    ///   `CSVWriteError` when writing fails.
    @discardableResult
    public func writeView(of view: DataTableView, to path: String) throws -> CSVWriteResult {
        try writeView(view.shownSelection(), of: view.dataSource, to: CSVWriteTarget(recordingCurrentStateOf: path),
                      overwriting: true)
    }

    /// Writes `selection` of `source` to `target.path` as CSV, atomically (see
    /// `write(_:to:overwriting:progress:)` for the temporary file, `.bak`, permissions and the
    /// conflict checks): a header of the selected columns' titles (unless this writer writes
    /// none), then each selected record's selected fields, edits of an `EditableDataSource`
    /// included. Columns a layer appends without data (`AppendingColumnsDataSource`) are left out.
    ///
    /// Fields are encoded with RFC 4180 quoting (`CSVField`) in this writer's dialect; a field
    /// read from a file of the same dialect that needs no change is copied byte for byte (a
    /// quoted field stays quoted, bytes that are not UTF-8 stay as they were). Streams with a
    /// 1 MB buffer: memory does not grow with the rows written. Thread-safe (any thread): it
    /// reads the source through its thread-safe accessors.
    /// - Complexity: O(bytes of the selected records).
    @discardableResult
    public func writeView(_ selection: DataTableViewSelection, of source: DataTableDataSource, to target: CSVWriteTarget,
                          overwriting: Bool = false, progress: CSVWriteProgress? = nil) throws -> CSVWriteResult {
        try replace(target, with: source, overwriting: overwriting, progress: progress) { data, snapshot, output in
            try encodeView(selection, of: data, snapshot: snapshot, into: &output)
        }
    }

    /// The header of the selected columns, then the selected records; returns the records written.
    func encodeView(_ selection: DataTableViewSelection, of data: DataTableDataSource,
                    snapshot: EditableDataSource.Snapshot?, into output: inout OutputBuffer) throws -> Int {
        // Header-only columns a layer appends (an Actions column) hold no data.
        let columns = selection.columns.filter { $0 >= 0 && $0 < data.columnCount }
        let edits = snapshot?.edits ?? [:]
        let deleted = Set(snapshot?.deletedRows ?? [])
        let delimiter = dialect.delimiter, quote = dialect.quote
        if writesByteOrderMark { try output.append([0xEF, 0xBB, 0xBF]) }
        if writesHeader {
            let titles = Self.headerTitles(of: data)
            for (i, column) in columns.enumerated() {
                if i > 0 { try output.append(delimiter) }
                try output.append(CSVField.encode(column < titles.count ? titles[column] : "", delimiter: delimiter, quote: quote))
            }
            try output.append(lineTerminator.bytes)
        }
        // Records read as raw bytes when the source has them and no field of the row is edited.
        let reader = (data as? DataTableRawRecords)?.makeRawRecordReader(rowCount: data.rowCount)
        let copiesVerbatim = reader.map { $0.delimiter == delimiter && $0.quote == quote } ?? false
        var fields: [CSVRawRecord.Field] = []
        var scratch: [UInt8] = []
        var written = 0
        for position in 0..<selection.rowCount {
            let row = selection.sourceRow(at: position)
            if deleted.contains(row) { continue }
            let rowEdits = edits[row]
            if let reader, rowEdits == nil {
                let record = reader.record(row)
                CSVRawRecord.split(record, delimiter: reader.delimiter, quote: reader.quote, into: &fields)
                for (i, column) in columns.enumerated() {
                    if i > 0 { try output.append(delimiter) }
                    guard column < fields.count else { continue }
                    let field = fields[column]
                    let bytes = UnsafeRawBufferPointer(rebasing: record[field.start..<field.end])
                    if copiesVerbatim && (field.kind == .quoted || (field.kind == .plain && !Self.needsQuotes(bytes, delimiter: delimiter, quote: quote))) {
                        try output.append(bytes)
                    } else {
                        scratch.removeAll(keepingCapacity: true)
                        CSVRawRecord.decode(field, in: record, quote: reader.quote, into: &scratch)
                        try scratch.withUnsafeBytes { try appendEncoded($0, to: &output) }
                    }
                }
            } else {
                let values = data.fields(row: row)
                for (i, column) in columns.enumerated() {
                    if i > 0 { try output.append(delimiter) }
                    let text = rowEdits?[column] ?? (column < values.count ? values[column] : "")
                    try output.append(CSVField.encode(text, delimiter: delimiter, quote: quote))
                }
            }
            try output.append(lineTerminator.bytes)
            written += 1
        }
        return written
    }

    /// `bytes` as one field of this writer's dialect, quoted when needed (as `CSVField.encode`).
    private func appendEncoded(_ bytes: UnsafeRawBufferPointer, to output: inout OutputBuffer) throws {
        let delimiter = dialect.delimiter, quote = dialect.quote
        guard Self.needsQuotes(bytes, delimiter: delimiter, quote: quote) else {
            try output.append(bytes)
            return
        }
        try output.append(quote)
        var start = 0
        for i in 0..<bytes.count where bytes[i] == quote {
            try output.append(UnsafeRawBufferPointer(rebasing: bytes[start...i]))
            start = i  // the quote again: doubled
        }
        try output.append(UnsafeRawBufferPointer(rebasing: bytes[start...]))
        try output.append(quote)
    }

    /// Whether a field's text needs quotes: the delimiter, the quote, CR or LF in it, or a space
    /// or tab at either end (`CSVField.encode`'s rule).
    static func needsQuotes(_ bytes: UnsafeRawBufferPointer, delimiter: UInt8, quote: UInt8) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 { return true }
        for byte in bytes where byte == delimiter || byte == quote || byte == 0x0A || byte == 0x0D { return true }
        return false
    }

    /// The column titles as the header record has them (an empty title stays empty), else the
    /// source's titles.
    static func headerTitles(of data: DataTableDataSource) -> [String] {
        if let file = data as? CSVFileDataSource, file.hasHeader {
            return file.file.bytes(file.headerStart..<file.dataStart).withMemoryRebound(to: UInt8.self) { buffer in
                var scanner = CSVReader.Scanner(buffer, dialect: file.dialect)
                return scanner.nextRecord() ?? []
            }
        }
        return (0..<data.columnCount).map(data.title(ofColumn:))
    }
}
