import DataTableCSV
import DataTableApp
import DataTableKit
import Glibc
import TerminalSurface

// dtable-bench: generates data and prints the performance figures of `make bench` as one table.
//
// Usage: dtable-bench [--binary PATH] [--data-directory DIR] [--rows N,N...]
//        dtable-bench --snapshot [--rows N] [--runs R]  (see SnapshotBench)
//        dtable-bench --reload [--rows N] [--runs R]    (see ReloadBench)
//        dtable-bench --diff [--rows N,N] [--runs R]    (see DiffBench)
//        dtable-bench --gzip [--rows N] [--data-directory DIR]  (see GzipBench)
//        dtable-bench --parse [--rows N] [--runs R]  (see ParseBench)
//        dtable-bench --summary [--rows N] [--runs R] [--sorted-by COLUMN]  (see SummaryBench)
//        dtable-bench --column-filter [--rows N,N] [--runs R]  (see ColumnFilterBench)
//        dtable-bench --scan [--rows N,N] [--runs R] [--field-wise]  (see ScanBench)
//        dtable-bench --column-order [--runs R] [--presses N]  (see ColumnOrderBench)
//        dtable-bench --print-bench [--rows N,N...] [--runs R]  (see PrintBench)
//        dtable-bench --format-bench [--rows N,N...] [--runs R]  (see FormatBench)
//        dtable-bench --frequency [--rows N] [--runs R]  (see FrequencyBench)
//        dtable-bench --frames [--rows N] [--presses K]  (see IndexFrameBench; for callgrind)
//        dtable-bench --index-vs-wc [--rows N] [--runs R]  (see IndexFrameBench)
//        dtable-bench --frame-keys [--rows N] [--presses K]  (see FrameKeysBench)
//        dtable-bench --peers [--rows N,N] [--runs R]  (see PeersBench; make bench-peers)
//
// Per data size (default 1M and 10M rows, plus a 1 KB file for the first frame) it measures:
// `wc -l` as a reference; the real binary in a 200x60 tmux pane (first frame, then the whole
// background index, with its --stats); and, in a fresh child process (`--measure FILE`, so one
// size's heap cannot hide the next one's memory), the library on the lazily indexed, memory-
// mapped `CSVFileDataSource`: full index, sorts through `DataTableView.sort(by:)`, frame builds
// after key presses, and anonymous memory; for sizes up to 1M rows, also the snapshot apply of as
// many in-memory models (SnapshotBench). Progress goes to stderr, the table to stdout.

// The allocator as dtable sets it, so that the figures are the program's.
HeapRetention.retainFreedBuffers()

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

/// The number after `name`, or `value` when it is missing or no number.
func intOption(_ name: String, default value: Int) -> Int {
    option(name).flatMap { Int($0) } ?? value
}

/// Runs `body`, then exits, when `flag` is among the arguments: one bench mode.
func mode(_ flag: String, _ body: () throws -> Void) rethrows {
    guard arguments.contains(flag) else { return }
    try body()
    exit(0)
}

/// A bench table run alone (`flag`): `report(binary, directory, rows, runs)` with `--binary`
/// (default the release build), `--data-directory`, `--rows N,N...` (default 100k) and `--runs`
/// (default 3), then exits.
func tableMode(_ flag: String, _ report: (_ binary: String, _ directory: String, _ rows: [Int], _ runs: Int) -> Void) {
    mode(flag) {
        let rows = option("--rows").map { $0.split(separator: ",").compactMap { Int($0) } } ?? [100_000]
        report(option("--binary") ?? "./.build/release/dtable", dataDirectory, rows, intOption("--runs", default: 3))
    }
}

/// Where the generated data files live (`--data-directory`).
let dataDirectory = option("--data-directory") ?? "bench-data"

func progress(_ text: String) {
    let bytes = Array("dtable-bench: \(text)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func milliseconds(_ d: Duration) -> Double { seconds(d) * 1000 }

/// A "kB" field of /proc/self/status, in kB.
func processStatusKilobytes(_ field: String) -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, file) != nil {
        let text = cString(line)
        if text.hasPrefix(field + ":") {
            return Int(text.dropFirst(field.count + 1).filter(\.isNumber)) ?? 0
        }
    }
    return 0
}

