import Synchronization
import TerminalSurface

/// Infers every column's kind and format, and measures its width, over a large sample spread
/// evenly through the rows, on a worker thread: the table's first guess (`ColumnSizer`, from the
/// rows it measures at open) is checked as indexing goes on, and the view takes the result when
/// it polls (`DataTableView.refreshFromDataSource`): kinds for the columns the user did not set,
/// widths that only grow.
///
/// The sample is `sampleRows` rows (fewer for very wide tables: at most `cellBudget` fields)
/// at even steps from the first indexed row to the last, so a column whose first thousand
/// values are `NA` is judged by its values further down. Fields are read from the source's raw
/// records where it has them: each sampled record once, split in one pass over at most its first
/// `recordBytes` bytes (no row is parsed whole, no field is read past `maxSampleBytes`), so a
/// million columns cost one pass per row, not one per field. Measured on the 10M-row bench file
/// (8 columns, release build): see docs/decisions/0058-nulls-strays-kinds-from-spread-sample.md;
/// wide and long records: docs/decisions/0088-column-work-linear-in-the-columns.md.
final class ColumnKindSampler: @unchecked Sendable {
    /// Rows in a full sample.
    static let sampleRows = 4096
    /// Fields read at most per sample (wide tables sample fewer rows).
    static let cellBudget = 1 << 20
    /// Bytes of a field kept as a sample: no number, date or boolean is longer, and a 32 MiB
    /// field must not be copied into a `String` (its first bytes say it is text). Widths are
    /// measured on them too: a width is capped (`maxColumnWidth`), so what is past the cap is
    /// never measured.
    static let maxSampleBytes = 256
    /// Bytes of one record the sample reads at most: fields past them are not sampled.
    static let recordBytes = 16 << 20

    /// How the widths are measured: the rule of `ColumnSizer` for each column.
    struct WidthRule: Sendable {
        /// Each column's width mode, by column (nil: `defaultMode` for every column).
        var modes: [DataTableColumnWidthMode]?
        var defaultMode: DataTableColumnWidthMode
        var minWidth: Int
        var maxWidth: Int
    }

    /// What a sample found, by column (nil for columns not asked about).
    struct Result: Sendable {
        var kinds: [(kind: SortKeyKind, format: ValueFormat)?]
        /// Each column's width by its width mode (nil: not measured).
        var widths: [Int?]
    }

    /// The source rows the sample was spread over.
    let rowCount: Int
    private let result = Mutex<Result?>(nil)

    /// Starts sampling rows `0..<rowCount` of `source` for `columns` (others answer nil), widths
    /// measured by `widthRule`.
    init(source: DataTableDataSource, rowCount: Int, columns: [Int], nullTokens: NullTokens, widthRule: WidthRule? = nil) {
        self.rowCount = rowCount
        let box = UncheckedSendableBox(value: source)
        BackgroundWork.start(.utility) { [self] in
            let sampled = Self.sample(source: box.value, rowCount: rowCount, columns: columns, nullTokens: nullTokens,
                                      widthRule: widthRule)
            result.withLock { $0 = sampled }
        }
    }

    /// The result once the worker finished (taken once), else nil.
    func take() -> Result? {
        result.withLock { value in defer { value = nil }; return value }
    }

    /// Infers `columns`' kinds over a sample of rows `0..<rowCount` (any thread; reads the
    /// source through its thread-safe accessors). Result indexed by column; nil for columns
    /// not asked about.
    /// - Complexity: O(sample rows × columns) fields read and parsed.
    static func infer(source: DataTableDataSource, rowCount: Int, columns: [Int],
                      nullTokens: NullTokens) -> [(kind: SortKeyKind, format: ValueFormat)?] {
        sample(source: source, rowCount: rowCount, columns: columns, nullTokens: nullTokens, widthRule: nil).kinds
    }

