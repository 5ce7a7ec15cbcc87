/// A summary's figures as text, in the column's own terms: numbers with its decimal separator
/// and as many decimals as it writes, dates as ISO dates (with the time when it has times).
extension ColumnSummary {
    /// The mean: numbers with two more decimals than the column writes (at most 6), dates as
    /// dates, booleans as the share of `true` (`0.625`); "" when there is none.
    public var formattedMean: String {
        guard let mean else { return "" }
        switch kind {
        case .boolean: return DataTableColumnSummary.format(mean, fractionDigits: 3, grouping: false)
        case .dateTime: return formattedDate(mean)
        default:
            let digits = min(6, fractionDigits + 2)
            // Whole numbers: their exact mean (a double holds 9007199254740995 as ...996).
            if let exactSum, let text = NumberSum.quotientText(exactSum, count: nonNullCount - strayCount, digits: digits) {
                return localized(text)
            }
            return localized(DataTableColumnSummary.format(mean, fractionDigits: digits, grouping: false))
        }
    }

    /// A quantile (or any value of the column) as the column would write it: a number with the
    /// column's decimals, or up to two more when it falls between them (an interpolated median
    /// of integers: `50.5`); a date in ISO form.
    public func formattedValue(_ value: Double) -> String {
        switch kind {
        case .dateTime:
            return formattedDate(value)
        case .boolean:
            return DataTableColumnSummary.format(value, fractionDigits: 3, grouping: false)
        default:
            var digits = fractionDigits
            let most = max(digits, min(6, fractionDigits + 2))
            while digits < most, !Self.isRound(value, digits: digits) { digits += 1 }
            return localized(DataTableColumnSummary.format(value, fractionDigits: digits, grouping: false))
        }
    }

    /// The quantile at `level` (one of `levels`) as the column would write it: a whole number
    /// exactly (`9007199254740993`, which a double cannot hold), else as `formattedValue`; ""
    /// without quantiles.
    public func formattedQuantile(_ level: Double) -> String {
        guard let quantiles, let index = Self.levels.firstIndex(of: level) else { return "" }
        if index < exactQuantiles.count, let exact = exactQuantiles[index], kind != .dateTime {
            return localized(String(exact) + (fractionDigits > 0 ? "." + String(repeating: "0", count: fractionDigits) : ""))
        }
        let value = [quantiles.p5, quantiles.p25, quantiles.median, quantiles.p75, quantiles.p95][index]
        return formattedValue(value)
    }

    /// The distinct count, `~` before an estimate: `11,204` or `~9,998,310`.
    public var formattedDistinctCount: String {
        (isDistinctCountEstimated ? "~" : "") + grouped(distinctCount)
    }

    /// The most frequent text and its count, `~` before the count when another text might be
    /// more frequent: `active (2,503,117)`; `all distinct` when no text occurs twice (`~all
    /// distinct`: none of those counted); "" when there are no values.
    public var formattedMostFrequent: String {
        guard let mostFrequent else { return "" }
        if mostFrequentCount == 1 && nonNullCount > 1 { return isMostFrequentEstimated ? "~all distinct" : "all distinct" }
        return "\(mostFrequent) (\(isMostFrequentEstimated ? "~" : "")\(grouped(mostFrequentCount)))"
    }

    /// Whether `value` is a whole number of 10^-digits (to a millionth of that unit).
    static func isRound(_ value: Double, digits: Int) -> Bool {
        var scaled = value
        for _ in 0..<digits { scaled *= 10 }
        guard abs(scaled) < 1e15 else { return true }
        return abs(scaled - scaled.rounded()) < 1e-6
    }

    /// `text` (`.` decimals) with the column's decimal comma, if it has one.
    func localized(_ text: String) -> String {
        guard format.decimalSeparator == UInt8(ascii: ",") else { return text }
        return String(text.map { $0 == "." ? "," : $0 })
    }

    /// Milliseconds since the epoch as `2024-03-01`, `2024-03-01 14:05:09` or
    /// `2024-03-01 14:05:09.250`, as fine as the column's dates are written (rounded to it).
    func formattedDate(_ milliseconds: Double) -> String {
        guard milliseconds.isFinite, abs(milliseconds) < 8.64e18 else { return "" }
        let unit: Int64 = switch dateResolution {
        case .days: 86_400_000
        case .seconds: 1000
        case .milliseconds: 1
        }
        let ms = Int64(saturating: (milliseconds / Double(unit)).rounded()) * unit
        let days = ms >= 0 ? ms / 86_400_000 : (ms - 86_399_999) / 86_400_000
        let date = FrequencyBins.civil(fromDays: Int(days))
        let year = Int64(date.year), month = Int64(date.month), day = Int64(date.day)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var text = "\(year < 0 ? "-" : "")\(String(repeating: "0", count: max(0, 4 - String(abs(year)).count)))\(abs(year))-\(two(month))-\(two(day))"
        guard dateResolution != .days else { return text }
        let inDay = ms - days * 86_400_000
        let seconds = inDay / 1000
        text += " \(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
        if dateResolution == .milliseconds {
            let fraction = inDay % 1000
            text += "." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + String(fraction)
        }
        return text
    }
}
