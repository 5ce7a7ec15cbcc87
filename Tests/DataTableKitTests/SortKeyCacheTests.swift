import Testing
import TerminalSurface
import TestSupport
@testable import DataTableCSV
@testable import DataTableKit

/// The sort keys a view keeps per column (`SortKeyCache`): sorts that find them give the order
/// a reference sort written here gives (a stable comparison sort over the values this file
/// generated, nulls last and strays before them in both directions), on a `;`-separated export
/// with a BOM, CRLF, quoted fields, decimal commas, dates with and without a time, strays and
/// nulls; and after an edit, a kind set, rows reloaded or appended, the keys kept before are
/// not used.
@Suite struct SortKeyCacheTests {
    /// What a generated field holds for the reference.
    enum Value: Equatable {
        case null
        case number(Int)
        case stray
        case text
    }

    /// A field: its text (unquoted) and what it is.
    struct Field {
        var text: String
        var value: Value
    }

    static let name = 0, amount = 1, day = 2, count = 3
    static let kinds: [SortKeyKind] = [.text, .decimal, .dateTime, .integer]

    /// One row of the four columns.
    static func row(_ random: inout SplitMix64) -> [Field] {
        let names = ["apple", "Apple", "APPLE", "banana", "Banana", "cherry", "Zürich", "émile", "山田", "a b", "ab",
                     "Grace \"G\" Hopper", "x;y", "item10", "item2", "NA", ""]
        let nameText = names[Int(random.next() % UInt64(names.count))]
        let name = Field(text: nameText, value: nameText == "NA" || nameText.isEmpty ? .null : .text)
        let amount: Field
        switch random.next() % 50 {
        case 0: amount = Field(text: "n/k", value: .stray)
        case 1, 2, 3: amount = Field(text: random.next() % 2 == 0 ? "" : "NA", value: .null)
        default:
            let mantissa = Int(random.next() % 2001) - 1000, scale = Int(random.next() % 3)
            var digits = String(abs(mantissa))
            while digits.count <= scale { digits = "0" + digits }
            if scale > 0 { digits.insert(",", at: digits.index(digits.endIndex, offsetBy: -scale)) }
            amount = Field(text: (mantissa < 0 ? "-" : "") + digits, value: .number(mantissa * (scale == 0 ? 100 : scale == 1 ? 10 : 1)))
        }
        let day: Field
        switch random.next() % 40 {
        case 0: day = Field(text: "soon", value: .stray)
        case 1, 2: day = Field(text: "", value: .null)
        default:
            let year = 2000 + Int(random.next() % 5), month = 1 + Int(random.next() % 12), date = 1 + Int(random.next() % 28)
            let seconds = random.next() % 3 == 0 ? Int(random.next() % 86_400) : 0
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            var text = "\(year)-\(two(month))-\(two(date))"
            if seconds > 0 { text += "T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))" }
            day = Field(text: text, value: .number(((year * 12 + month) * 31 + date) * 86_400 + seconds))
        }
        let n = Int(random.next() % 14)
        let count = n == 13 ? Field(text: "", value: .null) : Field(text: String(n), value: .number(n))
        return [name, amount, day, count]
    }

    /// The file's bytes: a BOM, a header, CRLF, `;` between fields, quotes where needed (and at
    /// random).
    static func file(_ rows: [[Field]], random: inout SplitMix64) -> [UInt8] {
        var text = "\u{FEFF}name;amount;day;count\r\n"
        for row in rows {
            text += row.map { field in
                let needs = field.text.contains(";") || field.text.contains("\"")
                guard needs || random.next() % 6 == 0 else { return field.text }
                return "\"" + field.text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            }.joined(separator: ";") + "\r\n"
        }
        return Array(text.utf8)
    }

