import Testing
import TestSupport
@testable import DataTableKit

/// Number and date keys made in one pass from the range each part found (`MantissaRanges`,
/// `ValueKeying`): random columns mixing decimal scales 0-18 and values near `Int64`'s limits
/// (so some columns fit the largest scale and some overflow into `Double`s), with nulls and
/// strays, sorted both ways against exact decimal comparison written here; the keys' range
/// must be the exact smallest and largest key, and `keysAreDoubles` must say whether some
/// value overflows the largest scale. Dates: random ISO dates (some with a time of day),
/// corrupted at random, against a calendar counted day by day here.
@Suite struct NumericKeyRangeTests {
    /// A decimal as written: sign, integer digits (no leading zeros), fraction digits.
    struct Decimal {
        var negative: Bool
        var integer: [UInt8]
        var fraction: [UInt8]

        var text: String {
            let body = (integer.isEmpty ? "0" : String(decoding: integer, as: UTF8.self))
                + (fraction.isEmpty ? "" : "." + String(decoding: fraction, as: UTF8.self))
            return (negative ? "-" : "") + body
        }

        /// Fraction digits without trailing zeros.
        var scale: Int { (fraction.lastIndex { $0 != UInt8(ascii: "0") } ?? -1) + 1 }
        var isZero: Bool { integer.isEmpty && scale == 0 }

        /// Exact order of magnitudes.
        static func compareMagnitudes(_ x: Decimal, _ y: Decimal) -> Int {
            if x.integer.count != y.integer.count { return x.integer.count < y.integer.count ? -1 : 1 }
            if x.integer != y.integer { return x.integer.lexicographicallyPrecedes(y.integer) ? -1 : 1 }
            let n = max(x.fraction.count, y.fraction.count)
            let fx = x.fraction + Array(repeating: UInt8(ascii: "0"), count: n - x.fraction.count)
            let fy = y.fraction + Array(repeating: UInt8(ascii: "0"), count: n - y.fraction.count)
            return fx == fy ? 0 : fx.lexicographicallyPrecedes(fy) ? -1 : 1
        }

        static func compare(_ x: Decimal, _ y: Decimal) -> Int {
            let xn = x.negative && !x.isZero, yn = y.negative && !y.isZero
            if xn != yn { return xn ? -1 : 1 }
            let c = compareMagnitudes(x, y)
            return xn ? -c : c
        }

        /// Whether the value times 10^`scale` fits `Int64` (its digits at that scale).
        func fits(scale target: Int) -> Bool {
            var digits = integer + fraction.prefix(target)
            digits += Array(repeating: UInt8(ascii: "0"), count: max(0, target - fraction.count))
            while digits.first == UInt8(ascii: "0") { digits.removeFirst() }
            let limit = Array((negative ? "9223372036854775808" : "9223372036854775807").utf8)
            if digits.count != limit.count { return digits.count < limit.count }
            return !limit.lexicographicallyPrecedes(digits)
        }
    }

    /// Small: up to 5 integer and 3 fraction digits. Wide: up to 18 digits in all, split at
    /// random (so two of them may not fit one scale). Huge: up to 36 digits (no fixed point).
    enum Size { case small, wide, huge }

    static func randomDecimal(_ random: inout SplitMix64, size: Size) -> Decimal {
        let digit = { (r: inout SplitMix64) in UInt8(ascii: "0") + UInt8(r.next() % 10) }
        let integerDigits: Int, fractionDigits: Int
        switch size {
        case .small: (integerDigits, fractionDigits) = (Int(random.next() % 6), Int(random.next() % 4))
        case .wide:
            let total = Int(random.next() % 19)
            integerDigits = Int(random.next() % UInt64(total + 1))
            fractionDigits = total - integerDigits
        case .huge: (integerDigits, fractionDigits) = (Int(random.next() % 19), Int(random.next() % 19))
        }
        var integer = (0..<integerDigits).map { _ in digit(&random) }
        while integer.first == UInt8(ascii: "0") { integer.removeFirst() }
        let fraction = (0..<fractionDigits).map { _ in digit(&random) }
        return Decimal(negative: random.next() % 3 == 0, integer: integer, fraction: fraction)
    }

    enum Field {
        case value(Decimal)
        case stray(String)
        case null
    }

