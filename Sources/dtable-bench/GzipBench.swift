import DataTableCSV
import Glibc

/// Reading a gzip file: dtable's decompress-and-index (`CSVFileDataSource.open` on `FILE.gz`,
/// zlib on the copier thread, the indexer following it) against `zcat FILE.gz | wc -l` in the
/// same run. `FILE.gz` (gzip -6) is made next to the file once. Skipped without gzip.
enum GzipBench {
    /// `gz_size`, `gz_zcat`, `gz_index` for the table (empty when gzip is missing).
    static func measure(path: String) -> [String: String] {
        guard access("/usr/bin/gzip", X_OK) == 0 || access("/bin/gzip", X_OK) == 0 else {
            progress("gzip not found: gzip figures skipped")
            return [:]
        }
        let gz = path + ".gz"
        if fileSize(gz) == 0 {
            progress("compressing \(path) with gzip")
            system("gzip -6 -c '\(path)' > '\(gz).tmp' && mv '\(gz).tmp' '\(gz)'")
        }
        let plain = Double(fileSize(path))
        var values: [String: String] = ["gz_size": format1(Double(fileSize(gz)) / 1e6)]
        progress("\(path).gz: zcat | wc -l")
        let zcat = bestShellMilliseconds("zcat '\(gz)' | wc -l >/dev/null", runs: 3)
        values["gz_zcat"] = "\(format1(zcat)); \(format1(plain / 1e6 / (zcat / 1000)))"
        progress("\(path).gz: open + decompress + index")
        var best = Double.infinity
        for _ in 0..<3 {
            let start = clock.now
            guard let source = try? CSVFileDataSource.open(path: gz) else { return values }
            source.indexAll(countingFields: false)
            best = min(best, milliseconds(clock.now - start))
            if source.notice != nil { progress("\(gz): \(source.notice ?? "")") }
        }
        values["gz_index"] = "\(format1(best)); \(format1(plain / 1e6 / (best / 1000)))"
        return values
    }
}
