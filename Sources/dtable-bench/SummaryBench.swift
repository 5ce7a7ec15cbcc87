import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// The summary of every column (the `I` screen's engine, `ColumnSummaryJob`) over the generated
/// file, through the viewer's path: the indexed `CSVFileDataSource`, the kinds the view infers,
/// `DataTableView.makeColumnSummaryJob()` with one worker per core.
///
/// `dtable-bench --summary [--rows N] [--runs R] [--data-directory DIR] [--sorted-by COLUMN]`
/// prints the summary (one line per column), the best wall and CPU time of R runs (default 3;
/// 10M rows by default) and each column's time in the best run (`summary_column_ms`, from the
/// previous column's publication to its own); with `--sorted-by`, the view is sorted by that
/// column first, so its kept sort keys are there for `I` (docs/decisions/0157). `make bench`
/// adds the figure to its table (`measure(path:)`; target <= 5 s at 10M rows).
enum SummaryBench {
    /// The target for 10M rows, in ms.
    static let targetMilliseconds = 5000.0

    /// The command-line mode.
    static func run(directory: String, rows: Int, runs: Int, sortedBy: String? = nil) {
        let path = BenchData.path(directory: directory, rows: rows)
        mkdir(directory, 0o755)
        _ = BenchData.ensure(path: path, rows: rows)
        guard let (figures, summaries) = measure(path: path, runs: runs, sortedBy: sortedBy) else { exit(1) }
        for summary in summaries { print(line(summary)) }
        for (key, value) in figures.sorted(by: { $0.key < $1.key }) { print("\(key)=\(value)") }
    }

    /// Best wall and CPU ms of `runs` summaries of every column of the file at `path` (and the
    /// summaries of the last run), after a sort by the column titled `sortedBy` when given; nil
    /// when the file cannot be opened.
    static func measure(path: String, runs: Int = 3, sortedBy: String? = nil)
        -> (figures: [String: String], summaries: [ColumnSummary])? {
        guard let source = BenchData.openSource(path) else { return nil }
        source.indexAll()
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 200, height: 60))
        view.settleColumnKinds()
        if let sortedBy, let column = view.columns.firstIndex(where: { $0.title == sortedBy }) {
            view.sort(by: [SortDescriptor(column: column, ascending: true)])
        }
        var best = Double.infinity, bestCPU = Double.infinity, firstColumn = Double.infinity
        var columnTimes: [String] = []
        var summaries: [ColumnSummary] = []
        for run in 0..<max(1, runs) {
            progress("  summary of \(source.columnCount) columns, run \(run + 1) of \(runs)")
            let job = view.makeColumnSummaryJob()
            let cpuStart = FilterBench.cpuSeconds()
            let start = clock.now
            job.start()
            var first: Double?
            var published = [Double?](repeating: nil, count: job.columns.count)
            while !job.isFinished {
                let now = milliseconds(clock.now - start)
                for (i, summary) in job.summaries.enumerated() where summary != nil && published[i] == nil { published[i] = now }
                if first == nil, job.summaries.first! != nil { first = now }
                usleep(200)
            }
            let ms = milliseconds(clock.now - start)
            if ms < best {
                var previous = 0.0
                columnTimes = zip(job.columns, published).map { column, at in
                    let at = at ?? ms
                    defer { previous = at }
                    return "\(column.title):\(format1(at - previous))"
                }
            }
            best = min(best, ms)
            bestCPU = min(bestCPU, (FilterBench.cpuSeconds() - cpuStart) * 1000)
            if let first { firstColumn = min(firstColumn, first) }
            summaries = job.summaries.compactMap { $0 }
        }
        let rows = source.rowCount
        var figures = [
            "summary_rows": String(rows), "summary_columns": String(source.columnCount),
            "summary_ms": format1(best), "summary_cpu_ms": format1(bestCPU), "summary_first_column_ms": format1(firstColumn),
            "summary_column_ms": columnTimes.joined(separator: ","),
        ]
        if rows >= 10_000_000 {
            let target = targetMilliseconds * Double(rows) / 10_000_000
            figures["summary"] = "\(format1(best)) (\(best <= target ? "<=" : "OVER") \(format1(target)))"
        } else {
            figures["summary"] = format1(best)
        }
        return (figures, summaries)
    }

    /// One column's summary as a line of text.
    static func line(_ s: ColumnSummary) -> String {
        let q = s.quantiles
        let parts = [
            s.title, s.kind.name, "non-null \(s.nonNullCount)", "null \(s.nullCount)", "distinct \(s.formattedDistinctCount)",
            "min \(s.minimum ?? "")", "max \(s.maximum ?? "")", "mean \(s.formattedMean)",
            "median \(q.map { s.formattedValue($0.median) } ?? "")",
            "p25 \(q.map { s.formattedValue($0.p25) } ?? "")", "p75 \(q.map { s.formattedValue($0.p75) } ?? "")",
            "top \(TerminalText.sanitized(s.formattedMostFrequent))", HistogramCell.bars(s.histogram, width: s.histogram.count),
        ]
        return parts.joined(separator: " | ")
    }
}
