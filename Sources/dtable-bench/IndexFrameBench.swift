import DataTableApp
import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// The figures of issue 13's index and frame rows: the full index's speed as a ratio of `wc -l`'s
/// in the same run, and `--frames`, the frame builds alone (for `valgrind --tool=callgrind`:
/// instruction counts repeat on a loaded machine where wall time does not).
///
/// Usage: dtable-bench --frames [--rows N] [--presses K] [--data-directory DIR]
///        dtable-bench --index-vs-wc [--rows N] [--runs R] [--data-directory DIR]
enum IndexFrameBench {
    /// The table's extra rows: key, label (after the index rows).
    static let metrics: [(String, String)] = [
        ("index_vs_wc", "full index speed / `wc -l` speed (ratio, target >= 0.6)"),
    ]

    /// The ratio rows from the figures `measure` already has (`index_gbs`, `wc_gbs`).
    static func figures(_ values: [String: String]) -> [String: String] {
        guard let index = values["index_gbs"].flatMap(Double.init), let wc = values["wc_gbs"].flatMap(Double.init), wc > 0 else {
            return [:]
        }
        return ["index_vs_wc": format2(index / wc)]
    }

    /// The full index against `wc -l` on the same file, interleaved `runs` times (best of each,
    /// with the load average before and after: wall time on a shared machine is noisy), and the
    /// CPU time of the best index run (both threads).
    static func runIndexVersusWc(directory: String, rows: Int, runs: Int) {
        mkdir(directory, 0o755)
        let path = BenchData.path(directory: directory, rows: rows)
        _ = BenchData.ensure(path: path, rows: rows)
        let bytes = Double(fileSize(path))
        system("cat '\(path)' >/dev/null")
        let loadBefore = loadAverage()
        var bestIndex = Double.infinity, bestWc = Double.infinity, cpuOfBest = 0.0, threadCPUOfBest = 0.0
        var leastIndexCPU = Double.infinity, leastThreadCPU = Double.infinity, leastWcCPU = Double.infinity
        for _ in 0..<runs {
            let cpuStart = cpuSeconds(), threadStart = threadCPUSeconds()
            var start = clock.now
            guard let source = try? CSVFileDataSource(path: path) else { return }
            source.indexAll(countingFields: false)
            let index = milliseconds(clock.now - start)
            let cpu = (cpuSeconds() - cpuStart) * 1000, threadCPU = (threadCPUSeconds() - threadStart) * 1000
            if index < bestIndex { bestIndex = index; cpuOfBest = cpu; threadCPUOfBest = threadCPU }
            leastIndexCPU = min(leastIndexCPU, cpu)
            leastThreadCPU = min(leastThreadCPU, threadCPU)
            let childStart = cpuSeconds(children: true)
            start = clock.now
            system("wc -l '\(path)' >/dev/null")
            bestWc = min(bestWc, milliseconds(clock.now - start))
            leastWcCPU = min(leastWcCPU, (cpuSeconds(children: true) - childStart) * 1000)
        }
        let indexSpeed = bytes / 1e9 / (bestIndex / 1000), wcSpeed = bytes / 1e9 / (bestWc / 1000)
        print("rows=\(rows) index_ms=\(format1(bestIndex)) (\(format2(indexSpeed)) GB/s, cpu \(format1(cpuOfBest)) ms)"
              + " wc_ms=\(format1(bestWc)) (\(format2(wcSpeed)) GB/s) ratio=\(format2(indexSpeed / wcSpeed))"
              + " load=\(loadBefore) -> \(loadAverage())")
        print("cpu: best run \(format1(cpuOfBest)) ms (this thread \(format1(threadCPUOfBest)) ms); least index cpu \(format1(leastIndexCPU)) ms"
              + " (this thread \(format1(leastThreadCPU)) ms); least wc -l cpu \(format1(leastWcCPU)) ms")
    }

    /// CPU time of the calling thread so far, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The 1-minute load average.
    static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) > 0 ? format2(loads[0]) : "?"
    }

    /// User + system CPU time of this process (or its waited-for children) so far, in seconds.
    static func cpuSeconds(children: Bool = false) -> Double {
        var usage = rusage()
        getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Opens the bench file of `rows` rows, indexes it, then builds a frame after each of
    /// `presses` key presses (the keys of the bench's frame figure) at 200x60; prints the mean.
    static func runFrames(directory: String, rows: Int, presses: Int) {
        mkdir(directory, 0o755)
        let path = BenchData.path(directory: directory, rows: rows)
        _ = BenchData.ensure(path: path, rows: rows)
        guard let source = try? CSVFileDataSource(path: path) else { return }
        source.indexAll()
        let size = Size(width: 200, height: 60)
        var configuration = DataTableConfiguration()
        configuration.title = path
        let view = DataTableView(dataSource: source, configuration: configuration, size: size)
        view.settleColumnKinds()
        let app = TableApplication(view: view, backend: MemoryBackend(size: size))
        app.drawFrame()
        for i in 0..<presses { app.handle(.key(keys[i % keys.count])) }
        print("frames=\(app.statistics.framesDrawn) frame_mean_ms=\(app.statistics.meanFrameBuildMilliseconds)")
    }
}
