import Dispatch
import Synchronization

/// Infers every column's kind and format over a large sample spread evenly through the rows,
/// on a worker thread: the table's first guess (`ColumnSizer`, from the rows it measures) is
/// checked as indexing goes on, and the view takes the result when it polls
/// (`DataTableView.refreshFromDataSource`).
///
/// The sample is `sampleRows` rows (fewer for very wide tables: at most `cellBudget` fields)
/// at even steps from the first indexed row to the last, so a column whose first thousand
/// values are `NA` is judged by its values further down. Fields are read through the source's
/// raw reader where it has one (no row is parsed whole). Measured on the 10M-row bench file
/// (8 columns, release build): see docs/decisions/0058-nulls-strays-kinds-from-spread-sample.md.
final class ColumnKindSampler: @unchecked Sendable {
    /// Rows in a full sample.
    static let sampleRows = 4096
    /// Fields read at most per sample (wide tables sample fewer rows).
    static let cellBudget = 1 << 20
    /// Bytes of a field kept as a sample: no number, date or boolean is longer, and a 32 MiB
    /// field must not be copied into a `String` (its first bytes say it is text).
    static let maxSampleBytes = 256

    /// The source rows the sample was spread over.
    let rowCount: Int
    private let result = Mutex<[(kind: SortKeyKind, format: ValueFormat)?]?>(nil)

    /// Starts sampling rows `0..<rowCount` of `source` for `columns` (others answer nil).
    init(source: DataTableDataSource, rowCount: Int, columns: [Int], nullTokens: NullTokens) {
        self.rowCount = rowCount
        let box = UncheckedSendableBox(value: source)
        DispatchQueue.global(qos: .utility).async { [self] in
            let kinds = Self.infer(source: box.value, rowCount: rowCount, columns: columns, nullTokens: nullTokens)
            result.withLock { $0 = kinds }
        }
    }

    /// The kinds by column once the worker finished (taken once), else nil.
    func take() -> [(kind: SortKeyKind, format: ValueFormat)?]? {
        result.withLock { value in defer { value = nil }; return value }
    }

    /// Infers `columns`' kinds over a sample of rows `0..<rowCount` (any thread; reads the
    /// source through its thread-safe accessors). Result indexed by column; nil for columns
    /// not asked about.
    /// - Complexity: O(sample rows × columns) fields read and parsed.
    static func infer(source: DataTableDataSource, rowCount: Int, columns: [Int],
                      nullTokens: NullTokens) -> [(kind: SortKeyKind, format: ValueFormat)?] {
        var kinds = [(kind: SortKeyKind, format: ValueFormat)?](repeating: nil, count: source.columnCount)
        guard !columns.isEmpty else { return kinds }
        let rows = sampleRows(count: rowCount, sampleSize: max(2, min(sampleRows, cellBudget / max(1, columns.count))))
        let delimiter = source.fieldDelimiter
        var scratch: [UInt8] = []
        for column in columns where column < source.columnCount {
            var samples: [String] = []
            samples.reserveCapacity(rows.count)
            if let reader = source.makeRawFieldReader(column: column, rowCount: rowCount) {
                for row in rows {
                    let whole = reader(row)
                    let field = UnsafeRawBufferPointer(rebasing: whole[..<min(whole.count, maxSampleBytes)])
                    if field.count > 0 && field[0] == UInt8(ascii: "\"") {
                        scratch.removeAll(keepingCapacity: true)
                        TextKey.appendUnquoting(field, to: &scratch)
                        samples.append(String(decoding: scratch, as: UTF8.self))
                    } else {
                        samples.append(String(decoding: field, as: UTF8.self))
                    }
                }
            } else {
                for row in rows { samples.append(String(decoding: source.sortText(row: row, column: column).utf8.prefix(maxSampleBytes), as: UTF8.self)) }
            }
            let inferred = ColumnKindInference.infer(samples, nullTokens: nullTokens, delimiter: delimiter)
            kinds[column] = inferred
        }
        return kinds
    }

    /// `sampleSize` row ids at even steps through `0..<count`, the first and the last included
    /// (every row when there are no more than `sampleSize`).
    static func sampleRows(count: Int, sampleSize: Int) -> [Int] {
        guard count > sampleSize else { return Array(0..<count) }
        guard sampleSize > 1 else { return [0] }
        let step = Double(count - 1) / Double(sampleSize - 1)
        return (0..<sampleSize).map { min(count - 1, Int(saturating: (Double($0) * step).rounded())) }
    }
}

extension DataTableDataSource {
    /// The field delimiter of a source that holds raw CSV bytes (its record reader's), else `,`.
    var fieldDelimiter: UInt8 { makeRawRecordReader(rowCount: 0)?.delimiter ?? UInt8(ascii: ",") }
}
