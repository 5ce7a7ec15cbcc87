import DataTableApp
import DataTableKit
import Glibc

/// Drops the kept sort keys of every open table when the machine runs short of memory (issue 23;
/// docs/decisions/0154). The library opens no file, so the viewer looks: every `interval`, from
/// the run loop's tick, it reads how much memory is available (`read`, by default
/// `MemAvailable` of /proc/meminfo), and when that is below a tenth of the total it calls
/// `DataTableView.dropSortKeyCache()` on each table holding keys, then `release` (by default
/// `HeapRetention.releaseFreedMemory`: the heap keeps freed buffers, docs/decisions/0165);
/// with memory to spare, it gives back freed memory the heaps have held for 30 seconds
/// (`HeapRetention.IdleRelease`).
/// `drops` counts the checks that dropped keys (`--stats`: `sort_key_cache_pressure_drops`).
struct MemoryPressureWatch {
    /// Memory of the machine, in bytes.
    struct Reading: Equatable {
        /// What can still be given to programs without swapping (`MemAvailable`).
        var availableBytes: Int
        /// All of it (`MemTotal`).
        var totalBytes: Int

        /// Short of memory: less than a tenth of it available (earlyoom's default line, so the
        /// keys go before a watchdog starts ending processes).
        var isShort: Bool { availableBytes < totalBytes / 10 }
    }

    /// Where a reading comes from (nil: none to be had; nothing is dropped then).
    let read: () -> Reading?
    /// Gives freed memory back to the system, once what can be dropped is.
    let release: () -> Void
    /// How often memory is read: often enough to act before a pinch turns into swapping,
    /// rarely enough to cost nothing (one read of a ~1.5 KB file).
    let interval: Duration
    private var lastCheck: ContinuousClock.Instant?
    /// Checks that dropped kept keys.
    private(set) var drops = 0
    /// Gives back the freed memory the heaps have held a while, short of memory or not.
    var idleRelease: HeapRetention.IdleRelease

    /// A watch reading `read` (default: /proc/meminfo) at most every `interval`, calling
    /// `release` (default: `HeapRetention.releaseFreedMemory`) when memory is short.
    init(interval: Duration = .seconds(2), read: @escaping () -> Reading? = MemoryPressureWatch.readMeminfo,
         release: @escaping () -> Void = { HeapRetention.releaseFreedMemory() },
         idleRelease: HeapRetention.IdleRelease = HeapRetention.IdleRelease()) {
        self.interval = interval
        self.read = read
        self.release = release
        self.idleRelease = idleRelease
    }

    /// At most every `interval` (the first call reads at once): when memory is short, drops the
    /// kept sort keys of each of `views` that holds any, then gives freed memory back
    /// (`release`); else gives back freed memory held a while (`idleRelease`). True when keys
    /// were dropped.
    @discardableResult
    mutating func check(views: () -> [DataTableView], now: ContinuousClock.Instant = .now) -> Bool {
        if let lastCheck, now - lastCheck < interval { return false }
        lastCheck = now
        guard let reading = read(), reading.isShort else {
            idleRelease.check(now: now)
            return false
        }
        let holding = views().filter { $0.sortKeyCacheStatistics.entries > 0 }
        for view in holding { view.dropSortKeyCache() }
        release()
        guard !holding.isEmpty else { return false }
        drops += 1
        return true
    }

    /// `MemAvailable` and `MemTotal` of /proc/meminfo (nil where it cannot be read: not Linux,
    /// or a kernel before 3.14 without `MemAvailable`).
    static func readMeminfo() -> Reading? {
        ProcFields.numbers(inFile: "/proc/meminfo", named: fields).flatMap(reading)
    }

    /// The reading in the text of /proc/meminfo (`MemTotal:  16318480 kB` lines).
    static func parse(_ text: ArraySlice<UInt8>) -> Reading? {
        reading(ProcFields.numbers(in: text, named: fields))
    }

    private static let fields: Set<String> = ["MemTotal", "MemAvailable"]

    private static func reading(_ numbers: [String: Int]) -> Reading? {
        guard let total = numbers["MemTotal"], let available = numbers["MemAvailable"], total > 0 else { return nil }
        return Reading(availableBytes: available * 1024, totalBytes: total * 1024)
    }
}