func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
}

let clock = ContinuousClock()

// MARK: - Child: the in-process measurements for one file

/// Key presses for the frame-build figure: scrolling down and across, paging, jumping.
let keys: [Key] = [.down, .down, .pageDown, .right, .down, .pageDown, .left, .up, .control("d")]
let keyPresses = 3000

/// Measures the library on `path` and prints `key=value` lines (stdout) for the parent.
func measureInProcess(path: String) throws {
    func emit(_ key: String, _ value: Double) {
        print("\(key)=\(value)")
        fflush(nil)
    }
    let size = Size(width: 200, height: 60)
    var configuration = DataTableConfiguration()
    configuration.title = path

    // 1. Open + index the whole file; memory from this first run (fresh heap).
    let anonBase = processStatusKilobytes("RssAnon")
    var start = clock.now
    let source = try CSVFileDataSource(path: path)
    source.indexAll(countingFields: false)
    var bestIndex = milliseconds(clock.now - start)
    // The pass after the index that finds rows wider than the header.
    start = clock.now
    source.countFieldsOfEveryRecord()
    emit("fields_ms", milliseconds(clock.now - start))
    precondition(source.isIndexComplete)
    let rows = source.rowCount
    emit("rows", Double(rows))
    emit("index_memory_bytes", Double(source.indexMemoryBytes))
    emit("anon_after_index_kb", Double(processStatusKilobytes("RssAnon") - anonBase))

    // 2. Sorts through the view, on the lazily indexed source: an int column, then text.
    //    Opening the view starts the check of the column kinds over a 4,096-row sample spread
    //    through the file (a worker); `settleColumnKinds` waits for it.
    let column = { (title: String) in (0..<source.columnCount).first { source.title(ofColumn: $0) == title } ?? 0 }
    start = clock.now
    let sortView = DataTableView(dataSource: source, configuration: configuration, size: size)
    emit("view_open_ms", milliseconds(clock.now - start))
    start = clock.now
    sortView.settleColumnKinds()
    emit("kind_sample_wait_ms", milliseconds(clock.now - start))
    progress("  sorting \(rows) rows by progress")
    let sortInt = SortBench.measure(view: sortView, column: column("progress"), runs: 3, leaveSorted: true)
    emit("sort_int_ms", sortInt.bestMilliseconds)
    emit("sort_int_cpu_ms", sortInt.cpuMilliseconds)
    emit("sort_int_peak_anon_kb", Double(sortInt.peakAnonBytes) / 1024)
    emit("anon_after_sort_kb", Double(processStatusKilobytes("RssAnon") - anonBase))
    // Sanity: `progress` non-decreasing over ~1000 evenly spaced display rows.
    var previous = Int.min, sorted = true
    for display in stride(from: 0, to: rows, by: max(1, rows / 1000)) {
        let value = Int(source.text(row: sortView.sourceRow(forDisplayRow: display), column: column("progress"))) ?? Int.max
        if value < previous { sorted = false }
        previous = value
    }
    emit("sort_int_checked", sorted ? 1 : 0)
    progress("  sorting \(rows) rows by name")
    let sortText = SortBench.measure(view: sortView, column: column("name"), runs: 3)
    emit("sort_text_ms", sortText.bestMilliseconds)
    emit("sort_text_cpu_ms", sortText.cpuMilliseconds)
    emit("sort_text_peak_anon_kb", Double(sortText.peakAnonBytes) / 1024)
    let sortCached = SortBench.measureCached(view: sortView, column: column("progress"), other: column("name"), runs: 3)
    emit("sort_cached_turned_ms", sortCached.turned)
    emit("sort_cached_same_ms", sortCached.same)
    emit("sort_cached_two_keys_ms", sortCached.twoKeys)

    // 3. Frame builds after key presses at 200x60, through the real controller, memory backend.
    progress("  frame builds, \(keyPresses) key presses")
    let backend = MemoryBackend(size: size)
    let view = DataTableView(dataSource: source, configuration: configuration, size: size)
    let app = TableApplication(view: view, backend: backend)
    app.drawFrame()
    for i in 0..<keyPresses { app.handle(.key(keys[i % keys.count])) }
    app.handle(.key(.character("G")))
    app.handle(.key(.character("g")))
    emit("frames", Double(app.statistics.framesDrawn))
    emit("frame_mean_ms", app.statistics.meanFrameBuildMilliseconds)
    emit("frame_max_ms", app.statistics.maxFrameBuildMilliseconds)
    emit("cells_visible", Double(view.cellsOnScreenCount))
    emit("cells_alive_max", Double(view.reusePool.maxCellsAlive))
    emit("cells_created", Double(view.reusePool.cellsCreated))
    emit("cells_reused", Double(view.reusePool.cellsReused))

    // 3b. The same key presses with cell kinds (avatar, badge, progress bar, wrapped notes in rows
    //     of automatic height, an Actions column of buttons): the sizing-cell cache at work.
    progress("  frame builds with cell kinds and wrapped rows, \(keyPresses) key presses")
    let kindsSource = AppendingColumnsDataSource(base: source, appendedTitles: ["Actions"])
    var kindsConfiguration = configuration
    kindsConfiguration.rowHeightMode = .automatic(estimated: 1, prefetchWindow: 32)
    kindsConfiguration.maxColumnWidth = 30
    let kindColumns = ["name": AvatarCell.reuseIdentifier, "status": BadgeCell.reuseIdentifier,
                       "progress": ProgressBarCell.reuseIdentifier]
    let identifiers = (0..<kindsSource.columnCount).map { c in
        c == source.columnCount ? ActionButtonsCell.reuseIdentifier : kindColumns[kindsSource.title(ofColumn: c)] ?? TextCell.reuseIdentifier
    }
    let noteColumn = column("note")
    kindsConfiguration.cellSizingMode = .custom(provider: DataTableCustomCellProvider(
        register: {
            $0.register(AvatarCell.self, forCellReuseIdentifier: AvatarCell.reuseIdentifier)
            $0.register(BadgeCell.self, forCellReuseIdentifier: BadgeCell.reuseIdentifier)
            $0.register(ProgressBarCell.self, forCellReuseIdentifier: ProgressBarCell.reuseIdentifier)
            $0.register(ActionButtonsCell.self, forCellReuseIdentifier: ActionButtonsCell.reuseIdentifier)
        },
        reuseIdentifierFor: { identifiers[$0.column] },
        configure: { cell, value, context in
            switch cell {
            case let cell as TextCell:
                cell.label.text = value.stringRepresentation
                cell.label.alignment = context.columnAlignment
                if context.indexPath.column == noteColumn {
                    cell.label.numberOfLines = 0
                    cell.label.lineBreakMode = .byWordWrapping
                }
            case let cell as AvatarCell: cell.configure(with: value)
            case let cell as BadgeCell: cell.configure(with: value)
            case let cell as ProgressBarCell: cell.scale = .percent; cell.configure(with: value)
            case let cell as ActionButtonsCell: cell.buttons = ["Edit", "Delete"]
            default: break
            }
        }))
    let kindsView = DataTableView(dataSource: kindsSource, configuration: kindsConfiguration, size: size)
    let kindsApp = TableApplication(view: kindsView, backend: MemoryBackend(size: size))
    kindsApp.drawFrame()
    for i in 0..<keyPresses { kindsApp.handle(.key(keys[i % keys.count])) }
    kindsApp.handle(.key(.character("G")))
    kindsApp.handle(.key(.character("g")))
    emit("kinds_frame_mean_ms", kindsApp.statistics.meanFrameBuildMilliseconds)
    emit("kinds_frame_max_ms", kindsApp.statistics.maxFrameBuildMilliseconds)
    emit("kinds_rows_measured", Double(kindsView.rowSizingStatistics.rowsMeasured))
    emit("kinds_sizing_measurements", Double(kindsView.rowSizingStatistics.sizingMeasurements))
    emit("kinds_cache_hits", Double(kindsView.rowSizingStatistics.cacheHits))
    emit("kinds_cells_alive_max", Double(kindsView.reusePool.maxCellsAlive))
    emit("kinds_cells_visible", Double(kindsView.cellsOnScreenCount))

    // 3c. Frame build per key (mean and p99): plain, sorted by `progress`, filtered and sorted.
    progress("  frame builds per key: plain, sorted, filtered + sorted")
    for (key, value) in FrameKeysBench.measure(source: source, sortColumn: column("progress"),
                                               presses: FrameKeysBench.pressesPerKey, title: path) {
        emit(key, value)
    }

    // 4. Two more index runs: best of 3.
    progress("  indexing twice more")
    for _ in 0..<2 {
        start = clock.now
        let again = try CSVFileDataSource(path: path)
        again.indexAll(countingFields: false)
        bestIndex = min(bestIndex, milliseconds(clock.now - start))
        precondition(again.rowCount == rows)
    }
    emit("index_ms", bestIndex)

    // 5. Open + first frame in this process (memory backend), as the viewer does it, without and
    //    with the background indexer running: where the time to the first frame goes.
    func firstFrame(indexing: Bool) throws -> Double {
        let start = clock.now
        let opened = try CSVFileDataSource(path: path)
        let view = DataTableView(dataSource: opened, configuration: configuration, size: size)
        if indexing { opened.startIndexing() }
        TableApplication(view: view, backend: MemoryBackend(size: size)).drawFrame()
        let ms = milliseconds(clock.now - start)
        while indexing && !opened.isIndexComplete { usleep(1000) }
        return ms
    }
    for indexing in [false, true] {
        let runs = try (0..<5).map { _ in try firstFrame(indexing: indexing) }.sorted()
        emit(indexing ? "open_frame_indexing_ms" : "open_frame_ms", runs[runs.count / 2])
    }
}