    /// The documented collation: ASCII letters folded, byte by byte, a prefix first; then the
    /// raw bytes.
    static func collate(_ x: String, _ y: String) -> Int {
        let fold: (UInt8) -> UInt8 = { $0 &- 65 < 26 ? $0 | 0x20 : $0 }
        let bx = Array(x.utf8), by = Array(y.utf8)
        let fx = bx.map(fold), fy = by.map(fold)
        if fx != fy { return fx.lexicographicallyPrecedes(fy) ? -1 : 1 }
        if bx != by { return bx.lexicographicallyPrecedes(by) ? -1 : 1 }
        return 0
    }

    /// The order of two fields in `ascending` direction: values, then strays (by collation, in
    /// the direction), then nulls, in both directions. `asText`: the column's kind is text.
    static func compare(_ x: Field, _ y: Field, ascending: Bool, asText: Bool) -> Int {
        func rank(_ f: Field) -> Int { f.value == .null ? 2 : (f.value == .stray && !asText) ? 1 : 0 }
        if rank(x) != rank(y) { return rank(x) < rank(y) ? -1 : 1 }
        if rank(x) == 2 { return 0 }
        let c: Int
        if case .number(let a) = x.value, case .number(let b) = y.value, !asText {
            c = a < b ? -1 : a > b ? 1 : 0
        } else {
            c = collate(x.text, y.text)
        }
        return ascending ? c : -c
    }

