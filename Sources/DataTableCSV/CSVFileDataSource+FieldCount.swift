import Synchronization

/// The field count pass (`countFieldsOfEveryRecord`) split at record starts, one part a core:
/// each part starts outside quotes at the start of a record, so parts count alone and the
/// widest record is the widest of the parts'. Measured in docs/decisions/0070-print-on-both-cores.md.
extension CSVFileDataSource {
    /// Files smaller than this are counted in one part.
    static let fieldCountPartBytes = 8 << 20

    /// `range` (whole records, from `dataStart`) cut at record starts into up to two parts of
    /// about the same size; one part for a stream or a small file.
    func fieldCountParts(_ range: Range<Int>) -> [Range<Int>] {
        let rows = rowCount
        guard !file.isStream, range.count >= Self.fieldCountPartBytes, rows >= 2 else { return [range] }
        let middle = min(max(index[rows / 2], range.lowerBound), range.upperBound)
        guard middle > range.lowerBound && middle < range.upperBound else { return [range] }
        return [range.lowerBound..<middle, middle..<range.upperBound]
    }

    /// Counts the fields of the records in `range` (starting at a record start, outside quotes),
    /// chunk by chunk, raising `widestRecordFields` as wider records are found.
    /// - Complexity: O(bytes in `range`).
    func countFields(in range: Range<Int>) {
        var state = FieldCountState()
        var offset = range.lowerBound
        while offset < range.upperBound && !indexingCancelled.load(ordering: .relaxed) {
            let upper = min(range.upperBound, offset + Self.chunkBytes)
            RowIndexer.countFields(file.bytes(offset..<upper), quote: dialect.quote, delimiter: dialect.delimiter, state: &state,
                                   kernel: plan.kernel)
            offset = upper
            if state.widest + 1 > widestRecordFields.load(ordering: .relaxed) {
                widestRecordFields.max(state.widest + 1, ordering: .releasing)
            }
        }
    }
}