mode("--frequency") {
    FrequencyBench.run(directory: dataDirectory, rows: intOption("--rows", default: 1_000_000),
                       runs: intOption("--runs", default: 3),
                       columns: option("--columns").map { $0.split(separator: ",").map(String.init) })
}

if arguments.contains("--column-filter") { ColumnFilterBench.runAlone() }
if arguments.contains("--scan") { ScanBench.runAlone() }
tableMode("--print-bench") { PrintBench.report(binary: $0, directory: $1, rowCounts: $2, runs: $3) }
tableMode("--format-bench") { FormatBench.report(binary: $0, directory: $1, rowCounts: $2, runs: $3) }
tableMode("--peers") { PeersBench.report(directory: $1, rowCounts: $2, runs: $3) }
if let query = option("--filter") {
    FilterBench.run(query: query, isRegex: arguments.contains("--regex"),
                    directory: dataDirectory,
                    rows: intOption("--rows", default: 1_000_000),
                    runs: intOption("--runs", default: 3))
    exit(0)
}

mode("--sort") {
    SortBench.run(directory: dataDirectory, rows: intOption("--rows", default: 1_000_000),
                  runs: intOption("--runs", default: 3),
                  columns: (option("--columns") ?? "progress,name").split(separator: ",").map(String.init))
}

