import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// The comparison filter keeps exactly the rows a reference keeps. Columns are generated from
/// true values (cents, calendar days and minutes, texts) written as people write them (decimal
/// commas, grouping, currency, percent; ISO, dotted, slashed and month-name dates), with nulls
/// and strays; the reference compares the true values, never reading the written text.
@Suite struct ColumnFilterPropertyTests {
    /// What a generated field truly holds.
    enum Truth: Equatable {
        case null, stray
        /// Hundredths.
        case cents(Int)
        /// Days since 2018-01-01 and, when written, minutes into the day.
        case date(day: Int, minute: Int?)
        case text(String)
    }

    /// The kinds of column generated.
    enum Column: CaseIterable {
        case decimalPoint, decimalComma, dateMonthFirst, dateDayFirst, text

        var kind: SortKeyKind {
            switch self {
            case .decimalPoint, .decimalComma: return .decimal
            case .dateMonthFirst, .dateDayFirst: return .dateTime
            case .text: return .text
            }
        }

        var format: ValueFormat {
            switch self {
            case .decimalComma: return ValueFormat(decimalSeparator: UInt8(ascii: ","))
            case .dateDayFirst: return ValueFormat(dayFirst: true)
            default: return .standard
            }
        }
    }

    // MARK: Writing true values

    static func writeCents(_ cents: Int, comma: Bool, style: Int) -> String {
        let negative = cents < 0
        let whole = abs(cents) / 100, fraction = abs(cents) % 100
        var digits = String(whole)
        if style == 1 && whole >= 1000 {  // grouped
            var grouped = "", count = 0
            for c in digits.reversed() {
                if count > 0 && count % 3 == 0 { grouped.append(comma ? "." : ",") }
                grouped.append(c)
                count += 1
            }
            digits = String(grouped.reversed())
        }
        let number = (negative ? "-" : "") + digits + (comma ? "," : ".") + (fraction < 10 ? "0" : "") + String(fraction)
        switch style {
        case 2: return comma ? number + " €" : "$" + number  // currency
        case 3: return number + "%"
        case 4 where fraction == 0: return (negative ? "-" : "") + digits  // an integer
        default: return number
        }
    }

    static let monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Year, month, day of a day counted from 2018-01-01, by walking the calendar.
    static func civil(_ day: Int) -> (Int, Int, Int) {
        var year = 2018, month = 1, rest = day
        while true {
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            var length = monthLengths[month - 1]
            if month == 2 && leap { length = 29 }
            if rest < length { return (year, month, rest + 1) }
            rest -= length
            month += 1
            if month == 13 { month = 1; year += 1 }
        }
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func writeDate(_ day: Int, minute: Int?, dayFirst: Bool, style: Int) -> String {
        let (y, m, d) = civil(day)
        let date: String
        switch style {
        case 0: date = "\(y)-\(two(m))-\(two(d))"
        case 1: date = "\(two(d)).\(two(m)).\(y)"
        case 2: date = "\(monthNames[m - 1]) \(d) \(y)"
        default: date = dayFirst ? "\(d)/\(m)/\(y)" : "\(m)/\(d)/\(y)"
        }
        guard let minute else { return date }
        return date + " " + two(minute / 60) + ":" + two(minute % 60)
    }

    // MARK: The reference

    /// The sort's collation written from its description: bytes with ASCII letters
    /// lower-cased, shorter first on a common start; then the raw bytes.
    static func collates(_ a: String, before b: String) -> Bool {
        func folded(_ s: String) -> [UInt8] { s.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 } }
        let fa = folded(a), fb = folded(b)
        if fa != fb { return fa.lexicographicallyPrecedes(fb) }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    /// -1, 0, 1: how a value compares with an operand, by their true values; nil when they
    /// cannot be compared (nulls, strays). A whole-day operand compares by the day.
    static func order(_ value: Truth, _ operand: Truth) -> Int? {
        switch (value, operand) {
        case (.cents(let v), .cents(let o)):
            return v < o ? -1 : v > o ? 1 : 0
        case (.date(let vd, let vm), .date(let od, let om)):
            guard let om else { return vd < od ? -1 : vd > od ? 1 : 0 }
            let v = vd * 1440 + (vm ?? 0), o = od * 1440 + om
            return v < o ? -1 : v > o ? 1 : 0
        case (.text(let v), .text(let o)):
            return v == o ? 0 : collates(v, before: o) ? -1 : 1
        default:
            return nil
        }
    }

    static func keeps(_ value: Truth, _ predicate: ReferencePredicate) -> Bool {
        switch predicate {
        case .comparison(let op, let operand):
            guard let order = order(value, operand) else { return op == .notEqual }
            switch op {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            case .greaterOrEqual: return order >= 0
            case .equal: return order == 0
            case .notEqual: return order != 0
            }
        case .range(let lower, let upper, let includesUpper):
            if let lower { guard let o = order(value, lower), o >= 0 else { return false } }
            if let upper { guard let o = order(value, upper), includesUpper ? o <= 0 : o < 0 else { return false } }
            if lower == nil && upper == nil, order(value, value) == nil { return false }
            return true
        }
    }

    enum ReferencePredicate {
        case comparison(ColumnFilter.Comparison, Truth)
        case range(Truth?, Truth?, includesUpper: Bool)
    }

    // MARK: Generating

    struct Generator {
        var random: SplitMix64
        let column: Column

        mutating func truth() -> Truth {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: return .null
            case 1 where column != .text: return .stray
            default: return value()
            }
        }

        mutating func value() -> Truth {
            switch column {
            case .decimalPoint, .decimalComma:
                // Few distinct values so that equality happens.
                return .cents(Int.random(in: -30...30, using: &random) * [1, 50, 100, 12_345][Int.random(in: 0..<4, using: &random)])
            case .dateMonthFirst, .dateDayFirst:
                let minute: Int? = Bool.random(using: &random) ? nil : Int.random(in: 0..<1440, using: &random) / 30 * 30
                return .date(day: Int.random(in: 0..<60, using: &random) * 13, minute: minute)
            case .text:
                let alphabet = ["a", "b", "B", "c", "C", " ", "é", "1", "-", "_"]
                let length = Int.random(in: 1...4, using: &random)
                let text = (0..<length).map { _ in alphabet.randomElement(using: &random)! }.joined()
                return .text(text.allSatisfy { $0 == " " } ? "x" + text : text)
            }
        }

        /// The field as written in the column (`style` varies the way).
        mutating func write(_ truth: Truth, inFormatOf column: Column) -> String {
            let style = Int.random(in: 0..<5, using: &random)
            switch truth {
            case .null: return ["", "NA", "null", column.kind == .decimal ? "-" : ""][Int.random(in: 0..<4, using: &random)]
            case .stray: return ["n/k", "unknown", "??"][Int.random(in: 0..<3, using: &random)]
            case .cents(let c): return ColumnFilterPropertyTests.writeCents(c, comma: column == .decimalComma, style: style)
            case .date(let day, let minute):
                return ColumnFilterPropertyTests.writeDate(day, minute: minute, dayFirst: column == .dateDayFirst, style: style % 4)
            case .text(let text): return text
            }
        }

        /// An operand, written in the column's format or in the standard one (numbers: with a
        /// point; dates: ISO).
        mutating func operand(_ truth: Truth) -> String {
            switch truth {
            case .cents(let c) where Bool.random(using: &random):
                return ColumnFilterPropertyTests.writeCents(c, comma: false, style: 0)
            case .date(let day, let minute) where Bool.random(using: &random):
                return ColumnFilterPropertyTests.writeDate(day, minute: minute, dayFirst: false, style: 0)
            default:
                return write(truth, inFormatOf: column)
            }
        }

        mutating func filter(column index: Int) -> (ColumnFilter, ReferencePredicate) {
            if Int.random(in: 0..<4, using: &random) == 0 {
                let lower: Truth? = Int.random(in: 0..<5, using: &random) == 0 ? nil : value()
                let upper: Truth? = lower == nil || Bool.random(using: &random) ? value() : (Bool.random(using: &random) ? nil : value())
                let inclusive = Bool.random(using: &random)
                let predicate = ColumnFilter.Predicate.range(lower: lower.map { operand($0) }, upper: upper.map { operand($0) },
                                                             includesUpper: inclusive)
                return (ColumnFilter(column: index, predicate: predicate), .range(lower, upper, includesUpper: inclusive))
            }
            let op = ColumnFilter.Comparison.allCases.randomElement(using: &random)!
            let truth = value()
            return (ColumnFilter(column: index, predicate: .comparison(op, operand(truth))), .comparison(op, truth))
        }
    }

