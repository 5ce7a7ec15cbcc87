import DataTableKit
import Synchronization

/// The summary sheet's rows: one per column of the table summarized, with its `ColumnSummary`
/// as the job publishes it (blank until then).
///
/// A column's row fills in when its summary arrives: the source reports the row as changed
/// (`DataTableChangeReporting`), so the sheet's table configures it again, widens its columns to
/// fit and flashes it. The counts read as integers for sorting (`sortText`: the distinct count
/// without its `~`), the histogram as its bin counts (`3 5 2 8`, drawn by `HistogramCell`,
/// written as they are by `:w`).
final class SummaryDataSource: DataTableLoading, DataTableChangeReporting {
    /// The sheet's columns.
    enum Field: Int, CaseIterable {
        case column, kind, nonNull, null, distinct, minimum, maximum, mean, median, p25, p75, mostFrequent, histogram

        /// The column's title.
        var title: String {
            switch self {
            case .column: return "column"
            case .kind: return "kind"
            case .nonNull: return "non-null"
            case .null: return "null"
            case .distinct: return "distinct"
            case .minimum: return "min"
            case .maximum: return "max"
            case .mean: return "mean"
            case .median: return "median"
            case .p25: return "p25"
            case .p75: return "p75"
            case .mostFrequent: return "most frequent"
            case .histogram: return "histogram"
            }
        }
    }

    /// The job computing the summaries.
    let job: ColumnSummaryJob
    /// The summaries shown (read by sort and search jobs on workers too).
    private let shown: Mutex<[ColumnSummary?]>
    /// The job's generation when its summaries were last taken.
    private var takenGeneration = -1

    /// The rows of `job`'s columns, filled in as it publishes summaries.
    init(job: ColumnSummaryJob) {
        self.job = job
        shown = Mutex(Array(repeating: nil, count: job.columns.count))
    }

    var columnCount: Int { Field.allCases.count }
    var rowCount: Int { job.columns.count }
    func title(ofColumn column: Int) -> String { Field(rawValue: column)?.title ?? "" }

    /// The summary of row `row`, once it arrived.
    func summary(ofRow row: Int) -> ColumnSummary? {
        shown.withLock { $0.indices.contains(row) ? $0[row] : nil }
    }

    func value(row: Int, column: Int) -> DataTableValueType {
        let text = self.text(row: row, column: column)
        return text.isEmpty ? .null : .string(text)
    }

    func text(row: Int, column: Int) -> String {
        guard let field = Field(rawValue: column), job.columns.indices.contains(row) else { return "" }
        let spec = job.columns[row]
        switch field {
        case .column: return spec.title
        case .kind: return spec.kind.name
        default: break
        }
        guard let s = summary(ofRow: row) else { return "" }
        switch field {
        case .column, .kind: return ""
        case .nonNull: return grouped(s.nonNullCount)
        case .null: return grouped(s.nullCount)
        case .distinct: return s.formattedDistinctCount
        case .minimum: return s.minimum ?? ""
        case .maximum: return s.maximum ?? ""
        case .mean: return s.formattedMean
        case .median: return s.formattedQuantile(0.5)
        case .p25: return s.formattedQuantile(0.25)
        case .p75: return s.formattedQuantile(0.75)
        case .mostFrequent: return s.formattedMostFrequent
        case .histogram: return s.histogram.map(String.init).joined(separator: " ")
        }
    }

    /// Counts as plain integers (no grouping, no `~`), so they sort as numbers.
    func sortText(row: Int, column: Int) -> String {
        guard let field = Field(rawValue: column), let s = summary(ofRow: row) else { return text(row: row, column: column) }
        switch field {
        case .nonNull: return String(s.nonNullCount)
        case .null: return String(s.nullCount)
        case .distinct: return String(s.distinctCount)
        default: return text(row: row, column: column)
        }
    }

    /// "summarizing 42%" while the job runs; complete once its last summaries were taken.
    var loadState: DataTableLoadState? {
        DataTableLoadState(fraction: job.fraction, isComplete: job.isFinished && takenGeneration == job.generation,
                           verb: "summarizing")
    }

    var hasRowChanges: Bool { job.generation != takenGeneration }

    /// Takes the summaries published since the last call; their rows changed.
    func takeRowChanges() -> DataTableRowChanges? {
        let generation = job.generation
        guard generation != takenGeneration else { return nil }
        takenGeneration = generation
        let latest = job.summaries
        let changed = shown.withLock { shown -> Set<Int> in
            let changed = Set(latest.indices.filter { latest[$0] != nil && shown[$0] == nil })
            shown = latest
            return changed
        }
        guard !changed.isEmpty else { return nil }
        return DataTableRowChanges(newSourceRows: Array(0..<rowCount), changedRows: changed)
    }
}
