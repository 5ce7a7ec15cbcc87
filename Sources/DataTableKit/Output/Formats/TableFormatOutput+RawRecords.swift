extension TableFormatOutput {
    /// Rows per batch of the raw path (a batch is made by one worker and written as one chunk).
    static let rawBatchRows = 4096

    /// `selection` of a source that holds raw records, in `format`, without a String per field:
    /// each field's text is a slice of the record where it can be (`TableFormatRowFields`); CSV
    /// and TSV in the file's own dialect with every column in file order copy whole records.
    /// Batches of rows are made on `threads` workers (`OrderedBatches`) and written in order.
    /// nil when the source has no raw records reader (or edits). Returns the rows written.
    static func writeRawRecords(_ selection: DataTableViewSelection, of source: DataTableDataSource, format: TableFormat,
                                writer: any TableFormatWriter, threads: Int,
                                output: (UnsafeRawBufferPointer) throws -> Void) rethrows -> Int? {
        guard let reader = (source as? DataTableRawRecords)?.makeRawRecordReader(rowCount: source.rowCount) else { return nil }
        let shown = selection.columns.filter { $0 >= 0 && $0 < source.columnCount }
        let delimiter: UInt8? = format == .csv ? UInt8(ascii: ",") : format == .tsv ? UInt8(ascii: "\t") : nil
        // Every column in file order, in the file's own dialect: a record of that many fields
        // is copied whole (its fields as they stand).
        let wholeRecords = delimiter == reader.delimiter && reader.quote == UInt8(ascii: "\"")
            && shown == Array(0..<source.columnCount)
        var header: [UInt8] = []
        writer.writeHeader(into: &header)
        try header.withUnsafeBytes(output)
        let rowCount = selection.rowCount
        let batchRows = rawBatchRows
        let rows = RawRecordRows(reader: reader, selection: selection, shown: shown, writer: writer, wholeRecords: wholeRecords)
        try OrderedBatches.run(batchCount: (rowCount + batchRows - 1) / batchRows, workers: threads,
                               makeSlot: { RawRecordBatch() },
                               fill: { batch, slot in
                                   let start = batch * batchRows
                                   slot.bytes.removeAll(keepingCapacity: true)
                                   for position in start..<min(start + batchRows, rowCount) {
                                       rows.write(position: position, into: &slot.bytes, row: &slot.row)
                                   }
                               },
                               drain: { _, slot in try slot.bytes.withUnsafeBytes(output) })
        var footer: [UInt8] = []
        writer.writeFooter(rowCount: rowCount, into: &footer)
        if !footer.isEmpty { try footer.withUnsafeBytes(output) }
        return rowCount
    }
}

/// What a worker of the raw path needs to write any row: read-only, shared by the workers.
private struct RawRecordRows: @unchecked Sendable {
    let reader: RawRecordReader
    let selection: DataTableViewSelection
    let shown: [Int]
    let writer: any TableFormatWriter
    let wholeRecords: Bool

    /// Appends the row at `position` of the selection to `bytes`.
    /// - Complexity: O(bytes of the record).
    @inline(__always)
    func write(position: Int, into bytes: inout [UInt8], row: inout TableFormatRowFields) {
        let record = reader.record(selection.sourceRow(at: position))
        CSVRawRecord.split(record, delimiter: reader.delimiter, quote: reader.quote, into: &row.recordFields)
        if wholeRecords && row.recordFields.count == shown.count {
            bytes.append(contentsOf: record)
            bytes.append(0x0A)
            return
        }
        row.removeAll()
        for column in shown {
            if column < row.recordFields.count {
                row.append(row.recordFields[column], of: record, quote: reader.quote)
            } else {
                row.appendEmpty()
            }
        }
        row.withFields(record: record) { writer.writeRow($0, position: position, into: &bytes) }
    }
}

/// One batch's bytes and the row scratch its worker writes with (`OrderedBatches` hands a
/// slot to one thread at a time).
private final class RawRecordBatch: @unchecked Sendable {
    var bytes: [UInt8] = []
    var row = TableFormatRowFields()
}
