/// Appended columns hold no data: the base's records are the rows' bytes.
extension AppendingColumnsDataSource: RecordScanning {
    /// The base's scan; nil when it has none.
    public func makeRecordScan(rowCount: Int) -> RecordScan? {
        (base as? RecordScanning)?.makeRecordScan(rowCount: rowCount)
    }
}
