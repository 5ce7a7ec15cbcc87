import DataTableApp
import DataTableCSV
import DataTableKit
import Testing
import TerminalSurface
import TestSupport
@testable import dtable

/// The viewer drops the kept sort keys of every open table when the machine runs short of
/// memory (issue 23): a reading given by a closure stands in for /proc/meminfo.
@Suite("Memory pressure drops the kept sort keys")
struct MemoryPressureWatchTests {
    /// A sorted table over `rows` rows of an R-style export (quoted header, CRLF), its keys kept.
    static func sortedTable(in directory: TemporaryDirectory, name: String, rows: Int) throws -> DataTableView {
        var text = "\"id\",\"score\"\r\n"
        for row in 0..<rows { text += "\(row + 1),\((row * 37) % 101)\r\n" }
        try directory.write(name, text: text)
        let source = try CSVFileDataSource(path: directory.path + "/" + name)
        source.indexAll()
        let view = DataTableView(dataSource: source, size: Size(width: 40, height: 10))
        view.settleColumnKinds()
        view.sort(by: [SortDescriptor(column: 1)])
        return view
    }

    @Test("Short of memory, every open table's keys go at the next check, counted once")
    func shortMemoryDropsEveryTable() throws {
        let directory = try TemporaryDirectory()
        let views = try [Self.sortedTable(in: directory, name: "a.csv", rows: 500),
                         Self.sortedTable(in: directory, name: "b.csv", rows: 300)]
        for view in views { try #require(view.sortKeyCacheStatistics.entries == 1) }
        let gib = 1 << 30
        var reading = MemoryPressureWatch.Reading(availableBytes: 4 * gib, totalBytes: 16 * gib)
        var reads = 0, releases = 0
        var watch = MemoryPressureWatch(interval: .seconds(2), read: { reads += 1; return reading }, release: { releases += 1 })
        let start = ContinuousClock.now

        // Plenty available: nothing dropped.
        var dropped = watch.check(views: { views }, now: start)
        #expect(!dropped && releases == 0)
        #expect(views.allSatisfy { $0.sortKeyCacheStatistics.entries == 1 })
        // Short, but within the interval: not even read.
        reading.availableBytes = gib
        dropped = watch.check(views: { views }, now: start + .seconds(1))
        #expect(!dropped)
        #expect(reads == 1)
        #expect(views.allSatisfy { $0.sortKeyCacheStatistics.entries == 1 })
        // Short at the next check: both tables' keys dropped, one drop counted, then the freed
        // memory given back.
        dropped = watch.check(views: { views }, now: start + .seconds(2))
        #expect(dropped && releases == 1)
        #expect(views.allSatisfy { $0.sortKeyCacheStatistics.entries == 0 && $0.sortKeyCacheStatistics.bytes == 0 })
        #expect(watch.drops == 1)
        // Still short with nothing kept: no drop counted, but the heap's freed memory (the
        // allocator keeps it for later jobs) is given back again.
        dropped = watch.check(views: { views }, now: start + .seconds(4))
        #expect(!dropped)
        #expect(watch.drops == 1 && reads == 3 && releases == 2)
        // The table sorts again (its keys read anew, so kept again) and is dropped again.
        views[0].sort(by: [SortDescriptor(column: 1, ascending: false)])
        #expect(views[0].sortKeyCacheStatistics.entries == 1)
        dropped = watch.check(views: { views }, now: start + .seconds(6))
        #expect(dropped)
        #expect(watch.drops == 2 && views[0].sortKeyCacheStatistics.entries == 0)
        // The line: a tenth of the total.
        #expect(MemoryPressureWatch.Reading(availableBytes: 16 * gib / 10, totalBytes: 16 * gib).isShort == false)
        #expect(MemoryPressureWatch.Reading(availableBytes: 16 * gib / 10 - 1, totalBytes: 16 * gib).isShort)
    }

    @Test("With memory to spare, freed memory the heaps held past the line for 30 s is given back")
    func idleMemoryIsGivenBack() {
        let gib = 1 << 30
        var idleReleases = 0, pressureReleases = 0
        let idle = HeapRetention.IdleRelease(after: .seconds(30), freeBytes: { 2 * HeapRetention.keptFreeBytes },
                                             release: { idleReleases += 1 })
        var watch = MemoryPressureWatch(interval: .seconds(2),
                                        read: { MemoryPressureWatch.Reading(availableBytes: 8 * gib, totalBytes: 16 * gib) },
                                        release: { pressureReleases += 1 }, idleRelease: idle)
        let start = ContinuousClock.now
        for seconds in stride(from: 0, through: 28, by: 2) { watch.check(views: { [] }, now: start + .seconds(seconds)) }
        #expect(idleReleases == 0)
        watch.check(views: { [] }, now: start + .seconds(30))
        #expect(idleReleases == 1 && pressureReleases == 0)
    }

    @Test("No reading (not Linux, an old kernel): nothing is dropped")
    func noReadingDropsNothing() throws {
        let directory = try TemporaryDirectory()
        let view = try Self.sortedTable(in: directory, name: "a.csv", rows: 200)
        var watch = MemoryPressureWatch(read: { nil }, release: {})
        let dropped = watch.check(views: { [view] })
        #expect(!dropped)
        #expect(view.sortKeyCacheStatistics.entries == 1 && watch.drops == 0)
    }

    @Test("/proc/meminfo's MemTotal and MemAvailable lines, in bytes")
    func meminfoText() {
        // The head of a real /proc/meminfo (Linux 6.x), written out by hand.
        let text = """
            MemTotal:        8130812 kB
            MemFree:          243344 kB
            MemAvailable:     611220 kB
            Buffers:           81720 kB
            Cached:          1312400 kB

            """
        let reading = MemoryPressureWatch.parse(ArraySlice(text.utf8))
        #expect(reading == MemoryPressureWatch.Reading(availableBytes: 611_220 * 1024, totalBytes: 8_130_812 * 1024))
        #expect(reading?.isShort == true)
        // A kernel without MemAvailable (before 3.14): no reading.
        #expect(MemoryPressureWatch.parse(ArraySlice("MemTotal: 8130812 kB\nMemFree: 243344 kB\n".utf8)) == nil)
        // This machine's file reads.
        let here = MemoryPressureWatch.readMeminfo()
        #expect(here != nil && here!.totalBytes > 0 && here!.availableBytes <= here!.totalBytes)
    }
}

extension EndToEnd {
    /// The real binary says in `--stats` how often memory pressure dropped the kept keys.
    @Suite("Memory pressure in --stats")
    struct MemoryPressureStatistics {
        @Test("--stats has sort_key_cache_pressure_drops (0 on a machine with memory to spare)")
        func statisticIsReported() throws {
            let available = try #require(MemoryPressureWatch.readMeminfo())
            let directory = try TemporaryDirectory()
            try directory.write("scores.csv", text: "id,score\r\n1,5\r\n2,3\r\n3,9\r\n")
            let stats = directory.track("stats.json")
            let session = try TmuxSession(width: 60, height: 8, arguments: [try dtableBinaryPath(), "--stats", stats, "scores.csv"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/3") }, "\(session.lastScreen)")
            try session.sendKeys("l", "[", "q")
            #expect(session.waitForExit() == 0)
            let json = directory.read("stats.json") ?? ""
            let drops = InputFlood.statistic("sort_key_cache_pressure_drops", in: json)
            #expect(drops != nil, "\(json)")
            if !available.isShort { #expect(drops == 0, "\(json)") }
        }
    }
}
