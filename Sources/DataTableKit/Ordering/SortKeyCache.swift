import Glibc
import Synchronization

/// What a table's kept sort keys hold and did (`DataTableView.sortKeyCacheStatistics`).
public struct SortKeyCacheStatistics: Hashable, Sendable {
    /// Columns whose keys are kept.
    public var entries = 0
    /// Bytes the kept keys and orders take.
    public var bytes = 0
    /// The most bytes it keeps before dropping the least recently used columns.
    public var budgetBytes = 0
    /// Sort keys a sort (or a grouping) found kept.
    public var hits = 0
    /// Sort keys a sort (or a grouping) looked for and read the fields instead.
    public var misses = 0
    /// Column filters (comparisons, ranges) answered from kept keys instead of their fields.
    public var filterHits = 0
    /// Column filters that kept keys could answer, answered by reading their fields instead
    /// (nothing kept, or numbers kept as `Double`s).
    public var filterMisses = 0
    /// Frequency tables of a text column counted from its kept keys instead of its fields.
    public var frequencyHits = 0
    /// Frequency tables of a text column that found no keys to count from (a first count of a
    /// few-valued column then reads and keeps them).
    public var frequencyMisses = 0
    /// Text columns of a summary (`I`) counted from their kept keys instead of their fields.
    public var summaryHits = 0
    /// Text columns of a summary read from their fields (no keys kept, or a text too long).
    public var summaryMisses = 0
    /// Columns dropped to stay within the budget.
    public var evictions = 0
}

/// Typed sort keys kept per column once extracted, so that sorting again by a column (either
/// direction, alone or as another key) skips reading its fields (a part of `DataTableView`,
/// held by its `OrderingJobs`; docs/decisions/0151).
///
/// An entry is a column's `SortKeyColumn` over rows `0..<rowCount`, named by what it was read
/// with (`Key`: column, kind, format, null tokens, row count, edits), and the last order of all
/// rows by that column alone (either direction: the other is `RowSorter.reversingRuns`).
/// Only keys read from the source's raw bytes of a complete source are kept (a source that
/// hands out raw bytes does not change them behind the view's back; the sources that change
/// report it, see below).
///
/// Staleness: every entry belongs to a generation; `invalidate()` (rows changed, reloaded,
/// inserted: `applyRowChanges`) drops them all and starts the next one, and a job stores only
/// under the generation it started in (`Stamp`), so keys read before a change never come back.
/// An edit or undo changes the edit count in the `Key`, a kind set with `t`, another format or
/// other null tokens change it too, rows appended change the row count.
///
/// Bounded by `budgetBytes` (the least recently used columns go first). The library watches
/// no memory pressure (it opens no file such as /proc/meminfo): a program that learns of it
/// calls `DataTableView.dropSortKeyCache()` (dtable does, docs/decisions/0154).
/// Thread-safe (one lock); jobs look up and store from worker threads.
final class SortKeyCache: Sendable {
    /// What an entry's keys were read with: any difference is another entry.
    struct Key: Hashable, Sendable {
        var column: Int
        var kind: SortKeyKind
        var format: ValueFormat
        var nullTokens: NullTokens
        /// Rows `0..<rowCount`.
        var rowCount: Int
        /// `EditableDataSource.changeCount` when read (0 without edits).
        var editCount: Int
    }

    /// The data a job reads, taken on the UI thread when it starts.
    struct Stamp: Sendable {
        /// The cache's generation then.
        var generation: Int
        /// `EditableDataSource.changeCount` then (0 without an editable layer).
        var editCount: Int
        /// Whether every row was loaded (only then are keys kept).
        var isComplete: Bool
    }

    /// Who looks keys up, for the statistics.
    enum Use: Sendable {
        /// A sort or a grouping (`hits`, `misses`).
        case sort
        /// A column filter: counted by `count(_:answeredFromKeys:)` once it knows.
        case filter
        /// A frequency table: counted by `count(_:answeredFromKeys:)` once it knows.
        case frequency
        /// A summary: counted by `count(_:answeredFromKeys:)` once it knows.
        case summary
    }

    /// Every row, sorted by one column alone in one direction.
    struct SortedRows: Sendable {
        var rows: [UInt32]
        var ascending: Bool
    }

    private struct Entry: Sendable {
        var keys: SortKeyColumn
        var order: SortedRows?
        var lastUse: Int
        var bytes: Int { keys.memoryBytes + (order?.rows.count ?? 0) * MemoryLayout<UInt32>.stride }
    }

    private struct State: Sendable {
        var entries: [Key: Entry] = [:]
        var generation = 0
        var clock = 0
        var bytes = 0
        var statistics = SortKeyCacheStatistics()
    }

