/// The totals row's numbers (a part of `ColumnLayout`; `DataTableView+Totals` computes and
/// draws them): the summaries of the rows shown, what they were computed for, and the work
/// computing them off the UI thread for a large table.
struct ColumnTotals {
    /// What the totals depend on: the rows shown and the columns totalled. Compared every
    /// frame: the arrays and sets compare by identity first, so unchanged inputs cost O(1).
    struct Inputs: Equatable {
        /// The source's rows.
        var rowCount: Int
        /// The rows the filters keep (nil: every row).
        var filteredRows: [UInt32]?
        /// Rows hidden from every order.
        var hiddenRows: Set<Int>
        /// Bumped when the data changed (`DataTableView.remeasureColumns`).
        var dataGeneration: Int
        /// The columns totalled and how.
        var totals: [Int: DataTableTotal]
    }

    /// The outcome of a computation: a summary per column totalled, and the rows counted.
    struct Result: Sendable {
        var summaries: [Int: DataTableColumnSummary]
        var rowCount: Int
    }

    /// Tables with at most this many fields to read are totalled on the UI thread, at once.
    static let inlineFieldLimit = 50_000

    /// The inputs `result` was computed for (nil: never computed).
    var computedFor: Inputs?
    /// The last totals computed.
    var result = Result(summaries: [:], rowCount: 0)
    /// The computation running off the UI thread, and its inputs.
    var running: (inputs: Inputs, value: BackgroundValue<Result?>)?
    /// Bumped when the data changed, so the totals are computed again.
    var dataGeneration = 0

    /// Totals `columns` (source column, its format) over `rows` (source rows; nil: every row
    /// of the source), skipping `hidden`; nil when `isCancelled` said so. Any thread: reads the
    /// source through its thread-safe accessors (raw fields when it has them).
    /// - Complexity: O(rows × columns) field reads.
    static func compute(source: DataTableDataSource, rowCount: Int, rows: [UInt32]?, hidden: Set<Int>,
                        columns: [(column: Int, format: ValueFormat)], isCancelled: () -> Bool) -> Result? {
        let raw = source as? DataTableRawRecords
        var summaries: [Int: DataTableColumnSummary] = [:]
        for (column, format) in columns {
            var summary = DataTableColumnSummary(column: column)
            summary.format = format
            let reader = raw?.makeRawFieldReader(column: column, rowCount: rowCount)
            func add(_ row: Int) {
                guard hidden.isEmpty || !hidden.contains(row) else { return }
                if let reader { summary.add(reader(row)) } else { summary.add(source.text(row: row, column: column)) }
            }
            if let rows {
                for (i, row) in rows.enumerated() {
                    if i & 0xFFFF == 0 && isCancelled() { return nil }
                    add(Int(row))
                }
            } else {
                for row in 0..<rowCount {
                    if row & 0xFFFF == 0 && isCancelled() { return nil }
                    add(row)
                }
            }
            summaries[column] = summary
        }
        let counted = rows.map { hidden.isEmpty ? $0.count : $0.lazy.filter { !hidden.contains(Int($0)) }.count }
            ?? rowCount - hidden.lazy.filter { $0 < rowCount }.count
        return Result(summaries: summaries, rowCount: counted)
    }
}
