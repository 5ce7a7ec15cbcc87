import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// `dtable-bench --filter QUERY [--regex] [--rows N] [--data-directory DIR]`: the cost of one
/// filter through the viewer's path (`DataTableView.startFilter`, a worker job over the raw
/// record bytes) on the generated file of N rows (default 1M), plus the matcher alone per field.
/// Prints `key=value` lines: rows, kept rows, filter ms (best of `--runs`, default 3), µs per
/// field for the filter (rows × columns, every field read when nothing matches) and for the
/// matcher on the fields of the first 100,000 rows already in memory.
enum FilterBench {
    static func run(query: String, isRegex: Bool, directory: String, rows: Int, runs: Int) {
        let path = BenchData.path(directory: directory, rows: rows)
        mkdir(directory, 0o755)
        _ = BenchData.ensure(path: path, rows: rows)
        let matcher: RowMatcher
        do {
            matcher = try RowMatcher(query: query, mode: isRegex ? .regex : .substring)
        } catch {
            progress("\(error)")
            exit(1)
        }
        guard let source = BenchData.openSource(path) else { exit(1) }
        source.indexAll()
        let rowCount = source.rowCount
        let fields = Double(rowCount * source.columnCount)
        print("query=\(query) mode=\(isRegex ? "regex" : "substring")")
        print("rows=\(rowCount) columns=\(source.columnCount)")

        var best = Double.infinity
        var bestCPU = Double.infinity
        for _ in 0..<max(1, runs) {
            let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(),
                                     size: Size(width: 200, height: 60))
            let start = clock.now
            let cpuStart = cpuSeconds()
            view.startFilter(matcher)
            while view.activeJob != nil {
                usleep(1000)
                _ = view.refreshFromDataSource(checkingForChanges: false)
            }
            let ms = milliseconds(clock.now - start)
            let cpuMs = (cpuSeconds() - cpuStart) * 1000
            best = min(best, ms)
            bestCPU = min(bestCPU, cpuMs)
            print("filter_ms=\(format1(ms)) cpu_ms=\(format1(cpuMs)) notice=\(view.notice ?? "")")
        }
        print("filter_best_ms=\(format1(best))")
        print("filter_us_per_field=\(format3(best * 1000 / fields)) cpu_us_per_field=\(format3(bestCPU * 1000 / fields))")

        // The matcher alone, on Strings of the first 100,000 rows' fields.
        let sample = (0..<min(rowCount, 100_000)).flatMap { source.fields(row: $0) }
        var hits = 0
        let start = clock.now
        let cpuStart = cpuSeconds()
        for field in sample where matcher.matches(field) { hits += 1 }
        let ns = seconds(clock.now - start) * 1e9
        let cpuNs = (cpuSeconds() - cpuStart) * 1e9
        print("matcher_fields=\(sample.count) matcher_hits=\(hits) matcher_us_per_field=\(format3(ns / 1000 / Double(sample.count))) cpu_us_per_field=\(format3(cpuNs / 1000 / Double(sample.count)))")
    }

    /// CPU time of the whole process (user + system), in seconds: on a shared machine the
    /// wall clock also counts other processes' turns.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

