import DataTableApp
import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// Issue 23's frame figure: the frame build after each kind of key press at 200x60, in three
/// states of the view (plain, sorted by a column, filtered then sorted), mean and p99 per key.
///
/// A frame build is what `TableApplication.drawFrame` times (`FrameStatistics`: screens drawn
/// into the surface); the whole press (the key handled, the frame built and presented to the
/// memory backend) is kept too. Search-next (`n`) waits for its job when one starts and counts
/// the frame drawn when it is applied, not the job.
enum FrameKeysBench {
    /// One key's samples, in milliseconds.
    struct Samples {
        var build: [Double] = []
        var press: [Double] = []
        /// CPU time of this thread for the press: what preemption on a loaded machine leaves out.
        var pressCPU: [Double] = []

        /// Mean and 99th percentile of `values` (0 when empty).
        static func meanAndP99(_ values: [Double]) -> (mean: Double, p99: Double) {
            guard !values.isEmpty else { return (0, 0) }
            let sorted = values.sorted()
            let index = min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)
            return (sorted.reduce(0, +) / Double(sorted.count), sorted[max(0, index)])
        }
    }

    /// Presses of each key per state in `make bench`.
    static let pressesPerKey = 500

    /// The keys measured, in the table's order.
    static let keyNames = ["down", "pgdn", "right/left", "G/g", "n"]

    /// The states measured: a fresh view, sorted by a column, filtered by `query` then sorted.
    static let states = ["plain", "sorted", "filtered_sorted"]

    /// The table's rows (key, label), one per state.
    static let metrics: [(String, String)] = states.map { state in
        ("keys_\(state)", "frame build per key, \(state.replacingOccurrences(of: "_", with: " + ")): mean/p99 (ms) down · pgdn · right/left · G/g · n")
    }

    /// The query of the filtered state and of search-next: a substring in about a fifth of the
    /// rows (the `status` column's `error`, and a few notes).
    static let query = "error"

    /// Measures every state on `source` (fully indexed), sorting by `sortColumn`; `presses` per
    /// key. Returns `key=value` figures: `keys_STATE_KEY_{mean,p99,press_p99}_ms`.
    static func measure(source: CSVFileDataSource, sortColumn: Int, presses: Int, title: String) -> [(String, Double)] {
        var figures: [(String, Double)] = []
        let size = Size(width: 200, height: 60)
        var configuration = DataTableConfiguration()
        configuration.title = title
        guard let matcher = try? RowMatcher(query: query, mode: .substring) else { return [] }
        for state in states {
            let view = DataTableView(dataSource: source, configuration: configuration, size: size)
            view.settleColumnKinds()
            if state == "filtered_sorted" {
                view.startFilter(matcher)
                settle(view)
            }
            if state != "plain" {
                view.sort(by: [SortDescriptor(column: sortColumn, ascending: true)])
            }
            let app = TableApplication(view: view, backend: MemoryBackend(size: size))
            app.drawFrame()
            for (name, samples) in zip(keyNames, measureKeys(app: app, matcher: matcher, presses: presses)) {
                let build = Samples.meanAndP99(samples.build), press = Samples.meanAndP99(samples.press)
                let cpu = Samples.meanAndP99(samples.pressCPU)
                let key = "keys_\(state)_\(name.replacingOccurrences(of: "/", with: "_"))"
                figures += [(key + "_mean_ms", build.mean), (key + "_p99_ms", build.p99),
                            (key + "_press_mean_ms", press.mean), (key + "_press_p99_ms", press.p99),
                            (key + "_press_cpu_mean_ms", cpu.mean), (key + "_press_cpu_p99_ms", cpu.p99)]
            }
            figures.append(("keys_\(state)_rows", Double(view.viewport.rowCount)))
        }
        return figures
    }

    /// Presses each key `presses` times on `app`: the samples of each, in `keyNames` order.
    static func measureKeys(app: TableApplication, matcher: RowMatcher, presses: Int) -> [Samples] {
        let view = app.view
        func press(_ key: Key, into samples: inout Samples) {
            let builtBefore = app.statistics.totalFrameBuildNanoseconds
            let start = clock.now, cpuStart = IndexFrameBench.threadCPUSeconds()
            app.handle(.key(key))
            if view.activeJob != nil {
                settle(view)
                if view.refreshFromDataSource(checkingForChanges: false) { app.drawFrame() }
            }
            samples.press.append(milliseconds(clock.now - start))
            samples.pressCPU.append((IndexFrameBench.threadCPUSeconds() - cpuStart) * 1000)
            samples.build.append(Double(app.statistics.totalFrameBuildNanoseconds - builtBefore) / 1e6)
        }
        var result = [Samples](repeating: Samples(), count: keyNames.count)
        for _ in 0..<presses { press(.down, into: &result[0]) }
        for _ in 0..<presses { press(.pageDown, into: &result[1]) }
        let across = max(1, view.columns.count - 1)
        for i in 0..<presses { press(i / across % 2 == 0 ? .right : .left, into: &result[2]) }
        for i in 0..<presses { press(.character(i % 2 == 0 ? "G" : "g"), into: &result[3]) }
        view.startSearch(matcher, forward: true)
        settle(view)
        _ = view.refreshFromDataSource(checkingForChanges: false)
        for _ in 0..<presses { press(.character("n"), into: &result[4]) }
        return result
    }

    /// Waits for `view`'s job (a filter, a search) and applies its outcome.
    static func settle(_ view: DataTableView) {
        while view.activeJob != nil {
            usleep(100)
            _ = view.refreshFromDataSource(checkingForChanges: false)
        }
    }

    /// The table cell of one state: `mean/p99` per key, from the child's figures.
    static func cell(state: String, figures: [String: Double]) -> String? {
        var parts: [String] = []
        for name in keyNames {
            let key = "keys_\(state)_\(name.replacingOccurrences(of: "/", with: "_"))"
            guard let mean = figures[key + "_mean_ms"], let p99 = figures[key + "_p99_ms"] else { return nil }
            parts.append("\(format3(mean))/\(format3(p99))")
        }
        return parts.joined(separator: " · ")
    }

    /// `--frame-keys`: the figures alone for the bench file of `rows` rows, as `key=value` lines.
    static func run(directory: String, rows: Int, presses: Int) {
        let path = BenchData.path(directory: directory, rows: rows)
        guard fileSize(path) > 0, let source = try? CSVFileDataSource(path: path) else {
            progress("\(path): missing (make bench generates it)")
            return
        }
        source.indexAll()
        let column = (0..<source.columnCount).first { source.title(ofColumn: $0) == "progress" } ?? 0
        let loadBefore = IndexFrameBench.loadAverage()
        let figures = measure(source: source, sortColumn: column, presses: presses, title: path)
        for (key, value) in figures { print("\(key)=\(format3(value))") }
        let byKey = Dictionary(figures, uniquingKeysWith: { $1 })
        for state in states { print("\(state): \(cell(state: state, figures: byKey) ?? "-")") }
        print("load=\(loadBefore) -> \(IndexFrameBench.loadAverage())")
    }
}