mode("--index-vs-wc") {
    IndexFrameBench.runIndexVersusWc(directory: dataDirectory,
                                     rows: intOption("--rows", default: 1_000_000), runs: intOption("--runs", default: 7))
}

mode("--frames") {
    IndexFrameBench.runFrames(directory: dataDirectory, rows: intOption("--rows", default: 100_000),
                              presses: intOption("--presses", default: 300))
}

mode("--frame-keys") {
    FrameKeysBench.run(directory: dataDirectory, rows: intOption("--rows", default: 10_000_000),
                       presses: intOption("--presses", default: FrameKeysBench.pressesPerKey))
}

mode("--summary") {
    SummaryBench.run(directory: dataDirectory,
                     rows: intOption("--rows", default: 10_000_000), runs: intOption("--runs", default: 3),
                     sortedBy: option("--sorted-by"))
}

mode("--reload") {
    ReloadBench.run(directory: dataDirectory,
                    rows: intOption("--rows", default: 1_000_000), runs: intOption("--runs", default: 3))
}

mode("--diff") {
    DiffBench.run(directory: dataDirectory,
                  rows: (option("--rows") ?? "1000000,10000000").split(separator: ",").compactMap { Int($0) },
                  runs: intOption("--runs", default: 1))
}

mode("--gzip") {
    let path = BenchData.path(directory: dataDirectory, rows: intOption("--rows", default: 1_000_000))
    mkdir(dataDirectory, 0o755)
    _ = BenchData.ensure(path: path, rows: intOption("--rows", default: 1_000_000))
    for (key, value) in GzipBench.measure(path: path).sorted(by: { $0.key < $1.key }) { print("\(key)=\(value)") }
}
mode("--column-order") { ColumnOrderBench.run(runs: intOption("--runs", default: 3), presses: intOption("--presses", default: 2000)) }
mode("--parse") {
    ParseBench.run(rows: intOption("--rows", default: 10_000_000), runs: intOption("--runs", default: 3))
}

