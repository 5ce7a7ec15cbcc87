import Glibc

/// The values of a number or date column grouped into ranges: the frequency table's bins.
///
/// Numbers get 10 to 20 bins of a round width (1, 2, 2.5 or 5 times a power of ten; whole
/// widths for whole numbers), each `[lower, upper)`, over any finite values (`-1e308` to
/// `1e308`, denormals: bounds are written exactly as decimals and never computed past the
/// double range); each value falls in the one bin whose bounds, read back as a filter reads
/// them, hold it. Infinite values (`1e400`) get a bin each side, `-inf` and `inf`. Dates get calendar bins by their span:
/// days up to 62 days, months up to 62 months, else years (by 1, 2, 5, 10… so that there are at
/// most 40). Every bin between the smallest and the largest value is listed, empty ones
/// included (a histogram's gaps are part of it). Built from a `FrequencyTable`, so binning
/// reads each distinct value once and never the file.
public struct FrequencyBins: Sendable {
    /// One range of values and the rows in it.
    public struct Bin: Sendable, Equatable {
        /// How the bin is shown: `[10, 20)`, `2024-03`, `2020–2024`.
        public var label: String
        /// The smallest value in the bin, as a filter would type it (`10`, `2024-03-01`).
        public var lowerText: String
        /// The first value after the bin, as a filter would type it (`20`, `2024-04-01`); nil
        /// for the bin of +infinity, which has none.
        public var upperText: String?
        /// Rows whose value falls in the bin.
        public var count: Int
    }

    /// The bins, in value order.
    public let bins: [Bin]
    /// Rows whose value the column's kind cannot read (`n/k` in a number column).
    public let strayCount: Int
    /// Rows with no value.
    public let nullCount: Int
    /// Rows counted.
    public let total: Int
    /// What a bin spans, for the sheet's title: `width 10`, `month`.
    public let unitName: String

    /// The bins of `table`'s values; nil when its kind is not a number or a date, or no value
    /// reads as one.
    /// - Complexity: O(distinct values + bins).
    public init?(_ table: FrequencyTable) {
        guard table.kind == .integer || table.kind == .decimal || table.kind == .dateTime else { return nil }
        var values: [(value: Double, count: Int)] = []
        var strays = 0, negativeInfinities = 0, positiveInfinities = 0
        values.reserveCapacity(table.count)
        for rank in 0..<table.count {
            let count = table.count(at: rank)
            switch table.value(at: rank) {
            case nil: strays += count
            case -Double.infinity: negativeInfinities += count
            case Double.infinity: positiveInfinities += count
            case let value?: values.append((value, count))
            }
        }
        guard !values.isEmpty || negativeInfinities + positiveInfinities > 0 else { return nil }
        var made: (bins: [Bin], unit: String) = ([], "infinities")
        if !values.isEmpty {
            made = table.kind == .dateTime ? Self.dateBins(values) : Self.numberBins(values, format: table.format)
        }
        if negativeInfinities > 0 { made.bins.insert(Self.negativeInfinityBin(negativeInfinities, format: table.format), at: 0) }
        if positiveInfinities > 0 { made.bins.append(Self.positiveInfinityBin(positiveInfinities)) }
        bins = made.bins
        unitName = made.unit
        strayCount = strays
        nullCount = table.nullCount
        total = table.total
    }

    // MARK: Numbers

    /// 10 to 20 bins of a round width over the finite values: the widths of `NiceStep`, from
    /// the smallest that gives at most 20 bins (and is not below the values' precision:
    /// `1e17` to `1e17+16` gets a width of 20000, not 1) up, the first whose bounds read back as
    /// increasing doubles.
    static func numberBins(_ values: [(value: Double, count: Int)], format: ValueFormat) -> (bins: [Bin], unit: String) {
        let low = values.map(\.value).min()!, high = values.map(\.value).max()!
        let integral = values.allSatisfy { $0.value == $0.value.rounded() }
        let separator = format.decimalSeparator
        // A twentieth of the span, which cannot overflow (the span itself can), and at least
        // 1,024 units in the last place of the largest value: bounds read back as written to
        // within a thousandth of a bin (subnormals are evenly spaced: one unit will do).
        let magnitude = max(abs(low), abs(high))
        let precision = magnitude >= .leastNormalMagnitude ? magnitude.ulp * 1024 : 0
        var step = NiceStep(atLeast: max(high / 20 - low / 20, precision), integral: integral)
        for _ in 0..<2_000 {
            if let edges = edges(low: low, high: high, step: step, format: format) {
                var counts = [Int](repeating: 0, count: edges.values.count - 1)
                for (value, count) in values { counts[bin(of: value, edges: edges.values)] += count }
                let bins = counts.enumerated().map { k, count in
                    Bin(label: "[\(edges.texts[k]), \(edges.texts[k + 1]))", lowerText: edges.texts[k],
                        upperText: edges.texts[k + 1], count: count)
                }
                return (bins, "width " + step.text(multiple: 1, separator: separator))
            }
            step = step.next(integral: integral)
        }
        // No round width fits (not reached for finite values): one bin from the smallest up.
        let lower = NiceStep.exact(low, separator: separator)
        return ([Bin(label: "[\(lower), inf)", lowerText: lower, upperText: "1e309",
                     count: values.reduce(0) { $0 + $1.count })], "all")
    }

