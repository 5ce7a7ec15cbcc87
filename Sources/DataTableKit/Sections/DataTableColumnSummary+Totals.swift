/// The minimum and maximum, and the text of each total (`DataTableTotal`) for the totals row.
extension DataTableColumnSummary {
    /// Widens the minimum and maximum to `value`.
    mutating func extend(toInclude value: Double) {
        minimum = Swift.min(minimum ?? value, value)
        maximum = Swift.max(maximum ?? value, value)
    }

    /// `total` as the totals row shows it: digits grouped, as many decimals as the numbers had
    /// (two more for a mean), decimal commas for a column written with them; `rowCount` for
    /// `.count`. "" when no field was a number.
    public func text(of total: DataTableTotal, rowCount: Int) -> String {
        switch total {
        case .sum: return formattedSum
        case .mean: return formattedMean
        case .count: return grouped(rowCount)
        case .minimum: return minimum.map(formattedNumber) ?? ""
        case .maximum: return maximum.map(formattedNumber) ?? ""
        }
    }

    /// One of the numbers added, written as they were (grouped digits, their decimals).
    private func formattedNumber(_ value: Double) -> String {
        if onlyIntegers, let integer = Int(exactly: value) { return localized(grouped(integer)) }
        return localized(Self.format(value, fractionDigits: fractionDigits))
    }
}
