import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// Column filters (`|`) through the viewer's path (`DataTableView.pushColumnFilter`, a worker
/// job reading one raw field per row) on the generated file: a numeric comparison and a date
/// comparison over every row, then a text equality narrowing the rows the first kept (the job
/// tests only those), then a pop (every row again); then the first two once a sort by their column
/// kept its keys (answered from them: `SortKeyCache`, docs/decisions/0152). Prints its own table after `make bench`'s;
/// `dtable-bench --column-filter [--rows N,N] [--runs R]` prints it alone.
enum ColumnFilterBench {
    /// The filters measured, as typed at `|` on their column.
    static let price = ("price", ">5000")
    static let date = ("date", "<=2012-06-30")
    static let status = ("status", "=active")

    static func runAlone() -> Never {
        let rows = option("--rows").map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1_000_000]
        printTable(directory: dataDirectory, rowCounts: rows,
                   runs: intOption("--runs", default: 3))
        exit(0)
    }

    static func printTable(directory: String, rowCounts: [Int], runs: Int = 3) {
        mkdir(directory, 0o755)
        var columns: [(title: String, values: [String: String])] = []
        for rows in rowCounts {
            let path = BenchData.generatedFile(directory: directory, rows: rows)
            progress("\(label(rows: rows)): column filters")
            columns.append((label(rows: rows), measure(path: path, runs: runs)))
        }
        let metrics: [(String, String)] = [
            ("price", "`|\(price.1)` on \(price.0), every row (ms, best of \(runs); CPU ms; rows kept)"),
            ("date", "`|\(date.1)` on \(date.0), every row (ms, best; CPU ms; rows kept)"),
            ("narrow", "then `|\(status.1)` on \(status.0), the kept rows only (ms, best; rows kept)"),
            ("pop", "Esc: the first filter again over every row (ms, best)"),
            ("priceKept", "`|\(price.1)` on \(price.0) once a sort kept its keys (ms, best; CPU ms; rows kept)"),
            ("dateKept", "`|\(date.1)` on \(date.0) once a sort kept its keys (ms, best; CPU ms; rows kept)"),
        ]
        print("")
        for line in MarkdownTable.figureLines(title: "column filters (warm page cache)", metrics: metrics, columns: columns) {
            print(line)
        }
    }

    /// One size's figures, by metric key.
    static func measure(path: String, runs: Int) -> [String: String] {
        guard let source = BenchData.openSource(path) else { return [:] }
        source.indexAll()
        let view = DataTableView(dataSource: source, size: Size(width: 200, height: 60))
        view.settleColumnKinds()
        let titles = (0..<source.columnCount).map { source.title(ofColumn: $0) }
        func filter(_ spec: (String, String)) -> ColumnFilter {
            ColumnFilter(typed: spec.1, column: titles.firstIndex(of: spec.0) ?? 0, isRegex: false)!
        }
        /// Best wall and CPU milliseconds of `runs` runs of `body` then waiting for its job.
        func best(_ body: () -> Void, reset: () -> Void) -> (Double, Double) {
            var wall = Double.infinity, cpu = Double.infinity
            for _ in 0..<max(1, runs) {
                reset()
                let start = clock.now, cpuStart = FilterBench.cpuSeconds()
                body()
                view.waitForJob()
                wall = min(wall, milliseconds(clock.now - start))
                cpu = min(cpu, (FilterBench.cpuSeconds() - cpuStart) * 1000)
            }
            return (wall, cpu)
        }
        func clear() {
            view.removeAllColumnFilters()
            view.waitForJob()
        }
        var values: [String: String] = [:]
        for (key, spec) in [("price", price), ("date", date)] {
            let (wall, cpu) = best({ view.pushColumnFilter(filter(spec)) }, reset: clear)
            values[key] = "\(format1(wall)); \(format1(cpu)); \(view.viewport.rowCount)"
        }
        let (narrow, _) = best({ view.pushColumnFilter(filter(status)) }, reset: {
            clear()
            view.pushColumnFilter(filter(price))
            view.waitForJob()
        })
        values["narrow"] = "\(format1(narrow)); \(view.viewport.rowCount)"
        let (pop, _) = best({ view.popColumnFilter() }, reset: {
            if view.columnFilters.count < 2 {
                view.pushColumnFilter(filter(status))
                view.waitForJob()
            }
        })
        values["pop"] = format1(pop)
        // The same filters answered from the keys a sort by their column kept.
        clear()
        for (key, spec) in [("priceKept", price), ("dateKept", date)] {
            view.sort(by: [SortDescriptor(column: titles.firstIndex(of: spec.0) ?? 0)])
            view.waitForJob()
            view.sort(by: [])
            view.waitForJob()
            let (wall, cpu) = best({ view.pushColumnFilter(filter(spec)) }, reset: clear)
            values[key] = "\(format1(wall)); \(format1(cpu)); \(view.viewport.rowCount)"
        }
        return values
    }
}
