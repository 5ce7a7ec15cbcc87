import Testing
import TerminalSurface
import TestSupport
@testable import DataTableCSV
@testable import DataTableKit

/// Column filters and groupings answered from the kept sort keys (`SortKeyCache`,
/// `ColumnFilterTest.onKeptKeys`) keep the rows, in the order, that reading the fields keeps:
/// on random `;`-separated exports (a BOM, CRLF, quoted fields, decimal commas, dates written
/// three ways with and without a time, strays, nulls and null tokens), against a view whose
/// cache is dropped before each filter, and against the values this file generated; after an
/// edit and after rows appended, kept keys are not used stale.
@Suite struct KeptKeyFilterTests {
    static let name = 0, amount = 1, day = 2, count = 3
    static let kinds: [SortKeyKind] = [.text, .decimal, .dateTime, .integer]

    /// A field: its text (unquoted) and its value for the reference (nil: null or stray).
    struct Field {
        var text: String
        /// Hundredths for amounts, seconds for days, the number for counts.
        var value: Int?
    }

    static func row(_ random: inout SplitMix64) -> [Field] {
        let names = ["apple", "Apple", "banana", "Banana", "cherry", "Zürich", "émile", "ab", "a b", "NA", "", "x;y",
                     "Grace \"G\" Hopper", "item10", "item2"]
        let name = Field(text: names[Int(random.next() % UInt64(names.count))], value: nil)
        let amount: Field
        switch random.next() % 30 {
        case 0: amount = Field(text: "n/k", value: nil)
        case 1: amount = Field(text: "", value: nil)
        case 2: amount = Field(text: "NA", value: nil)
        default:
            let hundredths = Int(random.next() % 2001) - 1000
            let scale = Int(random.next() % 3)
            let unit = scale == 0 ? 100 : scale == 1 ? 10 : 1
            let mantissa = hundredths / unit
            var digits = String(abs(mantissa))
            while digits.count <= scale { digits = "0" + digits }
            if scale > 0 { digits.insert(",", at: digits.index(digits.endIndex, offsetBy: -scale)) }
            amount = Field(text: (mantissa < 0 ? "-" : "") + digits, value: mantissa * unit)
        }
        let day: Field
        switch random.next() % 25 {
        case 0: day = Field(text: "soon", value: nil)
        case 1: day = Field(text: "", value: nil)
        default:
            let year = 2000 + Int(random.next() % 4), month = 1 + Int(random.next() % 12), date = 1 + Int(random.next() % 28)
            let seconds = random.next() % 3 == 0 ? Int(random.next() % 86_400) : 0
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            var text: String
            switch random.next() % 3 {
            case 0: text = "\(year)-\(two(month))-\(two(date))"
            case 1: text = "\(year)/\(two(month))/\(two(date))"
            default: text = "\(months[month - 1]) \(date) \(year)"
            }
            if seconds > 0 {
                text += (text.contains(" ") ? " " : "T") + "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
            }
            day = Field(text: text, value: Self.days(year, month, date) * 86_400 + seconds)
        }
        let n = Int(random.next() % 16)
        let count = n == 14 ? Field(text: "-", value: nil) : n == 15 ? Field(text: "NA", value: nil) : Field(text: String(n), value: n)
        return [name, amount, day, count]
    }

