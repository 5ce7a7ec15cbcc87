extension TableFormatOutput {
    /// CSV and TSV of a source that holds raw records, without making strings: a quoted field
    /// (quote `"`) and a plain field that needs no quotes in the output are copied byte for byte
    /// (a whole record when every column is written in order in the file's dialect);
    /// any other field is decoded and encoded (`CSVField`). nil when the source has no raw
    /// records reader (or edits). Returns the rows written.
    static func writeRawDelimited(_ selection: DataTableViewSelection, of source: DataTableDataSource, delimiter: UInt8,
                                  titles: [String], chunkBytes: Int,
                                  output: (UnsafeRawBufferPointer) throws -> Void) rethrows -> Int? {
        guard let reader = (source as? DataTableRawRecords)?.makeRawRecordReader(rowCount: source.rowCount) else { return nil }
        let shown = selection.columns.filter { $0 >= 0 && $0 < source.columnCount }
        let quote = UInt8(ascii: "\"")
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunkBytes + (64 << 10))
        DelimitedFormatWriter(columns: titles.map { TableFormatColumn(title: $0) }, delimiter: delimiter).writeHeader(into: &buffer)
        var fields: [CSVRawRecord.Field] = []
        var scratch: [UInt8] = []
        // Every column in file order, in the file's own dialect: a record of that many fields
        // is copied whole (its fields as they stand).
        let wholeRecords = shown == Array(0..<source.columnCount) && reader.delimiter == delimiter && reader.quote == quote
        for position in 0..<selection.rowCount {
            let record = reader.record(selection.sourceRow(at: position))
            CSVRawRecord.split(record, delimiter: reader.delimiter, quote: reader.quote, into: &fields)
            if wholeRecords && fields.count == shown.count {
                buffer.append(contentsOf: record)
                buffer.append(0x0A)
                if buffer.count >= chunkBytes {
                    try buffer.withUnsafeBytes(output)
                    buffer.removeAll(keepingCapacity: true)
                }
                continue
            }
            for (i, column) in shown.enumerated() {
                if i > 0 { buffer.append(delimiter) }
                guard column < fields.count else { continue }
                let field = fields[column]
                let bytes = UnsafeRawBufferPointer(rebasing: record[field.start..<field.end])
                if (field.kind == .quoted && reader.quote == quote) || (field.kind == .plain && !needsQuotes(bytes, delimiter: delimiter)) {
                    buffer.append(contentsOf: bytes)
                } else {
                    scratch.removeAll(keepingCapacity: true)
                    CSVRawRecord.decode(field, in: record, quote: reader.quote, into: &scratch)
                    buffer.append(contentsOf: CSVField.encode(String(decoding: scratch, as: UTF8.self), delimiter: delimiter))
                }
            }
            buffer.append(0x0A)
            if buffer.count >= chunkBytes {
                try buffer.withUnsafeBytes(output)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if !buffer.isEmpty { try buffer.withUnsafeBytes(output) }
        return selection.rowCount
    }

    /// Whether a plain field needs quotes as a `delimiter`-separated field (`CSVField.encode`'s rule).
    @inline(__always)
    private static func needsQuotes(_ bytes: UnsafeRawBufferPointer, delimiter: UInt8) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 { return true }
        for byte in bytes where byte == delimiter || byte == 0x22 || byte == 0x0A || byte == 0x0D { return true }
        return false
    }
}
