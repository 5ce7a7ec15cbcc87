import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// dtable's side of `make bench-peers` (scripts/bench-peers.py runs DuckDB and polars on the same
/// files and prints the table with the ratios): `dtable-bench --peers [--rows N,N] [--runs R]
/// [--data-directory DIR]` prints one JSON object per generated file (generated first when
/// missing), every figure the best wall time of `runs`, in ms, in this process through the
/// library, as `make bench` measures them (the file read once first, for a warm page cache):
/// - `load_ms`: open + the whole row index + the field count of every record
///   (`CSVFileDataSource.indexAll()`: all the viewer does before every row is known);
/// - `sort_int_ms`, `sort_text_ms`: `DataTableView.sort(by:)` by `progress`, then `name`
///   (SortBench: keys read from the mapped file, then sorted);
/// - `filter_ms`: a substring filter over all columns, `hopper` (lower case, so smart case
///   matches it case-insensitively, as the peers' `ILIKE` and `(?i)` do; ScanBench.bestFilter),
///   with `filter_rows` the rows it kept;
/// - `freq_name_ms`, `freq_email_ms`: the frequency table of `name` and `email` (mostly
///   distinct; FrequencyBench.best: a first count each), with their distinct values;
/// - `freq_name_again_ms`: `name` counted again right after a first count (FrequencyBench.again:
///   from the keys the first count kept);
/// - `freq_email_sorted_ms`: `email` counted once the view is sorted by it (from the keys the
///   sort kept);
/// - `peak_rss_mb`: the process's peak resident memory (VmHWM), the mapped file's pages included.
enum PeersBench {
    /// The filter's query: lower case, so matched case-insensitively.
    static let filterQuery = "hopper"

    /// Prints the figures of each size, a JSON object a line.
    static func report(directory: String, rowCounts: [Int], runs: Int) {
        mkdir(directory, 0o755)
        for rows in rowCounts {
            let path = BenchData.generatedFile(directory: directory, rows: rows)
            progress("peers: dtable on \(path), best of \(runs)")
            system("cat '\(path)' >/dev/null")  // a warm page cache, as `make bench` measures
            var figures: [(String, Double)] = [("load_average", SortBench.loadAverage())]
            figures += measure(path: path, runs: runs)
            figures.append(("peak_rss_mb", Double(processStatusKilobytes("VmHWM")) / 1024))
            let fields = figures.map { "\"\($0.0)\": \(jsonNumber($0.1))" }
            print("{\"path\": \"\(path)\", \"runs\": \(runs), " + fields.joined(separator: ", ") + "}")
            fflush(nil)
        }
    }

    /// The figures for one file, in the order of the table.
    static func measure(path: String, runs: Int) -> [(String, Double)] {
        var load = Double.infinity
        var source: CSVFileDataSource?
        for _ in 0..<max(1, runs) {
            let start = clock.now
            guard let opened = BenchData.openSource(path) else { return [] }
            opened.indexAll()
            load = min(load, milliseconds(clock.now - start))
            source = opened
        }
        guard let source else { return [] }
        func column(_ title: String) -> Int { (0..<source.columnCount).first { source.title(ofColumn: $0) == title } ?? 0 }
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 200, height: 60))
        view.settleColumnKinds()
        var figures: [(String, Double)] = [("rows", Double(source.rowCount)), ("load_ms", load)]
        progress("peers: dtable sorts")
        figures.append(("sort_int_ms", SortBench.measure(view: view, column: column("progress"), runs: runs).bestMilliseconds))
        figures.append(("sort_text_ms", SortBench.measure(view: view, column: column("name"), runs: runs).bestMilliseconds))
        progress("peers: dtable filter")
        let filter = ScanBench.bestFilter(source, query: filterQuery, mode: .substring, runs: runs)
        figures += [("filter_ms", filter.ms), ("filter_rows", Double(filter.kept))]
        progress("peers: dtable frequencies")
        for title in ["name", "email"] {
            let frequency = FrequencyBench.best(view: view, column: column(title), runs: runs)
            figures += [("freq_\(title)_ms", frequency.wall), ("freq_\(title)_values", Double(frequency.distinct))]
        }
        let again = FrequencyBench.again(view: view, column: column("name"), runs: runs)
        figures += [("freq_name_again_ms", again.wall), ("freq_name_again_values", Double(again.distinct))]
        view.sort(by: [SortDescriptor(column: column("email"))])
        let sorted = FrequencyBench.best(view: view, column: column("email"), runs: runs, first: false)
        figures += [("freq_email_sorted_ms", sorted.wall), ("freq_email_sorted_values", Double(sorted.distinct))]
        return figures
    }

    /// `value` as a JSON number (`null` when it is not finite).
    static func jsonNumber(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
