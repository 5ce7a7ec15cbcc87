import DataTableApp
import DataTableKit
import Glibc
import TerminalSurface

/// `dtable-bench --column-order [--runs R] [--presses N]`: what hiding and moving columns cost a
/// frame. A 24-column in-memory table of 50,000 rows at 200x60, through the real controller on
/// the memory backend, N key presses (default 2,000: `keys` of the main bench) with the columns
/// in file order, with every column moved (reversed), and moved with every third one hidden. Prints
/// `key=value` lines: thread CPU microseconds per frame, best of `--runs` (3), so that other
/// processes on a loaded machine do not count.
enum ColumnOrderBench {
    static func run(runs: Int, presses: Int) {
        // Every column as wide as the others, so that each arrangement shows as many cells.
        let titles = (0..<24).map { "col\($0 < 10 ? "0" : "")\($0)" }
        let rows = (0..<50_000).map { r in
            (0..<24).map { c in c % 3 == 0 ? String(10_000 + r &* 7919 % 90_000) : "t\(1_000 + (r &+ c) % 9_000)" }
        }
        let source = StringRowsDataSource(titles: titles, rows: rows)
        let size = Size(width: 200, height: 60)
        for arrangement in ["identity", "moved", "moved_hidden"] {
            var best = Double.infinity
            var frames = 0, cells = 0
            for _ in 0..<max(1, runs) {
                let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: size)
                if arrangement != "identity" {
                    for column in 0..<titles.count { view.moveColumn(column, toDisplayColumn: 0) }
                }
                if arrangement == "moved_hidden" {
                    for column in stride(from: 0, to: titles.count, by: 3) { view.hideColumn(column) }
                }
                let app = TableApplication(view: view, backend: MemoryBackend(size: size))
                app.drawFrame()
                let start = threadCPUNanoseconds()
                for i in 0..<presses { app.handle(.key(keys[i % keys.count])) }
                let elapsed = threadCPUNanoseconds() - start
                frames = app.statistics.framesDrawn - 1
                cells = view.cellsOnScreenCount
                best = min(best, Double(elapsed) / Double(max(1, frames)) / 1000)
            }
            print("column_order_\(arrangement)_frame_cpu_us=\(best)")
            print("column_order_\(arrangement)_frames=\(frames)")
            print("column_order_\(arrangement)_cells_per_frame=\(cells)")
        }
    }

    private static func threadCPUNanoseconds() -> Int {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return t.tv_sec * 1_000_000_000 + t.tv_nsec
    }
}
