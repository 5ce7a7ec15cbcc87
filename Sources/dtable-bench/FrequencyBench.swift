import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// The frequency table (`F`) through the viewer's path: `DataTableView.startFrequency` on the
/// indexed file (two threads over raw fields), waited for as the sheet's poll would. Columns:
/// `name` (264 distinct texts, one in eight quoted), `email` (mostly distinct), and `status`
/// over the rows a filter kept (`&active`: the bitmap path). Wall and process CPU time, best of
/// `runs` each (on a shared machine the wall clock also counts other processes' turns). A first
/// count drops the kept sort keys before each run (a first `F` of a few-valued text column keeps
/// them); `freq_name_again` is the `F` of `name` right after one (from the keys it kept).
///
/// `dtable-bench --frequency [--rows N] [--runs R] [--data-directory DIR]` prints the figures
/// alone; `make bench` puts them in its table.
enum FrequencyBench {
    /// The target of issue 12: a text column's frequency table over 10M rows.
    static let targetMilliseconds = 1500.0

    /// The table's rows for these figures.
    static let metrics: [(String, String)] = [
        ("freq_name", "frequency of text column `name` (ms wall / CPU, best of 3; target <= 1500 at 10M)"),
        ("freq_name_again", "  same, `name` again (counted from the keys the first count kept)"),
        ("freq_email", "  same, `email` (mostly distinct values)"),
        ("freq_filtered", "  same, `status` over the rows of `&active` (ms wall / CPU)"),
        ("freq_kept", "  same, `name` and `email` once sorted by each (counted from the kept sort keys)"),
    ]

    /// `freq_name`, `freq_email`, `freq_filtered` for the table.
    static func measure(path: String, runs: Int = 3) -> [String: String] {
        guard let source = try? CSVFileDataSource(path: path) else { return [:] }
        source.indexAll()
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 200, height: 60))
        view.settleColumnKinds()
        let rows = source.rowCount
        func column(_ title: String) -> Int { (0..<source.columnCount).first { source.title(ofColumn: $0) == title } ?? 0 }
        func figure(_ title: String) -> String {
            progress("\(path): frequency of \(title)")
            let (wall, cpu, distinct) = best(view: view, column: column(title), runs: runs)
            let verdict = rows >= 10_000_000 && title == "name" ? (wall <= targetMilliseconds ? " (<= 1500)" : " (OVER 1500)") : ""
            return "\(format1(wall)) / \(format1(cpu))\(verdict); \(distinct) values"
        }
        var values: [String: String] = [:]
        values["freq_name"] = figure("name")
        values["freq_name_again"] = describe(again(view: view, column: column("name"), runs: runs))
        values["freq_email"] = figure("email")
        values["freq_kept"] = ["name", "email"].map { title in
            view.sort(by: [SortDescriptor(column: column(title))])
            let (wall, cpu, distinct) = best(view: view, column: column(title), runs: runs, first: false)
            return "\(title) \(format1(wall)) / \(format1(cpu)); \(distinct) values"
        }.joined(separator: ", ")
        view.sort(by: [])
        if let matcher = try? RowMatcher(query: "active", mode: .substring) {
            view.startFilter(matcher)
            view.waitForJob()
            values["freq_filtered"] = figure("status") + " of \(view.viewport.rowCount) rows"
        }
        return values
    }

    /// The best wall and CPU milliseconds of `runs` counts of `column`, and its distinct values;
    /// each a `first` count (the kept sort keys dropped before it) unless told otherwise.
    static func best(view: DataTableView, column: Int, runs: Int, first: Bool = true) -> (wall: Double, cpu: Double, distinct: Int) {
        var wall = Double.infinity, cpu = Double.infinity, distinct = 0
        for _ in 0..<max(1, runs) {
            if first { view.dropSortKeyCache() }
            let start = clock.now
            let cpuStart = FilterBench.cpuSeconds()
            let job = view.startFrequency(ofColumn: column)
            guard let table = job.wait() else { continue }
            wall = min(wall, milliseconds(clock.now - start))
            cpu = min(cpu, (FilterBench.cpuSeconds() - cpuStart) * 1000)
            distinct = table.count + (table.nullCount > 0 ? 1 : 0)
        }
        return (wall, cpu, distinct)
    }

    /// `freq_name_again`: the best of `runs` counts of `column` each right after a first count
    /// (from the keys it kept, when it kept them).
    static func again(view: DataTableView, column: Int, runs: Int) -> (wall: Double, cpu: Double, distinct: Int) {
        var wall = Double.infinity, cpu = Double.infinity, distinct = 0
        for _ in 0..<max(1, runs) {
            _ = best(view: view, column: column, runs: 1)
            let figures = best(view: view, column: column, runs: 1, first: false)
            (wall, cpu, distinct) = (min(wall, figures.wall), min(cpu, figures.cpu), figures.distinct)
        }
        return (wall, cpu, distinct)
    }

    /// `wall / cpu; N values`.
    static func describe(_ figures: (wall: Double, cpu: Double, distinct: Int)) -> String {
        "\(format1(figures.wall)) / \(format1(figures.cpu)); \(figures.distinct) values"
    }

    /// `--frequency`: the figures for one generated file, as `key=value` lines; with `columns`,
    /// only the frequency of each of those columns (to profile one).
    static func run(directory: String, rows: Int, runs: Int, columns: [String]? = nil) {
        let path = BenchData.path(directory: directory, rows: rows)
        mkdir(directory, 0o755)
        _ = BenchData.ensure(path: path, rows: rows)
        guard let columns else {
            for (key, value) in measure(path: path, runs: runs).sorted(by: { $0.key < $1.key }) { print("\(key)=\(value)") }
            return
        }
        guard let source = try? CSVFileDataSource(path: path) else { return }
        source.indexAll()
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 200, height: 60))
        view.settleColumnKinds()
        for title in columns {
            guard let column = (0..<source.columnCount).first(where: { source.title(ofColumn: $0) == title }) else { continue }
            let (wall, cpu, distinct) = best(view: view, column: column, runs: runs)
            print("freq_\(title)=\(format1(wall)) / \(format1(cpu)); \(distinct) values")
            print("freq_\(title)_again=\(describe(again(view: view, column: column, runs: runs)))")
        }
    }
}
