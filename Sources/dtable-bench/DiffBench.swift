import DataTableApp
import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// `dtable-bench --diff [--rows N,N] [--runs R] [--data-directory D]`: `--diff` on the bench
/// file (default 1M and 10M rows) and its "1% changed" version, as the viewer runs it: the
/// first screen (both files opened, the new version's first screen drawn on a 200x60
/// `MemoryBackend`), then the comparison on workers (`CSVTableDiffComparison`: index, keys on
/// both cores, matching, changed values) until the table shows the full counts, with frames
/// drawn meanwhile as the run loop would (the longest one is how long a key waits at most).
/// Rows are matched by content, and then by the `id` column (`--key id`). Prints `key=value`
/// lines per size and matching, best of `--runs` (1).
enum DiffBench {
    /// The display rows one jump key press looks through at most in a sorted table
    /// (`ViewerSession.changeScanLimit`).
    static let scanRows = 200_000

    static func run(directory: String, rows sizes: [Int], runs: Int) {
        mkdir(directory, 0o755)
        for rows in sizes {
            for keyed in [false, true] { run(directory: directory, rows: rows, keyed: keyed, runs: runs) }
        }
    }

    static func run(directory: String, rows: Int, keyed: Bool, runs: Int) {
        do {
            let oldPath = BenchData.generatedFile(directory: directory, rows: rows)
            let newPath = BenchData.changedFile(directory: directory, rows: rows)
            var firstBest = Double.infinity, countsBest = Double.infinity, frameWorst = 0.0
            var message = ""
            var scanBest = Double.infinity
            for _ in 0..<runs {
                let start = clock.now
                guard let old = BenchData.openSource(oldPath), let new = BenchData.openSource(newPath) else { return }
                let comparison = CSVTableDiffComparison(old: old, new: new, keyColumns: keyed ? ([0], [0]) : ([], []))
                let size = Size(width: 200, height: 60)
                let view = DataTableView(dataSource: comparison.live, size: size)
                let app = TableApplication(view: view, backend: MemoryBackend(size: size))
                app.drawFrame()
                firstBest = min(firstBest, milliseconds(clock.now - start))
                comparison.start()
                var longest = 0.0
                while !comparison.isFinished {
                    usleep(50_000)
                    let frameStart = clock.now
                    _ = view.refreshFromDataSource(checkingForChanges: false)
                    _ = app.handle(.key(.down))
                    app.drawFrame()
                    longest = max(longest, milliseconds(clock.now - frameStart))
                }
                _ = view.refreshFromDataSource(checkingForChanges: false)
                app.drawFrame()
                countsBest = min(countsBest, milliseconds(clock.now - start))
                frameWorst = max(frameWorst, longest)
                message = comparison.live.message ?? ""
                // `)` in a sorted table looks through display rows: the cost of its longest press.
                view.sort(by: [SortDescriptor(column: 2, ascending: true)])
                view.waitForJob()
                guard let table = view.dataSource.layer(CSVTableDiffDataSource.self) else { continue }
                let scanStart = clock.now
                var found = 0
                for row in 0..<min(scanRows, view.viewport.rowCount) where table.status(ofRow: view.sourceRow(forDisplayRow: row)) != .unchanged {
                    found += 1
                }
                scanBest = min(scanBest, milliseconds(clock.now - scanStart))
                precondition(found > 0)
            }
            print("diff_rows=\(rows)")
            print("diff_matched_by=\(keyed ? "key id" : "content")")
            print("diff_first_screen_ms=\(format1(firstBest))")
            print("diff_full_counts_ms=\(format1(countsBest))")
            print("diff_longest_frame_while_comparing_ms=\(format1(frameWorst))")
            print("diff_counts=\(message)")
            print("diff_sorted_jump_scan_\(scanRows)_rows_ms=\(format1(scanBest))")
        }
    }
}
