import DataTableCSV
import DataTableKit
import Dispatch
import Glibc
import Synchronization
import TerminalSurface

/// The sort figures of `make bench`, and `dtable-bench --sort [--rows N] [--runs R]
/// [--columns progress,name] [--data-directory DIR] [--first-only]` to measure them alone (each
/// column: the first sort, its extraction on one core and its sort of keys apart, then, unless
/// `--first-only`, the sorts from kept keys).
///
/// A sort goes through `DataTableView.sort(by:)` (key extraction from the mapped file, then the
/// sort of the keys: what the viewer's job does), best wall time of `runs`. Memory: the peak of
/// the anonymous resident memory while the sort runs, less what was resident just before it
/// (the row index and the previous display order stay out of the figure), sampled every
/// millisecond from `/proc/self/statm` (resident - shared pages) by a second thread.
enum SortBench {
    /// One column's figures: best wall time and the largest peak over the runs.
    struct Figures {
        var bestMilliseconds = Double.infinity
        var peakAnonBytes = 0
        /// CPU time (user + system, all threads) of the fastest run: what the sort costs
        /// whatever else the machine runs; on an idle 2-core machine the wall time of the
        /// parts on both cores is about half of theirs.
        var cpuMilliseconds = Double.infinity
    }

    /// Sorts `view` by `column` ascending `runs` times, each a first sort (the kept keys
    /// dropped before); leaves it sorted when `leaveSorted`.
    static func measure(view: DataTableView, column: Int, runs: Int, leaveSorted: Bool = false) -> Figures {
        var figures = Figures()
        for _ in 0..<max(1, runs) {
            view.sort(by: [])
            view.dropSortKeyCache()
            let sampler = PeakAnonSampler()
            let cpuStart = cpuMilliseconds()
            let start = ContinuousClock.now
            view.sort(by: [SortDescriptor(column: column, ascending: true)])
            let ms = milliseconds(ContinuousClock.now - start)
            let cpu = cpuMilliseconds() - cpuStart
            let peak = sampler.stop()
            if ms < figures.bestMilliseconds { figures.cpuMilliseconds = cpu }
            figures.bestMilliseconds = min(figures.bestMilliseconds, ms)
            figures.peakAnonBytes = max(figures.peakAnonBytes, peak)
        }
        if !leaveSorted { view.sort(by: []) }
        return figures
    }

    /// A second sort by `column`, its keys kept from a first one (`SortKeyCache`): best of
    /// `runs` of the other direction (descending after ascending, and back), of the same
    /// direction again, and of `[other, column]` with both kept. Milliseconds, in that order.
    static func measureCached(view: DataTableView, column: Int, other: Int, runs: Int) -> (turned: Double, same: Double, twoKeys: Double) {
        func best(_ descriptors: [SortDescriptor], after first: [SortDescriptor]) -> Double {
            (0..<max(1, runs)).map { _ in
                view.sort(by: first)
                let start = ContinuousClock.now
                view.sort(by: descriptors)
                return milliseconds(ContinuousClock.now - start)
            }.min() ?? 0
        }
        view.dropSortKeyCache()
        view.sort(by: [SortDescriptor(column: other)])
        let ascending = [SortDescriptor(column: column, ascending: true)]
        let descending = [SortDescriptor(column: column, ascending: false)]
        let turned = min(best(descending, after: ascending), best(ascending, after: descending))
        let same = best(ascending, after: ascending)
        let twoKeys = best([SortDescriptor(column: other), SortDescriptor(column: column)], after: ascending)
        view.sort(by: [])
        return (turned, same, twoKeys)
    }

    /// The two halves of a first sort apart, best of `runs`: key extraction on one core
    /// (`SortKeyColumn.extract` from raw field batches, as the sort reads them) and `RowSorter.sort` of every row by
    /// those keys (both cores). The kind comes from the bench file's column titles.
    static func measurePhases(source: CSVFileDataSource, column: Int, title: String, runs: Int) -> (extract: Double, sort: Double) {
        let kinds: [String: SortKeyKind] = ["progress": .integer, "id": .integer, "price": .decimal, "date": .dateTime]
        let kind = kinds[title] ?? .text
        var extract = Double.infinity, sort = Double.infinity
        for _ in 0..<max(1, runs) {
            var start = ContinuousClock.now
            guard let keys = SortKeyColumn.extract(kind: kind, count: source.rowCount, records: source, column: column) else {
                return (0, 0)
            }
            extract = min(extract, milliseconds(ContinuousClock.now - start))
            let rows = (0..<UInt32(source.rowCount)).map { $0 }
            start = ContinuousClock.now
            _ = RowSorter.sort(rows, by: [(keys, ascending: true)])
            sort = min(sort, milliseconds(ContinuousClock.now - start))
        }
        return (extract, sort)
    }