mode("--snapshot") {
    SnapshotBench.run(rows: intOption("--rows", default: 1_000_000), runs: intOption("--runs", default: 3))
}

if let path = option("--open-frame") {
    // Only the in-process open + first frame (step 5 of --measure) and the kind check: quick
    // checks of the first frame's cost at a size, without the sorts and key presses.
    let size = Size(width: 200, height: 60)
    var configuration = DataTableConfiguration()
    configuration.title = path
    var frames: [Double] = [], samples: [Double] = []
    for _ in 0..<intOption("--runs", default: 9) {
        let start = clock.now
        let opened = try CSVFileDataSource(path: path)
        let view = DataTableView(dataSource: opened, configuration: configuration, size: size)
        TableApplication(view: view, backend: MemoryBackend(size: size)).drawFrame()
        frames.append(milliseconds(clock.now - start))
        // The check over the rows indexed at open, then over the whole file.
        opened.indexAll()
        let sampleStart = clock.now
        view.settleColumnKinds()
        samples.append(milliseconds(clock.now - sampleStart))
    }
    frames.sort()
    samples.sort()
    print("open_frame_ms median \(frames[frames.count / 2]) min \(frames[0]) max \(frames[frames.count - 1])")
    print("kind_sample_whole_file_ms median \(samples[samples.count / 2]) min \(samples[0])")
    exit(0)
}

if let path = option("--measure") {
    do {
        try measureInProcess(path: path)
        exit(0)
    } catch {
        progress("\(path): \(error)")
        exit(1)
    }
}

// MARK: - Parent: data, wc -l, the binary in tmux, the child, the table

let binary = option("--binary") ?? "./.build/release/dtable"
let directory = dataDirectory
let rowCounts = option("--rows").map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1_000_000, 10_000_000]
mkdir(directory, 0o755)

/// Runs this executable with `--measure path`; the `key=value` lines it prints.
func measureInChild(path: String) -> [String: Double] {
    var result: [String: Double] = [:]
    let me = CommandLine.arguments[0]
    guard let pipe = popen("'\(me)' --measure '\(path)'", "r") else { return result }
    var line = [CChar](repeating: 0, count: 512)
    while fgets(&line, 512, pipe) != nil {
        let text = cString(line).filter { $0 != "\n" }
        if let eq = text.firstIndex(of: "="), let value = Double(text[text.index(after: eq)...]) {
            result[String(text[..<eq])] = value
        }
    }
    if pclose(pipe) != 0 { progress("measuring \(path) failed") }
    return result
}

/// Best wall time of `runs` runs of a shell command, in ms.
func bestShellMilliseconds(_ command: String, runs: Int) -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = clock.now
        system(command)
        best = min(best, milliseconds(clock.now - start))
    }
    return best
}

func median(_ values: [Double]) -> Double? {
    let sorted = values.sorted()
    return sorted.isEmpty ? nil : sorted[sorted.count / 2]
}

func label(rows: Int) -> String {
    if rows >= 1_000_000, rows % 1_000_000 == 0 { return "\(rows / 1_000_000)M rows" }
    if rows >= 1000, rows % 1000 == 0 { return "\(rows / 1000)k rows" }
    return "\(rows) rows"
}