    /// Kinds and (with `widthRule`) widths of `columns` over a sample of rows `0..<rowCount`.
    /// - Complexity: O(sample rows × record bytes read), parses O(sample rows × columns) fields.
    static func sample(source: DataTableDataSource, rowCount: Int, columns: [Int], nullTokens: NullTokens,
                       widthRule: WidthRule?) -> Result {
        var result = Result(kinds: .init(repeating: nil, count: source.columnCount), widths: .init(repeating: nil, count: source.columnCount))
        let columns = columns.filter { $0 >= 0 && $0 < source.columnCount }
        guard !columns.isEmpty else { return result }
        let rows = sampleRows(count: rowCount, sampleSize: max(2, min(sampleRows, cellBudget / max(1, columns.count))))
        let delimiter = source.fieldDelimiter
        let maxBytes = max(maxSampleBytes, 4 * ((widthRule?.maxWidth ?? 0) + 1))
        let samples = texts(of: source, rows: rows, rowCount: rowCount, columns: columns, maxBytes: maxBytes)
        // Widths measure the text shown: the raw fields' text, else `text` (not the sort text).
        let shown = widthRule == nil || (source as? DataTableRawRecords)?.makeRawRecordReader(rowCount: 0) != nil ? samples
            : texts(of: source, rows: rows, rowCount: rowCount, columns: columns, maxBytes: maxBytes, shown: true)
        for (slot, column) in columns.enumerated() {
            result.kinds[column] = ColumnKindInference.infer(samples[slot], nullTokens: nullTokens, delimiter: delimiter)
            if let rule = widthRule {
                let mode = rule.modes.map { column < $0.count ? $0[column] : rule.defaultMode } ?? rule.defaultMode
                let widths = shown[slot].compactMap { text in
                    text.isEmpty ? nil : TerminalText.prefix(text[...], fittingWidth: rule.maxWidth + 1).width
                }
                let content = ColumnSizer.percentileWidth(widths, ColumnSizer.sampling(of: mode, defaultSampleSize: 0).percentile)
                // The title as the header shows it, with the sort indicator's cell.
                let titleWidth = source.title(ofColumn: column).displayWidth + 1
                result.widths[column] = ColumnSizer.width(content: content, titleWidth: titleWidth, mode: mode,
                                                          minWidth: rule.minWidth, maxWidth: rule.maxWidth)
            }
        }
        return result
    }

    /// The texts of `columns` (by position in `columns`) at `rows`, each at most `maxBytes`
    /// bytes, unquoted: from each raw record once when the source has them, else field by field
    /// (the sort text, or with `shown` the text shown).
    static func texts(of source: DataTableDataSource, rows: [Int], rowCount: Int, columns: [Int],
                      maxBytes: Int, shown: Bool = false) -> [[String]] {
        var samples = [[String]](repeating: [], count: columns.count)
        for slot in samples.indices { samples[slot].reserveCapacity(rows.count) }
        var scratch: [UInt8] = []
        func text(_ whole: UnsafeRawBufferPointer) -> String {
            let field = UnsafeRawBufferPointer(rebasing: whole[..<min(whole.count, maxBytes)])
            guard field.count > 0 && field[0] == UInt8(ascii: "\"") else { return String(decoding: field, as: UTF8.self) }
            scratch.removeAll(keepingCapacity: true)
            TextKey.appendUnquoting(field, to: &scratch)
            return String(decoding: scratch, as: UTF8.self)
        }
        let rawRecords = source as? DataTableRawRecords
        if let reader = rawRecords?.makeRawRecordReader(rowCount: rowCount) {
            // Each record split once: slot by column, the fields of a row up to the last column asked.
            var slotOfColumn = [Int](repeating: -1, count: (columns.max() ?? 0) + 1)
            for (slot, column) in columns.enumerated() { slotOfColumn[column] = slot }
            let last = slotOfColumn.count - 1
            for row in rows {
                var reached = 0
                _ = reader.firstField(ofRow: row, readingAtMost: recordBytes) { column, bytes in
                    if column <= last, slotOfColumn[column] >= 0 { samples[slotOfColumn[column]].append(text(bytes)) }
                    reached = column + 1
                    return column >= last
                }
                // Fields the record does not have (or past what was read) are empty.
                for column in reached..<slotOfColumn.count where slotOfColumn[column] >= 0 {
                    samples[slotOfColumn[column]].append("")
                }
            }
            return samples
        }
        for (slot, column) in columns.enumerated() {
            if !shown, let reader = rawRecords?.makeRawFieldReader(column: column, rowCount: rowCount) {
                for row in rows { samples[slot].append(text(reader(row))) }
            } else {
                for row in rows {
                    let whole = shown ? source.text(row: row, column: column) : source.sortText(row: row, column: column)
                    samples[slot].append(String(decoding: whole.utf8.prefix(maxBytes), as: UTF8.self))
                }
            }
        }
        return samples
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
    var fieldDelimiter: UInt8 {
        (self as? DataTableRawRecords)?.makeRawRecordReader(rowCount: 0)?.delimiter ?? UInt8(ascii: ",")
    }
}
