import DataTableKit

/// Filter and search scan the mapped file: the records are the mapping's bytes between the
/// row index's offsets.
extension CSVFileDataSource: RecordScanning {
    /// Rows `0..<min(rowCount, published rows)` of the mapping, with the file's dialect. The
    /// row index is read as it is now (rows published later are not in the scan).
    public func makeRecordScan(rowCount: Int) -> RecordScan? {
        let count = min(rowCount, self.rowCount)
        let index = index
        return RecordScan(bytes: file.bytes(0..<file.length), rowCount: count, rowStart: { index[$0] },
                          delimiter: dialect.delimiter, quote: dialect.quote)
    }
}