    private let state = Mutex(State())
    /// The most bytes kept.
    let budgetBytes: Int

    /// A cache of at most `budgetBytes` (default: a sixteenth of physical memory, at most
    /// 256 MiB).
    init(budgetBytes: Int = SortKeyCache.defaultBudget) {
        self.budgetBytes = budgetBytes
    }

    /// A sixteenth of physical memory, at most 256 MiB (64 MiB when it cannot be read).
    static let defaultBudget: Int = {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), size = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, size > 0 else { return 64 << 20 }
        return min(256 << 20, pages * size / 16)
    }()

    /// The stamp of a job starting now over data with `editCount` edits.
    func stamp(editCount: Int, isComplete: Bool) -> Stamp {
        Stamp(generation: state.withLock { $0.generation }, editCount: editCount, isComplete: isComplete)
    }

    /// The keys kept for `key` in `stamp`'s generation, and the order kept with them; counts a
    /// hit or a miss of `use`.
    func lookup(_ key: Key, stamp: Stamp, for use: Use = .sort) -> (keys: SortKeyColumn, order: SortedRows?)? {
        state.withLock { state in
            guard state.generation == stamp.generation, var entry = state.entries[key] else {
                if use == .sort { state.statistics.misses += 1 }
                return nil
            }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            if use == .sort { state.statistics.hits += 1 }
            return (entry.keys, entry.order)
        }
    }

    /// Counts a use the kept keys could serve, once it is known whether they did (a hit) or its
    /// fields were read (a miss): a column filter (none kept, or kept as `Double`s), a frequency
    /// table (none kept), a text column of a summary (none kept, or a text too long). Sorts are
    /// counted by `lookup`.
    func count(_ use: Use, answeredFromKeys: Bool) {
        state.withLock { state in
            switch (use, answeredFromKeys) {
            case (.sort, _): break
            case (.filter, true): state.statistics.filterHits += 1
            case (.filter, false): state.statistics.filterMisses += 1
            case (.frequency, true): state.statistics.frequencyHits += 1
            case (.frequency, false): state.statistics.frequencyMisses += 1
            case (.summary, true): state.statistics.summaryHits += 1
            case (.summary, false): state.statistics.summaryMisses += 1
            }
        }
    }

    /// Keeps `keys` for `key` when `stamp` is of the current generation over a complete source.
    /// Entries of another row count or edit count go: the data has moved past them (counts only
    /// grow within a generation), so they would never be found again.
    func store(_ keys: SortKeyColumn, for key: Key, stamp: Stamp) {
        guard stamp.isComplete else { return }
        state.withLock { state in
            guard state.generation == stamp.generation else { return }
            for (old, entry) in state.entries where old.rowCount != key.rowCount || old.editCount != key.editCount {
                state.entries[old] = nil
                state.bytes -= entry.bytes
            }
        }
        update(key, stamp: stamp) { $0 = Entry(keys: keys, order: $0?.order, lastUse: 0) }
    }

    /// Keeps `order` (every row sorted by `key`'s column alone) with the keys kept for `key`.
    func store(order: SortedRows, for key: Key, stamp: Stamp) {
        update(key, stamp: stamp) { entry in
            entry?.order = order
        }
    }

    /// Applies `change` to `key`'s entry within the budget, unless the generation moved on.
    private func update(_ key: Key, stamp: Stamp, _ change: (inout Entry?) -> Void) {
        state.withLock { state in
            guard state.generation == stamp.generation else { return }
            var entry = state.entries.removeValue(forKey: key)
            if let entry { state.bytes -= entry.bytes }
            change(&entry)
            guard var entry, entry.bytes <= budgetBytes else { return }
            while state.bytes + entry.bytes > budgetBytes,
                  let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.bytes
                state.statistics.evictions += 1
            }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            state.bytes += entry.bytes
        }
    }

    /// Drops every entry and starts a new generation: jobs that started before store nothing.
    func invalidate() {
        state.withLock { state in
            state.generation += 1
            Self.removeAll(&state)
        }
    }

    private static func removeAll(_ state: inout State) {
        state.entries = [:]
        state.bytes = 0
    }

    /// What is kept now and what was found.
    var statistics: SortKeyCacheStatistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.entries = state.entries.count
            statistics.bytes = state.bytes
            statistics.budgetBytes = budgetBytes
            return statistics
        }
    }
}

extension SortKeyColumn {
    /// Bytes its keys and bitmaps take.
    var memoryBytes: Int {
        narrowKeys.count * MemoryLayout<UInt32>.stride + (wideKeys.count + nullMask.count + strayMask.count) * MemoryLayout<UInt64>.stride
    }
}
