import Glibc

/// The values of a number or date column grouped into ranges: the frequency table's bins.
///
/// Numbers get 10 to 20 bins of a round width (1, 2, 2.5 or 5 times a power of ten; whole
/// widths for whole numbers), each `[lower, upper)`. Dates get calendar bins by their span:
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
        /// The first value after the bin, as a filter would type it (`20`, `2024-04-01`).
        public var upperText: String
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
        var values: [(value: Double, count: Int)] = []
        var strays = 0
        values.reserveCapacity(table.count)
        for rank in 0..<table.count {
            let count = table.count(at: rank)
            let value: Double? = table.withBytes(at: rank) { bytes in
                switch table.kind {
                case .integer, .decimal: return ValueParsing.decimal(bytes, format: table.format).flatMap { $0.isFinite ? $0 : nil }
                case .dateTime: return ValueParsing.dateTime(bytes, format: table.format).map { Double($0) }
                case .boolean, .text: return nil
                }
            }
            if let value { values.append((value, count)) } else { strays += count }
        }
        guard table.kind == .integer || table.kind == .decimal || table.kind == .dateTime, !values.isEmpty else { return nil }
        let made = table.kind == .dateTime
            ? Self.dateBins(values)
            : Self.numberBins(values, separator: table.format.decimalSeparator)
        bins = made.bins
        unitName = made.unit
        strayCount = strays
        nullCount = table.nullCount
        total = table.total
    }

    // MARK: Numbers

    /// 10 to 20 bins of a round width over the values.
    static func numberBins(_ values: [(value: Double, count: Int)], separator: UInt8) -> (bins: [Bin], unit: String) {
        let low = values.map(\.value).min()!, high = values.map(\.value).max()!
        let integral = values.allSatisfy { $0.value == $0.value.rounded() }
        let step = niceStep(span: high - low, integral: integral)
        let decimals = Self.decimals(of: step)
        let start = (low / step).rounded(.down) * step
        let binCount = max(1, min(1_000, Int(((high - start) / step).rounded(.down)) + 1))
        var counts = [Int](repeating: 0, count: binCount)
        for (value, count) in values {
            counts[max(0, min(binCount - 1, Int(((value - start) / step).rounded(.down))))] += count
        }
        let bins = counts.enumerated().map { k, count in
            let lower = format(start + Double(k) * step, decimals: decimals, separator: separator)
            let upper = format(start + Double(k + 1) * step, decimals: decimals, separator: separator)
            return Bin(label: "[\(lower), \(upper))", lowerText: lower, upperText: upper, count: count)
        }
        return (bins, "width " + format(step, decimals: decimals, separator: separator))
    }

    /// The round width (1, 2, 2.5 or 5 × 10^k, whole for whole numbers) giving 10 to 20 bins
    /// over `span` (1 for a span of 0).
    static func niceStep(span: Double, integral: Bool) -> Double {
        guard span > 0, span.isFinite else { return 1 }
        let raw = span / 20
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for factor in [1, 2, 2.5, 5, 10] {
            let step = factor * magnitude
            if step >= raw * (1 - 1e-12) && (!integral || step == step.rounded()) { return max(step, integral ? 1 : 0) }
        }
        return integral ? max(1, (10 * magnitude).rounded()) : 10 * magnitude
    }

    /// The decimals that show multiples of `step` exactly (0 for whole steps, 1 for 0.5, 2 for 0.25).
    static func decimals(of step: Double) -> Int {
        var decimals = 0
        var scaled = step
        while decimals < 12 && abs(scaled - scaled.rounded()) > 1e-9 * max(1, abs(scaled)) {
            decimals += 1
            scaled *= 10
        }
        return decimals
    }

    /// `value` with `decimals` decimals and the column's decimal separator (`12,5`).
    static func format(_ value: Double, decimals: Int, separator: UInt8) -> String {
        let scale = pow(10, Double(decimals))
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9e15 else { return "\(value)" }
        let units = Int64(scaled)
        let whole = String(abs(units) / Int64(scale))
        var text = (units < 0 ? "-" : "") + whole
        if decimals > 0 {
            let fraction = String(abs(units) % Int64(scale))
            text += String(UnicodeScalar(separator)) + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    // MARK: Dates

    static let millisecondsPerDay = 86_400_000.0

    /// Days, months or years over the dates' span (values are milliseconds since 1970).
    static func dateBins(_ values: [(value: Double, count: Int)]) -> (bins: [Bin], unit: String) {
        let days = values.map { (day: Int(($0.value / millisecondsPerDay).rounded(.down)), count: $0.count) }
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
        let startYear = Int((Double(firstYear) / Double(step)).rounded(.down)) * step
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
        let year = Int((Double(month) / 12).rounded(.down))
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
