import DataTableApp
import DataTableCSV
import DataTableKit
import Glibc
import TerminalSurface

/// `dtable-bench --reload [--rows N] [--runs R] [--data-directory D]`: the cost of `--watch`
/// taking in a new version of the bench file (default 1M rows) in which one row changed, saved
/// by rename: the old version's row keys (computed once while watching), then `CSVReload`
/// (open, index, keys of the new version, matching) and the table applying the changes (the
/// view shown sorted by nothing, then sorted). Prints `key=value` lines, best of `--runs` (3).
enum ReloadBench {
    static func run(directory: String, rows: Int, runs: Int) {
        mkdir(directory, 0o755)
        let data = BenchData.path(directory: directory, rows: rows)
        _ = BenchData.ensure(path: data, rows: rows)
        let path = "\(directory)/dtable-bench-reload.csv"
        guard var bytes = readAll(data) else { fatalError("cannot read \(data)") }
        writeReplacing(path, bytes)
        // One row in the middle changed: a digit of its id field flipped.
        var newline = bytes.count / 2
        while bytes[newline] != 0x0A { newline += 1 }
        bytes[newline + 1] = bytes[newline + 1] == 0x39 ? 0x31 : bytes[newline + 1] + 1

        var keysBest = Double.infinity, reloadBest = Double.infinity, applyBest = Double.infinity, sortedBest = Double.infinity
        var summary = ""
        for _ in 0..<runs {
            for sorted in [false, true] {
                writeReplacing(path, readAll(data)!)
                guard let old = try? CSVFileDataSource(path: path) else { fatalError("cannot open \(path)") }
                old.indexAll()
                let keysStart = clock.now
                let keys = CSVRowKeys.compute(of: old)
                keysBest = min(keysBest, milliseconds(clock.now - keysStart))
                let live = LiveDataSource(old)
                let size = Size(width: 200, height: 60)
                let view = DataTableView(dataSource: live, size: size)
                let app = TableApplication(view: view, backend: MemoryBackend(size: size))
                if sorted { view.sort(by: [SortDescriptor(column: 4, ascending: true)]) }
                view.viewport.moveCursor(to: DataTableIndexPath(row: rows / 3, column: 0))
                app.drawFrame()

                writeReplacing(path, bytes)
                let start = clock.now
                let reload = CSVReload(reloading: old, oldKeys: keys, keyColumns: [], tail: old.tailFingerprint())
                var outcome: CSVReload.Outcome?
                while outcome == nil {
                    outcome = reload.takeOutcome()
                    if outcome == nil { usleep(200) }
                }
                guard case .done(let result) = outcome! else { fatalError("reload failed: \(outcome!)") }
                let reloaded = milliseconds(clock.now - start)
                summary = "\(result.summary)"
                let applyStart = clock.now
                live.replace(with: result.source, changes: result.changes)
                _ = view.refreshFromDataSource(checkingForChanges: false)
                view.waitForJob()
                app.drawFrame()
                let applied = milliseconds(clock.now - applyStart)
                if sorted { sortedBest = min(sortedBest, applied) } else {
                    reloadBest = min(reloadBest, reloaded)
                    applyBest = min(applyBest, applied)
                }
            }
        }
        unlink(path)
        print("rows=\(rows) summary=\(summary)")
        print("reload_keys_of_shown_version_ms=\(format1(keysBest))")
        print("reload_open_index_keys_match_ms=\(format1(reloadBest))")
        print("reload_apply_and_frame_ms=\(format1(applyBest))")
        print("reload_apply_sorted_and_frame_ms=\(format1(sortedBest))")
    }

    static func readAll(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        fstat(fd, &info)
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            if n <= 0 { return nil }
            done += n
        }
        return bytes
    }

    /// Writes `bytes` to a new file and renames it over `path` (a save by rename).
    static func writeReplacing(_ path: String, _ bytes: [UInt8]) {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            precondition(n > 0)
            done += n
        }
        close(fd)
        rename(temporary, path)
    }
}
