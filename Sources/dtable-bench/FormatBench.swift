import Glibc

/// The formats (issue 22): `dtable --format F FILE > /dev/null` for each format on the bench
/// files, against `dtable --print` and `cat FILE` in the same run, with the ratios. The target
/// is print mode's speed per row ("x print" at most 1; JSON writes over twice print's bytes).
///
/// Standalone: `dtable-bench --format-bench [--rows N,N...] [--runs R] [--binary PATH]
/// [--data-directory DIR]` (default 100k rows). In `make bench` it prints its own table after
/// the print table.
enum FormatBench {
    static let formats = ["csv", "tsv", "json", "jsonl", "markdown", "html"]

    /// Measures each size and prints one table (markdown) to stdout.
    static func report(binary: String, directory: String, rowCounts: [Int], runs: Int = 3) {
        mkdir(directory, 0o755)
        var lines = ["| --format | rows | dtable s | MB out | MB/s out | x print (time) | x cat (time) |",
                     "|---|---:|---:|---:|---:|---:|---:|"]
        for rows in rowCounts {
            let path = BenchData.path(directory: directory, rows: rows)
            if fileSize(path) == 0 { progress("generating \(path)") }
            _ = BenchData.ensure(path: path, rows: rows)
            let quoted = "'\(path)'"
            let cat = bestShellMilliseconds("cat \(quoted) > /dev/null", runs: runs) / 1000
            progress("formats: dtable --print \(path)")
            let printed = bestShellMilliseconds("'\(binary)' --print --width 200 --color never \(quoted) > /dev/null", runs: runs) / 1000
            lines.append("| print | \(rows) | \(format3(printed)) | - | - | 1.0 | \(format1(printed / max(cat, 1e-6))) |")
            for format in formats {
                progress("formats: dtable --format \(format) \(path)")
                let seconds = bestShellMilliseconds("'\(binary)' --format \(format) \(quoted) > /dev/null", runs: runs) / 1000
                let megabytes = Double(outputBytes("'\(binary)' --format \(format) \(quoted) | wc -c")) / 1e6
                lines.append("| \(format) | \(rows) | \(format3(seconds)) | \(format1(megabytes)) | \(format1(megabytes / seconds)) | "
                             + "\(format2(seconds / max(printed, 1e-6))) | \(format1(seconds / max(cat, 1e-6))) |")
            }
        }
        for line in lines { print(line) }
    }

    /// The number `command` (ending in `wc -c`) prints.
    static func outputBytes(_ command: String) -> Int {
        guard let pipe = popen(command, "r") else { return 0 }
        defer { pclose(pipe) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, 64, pipe) != nil else { return 0 }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Int(text.trimmingCharacters(in: " \n")) ?? 0
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
