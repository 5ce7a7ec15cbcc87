import Glibc

/// `--print` at memory speed (issue 13): `dtable --print --width 200 FILE > /dev/null` on the
/// bench files, against `column -t -s, FILE` and `cat FILE` in the same run, with the ratios.
///
/// Standalone: `dtable-bench --print-bench [--rows N,N...] [--runs R] [--binary PATH]
/// [--data-directory DIR]` (default 100k rows). In `make bench` it prints its own table after
/// the main one. `column -t` reads the whole file into memory and takes ~23 µs a row here, so
/// it runs once and only up to 1M rows (its figure is "-" beyond).
enum PrintBench {
    /// Target: at least 150 MB/s (the 1M-row file in <= 0.85 s) and 25x `column -t`.
    static let targetMegabytesPerSecond = 150.0
    static let targetColumnRatio = 25.0

    /// Measures each size and prints one table (markdown) to stdout.
    static func report(binary: String, directory: String, rowCounts: [Int], runs: Int = 3) {
        mkdir(directory, 0o755)
        var lines = ["| --print --width 200 | rows | MB | dtable s | MB/s | µs/row | column -t s | x column | cat s | x cat | target |",
                     "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
        for rows in rowCounts {
            let path = BenchData.path(directory: directory, rows: rows)
            if fileSize(path) == 0 { progress("generating \(path)") }
            let bytes = Double(BenchData.ensure(path: path, rows: rows))
            let quoted = "'\(path)'"
            progress("print: cat \(path)")
            let cat = bestShellMilliseconds("cat \(quoted) > /dev/null", runs: runs) / 1000
            progress("print: dtable --print --width 200 \(path)")
            let dtable = bestShellMilliseconds("'\(binary)' --print --width 200 --color never \(quoted) > /dev/null", runs: runs) / 1000
            var column: Double?
            if rows <= 1_000_000 {
                progress("print: column -t -s, \(path)")
                column = bestShellMilliseconds("column -t -s, \(quoted) > /dev/null", runs: rows <= 100_000 ? runs : 1) / 1000
            }
            let megabytes = bytes / 1e6
            let rate = megabytes / dtable
            let meetsRate = rate >= targetMegabytesPerSecond
            let meetsColumn = column.map { $0 / dtable >= targetColumnRatio } ?? true
            lines.append("| \(label(rows: rows)) | \(rows) | \(format1(megabytes)) | \(format3(dtable)) | \(format1(rate)) | "
                         + "\(format3(dtable * 1e6 / Double(rows))) | \(column.map(format3) ?? "-") | "
                         + "\(column.map { format1($0 / dtable) } ?? "-") | \(format3(cat)) | \(format1(dtable / max(cat, 1e-6))) | "
                         + "\(meetsRate && meetsColumn ? "met" : "NOT MET") (>= \(format1(targetMegabytesPerSecond)) MB/s, >= \(format1(targetColumnRatio))x column) |")
        }
        for line in lines { print(line) }
    }
}