/// The table's rows, in order: key, label.
let metrics: [(String, String)] = [
    ("rows", "data rows (records)"),
    ("size", "file size (MB)"),
    ("bytes_per_row", "bytes per row"),
    ("wc_ms", "`wc -l` (ms, best of 3, reference)"),
    ("wc_gbs", "`wc -l` (GB/s)"),
    ("ff_launch", "first frame from launch in tmux (ms, median of 5)"),
    ("ff_harness", "  tmux harness alone, /usr/bin/printf (ms, median of 5)"),
    ("ff_wall", "first frame from process start (ms, launch - harness)"),
    ("ff_main", "first frame from main (ms, --stats, median of 5)"),
    ("open_frame", "open + first frame in process, no indexer (ms, median of 5)"),
    ("open_frame_indexing", "same, background indexer started (ms, median of 5)"),
    ("index_ms", "full index: open + indexAll() (ms, best of 3)"),
    ("index_gbs", "full index (GB/s)"),
] + IndexFrameBench.metrics + [
    ("fields_ms", "field count of every record, after the index (ms)"),
    ("bin_index_ms", "full index in the viewer, background (ms, --stats index_ms)"),
    ("gz_size", "gzip -6 of the file (MB)"),
    ("gz_zcat", "`zcat FILE.gz | wc -l` (ms, best of 3; decompressed MB/s)"),
    ("gz_index", "open FILE.gz + decompress + index (ms, best of 3; MB/s)"),
    ("sort_int", "sort int column `progress` (ms, DataTableView.sort, best of 3; CPU ms all threads)"),
    ("sort_int_anon", "  peak anon memory while sorting (B/row, above the level before)"),
    ("gnu_sort", "  GNU `LC_ALL=C sort -t, -k5 -n FILE` (ms, best of 3, reference)"),
    ("sort_text", "sort text column `name` (ms, DataTableView.sort, best of 3; CPU ms all threads)"),
    ("sort_cached", "second sort (cached keys) of `progress`: other direction / same / after `name` (ms, best of 3)"),
    ("sort_text_anon", "  peak anon memory while sorting (B/row, above the level before)"),
    ("load", "load average (1 min) before / after this column"),
    ("summary", "summary of every column, `I` (ms, best of 3; target <= 5000 at 10M)"),
    ("frame_mean", "frame build mean (ms, 200x60, after key presses)"),
    ("frame_max", "frame build max (ms)"),
] + FrameKeysBench.metrics + [
    ("kinds_frame", "frame build with cell kinds + wrapped rows, mean / max (ms)"),
    ("kinds_sizing", "  rows measured / sizing measurements / cache hits"),
    ("kinds_cells", "  cells visible / max alive"),
    ("anon_index", "anon memory after index (B/row, RssAnon delta)"),
    ("anon_sort", "anon memory after index + 1 sort (B/row, RssAnon delta)"),
    ("index_bytes", "row index, indexMemoryBytes (B/row)"),
    ("bin_anon", "viewer RssAnon at exit, after full index (MB, --stats)"),
    ("bin_hwm", "viewer peak RSS VmHWM (MB, --stats; counts mapped file pages)"),
    ("cells", "cells visible / max alive"),
    ("reuse", "cells created / reused"),
    ("snapshot_apply", "snapshot apply, N models, 1% changed (ms, best of 3; target <= 300 at 1M)"),
    ("snapshot_apply_sorted", "  same, sorted (the sort run again) / frame after (ms)"),
    ("snapshot_apply_rebuilt", "  same, every model rebuilt, so compared column by column (ms)"),
] + FrequencyBench.metrics

var columns: [(title: String, values: [String: String])] = []