    /// The bounds of the bins of width `step` over `low...high`: multiples of `step` written
    /// exactly (`texts`) and as a filter reads them (`values`, the column's number format),
    /// from the last at or below `low` (or the most negative double) to the first above `high`
    /// (perhaps read as +infinity); nil when they do not
    /// increase as read (the width is below the values' precision), or would be over 1,000.
    static func edges(low: Double, high: Double, step: NiceStep, format: ValueFormat)
        -> (texts: [String], values: [Double])? {
        let width = step.value
        guard width > 0, width.isFinite else { return nil }
        let first = (low / width).rounded(.down)
        guard first.isFinite, abs(first) < 0x1p53 else { return nil }
        func edge(_ k: Int) -> (text: String, value: Double)? {
            let text = step.text(multiple: k, separator: format.decimalSeparator)
            return ValueParsing.decimal(text, format: format).map { (text, $0) }
        }
        var k = Int(saturating: first)
        // The first bound at or below `low` (the division may round either way).
        guard var lower = edge(k) else { return nil }
        for _ in 0..<4 where lower.value > low {
            k -= 1
            guard let e = edge(k) else { return nil }
            lower = e
        }
        for _ in 0..<4 {
            guard let next = edge(k + 1), next.value <= low else { break }
            k += 1
            lower = next
        }
        guard lower.value <= low else { return nil }
        // A first bound past the double range (`-1.8e308`) would take -infinity in: the most
        // negative double is the bound instead (the last one may read as +infinity: excluded).
        if lower.value == -.infinity {
            lower = (NiceStep.exact(-.greatestFiniteMagnitude, separator: format.decimalSeparator), -.greatestFiniteMagnitude)
        }
        var texts = [lower.text], values = [lower.value]
        while values[values.count - 1] <= high {
            guard texts.count <= 1_000, let next = edge(k + texts.count), next.value > values[values.count - 1]
            else { return nil }
            texts.append(next.text)
            values.append(next.value)
        }
        return (texts, values)
    }

