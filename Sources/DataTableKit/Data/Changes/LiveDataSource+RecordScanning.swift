/// The version shown now is the one scanned.
extension LiveDataSource: RecordScanning {
    /// The current version's scan (a job keeps reading it after a switch: replaced versions
    /// stay alive, see `retiredLifetime`); nil when it has none.
    public func makeRecordScan(rowCount: Int) -> RecordScan? {
        (base as? RecordScanning)?.makeRecordScan(rowCount: rowCount)
    }
}