    /// Stable reference sort of `rows` (source ids, in this order) by `keys`.
    static func reference(_ rows: [Int], table: [[Field]], keys: [SortDescriptor], textColumns: Set<Int> = [name]) -> [Int] {
        rows.enumerated().sorted { a, b in
            for key in keys {
                let c = compare(table[a.element][key.column], table[b.element][key.column], ascending: key.ascending,
                                asText: textColumns.contains(key.column))
                if c != 0 { return c < 0 }
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    static func shown(_ view: DataTableView) -> [Int] {
        (0..<view.viewport.rowCount).map { view.sourceRow(forDisplayRow: $0) }
    }

    static func table(rows: Int, seed: UInt64) -> [[Field]] {
        var random = SplitMix64(state: seed)
        return (0..<rows).map { _ in row(&random) }
    }

    static func source(_ table: [[Field]], seed: UInt64) throws -> CSVFileDataSource {
        var random = SplitMix64(state: seed)
        let source = try indexedCSVFile(file(table, random: &random), prefix: "keycache", dialect: .semicolon)
        precondition(source.rowCount == table.count)
        return source
    }

    /// A view of `source` with the four kinds set (the decimal comma is inferred).
    static func view(_ source: DataTableDataSource) -> DataTableView {
        let view = DataTableView(dataSource: source, configuration: DataTableConfiguration(), size: Size(width: 80, height: 20))
        view.settleColumnKinds()
        for (column, kind) in kinds.enumerated() { view.setKind(ColumnKindSetting(kind: kind), ofColumn: column) }
        return view
    }

    static let keyLists: [[SortDescriptor]] = [
        [SortDescriptor(column: amount)], [SortDescriptor(column: amount, ascending: false)], [SortDescriptor(column: amount)],
        [SortDescriptor(column: day, ascending: false)], [SortDescriptor(column: day)], [SortDescriptor(column: name)],
        [SortDescriptor(column: name, ascending: false)], [SortDescriptor(column: count, ascending: false), SortDescriptor(column: amount)],
        [SortDescriptor(column: count), SortDescriptor(column: amount, ascending: false)],
        [SortDescriptor(column: amount, ascending: false), SortDescriptor(column: count)], [SortDescriptor(column: count)],
        [SortDescriptor(column: name), SortDescriptor(column: day, ascending: false)],
    ]

    @Test(arguments: [1, 2, 9, 300, 2500])
    func keptKeysSortAsTheReference(rows: Int) throws {
        let table = Self.table(rows: rows, seed: UInt64(rows))
        let view = Self.view(try Self.source(table, seed: 7))
        for pass in 0..<2 {
            let before = view.sortKeyCacheStatistics
            for keys in Self.keyLists {
                view.sort(by: keys)
                #expect(Self.shown(view) == Self.reference(Array(0..<rows), table: table, keys: keys), "pass \(pass), \(keys)")
            }
            let after = view.sortKeyCacheStatistics
            if pass == 1 {
                // Every key of the second pass was kept by the first.
                #expect(after.misses == before.misses)
                #expect(after.hits - before.hits == Self.keyLists.map(\.count).reduce(0, +))
            }
        }
        #expect(view.sortKeyCacheStatistics.entries == 4)
        #expect(view.sortKeyCacheStatistics.bytes > 0)
    }

    @Test func aFilteredSortTakesTheKeptOrder() throws {
        let table = Self.table(rows: 1500, seed: 11)
        let view = Self.view(try Self.source(table, seed: 3))
        view.sort(by: [SortDescriptor(column: Self.amount)])
        view.startFilter(try RowMatcher(query: "an", mode: .substring))
        #expect(view.waitForJob() == nil)
        view.sort(by: [])
        let kept = Self.shown(view).sorted()
        #expect(kept.count > 10 && kept.count < 1500)
        for keys in Self.keyLists {
            view.sort(by: keys)
            #expect(Self.shown(view) == Self.reference(kept, table: table, keys: keys), "\(keys)")
        }
    }

    @Test func anEditIsNotSortedStale() throws {
        var table = Self.table(rows: 400, seed: 5)
        let editable = EditableDataSource(base: try Self.source(table, seed: 1))
        let view = Self.view(editable)
        let ascending = [SortDescriptor(column: Self.amount)]
        view.sort(by: ascending)
        view.sort(by: ascending)
        let first = Self.shown(view)[0]
        #expect(view.sortKeyCacheStatistics.hits == 1)
        // The smallest amount becomes the largest.
        editable.setField("99999", row: first, column: Self.amount)
        table[first][Self.amount] = Field(text: "99999", value: .number(9_999_900))
        let misses = view.sortKeyCacheStatistics.misses
        view.sort(by: ascending)
        #expect(Self.shown(view) == Self.reference(Array(0..<400), table: table, keys: ascending))
        #expect(view.sortKeyCacheStatistics.misses == misses + 1)
        // The other columns were not edited, but the edit count names their keys too.
        view.sort(by: [SortDescriptor(column: Self.day, ascending: false)])
        #expect(Self.shown(view) == Self.reference(Array(0..<400), table: table, keys: [SortDescriptor(column: Self.day, ascending: false)]))
        #expect(view.sortKeyCacheStatistics.misses == misses + 2)
        view.sort(by: [SortDescriptor(column: Self.day)])
        #expect(Self.shown(view) == Self.reference(Array(0..<400), table: table, keys: [SortDescriptor(column: Self.day)]))
        #expect(view.sortKeyCacheStatistics.misses == misses + 2)
    }

    @Test func aKindSetIsNotSortedStale() throws {
        let table = Self.table(rows: 600, seed: 9)
        let view = Self.view(try Self.source(table, seed: 2))
        let descending = [SortDescriptor(column: Self.amount, ascending: false)]
        view.sort(by: descending)
        view.setKind(ColumnKindSetting(kind: .text), ofColumn: Self.amount)
        _ = view.waitForJob()
        view.sort(by: descending)
        #expect(Self.shown(view) == Self.reference(Array(0..<600), table: table, keys: descending, textColumns: [Self.name, Self.amount]))
        let hits = view.sortKeyCacheStatistics.hits
        view.setKind(ColumnKindSetting(kind: .decimal), ofColumn: Self.amount)
        _ = view.waitForJob()
        view.sort(by: descending)
        #expect(Self.shown(view) == Self.reference(Array(0..<600), table: table, keys: descending))
        #expect(view.sortKeyCacheStatistics.hits > hits)
    }

    @Test func reloadedAndAppendedRowsAreNotSortedStale() throws {
        let old = Self.table(rows: 500, seed: 21)
        let live = LiveDataSource(try Self.source(old, seed: 4))
        let view = Self.view(live)
        let ascending = [SortDescriptor(column: Self.amount)], descending = [SortDescriptor(column: Self.amount, ascending: false)]
        view.sort(by: ascending)
        view.sort(by: descending)
        #expect(Self.shown(view) == Self.reference(Array(0..<500), table: old, keys: descending))
        // The file read again: as many rows, other values.
        let changed = Self.table(rows: 500, seed: 22)
        live.replace(with: try Self.source(changed, seed: 4),
                     changes: DataTableRowChanges(newSourceRows: Array(0..<500), changedRows: Set(0..<500)))
        _ = view.refreshFromDataSource()
        _ = view.waitForJob()
        for keys in [ascending, descending] {
            view.sort(by: keys)
            #expect(Self.shown(view) == Self.reference(Array(0..<500), table: changed, keys: keys))
        }
        // Rows appended (`--follow`, or a file grown when read again).
        let grown = changed + Self.table(rows: 80, seed: 23)
        live.replace(with: try Self.source(grown, seed: 4), changes: DataTableRowChanges(newSourceRows: Array(0..<500), changedRows: []))
        _ = view.refreshFromDataSource()
        _ = view.waitForJob()
        for keys in [descending, ascending] {
            view.sort(by: keys)
            #expect(Self.shown(view) == Self.reference(Array(0..<580), table: grown, keys: keys))
        }
    }

    /// Every row of a random column sorted one way, turned around: the other way's sort.
    @Test(arguments: [0, 1, 2, 3, 64, 700, 3000])
    func reversingRunsIsTheOtherDirection(count: Int) {
        var random = SplitMix64(state: UInt64(count) &+ 99)
        let comma = ValueFormat(decimalSeparator: UInt8(ascii: ","))
        let columns = [
            ConcurrentSortTests.extract((0..<count).map { _ in ConcurrentSortTests.textField(&random) }, kind: .text,
                                        format: .standard, concurrent: false),
            ConcurrentSortTests.extract((0..<count).map { _ in ConcurrentSortTests.numberField(&random, separator: UInt8(ascii: ",")) },
                                        kind: .decimal, format: comma, concurrent: false),
            ConcurrentSortTests.extract((0..<count).map { _ in ConcurrentSortTests.dateField(&random) }, kind: .dateTime,
                                        format: .standard, concurrent: false),
        ]
        var subset = (0..<UInt32(count)).filter { _ in random.next() % 3 != 0 }
        for column in columns {
            for ascending in [true, false] {
                let sorted = RowSorter.sort(nil, count: count, by: [(column, ascending: ascending)], isCancelled: { false })!
                let other = RowSorter.sort(nil, count: count, by: [(column, ascending: !ascending)], isCancelled: { false })!
                #expect(RowSorter.reversingRuns(sorted, column: column) == other)
                #expect(RowSorter.restricting(sorted, to: subset) == RowSorter.sort(subset, by: [(column, ascending: ascending)]))
            }
        }
        if subset.count >= 2 {
            subset.swapAt(0, 1)
            #expect(RowSorter.restricting(Array(0..<UInt32(count)), to: subset) == nil)
        }
    }

    /// Keys of `values` as integers, over rows `0..<values.count`.
    static func keys(_ values: [Int]) -> SortKeyColumn {
        SortKeyColumn.extract(kind: .integer, count: values.count) { String(values[$0]) }
    }

    static func key(_ column: Int, rows: Int = 1000) -> SortKeyCache.Key {
        SortKeyCache.Key(column: column, kind: .integer, format: .standard, nullTokens: .standard, rowCount: rows, editCount: 0)
    }

    @Test func theBudgetDropsTheLeastRecentlyUsedColumn() {
        let column = Self.keys(Array(0..<1000))
        let cache = SortKeyCache(budgetBytes: 2 * column.memoryBytes + 100)
        let stamp = cache.stamp(editCount: 0, isComplete: true)
        cache.store(column, for: Self.key(0), stamp: stamp)
        cache.store(column, for: Self.key(1), stamp: stamp)
        #expect(cache.lookup(Self.key(0), stamp: stamp) != nil)  // 0 used after 1
        cache.store(column, for: Self.key(2), stamp: stamp)
        #expect(cache.lookup(Self.key(1), stamp: stamp) == nil)
        #expect(cache.lookup(Self.key(0), stamp: stamp) != nil)
        #expect(cache.lookup(Self.key(2), stamp: stamp) != nil)
        let statistics = cache.statistics
        #expect(statistics.entries == 2 && statistics.evictions == 1 && statistics.bytes == 2 * column.memoryBytes)
        #expect(statistics.hits == 3 && statistics.misses == 1)
        // An order kept with the keys counts too: over the budget, the older column goes.
        cache.store(order: SortKeyCache.SortedRows(rows: Array(0..<1000), ascending: true), for: Self.key(2), stamp: stamp)
        #expect(cache.statistics.entries == 1)
        #expect(cache.lookup(Self.key(2), stamp: stamp)?.order?.rows.count == 1000)
        // Keys larger than the budget are not kept.
        cache.store(Self.keys(Array(0..<5000)), for: Self.key(3, rows: 5000), stamp: stamp)
        #expect(cache.lookup(Self.key(3, rows: 5000), stamp: stamp) == nil)
    }

    @Test func staleStampsAndIncompleteSourcesStoreNothing() {
        let column = Self.keys(Array(0..<1000))
        let cache = SortKeyCache(budgetBytes: 1 << 20)
        let before = cache.stamp(editCount: 0, isComplete: true)
        cache.store(column, for: Self.key(0), stamp: before)
        cache.invalidate()
        #expect(cache.statistics.entries == 0)
        // A job that started before the change: neither found nor kept.
        #expect(cache.lookup(Self.key(0), stamp: before) == nil)
        cache.store(column, for: Self.key(0), stamp: before)
        #expect(cache.statistics.entries == 0)
        // Rows still loading: not kept.
        cache.store(column, for: Self.key(0), stamp: cache.stamp(editCount: 0, isComplete: false))
        #expect(cache.statistics.entries == 0)
        let now = cache.stamp(editCount: 0, isComplete: true)
        cache.store(column, for: Self.key(0), stamp: now)
        #expect(cache.lookup(Self.key(0), stamp: now) != nil)
        // Keys over more rows (appended) or after an edit replace those of before, every column's.
        let more = Self.keys(Array(0..<1200))
        cache.store(column, for: Self.key(1), stamp: now)
        cache.store(more, for: Self.key(1, rows: 1200), stamp: now)
        #expect(cache.statistics.entries == 1 && cache.statistics.bytes == more.memoryBytes)
        var edited = Self.key(2, rows: 1200)
        edited.editCount = 1
        cache.store(more, for: edited, stamp: cache.stamp(editCount: 1, isComplete: true))
        #expect(cache.statistics.entries == 1 && cache.lookup(edited, stamp: cache.stamp(editCount: 1, isComplete: true)) != nil)
    }

    @Test func theDefaultBudgetIsASixteenthOfMemoryAtMost256MiB() {
        #expect(SortKeyCache.defaultBudget > 0 && SortKeyCache.defaultBudget <= 256 << 20)
        struct Model { var n: Int }
        let view = DataTable(data: [Model(n: 1), Model(n: 2), Model(n: 3)], columns: [.init("n", \.n)]).view
        #expect(view.sortKeyCacheStatistics.budgetBytes == SortKeyCache.defaultBudget)
        // Keys of a source without raw bytes (models) are not kept: nothing tells of their changes.
        view.sort(by: [SortDescriptor(column: 0, ascending: false)])
        #expect(Self.shown(view) == [2, 1, 0])
        #expect(view.sortKeyCacheStatistics.entries == 0 && view.sortKeyCacheStatistics.misses == 1)
    }
}
