import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// Filter, search and regex filter through the viewer's jobs (`DataTableView.startFilter`,
/// `startSearch`: the raw-byte scan on every core), against `grep` on the same file in the same
/// run, with the ratios. `make bench` prints its table after the main one; `dtable-bench --scan
/// [--rows N,N] [--runs R] [--field-wise]` prints it alone (`--field-wise` adds the field-wise
/// path the scan replaced, through a source that does not offer its bytes).
///
/// The queries: `Hopper` (a name in ~6% of rows, case-sensitive by smart case), the last row's
/// id (its only match is the last row: the search reads the whole file), and the regex
/// `Hop+er` (literal `Hop`) with `grep -cE`. Wall times are the best of `runs`; the load average
/// is printed with them, since the machine is shared.
enum ScanBench {
    static let filterQuery = "Hopper"
    static let regexQuery = "Hop+er"

    /// `dtable-bench --scan`: the table alone, then exits. With `--once filter|search|regex|none`
    /// it runs that one job once on the file of `--rows` rows (scanned, or `--field-wise`) and
    /// prints what it found: for counting instructions under `valgrind --tool=callgrind`, where
    /// `none` (open, index, a view and its kinds' sample) is the baseline to subtract.
    static func runAlone() -> Never {
        if let job = option("--once") {
            let rows = intOption("--rows", default: 100_000)
            let directory = dataDirectory
            mkdir(directory, 0o755)
            let path = BenchData.path(directory: directory, rows: rows)
            _ = BenchData.ensure(path: path, rows: rows)
            guard let file = try? CSVFileDataSource(path: path) else { exit(1) }
            file.indexAll()
            let source: DataTableDataSource = arguments.contains("--field-wise") ? FieldWiseSource(file) : file
            switch job {
            case "filter": print("kept=\(bestFilter(source, query: filterQuery, mode: .substring, runs: 1).kept)")
            case "regex": print("kept=\(bestFilter(source, query: regexQuery, mode: .regex, runs: 1).kept)")
            case "search": print("row=\(bestSearch(source, query: String(rows), runs: 1).row)")
            default:
                // The baseline: open, index, a view and its kinds' sample, no job.
                DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 200, height: 60))
                    .settleColumnKinds()
                print("rows=\(file.rowCount)")
            }
            exit(0)
        }
        printTable(directory: dataDirectory,
                   rowCounts: option("--rows").map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1_000_000, 10_000_000],
                   runs: intOption("--runs", default: 5), fieldWise: arguments.contains("--field-wise"))
        exit(0)
    }

    /// The table for every size, printed to stdout.
    static func printTable(directory: String, rowCounts: [Int], runs: Int = 5, fieldWise: Bool = false) {
        mkdir(directory, 0o755)
        var columns: [(title: String, values: [String: String])] = []
        for rows in rowCounts {
            let path = BenchData.generatedFile(directory: directory, rows: rows)
            columns.append((label(rows: rows), measure(path: path, rows: rows, runs: runs, fieldWise: fieldWise)))
        }
        let metrics: [(String, String)] = [
            ("grep", "`grep -c \(filterQuery)` (ms, best of \(runs), reference)"),
            ("filter", "filter `&\(filterQuery)` (ms, best; ratio to grep; rows kept)"),
            ("filter_cpu", "  CPU time of the best run (ms, both cores)"),
            ("grep_last", "`grep -c ID` of the last row (ms, reference)"),
            ("search", "search `/ID` of the last row from row 0 (ms, best; ratio to grep)"),
            ("search_cpu", "  CPU time of the best run (ms)"),
            ("grep_regex", "`grep -cE '\(regexQuery)'` (ms, reference)"),
            ("regex", "regex filter `\(regexQuery)` (ms, best; ratio to grep -E; rows kept)"),
            ("regex_cpu", "  CPU time of the best run (ms)"),
            ("field_filter", "field-wise filter, the path before the scan (ms)"),
            ("field_search", "field-wise search (ms)"),
            ("field_regex", "field-wise regex filter (ms)"),
            ("load", "load average (1 min) before / after"),
        ]
        print("")
        for line in MarkdownTable.figureLines(title: "scan: filter and search (warm page cache)", metrics: metrics,
                                              columns: columns, skippingEmpty: true) {
            print(line)
        }
    }

    /// The figures for one file.
    static func measure(path: String, rows: Int, runs: Int, fieldWise: Bool) -> [String: String] {
        var values: [String: String] = [:]
        let loadBefore = loadAverage()
        progress("scan \(label(rows: rows)): grep")
        system("cat '\(path)' >/dev/null")
        let lastID = String(rows)
        // Through a pipe: GNU grep stops at the first match when its output is /dev/null.
        let grep = bestShellMilliseconds("grep -c \(filterQuery) '\(path)' | cat >/dev/null", runs: runs)
        let grepLast = bestShellMilliseconds("grep -c \(lastID) '\(path)' | cat >/dev/null", runs: runs)
        let grepRegex = bestShellMilliseconds("grep -cE '\(regexQuery)' '\(path)' | cat >/dev/null", runs: runs)
        values["grep"] = format1(grep)
        values["grep_last"] = format1(grepLast)
        values["grep_regex"] = format1(grepRegex)

        guard let file = try? CSVFileDataSource(path: path) else {
            progress("\(path): cannot open")
            return values
        }
        file.indexAll()
        guard file.rowCount == rows else {
            progress("\(path): \(file.rowCount) rows, expected \(rows)")
            return values
        }
        func ratio(_ ms: Double, _ reference: Double) -> String { format2(ms / reference) + "x" }

        progress("scan \(label(rows: rows)): filter, search, regex (\(runs) runs each)")
        let filter = bestFilter(file, query: filterQuery, mode: .substring, runs: runs)
        values["filter"] = "\(format1(filter.ms)) (\(ratio(filter.ms, grep)); \(filter.kept))"
        values["filter_cpu"] = format1(filter.cpuMs)
        let search = bestSearch(file, query: lastID, runs: runs)
        values["search_cpu"] = format1(search.cpuMs)
        values["search"] = "\(format1(search.ms)) (\(ratio(search.ms, grepLast)))" + (search.row == rows - 1 ? "" : " (WRONG ROW \(search.row))")
        let regex = bestFilter(file, query: regexQuery, mode: .regex, runs: runs)
        values["regex"] = "\(format1(regex.ms)) (\(ratio(regex.ms, grepRegex)); \(regex.kept))"
        values["regex_cpu"] = format1(regex.cpuMs)
        if fieldWise {
            progress("scan \(label(rows: rows)): the field-wise path (1 run each)")
            let plain = FieldWiseSource(file)
            let before = bestFilter(plain, query: filterQuery, mode: .substring, runs: 1)
            values["field_filter"] = format1(before.ms) + (before.kept == filter.kept ? "" : " (DIFFERENT: \(before.kept))")
            values["field_search"] = format1(bestSearch(plain, query: lastID, runs: 1).ms)
            let regexBefore = bestFilter(plain, query: regexQuery, mode: .regex, runs: 1)
            values["field_regex"] = format1(regexBefore.ms) + (regexBefore.kept == regex.kept ? "" : " (DIFFERENT: \(regexBefore.kept))")
        }
        values["load"] = "\(format1(loadBefore)) / \(format1(loadAverage()))"
        return values
    }

    /// The best of `runs` filters through a fresh view: wall and CPU ms, rows kept.
    static func bestFilter(_ source: DataTableDataSource, query: String, mode: RowMatcher.Mode,
                           runs: Int) -> (ms: Double, cpuMs: Double, kept: Int) {
        guard let matcher = try? RowMatcher(query: query, mode: mode) else { return (.infinity, .infinity, 0) }
        var best = (ms: Double.infinity, cpuMs: Double.infinity, kept: 0)
        for _ in 0..<max(1, runs) {
            let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 200, height: 60))
            view.settleColumnKinds()  // the kinds' sample, which a first refresh starts, is not the filter's
            let start = clock.now
            let cpu = FilterBench.cpuSeconds()
            view.startFilter(matcher)
            view.waitForJob()
            let ms = milliseconds(clock.now - start)
            if ms < best.ms { best = (ms, (FilterBench.cpuSeconds() - cpu) * 1000, view.viewport.rowCount) }
        }
        return best
    }

    /// The best of `runs` searches from the first row through a fresh view: wall ms and the
    /// source row the cursor landed on.
    static func bestSearch(_ source: DataTableDataSource, query: String, runs: Int) -> (ms: Double, cpuMs: Double, row: Int) {
        guard let matcher = try? RowMatcher(query: query, mode: .substring) else { return (.infinity, .infinity, -1) }
        var best = (ms: Double.infinity, cpuMs: Double.infinity, row: -1)
        for _ in 0..<max(1, runs) {
            let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 200, height: 60))
            view.settleColumnKinds()
            let start = clock.now
            let cpu = FilterBench.cpuSeconds()
            view.startSearch(matcher, forward: true)
            view.waitForJob()
            let ms = milliseconds(clock.now - start)
            if ms < best.ms { best = (ms, (FilterBench.cpuSeconds() - cpu) * 1000, view.sourceRow(forDisplayRow: view.viewport.cursor.row)) }
        }
        return best
    }

    /// The 1-minute load average.
    static func loadAverage() -> Double {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) > 0 ? loads[0] : 0
    }
}

/// A file's rows without its raw-byte scan: the field-wise path filter and search took before.
final class FieldWiseSource: DataTableRawRecords {
    let base: CSVFileDataSource
    init(_ base: CSVFileDataSource) { self.base = base }
    var columnCount: Int { base.columnCount }
    var rowCount: Int { base.rowCount }
    func title(ofColumn column: Int) -> String { base.title(ofColumn: column) }
    func value(row: Int, column: Int) -> DataTableValueType { base.value(row: row, column: column) }
    func text(row: Int, column: Int) -> String { base.text(row: row, column: column) }
    func fields(row: Int) -> [String] { base.fields(row: row) }
    func makeRawRecordReader(rowCount: Int) -> RawRecordReader? { base.makeRawRecordReader(rowCount: rowCount) }
}