    /// Days since 1970-01-01 (years 2000-2099).
    static func days(_ year: Int, _ month: Int, _ date: Int) -> Int {
        let cumulative = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]
        let leap = year % 4 == 0 && month > 2 ? 1 : 0
        let years = year - 1970, leaps = (year - 1969) / 4
        return years * 365 + leaps + cumulative[month - 1] + leap + date - 1
    }

    /// The file's bytes, written as `SortKeyCacheTests.file` writes its exports (a BOM, the
    /// same header, CRLF, `;`, quotes where needed and at random).
    static func file(_ rows: [[Field]], random: inout SplitMix64) -> [UInt8] {
        SortKeyCacheTests.file(rows.map { $0.map { SortKeyCacheTests.Field(text: $0.text, value: .text) } }, random: &random)
    }

    static func table(rows: Int, seed: UInt64) -> [[Field]] {
        var random = SplitMix64(state: seed)
        return (0..<rows).map { _ in row(&random) }
    }

    static func source(_ table: [[Field]], seed: UInt64 = 1) throws -> CSVFileDataSource {
        var random = SplitMix64(state: seed)
        let source = try indexedCSVFile(file(table, random: &random), prefix: "keptfilter", dialect: .semicolon)
        precondition(source.rowCount == table.count)
        return source
    }

    static func view(_ source: DataTableDataSource, nullTokens: NullTokens = .standard) -> DataTableView {
        var configuration = DataTableConfiguration()
        configuration.nullTokens = nullTokens
        let view = DataTableView(dataSource: source, configuration: configuration, size: Size(width: 80, height: 20))
        view.settleColumnKinds()
        for (column, kind) in kinds.enumerated() { view.setKind(ColumnKindSetting(kind: kind), ofColumn: column) }
        _ = view.waitForJob()
        return view
    }

    static func shown(_ view: DataTableView) -> [Int] {
        (0..<view.viewport.rowCount).map { view.sourceRow(forDisplayRow: $0) }
    }

    /// Filters as typed at `|`, by column.
    static let typed: [(Int, String)] = [
        (amount, ">2,5"), (amount, "<=-3"), (amount, ">=0"), (amount, "<0,01"), (amount, "=1,5"), (amount, "!=1,50"),
        (amount, "-2,5..<3"), (amount, "..0"), (amount, "7,25.."), (amount, "5..1"), (amount, "=n/k"), (amount, "="),
        (amount, "!="), (amount, ">-1000000"), (amount, "<-1000000"), (amount, "=0,333"),
        (day, "<=2002-06-30"), (day, ">2001-01-01"), (day, "=2003-05-13"), (day, "2001-01-01..2002-12-31"),
        (day, "!=2002-02-02"), (day, "<2000-01-05T12:00:00"), (day, ">=2003-12-28 06:00"), (day, "="),
        (name, "<banana"), (name, ">=apple"), (name, "=Apple"), (name, "!=ab"), (name, "a..c"), (name, "=x;y"),
        (name, "="), (name, ">Zürich"),
        (count, ">5"), (count, "3..7"), (count, "="), (count, "!=4"), (count, "<=0"),
    ]

    static func filter(_ spec: (Int, String)) -> ColumnFilter {
        ColumnFilter(typed: spec.1, column: spec.0, isRegex: false)!
    }

    /// Pushes `filter` alone on `view` (its cache dropped first when `dropping`) and returns the
    /// rows shown.
    static func filtered(_ view: DataTableView, _ filter: ColumnFilter, dropping: Bool = false) -> [Int] {
        view.removeAllColumnFilters()
        _ = view.waitForJob()
        if dropping { view.dropSortKeyCache() }
        #expect(view.pushColumnFilter(filter))
        #expect(view.waitForJob() == nil)
        return shown(view)
    }

    @Test(arguments: [1, 2, 9, 300, 2500])
    func keptKeysFilterAsReadingTheFields(rows: Int) throws {
        let table = Self.table(rows: rows, seed: UInt64(rows) &+ 40)
        let source = try Self.source(table)
        let kept = Self.view(source), reading = Self.view(source)
        var sorted: Set<Int> = []
        for sort in [[SortDescriptor(column: Self.amount, ascending: false)], [SortDescriptor(column: Self.day)],
                     [SortDescriptor(column: Self.name)], [SortDescriptor(column: Self.count, ascending: false)]] {
            kept.sort(by: sort)
            reading.sort(by: sort)
            sorted.insert(sort[0].column)
            for spec in Self.typed {
                let hits = kept.sortKeyCacheStatistics.filterHits
                let rowsKept = Self.filtered(kept, Self.filter(spec))
                let rowsRead = Self.filtered(reading, Self.filter(spec), dropping: true)
                #expect(rowsKept == rowsRead, "\(sort) \(spec)")
                // Answered from the keys once a sort by the column has kept them.
                let answered = sorted.contains(spec.0) && spec.1 != "=n/k"
                #expect(kept.sortKeyCacheStatistics.filterHits == hits + (answered ? 1 : 0), "\(sort) \(spec)")
            }
        }
        #expect(reading.sortKeyCacheStatistics.filterHits == 0)
    }

    /// The rows the generated values say `|OP X` keeps: nulls and strays only for `!=`.
    static func reference(_ table: [[Field]], column: Int, _ keeps: (Int) -> Bool, negated: Bool = false) -> [Int] {
        table.indices.filter { row in
            guard let value = table[row][column].value else { return negated }
            return keeps(value) != negated
        }
    }

    @Test func keptKeysFilterAsTheGeneratedValuesSay() throws {
        let table = Self.table(rows: 3000, seed: 77)
        let view = Self.view(try Self.source(table, seed: 5))
        view.sort(by: [SortDescriptor(column: Self.amount)])
        view.sort(by: [SortDescriptor(column: Self.day, ascending: false)])
        view.sort(by: [])
        let june30 = Self.days(2002, 6, 30) * 86_400, may13 = Self.days(2003, 5, 13) * 86_400
        let cases: [((Int, String), [Int])] = [
            ((Self.amount, ">2,5"), Self.reference(table, column: Self.amount) { $0 > 250 }),
            ((Self.amount, "-2,5..<3"), Self.reference(table, column: Self.amount) { $0 >= -250 && $0 < 300 }),
            ((Self.amount, "!=1,5"), Self.reference(table, column: Self.amount, { $0 == 150 }, negated: true)),
            ((Self.amount, "<=-3"), Self.reference(table, column: Self.amount) { $0 <= -300 }),
            ((Self.day, "<=2002-06-30"), Self.reference(table, column: Self.day) { $0 < june30 + 86_400 }),
            ((Self.day, ">2002-06-30"), Self.reference(table, column: Self.day) { $0 >= june30 + 86_400 }),
            ((Self.day, "=2003-05-13"), Self.reference(table, column: Self.day) { $0 >= may13 && $0 < may13 + 86_400 }),
        ]
        let hits = view.sortKeyCacheStatistics.filterHits
        for (spec, expected) in cases {
            #expect(Self.filtered(view, Self.filter(spec)) == expected, "\(spec)")
        }
        #expect(view.sortKeyCacheStatistics.filterHits == hits + cases.count)
    }

    @Test func keysKeptWithoutAnOrderAreSortedOnce() throws {
        let table = Self.table(rows: 1200, seed: 8)
        let view = Self.view(try Self.source(table))
        // A sort of some rows keeps the column's keys, not an order of every row.
        view.startFilter(try RowMatcher(query: "an", mode: .substring))
        #expect(view.waitForJob() == nil)
        view.sort(by: [SortDescriptor(column: Self.amount)])
        view.sort(by: [])
        view.startFilter(nil)
        _ = view.waitForJob()
        let bytes = view.sortKeyCacheStatistics.bytes
        let expected = Self.reference(table, column: Self.amount) { $0 > 250 }
        #expect(Self.filtered(view, Self.filter((Self.amount, ">2,5"))) == expected)
        #expect(view.sortKeyCacheStatistics.filterHits == 1)
        // The order it sorted is kept: 4 bytes a row more.
        #expect(view.sortKeyCacheStatistics.bytes == bytes + 4 * 1200)
    }

    @Test func anEditIsNotFilteredStale() throws {
        var table = Self.table(rows: 500, seed: 13)
        let editable = EditableDataSource(base: try Self.source(table))
        let view = Self.view(editable)
        view.sort(by: [SortDescriptor(column: Self.amount)])
        view.sort(by: [SortDescriptor(column: Self.day)])
        view.sort(by: [])
        let spec = (Self.amount, ">2,5")
        #expect(Self.filtered(view, Self.filter(spec)) == Self.reference(table, column: Self.amount) { $0 > 250 })
        #expect(view.sortKeyCacheStatistics.filterHits == 1)
        // The smallest amount becomes the largest; another row's amount a null.
        let smallest = table.indices.filter { table[$0][Self.amount].value != nil }
            .min { table[$0][Self.amount].value! < table[$1][Self.amount].value! }!
        let other = table.indices.first { table[$0][Self.amount].value ?? 0 > 250 }!
        #expect(editable.setField("99999", row: smallest, column: Self.amount))
        #expect(editable.setField("NA", row: other, column: Self.amount))
        table[smallest][Self.amount] = Field(text: "99999", value: 9_999_900)
        table[other][Self.amount] = Field(text: "NA", value: nil)
        #expect(Self.filtered(view, Self.filter(spec)) == Self.reference(table, column: Self.amount) { $0 > 250 })
        // The edited column's fields are read (it has no raw bytes now); another column's keys
        // are named by the edit count and not found.
        #expect(view.sortKeyCacheStatistics.filterHits == 1)
        let misses = view.sortKeyCacheStatistics.filterMisses
        let june = Self.days(2002, 6, 1) * 86_400
        #expect(Self.filtered(view, Self.filter((Self.day, ">=2002-06-01"))) == Self.reference(table, column: Self.day) { $0 >= june })
        #expect(view.sortKeyCacheStatistics.filterHits == 1)
        #expect(view.sortKeyCacheStatistics.filterMisses == misses + 1)
    }

    @Test func appendedRowsAreNotFilteredStale() throws {
        let old = Self.table(rows: 400, seed: 31)
        let live = LiveDataSource(try Self.source(old, seed: 2))
        let view = Self.view(live)
        view.sort(by: [SortDescriptor(column: Self.day)])
        view.sort(by: [])
        let spec = (Self.day, ">2001-06-30")
        let july = Self.days(2001, 7, 1) * 86_400
        #expect(Self.filtered(view, Self.filter(spec)) == Self.reference(old, column: Self.day) { $0 >= july })
        let grown = old + Self.table(rows: 90, seed: 32)
        live.replace(with: try Self.source(grown, seed: 2), changes: DataTableRowChanges(newSourceRows: Array(0..<400), changedRows: []))
        _ = view.refreshFromDataSource()
        _ = view.waitForJob()
        #expect(Self.filtered(view, Self.filter(spec)) == Self.reference(grown, column: Self.day) { $0 >= july })
    }

    /// Where keys and fields could disagree, the fields are read: a null token that reads as a
    /// number, numbers kept as `Double`s.
    @Test func keysThatCouldDisagreeAreNotUsed() throws {
        let table = Self.table(rows: 600, seed: 17)
        let tokens = NullTokens(["NA", "5"], numericOnly: ["-"])
        let source = try Self.source(table)
        let view = Self.view(source, nullTokens: tokens), reading = Self.view(source, nullTokens: tokens)
        view.sort(by: [SortDescriptor(column: Self.count)])
        reading.sort(by: [SortDescriptor(column: Self.count)])
        for spec in [(Self.count, ">3"), (Self.count, "="), (Self.count, "!=5")] {
            #expect(Self.filtered(view, Self.filter(spec)) == Self.filtered(reading, Self.filter(spec), dropping: true))
        }
        #expect(view.sortKeyCacheStatistics.filterHits == 0)

        var lines = "v\n"
        var random = SplitMix64(state: 3)
        for _ in 0..<300 { lines += "\(random.next() % 1000).\(random.next() % 100)\n" }
        lines += "12345678901234567890123\n"
        let wide = try indexedCSVFile(Array(lines.utf8), prefix: "keptfilter-wide")
        let doubles = Self.view(wide), plain = Self.view(wide)
        for view in [doubles, plain] { view.setKind(ColumnKindSetting(kind: .decimal), ofColumn: 0) }
        doubles.sort(by: [SortDescriptor(column: 0)])
        plain.sort(by: [SortDescriptor(column: 0)])
        let filter = ColumnFilter(typed: ">500.5", column: 0, isRegex: false)!
        #expect(Self.filtered(doubles, filter) == Self.filtered(plain, filter, dropping: true))
        #expect(doubles.sortKeyCacheStatistics.filterHits == 0)
        #expect(doubles.sortKeyCacheStatistics.filterMisses == 1)
    }

    @Test func aGroupingTakesTheKeptKeys() throws {
        let table = Self.table(rows: 800, seed: 23)
        let source = try Self.source(table)
        let kept = Self.view(source), reading = Self.view(source)
        kept.sort(by: [SortDescriptor(column: Self.count)])
        kept.sort(by: [SortDescriptor(column: Self.amount)])
        let hits = kept.sortKeyCacheStatistics.hits
        for view in [kept, reading] {
            view.setGrouping(.column(Self.count))
            view.sort(by: [SortDescriptor(column: Self.amount, ascending: false)])
            _ = view.waitForJob()
        }
        #expect(kept.sortKeyCacheStatistics.hits >= hits + 2)
        #expect(Self.shown(kept) == Self.shown(reading))
    }
}