    /// User + system CPU time of the process so far (every thread), in ms.
    static func cpuMilliseconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(usage.ru_utime) + ms(usage.ru_stime)
    }

    /// The 1-minute load average, for the table (wall times mean little on a loaded machine).
    static func loadAverage() -> Double {
        var load = [Double](repeating: 0, count: 3)
        return getloadavg(&load, 3) > 0 ? load[0] : -1
    }

    /// Best of `runs` of GNU `sort -t, -k N -n` over `path` (the reference row), in ms.
    static func gnuSortMilliseconds(path: String, key: Int, runs: Int) -> Double {
        bestShellMilliseconds("LC_ALL=C sort -t, -k \(key) -n '\(path)' >/dev/null", runs: runs)
    }

    /// `dtable-bench --sort`: prints `key=value` lines per column.
    static func run(directory: String, rows: Int, runs: Int, columns: [String]) {
        let path = BenchData.path(directory: directory, rows: rows)
        mkdir(directory, 0o755)
        _ = BenchData.ensure(path: path, rows: rows)
        guard let source = BenchData.openSource(path) else { exit(1) }
        source.indexAll(countingFields: false)
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 200, height: 60))
        view.settleColumnKinds()
        print("rows=\(source.rowCount) load=\(loadAverage())")
        for title in columns {
            guard let column = (0..<source.columnCount).first(where: { source.title(ofColumn: $0) == title }) else {
                progress("no column \(title)")
                continue
            }
            let figures = measure(view: view, column: column, runs: runs)
            print("sort_\(title)_ms=\(figures.bestMilliseconds)")
            print("sort_\(title)_cpu_ms=\(figures.cpuMilliseconds)")
            print("sort_\(title)_peak_anon_bytes_per_row=\(Double(figures.peakAnonBytes) / Double(max(1, source.rowCount)))")
            let phases = measurePhases(source: source, column: column, title: title, runs: runs)
            print("sort_\(title)_extract_one_core_ms=\(phases.extract)")
            print("sort_\(title)_sort_keys_ms=\(phases.sort)")
            if arguments.contains("--first-only") { continue }
            let other = column == 0 ? 1 : 0
            let cached = measureCached(view: view, column: column, other: other, runs: runs)
            print("sort_\(title)_cached_other_direction_ms=\(cached.turned)")
            print("sort_\(title)_cached_same_direction_ms=\(cached.same)")
            print("sort_\(title)_cached_after_\(source.title(ofColumn: other))_ms=\(cached.twoKeys)")
        }
        print("load_after=\(loadAverage())")
    }
}

/// Samples the anonymous resident memory (`/proc/self/statm`: resident - shared pages) every
/// millisecond on its own thread until `stop()`, which returns the peak above the first sample.
final class PeakAnonSampler: @unchecked Sendable {
    private let running = Atomic<Bool>(true)
    private let peak = Atomic<Int>(0)
    private let done = DispatchSemaphore(value: 0)
    private let base: Int

    init() {
        base = Self.anonBytes()
        peak.store(base, ordering: .relaxed)
        // A thread of its own, not a pool worker: the sort's own workers keep both of theirs.
        let sampler = BackgroundWork.startThread { [self] in
            while running.load(ordering: .relaxed) {
                let now = Self.anonBytes()
                if now > peak.load(ordering: .relaxed) { peak.store(now, ordering: .relaxed) }
                usleep(1000)
            }
            done.signal()
        }
        if let sampler { sampler.detach() } else { done.signal() }
    }

    /// Stops sampling; the peak anonymous bytes above the level at `init`.
    func stop() -> Int {
        let last = Self.anonBytes()
        running.store(false, ordering: .relaxed)
        done.wait()
        return max(peak.load(ordering: .relaxed), last) - base
    }

    /// Resident minus shared (file-backed) pages, in bytes.
    static func anonBytes() -> Int {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 127) }
        guard n > 0 else { return 0 }
        let fields = buffer[0..<n].split(separator: UInt8(ascii: " ")).map { Int(String(decoding: $0, as: UTF8.self).filter(\.isNumber)) ?? 0 }
        guard fields.count >= 3 else { return 0 }
        return (fields[1] - fields[2]) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