    /// The bin of `value` among bounds `edges` (`edges[0] <= value < edges.last`): the last
    /// bound at or below it.
    static func bin(of value: Double, edges: [Double]) -> Int {
        var lo = 0, hi = edges.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if edges[mid] <= value { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The bin of -infinity: from `-1e309` (read as -infinity) up to the most negative finite
    /// value, excluded.
    static func negativeInfinityBin(_ count: Int, format: ValueFormat) -> Bin {
        let most = NiceStep.exact(-Double.greatestFiniteMagnitude, separator: format.decimalSeparator)
        return Bin(label: "-inf", lowerText: "-1e309", upperText: most, count: count)
    }

    /// The bin of +infinity: from `1e309` (read as infinity), without an upper bound.
    static func positiveInfinityBin(_ count: Int) -> Bin {
        Bin(label: "inf", lowerText: "1e309", upperText: nil, count: count)
    }

    /// A round bin width: `digits × 10^exponent` with digits 1, 2, 25 (2.5 × 10^(exponent+1))
    /// or 5, written exactly in decimal (never through a double, so no bound overflows).
    struct NiceStep: Equatable {
        var digits: Int
        var exponent: Int

        /// The smallest round width of at least `raw` (whole for whole numbers: 1 at least).
        init(atLeast raw: Double, integral: Bool) {
            let raw = raw > 0 && raw.isFinite ? raw : raw.isFinite ? Double.leastNonzeroMagnitude : Double.greatestFiniteMagnitude
            let magnitude = Int(saturating: log10(raw).rounded(.down))
            self = NiceStep(digits: 1, exponent: magnitude - 1)
            if integral, exponent < 0 { self = NiceStep(digits: 1, exponent: 0) }
            // log10 of the width against log10(raw), with a little slack for rounding.
            while Double(exponent) + log10(Double(digits)) < log10(raw) - 1e-12 { self = next(integral: integral) }
        }

        init(digits: Int, exponent: Int) {
            self.digits = digits
            self.exponent = exponent
        }

        /// The next larger round width: 1, 2, 2.5, 5, 10 … (2.5 skipped for whole numbers).
        func next(integral: Bool) -> NiceStep {
            switch digits {
            case 1: return NiceStep(digits: 2, exponent: exponent)
            case 2: return integral && exponent < 1 ? NiceStep(digits: 5, exponent: exponent) : NiceStep(digits: 25, exponent: exponent - 1)
            case 25: return NiceStep(digits: 5, exponent: exponent + 1)
            default: return NiceStep(digits: 1, exponent: exponent + 1)
            }
        }

        /// The width as a double (0 or infinity out of the double range).
        var value: Double { ValueParsing.decimal(text(multiple: 1, separator: UInt8(ascii: "."))) ?? 0 }

        /// `multiple` widths, exactly: `-60`, `0.25`, `1.7e308`, `5e-324`; as many decimals as
        /// the width has (`0.50` in steps of 0.25), with `separator` as the decimal separator.
        func text(multiple: Int, separator: UInt8) -> String {
            let (product, overflow) = multiple.multipliedReportingOverflow(by: digits)
            guard !overflow else { return "" }  // reads as no number: the width is not used
            return Self.decimal(product, exponent: exponent, separator: separator)
        }

        /// `units × 10^exponent` written exactly: plainly (`-1250`, `0.05`, with `-exponent`
        /// decimals) up to 15 digits before and 12 after the separator, else in scientific
        /// notation without trailing zeros (`1.7e308`, `-2.5e-310`).
        static func decimal(_ units: Int, exponent: Int, separator: UInt8) -> String {
            let sign = units < 0 ? "-" : ""
            let digits = String(units.magnitude)
            let point = String(UnicodeScalar(separator))
            let decimals = exponent < 0 && exponent >= -12 ? -exponent : 0
            if units == 0 { return "0" + (decimals > 0 ? point + String(repeating: "0", count: decimals) : "") }
            if exponent >= 0, digits.count + exponent <= 15 { return sign + digits + String(repeating: "0", count: exponent) }
            if decimals > 0, digits.count - decimals <= 15 {
                let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
                let split = padded.index(padded.endIndex, offsetBy: -decimals)
                return sign + padded[..<split] + point + padded[split...]
            }
            var significant = Substring(digits)
            while significant.count > 1, significant.last == "0" { significant = significant.dropLast() }
            let fraction = significant.dropFirst()
            return sign + significant.prefix(1) + (fraction.isEmpty ? "" : point + fraction) + "e\(exponent + digits.count - 1)"
        }

        /// A double written exactly enough to read back as itself (`-1.7976931348623157e308`).
        static func exact(_ value: Double, separator: UInt8) -> String {
            let text = "\(value)"
            return separator == UInt8(ascii: ".") ? text : String(text.map { $0 == "." ? Character(UnicodeScalar(separator)) : $0 })
        }
    }

    // MARK: Dates

    static let millisecondsPerDay = 86_400_000.0

    /// Days, months or years over the dates' span (values are milliseconds since 1970).
    static func dateBins(_ values: [(value: Double, count: Int)]) -> (bins: [Bin], unit: String) {
        let days = values.map { (day: Int(saturating: ($0.value / millisecondsPerDay).rounded(.down)), count: $0.count) }
        let first = days.map(\.day).min()!, last = days.map(\.day).max()!
        if last - first < 62 {
            var counts = [Int](repeating: 0, count: last - first + 1)
            for (day, count) in days { counts[day - first] += count }
            let bins = counts.enumerated().map { k, count in
                Bin(label: dayText(first + k), lowerText: dayText(first + k), upperText: dayText(first + k + 1), count: count)
            }
            return (bins, "day")
        }
        let months = days.map { day -> (month: Int, count: Int) in
            let date = civil(fromDays: day.day)
            return (date.year * 12 + date.month - 1, day.count)
        }
        let firstMonth = months.map(\.month).min()!, lastMonth = months.map(\.month).max()!
        if lastMonth - firstMonth < 62 {
            var counts = [Int](repeating: 0, count: lastMonth - firstMonth + 1)
            for (month, count) in months { counts[month - firstMonth] += count }
            let bins = counts.enumerated().map { k, count in
                let month = firstMonth + k
                return Bin(label: monthText(month), lowerText: monthText(month) + "-01", upperText: monthText(month + 1) + "-01",
                           count: count)
            }
            return (bins, "month")
        }
        let firstYear = firstMonth / 12, lastYear = lastMonth / 12
        var step = 1
        for candidate in [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000] {
            step = candidate
            if (lastYear - firstYear) / candidate < 40 { break }
        }
        let startYear = Int(saturating: (Double(firstYear) / Double(step)).rounded(.down)) * step
        let binCount = (lastYear - startYear) / step + 1
        var counts = [Int](repeating: 0, count: binCount)
        for (month, count) in months { counts[min(binCount - 1, (month / 12 - startYear) / step)] += count }
        let bins = counts.enumerated().map { k, count in
            let year = startYear + k * step
            let label = step == 1 ? yearText(year) : "\(yearText(year))–\(yearText(year + step - 1))"
            return Bin(label: label, lowerText: yearText(year) + "-01-01", upperText: yearText(year + step) + "-01-01", count: count)
        }
        return (bins, step == 1 ? "year" : "\(step) years")
    }

    /// `2024-03-05` for a day counted from 1970-01-01.
    static func dayText(_ day: Int) -> String {
        let date = civil(fromDays: day)
        return "\(yearText(date.year))-\(twoDigits(date.month))-\(twoDigits(date.day))"
    }

    /// `2024-03` for a month counted as year × 12 + month - 1.
    static func monthText(_ month: Int) -> String {
        let year = Int(saturating: (Double(month) / 12).rounded(.down))
        return "\(yearText(year))-\(twoDigits(month - year * 12 + 1))"
    }

    static func yearText(_ year: Int) -> String {
        year >= 0 && year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
    }

    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (H. Hinnant's algorithm,
    /// the inverse of `ValueParsing.daysFromCivil`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
