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