    @Test(arguments: 0..<60)
    func numbersSortExactlyWithTheirRange(seed: Int) {
        var random = SplitMix64(seed: 0xA11CE + UInt64(seed))
        let count = 1 + Int(random.next() % 300)
        // A third of the columns keep to small values (fixed point); the others mix in a few
        // wide (at most 18 digits, which may not fit the largest scale together) or huge ones.
        let mixedIn: Size = [.small, .wide, .huge][seed % 3]
        let share = 1 + random.next() % 10
        let fields: [Field] = (0..<count).map { _ in
            switch random.next() % 12 {
            case 0: return .null
            case 1: return .stray(["n/k", "abc", "zz"][Int(random.next() % 3)])
            default: return .value(Self.randomDecimal(&random, size: random.next() % 40 < share ? mixedIn : .small))
            }
        }
        let texts = fields.map { field -> String in
            switch field {
            case .value(let d): return d.text
            case .stray(let s): return s
            case .null: return ""
            }
        }
        var control = ExtractionControl(concurrent: true)
        control.minimumConcurrentRows = 2
        var bytes: [UInt8] = [], bounds: [Range<Int>] = []
        for text in texts {
            bounds.append(bytes.count..<(bytes.count + text.utf8.count))
            bytes += text.utf8
        }
        let column = bytes.withUnsafeBytes { buffer in
            SortKeyColumn.extract(kind: .decimal, count: count, csvQuoted: false, format: .standard, nullTokens: .standard,
                                  control: control) { UnsafeRawBufferPointer(rebasing: buffer[bounds[$0]]) }!
        }
        let values = fields.compactMap { field -> Decimal? in
            if case .value(let d) = field { return d }
            return nil
        }
        let largest = values.map(\.scale).max() ?? 0
        let expectDoubles = !values.allSatisfy { $0.fits(scale: min(largest, 18)) } || largest > 18
            || values.contains { $0.integer.count + $0.scale > 19 }
        // Values within 18 digits that fit the largest scale stay exact; some that do not fit
        // must go to `Double`s. (Values past 18 significant digits have no fixed point.)
        if values.allSatisfy({ $0.integer.count + $0.scale <= 18 }) && largest <= 18 {
            #expect(column.keysAreDoubles == expectDoubles, "largest scale \(largest)")
        }
        // The range is exactly the smallest and largest value key.
        let valueKeys = (0..<count).filter { !column.isNull($0) && !column.isStray($0) }.map { column.key($0) }
        if let low = valueKeys.min(), let high = valueKeys.max() {
            #expect(column.minKey == low && column.maxKey == high)
        } else {
            #expect(column.minKey > column.maxKey)
        }
        // Exact order when the keys are exact; with `Double`s only values a `Double` tells apart.
        for ascending in [true, false] {
            let order = RowSorter.sort((0..<UInt32(count)).map { $0 }, by: [(column, ascending: ascending)])!
            for (a, b) in zip(order, order.dropFirst()) {
                switch (fields[Int(a)], fields[Int(b)]) {
                case (.value(let x), .value(let y)):
                    let c = Decimal.compare(x, y)
                    if column.keysAreDoubles {
                        let (dx, dy) = (Double(x.text)!, Double(y.text)!)
                        #expect(ascending ? dx <= dy : dx >= dy, "\(x.text) then \(y.text)")
                    } else {
                        #expect(ascending ? c <= 0 : c >= 0, "\(x.text) then \(y.text)")
                        if c == 0 { #expect(a < b) }
                    }
                case (.value, _), (.stray, .stray), (.stray, .null), (.null, .null): break
                default: Issue.record("rows \(a), \(b) out of groups")
                }
            }
        }
    }

    /// Days from 1970-01-01 counted year by year and month by month.
    static func days(_ year: Int, _ month: Int, _ day: Int) -> Int {
        func leap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }
        func monthDays(_ y: Int, _ m: Int) -> Int { [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] }
        var total = 0
        if year >= 1970 {
            for y in 1970..<year { total += leap(y) ? 366 : 365 }
        } else {
            for y in year..<1970 { total -= leap(y) ? 366 : 365 }
        }
        for m in 1..<month { total += monthDays(year, m) }
        return total + day - 1
    }

    @Test func isoDatesReadAsTheCalendarCounts() {
        var random = SplitMix64(seed: 0xDA7E)
        func leap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }
        for _ in 0..<20_000 {
            let year = 1890 + Int(random.next() % 240), month = Int(random.next() % 14), day = Int(random.next() % 33)
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let separator = random.next() % 4 == 0 ? "/" : "-"
            var text = Array("\(year)\(separator)\(two(month))\(separator)\(two(day))".utf8)
            var corrupted = false
            if random.next() % 5 == 0 {
                let at = Int(random.next() % UInt64(text.count))
                let replacement = Array(":/-a 9\u{7F}".utf8)[Int(random.next() % 7)]
                corrupted = text[at] != replacement
                text[at] = replacement
            }
            let seconds = random.next() % 3 == 0 ? Int(random.next() % 86_400) : -1
            if seconds >= 0 { text += Array("T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))".utf8) }
            let read = text.withUnsafeBytes { ValueParsing.dateTime($0) }
            let monthDays = month >= 1 && month <= 12
                ? [31, leap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] : 0
            let valid = month >= 1 && month <= 12 && day >= 1 && day <= monthDays
            let label = String(decoding: text, as: UTF8.self)
            if corrupted {
                // A corrupted date reads as some other date or not at all; never as this one.
                if let read, valid {
                    #expect(read != Int64(Self.days(year, month, day)) * 86_400_000 + Int64(max(0, seconds)) * 1000, "\(label)")
                }
            } else if valid {
                #expect(read == Int64(Self.days(year, month, day)) * 86_400_000 + Int64(max(0, seconds)) * 1000, "\(label)")
            } else {
                #expect(read == nil, "\(label)")
            }
        }
    }
}
