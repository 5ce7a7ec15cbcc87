import DataTableCSV
import DataTableApp
import DataTableKit
import Glibc
import TerminalSurface

/// The JSON object `--stats FILE` writes on exit.
struct StatisticsReport {
    let view: DataTableView
    let application: TableApplication?
    let bytesWritten: Int
    /// The largest RssAnon sampled while the viewer ran or the table was printed.
    var peakAnonymousKilobytes: Int? = nil
    /// Times the kept sort keys were dropped because memory ran short (`MemoryPressureWatch`).
    var sortKeyCachePressureDrops = 0

    var fields: [(String, String)] {
        let frames = application?.statistics ?? FrameStatistics()
        let pool = view.reusePool
        var result: [(String, String)] = [
            ("rows", String(view.dataSource.rowCount)),
            ("columns", String(view.dataSource.columnCount)),
        ]
        if let first = frames.firstFrameNanoseconds {
            result.append(("first_frame_ms", format(Double(first) / 1e6)))
        }
        result += [
            ("frames", String(frames.framesDrawn)),
            ("frame_build_mean_ms", format(frames.meanFrameBuildMilliseconds)),
            ("frame_build_max_ms", format(frames.maxFrameBuildMilliseconds)),
            ("cells_created", String(pool.cellsCreated)),
            ("cells_reused", String(pool.cellsReused)),
            ("max_cells_alive", String(pool.maxCellsAlive)),
            ("bytes_written", String(bytesWritten)),
            ("sizing_measurements", String(view.rowSizingStatistics.sizingMeasurements)),
            ("row_height_cache_hits", String(view.rowSizingStatistics.cacheHits)),
            ("rows_measured", String(view.rowSizingStatistics.rowsMeasured)),
        ]
        if let sort = view.lastSortMilliseconds { result.append(("sort_ms", format(sort))) }
        if let filter = view.lastFilterMilliseconds { result.append(("filter_ms", format(filter))) }
        let keys = view.sortKeyCacheStatistics
        result += [
            ("sort_key_cache_entries", String(keys.entries)), ("sort_key_cache_bytes", String(keys.bytes)),
            ("sort_key_cache_hits", String(keys.hits)), ("sort_key_cache_misses", String(keys.misses)),
            ("sort_key_cache_filter_hits", String(keys.filterHits)), ("sort_key_cache_filter_misses", String(keys.filterMisses)),
            ("sort_key_cache_frequency_hits", String(keys.frequencyHits)),
            ("sort_key_cache_frequency_misses", String(keys.frequencyMisses)),
            ("sort_key_cache_summary_hits", String(keys.summaryHits)), ("sort_key_cache_summary_misses", String(keys.summaryMisses)),
            ("sort_key_cache_pressure_drops", String(sortKeyCachePressureDrops)),
        ]
        // Through the layers the command line adds (buttons, edits) to the file itself.
        if let file = view.dataSource.innermostSource as? CSVFileDataSource {
            result.append(("indexed_bytes", String(file.indexedByteCount)))
            if let ms = file.indexMilliseconds { result.append(("index_ms", format(ms))) }
            result.append(("index_memory_bytes", String(file.indexMemoryBytes)))
        }
        // Memory when the report is made (at exit): anonymous pages only (heap, index, caches;
        // not the mapped file, which is reclaimable page cache), and the peak of the total RSS.
        let anonAtExit = Self.processStatusKilobytes("RssAnon")
        if let anon = anonAtExit { result.append(("rss_anon_kb_at_exit", String(anon))) }
        if let peak = [peakAnonymousKilobytes, anonAtExit].compactMap({ $0 }).max() {
            result.append(("rss_anon_peak_kb", String(peak)))
        }
        if let peak = Self.processStatusKilobytes("VmHWM") { result.append(("vm_hwm_kb", String(peak))) }
        return result
    }

    /// A "kB" field of /proc/self/status (nil where there is none, e.g. not Linux).
    static func processStatusKilobytes(_ field: String) -> Int? {
        ProcFields.numbers(inFile: "/proc/self/status", named: [field])?[field]
    }

    var json: String {
        "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}\n"
    }

    /// Writes the report to `destination` (nothing when nil); reports a failure on stderr and
    /// returns whether it worked.
    func write(to destination: StatisticsDestination?) -> Bool {
        destination?.write(json) ?? true
    }

    private func format(_ value: Double) -> String {
        let thousandths = Int(saturating: (value * 1000).rounded())
        let whole = thousandths / 1000, fraction = thousandths % 1000
        let digits = String(fraction)
        return "\(whole)." + String(repeating: "0", count: 3 - digits.count) + digits
    }
}

/// Memory figures of this process.
enum ProcessMemory {
    /// RssAnon from /proc/self/status in kB (0 where unavailable).
    static func anonymousKilobytes() -> Int { StatisticsReport.processStatusKilobytes("RssAnon") ?? 0 }
}