/// Measures one file: `full` adds what only makes sense for large files (throughput, per row).
func measure(path: String, title: String, full: Bool) -> (title: String, values: [String: String]) {
    var values: [String: String] = [:]
    let loadBefore = SortBench.loadAverage()
    let bytes = fileSize(path)
    values["size"] = bytes < 100_000 ? format3(Double(bytes) / 1e6) : format1(Double(bytes) / 1e6)

    if full {
        progress("\(title): wc -l")
        system("cat '\(path)' >/dev/null")
        let wc = bestShellMilliseconds("wc -l '\(path)' >/dev/null", runs: 3)
        values["wc_ms"] = format1(wc)
        values["wc_gbs"] = format2(Double(bytes) / 1e9 / (wc / 1000))
    }

    if !FirstFrame.tmuxAvailable {
        progress("tmux not found: first-frame and viewer figures skipped")
    } else if access(binary, X_OK) != 0 {
        progress("\(binary) not found: first-frame and viewer figures skipped")
    } else {
        progress("\(title): first frame in tmux (5 runs)")
        var walls: [Double] = [], mains: [Double] = []
        for _ in 0..<5 {
            guard let result = FirstFrame.measure(binary: binary, file: path) else { continue }
            walls.append(result.wallMilliseconds)
            if let ms = result.number("first_frame_ms") { mains.append(ms) }
        }
        let harness = median((0..<5).compactMap { _ in FirstFrame.baseline() })
        values["ff_launch"] = median(walls).map(format1)
        values["ff_harness"] = harness.map(format1)
        if let wall = median(walls), let harness { values["ff_wall"] = format1(wall - harness) }
        values["ff_main"] = median(mains).map(format1)
        progress("\(title): viewer until indexed")
        if let result = FirstFrame.measure(binary: binary, file: path, waitForIndex: true) {
            values["bin_index_ms"] = result.number("index_ms").map(format1) ?? (full ? "not reported" : nil)
            values["bin_anon"] = result.number("rss_anon_kb_at_exit").map { format1($0 / 1024) }
            values["bin_hwm"] = result.number("vm_hwm_kb").map { format1($0 / 1024) }
        }
    }

    progress("\(title): library, in a child process")
    let child = measureInChild(path: path)
    let rows = child["rows"] ?? 0
    values["rows"] = child["rows"].map { String(Int(saturating: $0)) }
    if rows > 0 { values["bytes_per_row"] = format1(Double(bytes) / rows) }
    if let ms = child["index_ms"] {
        values["index_ms"] = full ? format1(ms) : format3(ms)
        if full { values["index_gbs"] = format2(Double(bytes) / 1e9 / (ms / 1000)) }
    }
    values.merge(IndexFrameBench.figures(values), uniquingKeysWith: { $1 })
    if let ms = child["fields_ms"] { values["fields_ms"] = full ? format1(ms) : format3(ms) }
    if full { values.merge(GzipBench.measure(path: path), uniquingKeysWith: { $1 }) }
    if full { values.merge(FrequencyBench.measure(path: path), uniquingKeysWith: { $1 }) }
    if let ms = child["sort_int_ms"] {
        values["sort_int"] = (full ? format1(ms) : format3(ms)) + (child["sort_int_cpu_ms"].map { "; " + format1($0) } ?? "")
            + (child["sort_int_checked"] == 1 ? "" : " (NOT SORTED)")
    }
    if let ms = child["sort_text_ms"] {
        values["sort_text"] = (full ? format1(ms) : format3(ms)) + (child["sort_text_cpu_ms"].map { "; " + format1($0) } ?? "")
    }
    if let turned = child["sort_cached_turned_ms"], let same = child["sort_cached_same_ms"],
       let twoKeys = child["sort_cached_two_keys_ms"] {
        values["sort_cached"] = [turned, same, twoKeys].map(full ? format1 : format3).joined(separator: " / ")
    }
    if full, rows > 0 {
        values["sort_int_anon"] = child["sort_int_peak_anon_kb"].map { format1($0 * 1024 / rows) }
        values["sort_text_anon"] = child["sort_text_peak_anon_kb"].map { format1($0 * 1024 / rows) }
        // The reference on files up to 1M rows (GNU sort takes ~15 s at 10M).
        if rows <= 1_000_000 { values["gnu_sort"] = format1(SortBench.gnuSortMilliseconds(path: path, key: 5, runs: 3)) }
        values["load"] = "\(format2(loadBefore)) / \(format2(SortBench.loadAverage()))"
    }
    values["open_frame"] = child["open_frame_ms"].map(format2)
    values["open_frame_indexing"] = child["open_frame_indexing_ms"].map(format2)
    values["frame_mean"] = child["frame_mean_ms"].map(format3)
    values["frame_max"] = child["frame_max_ms"].map(format3)
    for state in FrameKeysBench.states { values["keys_\(state)"] = FrameKeysBench.cell(state: state, figures: child) }
    if full, rows > 0 {
        values["anon_index"] = child["anon_after_index_kb"].map { format1($0 * 1024 / rows) }
        values["anon_sort"] = child["anon_after_sort_kb"].map { format1($0 * 1024 / rows) }
        values["index_bytes"] = child["index_memory_bytes"].map { format1($0 / rows) }
    }
    if let visible = child["cells_visible"], let alive = child["cells_alive_max"] {
        values["cells"] = "\(Int(saturating: visible)) / \(Int(saturating: alive))"
    }
    if let mean = child["kinds_frame_mean_ms"], let max = child["kinds_frame_max_ms"] {
        values["kinds_frame"] = "\(format3(mean)) / \(format3(max))"
    }
    if let rows = child["kinds_rows_measured"], let sizing = child["kinds_sizing_measurements"], let hits = child["kinds_cache_hits"] {
        values["kinds_sizing"] = "\(Int(saturating: rows)) / \(Int(saturating: sizing)) / \(Int(saturating: hits))"
    }
    if let visible = child["kinds_cells_visible"], let alive = child["kinds_cells_alive_max"] {
        values["kinds_cells"] = "\(Int(saturating: visible)) / \(Int(saturating: alive))"
    }
    if let created = child["cells_created"], let reused = child["cells_reused"] {
        values["reuse"] = "\(Int(saturating: created)) / \(Int(saturating: reused))"
    }
    return (title, values)
}