    /// The rows a view shows, in source order.
    func shownRows(_ view: DataTableView) -> [Int] {
        (0..<view.viewport.rowCount).map { view.sourceRow(forDisplayRow: $0) }.sorted()
    }

    @Test(arguments: Column.allCases)
    func comparisonFiltersKeepExactlyTheReferenceRows(column: Column) throws {
        var generator = Generator(random: SplitMix64(seed: 0xF17E + UInt64(Column.allCases.firstIndex(of: column)!)), column: column)
        for trial in 0..<60 {
            let truths = (0..<80).map { _ in generator.truth() }
            let fields = truths.map { generator.write($0, inFormatOf: column) }
            // A second column of row numbers, so each row is told apart.
            let source = StringRowsDataSource(titles: ["v", "n"], rows: fields.enumerated().map { [$1, String($0)] })
            let view = DataTableView(dataSource: source, size: Size(width: 40, height: 10))
            view.setKind(ColumnKindSetting(kind: column.kind), ofColumn: 0)
            view.columns[0].format = column.format
            let (first, firstReference) = generator.filter(column: 0)
            let (second, secondReference) = generator.filter(column: 0)
            let expectedFirst = truths.indices.filter { Self.keeps(truths[$0], firstReference) }
            let expectedBoth = expectedFirst.filter { Self.keeps(truths[$0], secondReference) }

            let context = "trial \(trial): \(first.predicate) then \(second.predicate) over \(fields)"
            // The test alone, field by field.
            let test = try ColumnFilterTest(first, kind: column.kind, format: column.format)
            #expect(fields.indices.filter { test.matches(fields[$0]) } == expectedFirst, "\(context)")
            // Through the view's jobs: the stack narrows, and a pop goes back.
            #expect(view.pushColumnFilter(first), "\(context): \(view.notice ?? "")")
            view.waitForJob()
            #expect(shownRows(view) == expectedFirst, "\(context)")
            #expect(view.pushColumnFilter(second), "\(context): \(view.notice ?? "")")
            view.waitForJob()
            #expect(shownRows(view) == expectedBoth, "\(context)")
            #expect(view.columnFilters == [first, second])
            #expect(view.popColumnFilter() == second)
            view.waitForJob()
            #expect(shownRows(view) == expectedFirst, "\(context)")
            #expect(view.columnFilters == [first])
        }
    }
}
