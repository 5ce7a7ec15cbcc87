/// Edits over scanned bytes: the base's records, with every edited row read as text.
extension EditableDataSource: RecordScanning {
    /// The base's scan (nil when it has none), listing the rows with edited fields in
    /// `rowsReadAsText`: their bytes no longer hold their values. Deleted rows keep their bytes
    /// (the view leaves them out of every order). The scan does not see later edits.
    public func makeRecordScan(rowCount: Int) -> RecordScan? {
        guard var scan = (base as? RecordScanning)?.makeRecordScan(rowCount: rowCount) else { return nil }
        guard hasEditedFields else { return scan }
        let edited = snapshot().edits.compactMap { $0.value.isEmpty ? nil : $0.key }
        scan.rowsReadAsText = Array(Set(scan.rowsReadAsText + edited)).sorted()
        return scan
    }
}