let benchStart = clock.now

// A 1 KB file: the first frame does not depend on the file's size.
let smallPath = BenchData.path(directory: directory, rows: 9)
_ = BenchData.ensure(path: smallPath, rows: 9)
columns.append(measure(path: smallPath, title: "1 KB", full: false))

for rows in rowCounts {
    let path = BenchData.path(directory: directory, rows: rows)
    if fileSize(path) == 0 {
        progress("generating \(path)")
        let start = clock.now
        let bytes = BenchData.ensure(path: path, rows: rows)
        progress("generated \(bytes) bytes in \(format1(seconds(clock.now - start))) s")
    }
    var column = measure(path: path, title: label(rows: rows), full: true)
    column.values.merge(SummaryBench.measure(path: path)?.figures ?? [:]) { $1 }
    if rows <= 1_000_000 {
        // In-memory models (`DataTable<T>`), not the file: the apply of issue 10's target.
        progress("\(column.title): snapshot apply")
        let figures = SnapshotBench.measure(rows: rows, runs: 3)
        let target = SnapshotBench.targetMilliseconds * Double(rows) / 1_000_000
        column.values["snapshot_apply"] = "\(format1(figures.apply)) (\(figures.apply <= target ? "<=" : "OVER") \(format1(target)))"
        column.values["snapshot_apply_sorted"] = "\(format1(figures.applySorted)) / \(format2(figures.frameAfter))"
        column.values["snapshot_apply_rebuilt"] = format1(figures.applyRebuilt)
    }
    columns.append(column)
}

// MARK: - The table

for line in MarkdownTable.figureLines(title: "dtable bench (warm page cache; \(binary))", metrics: metrics, columns: columns) {
    print(line)
}
ColumnFilterBench.printTable(directory: directory, rowCounts: rowCounts)
ScanBench.printTable(directory: directory, rowCounts: rowCounts)
PrintBench.report(binary: binary, directory: directory, rowCounts: rowCounts)
FormatBench.report(binary: binary, directory: directory, rowCounts: rowCounts)
progress("done in \(format1(seconds(clock.now - benchStart))) s")

func format1(_ v: Double) -> String { formatFixed(v, 1) }
func format2(_ v: Double) -> String { formatFixed(v, 2) }
func format3(_ v: Double) -> String { formatFixed(v, 3) }
func formatFixed(_ v: Double, _ digits: Int) -> String {
    guard v.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int(saturating: (abs(v) * scale).rounded())
    let whole = n / Int(saturating: scale), fraction = n % Int(saturating: scale)
    let f = String(fraction)
    return (v < 0 && n != 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: digits - f.count) + f
}

/// The text of a NUL-terminated C buffer.
func cString(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
