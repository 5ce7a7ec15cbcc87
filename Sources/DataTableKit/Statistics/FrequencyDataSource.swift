/// A frequency table as rows of a table: value, count, percent of the rows counted, and a bar
/// (the count against the largest one), one row per distinct value or per bin.
///
/// Values are listed by count, most frequent first; bins in value order. Nulls are one row,
/// whose value is `.null` (a table shows it as `nullLabel`); in bins, values the column's kind
/// cannot read are one more row (`strayLabel`). Strings are made per row shown, from the
/// table's bytes.
public final class FrequencyDataSource: DataTableColumnSorting {
    /// One row of the table.
    public enum Entry: Hashable, Sendable {
        /// A distinct value: its rank in the `FrequencyTable` (0: the most frequent).
        case value(rank: Int)
        /// A bin, by its index in `FrequencyBins.bins`.
        case bin(Int)
        /// The rows with no value.
        case null
        /// The rows whose value is not a number (a date) in a binned column.
        case stray
    }

    /// The column indexes.
    public static let valueColumn = 0, countColumn = 1, percentColumn = 2, barColumn = 3
    /// How the null row's value is shown.
    public static let nullLabel = "(null)"
    /// How the row of unreadable values is shown in bins.
    public static let strayLabel = "(not a number)"
    /// The same for a date column.
    public static let strayDateLabel = "(not a date)"

    /// The counts shown.
    public let table: FrequencyTable
    /// The bins shown (nil: the distinct values).
    public let bins: FrequencyBins?
    /// The rows, in source order.
    public let entries: [Entry]
    /// The largest count of a row (the full bar).
    public let largestCount: Int
    /// The title of the value column (the counted column's title).
    let valueTitle: String

    /// The rows of `table`'s distinct values, or of `bins` when given; `valueTitle` heads the
    /// value column.
    public init(table: FrequencyTable, bins: FrequencyBins? = nil, valueTitle: String) {
        self.table = table
        self.bins = bins
        self.valueTitle = valueTitle
        if let bins {
            var entries: [Entry] = bins.bins.indices.map { .bin($0) }
            if bins.strayCount > 0 { entries.append(.stray) }
            if bins.nullCount > 0 { entries.append(.null) }
            self.entries = entries
            largestCount = entries.reduce(0) { max($0, Self.count(of: $1, table: table, bins: bins)) }
            return
        }
        // The null row takes its place by count (before values counted as often): counts descend
        // with the rank, so the place is found by a binary search, and the largest count is the
        // first value's or the nulls' (a built sheet asks no count per value).
        let values = table.count
        var nullAt = values
        if table.nullCount > 0 {
            var low = 0, high = values
            while low < high {
                let middle = (low + high) / 2
                if table.nullCount >= table.count(at: middle) { high = middle } else { low = middle + 1 }
            }
            nullAt = low
        }
        let rows = values + (table.nullCount > 0 ? 1 : 0)
        entries = [Entry](unsafeUninitializedCapacity: rows) { entries, initialized in
            for row in 0..<rows {
                (entries.baseAddress! + row).initialize(to: row < nullAt ? .value(rank: row) : row == nullAt ? .null
                                                        : .value(rank: row - 1))
            }
            initialized = rows
        }
        largestCount = max(table.nullCount, values > 0 ? table.count(at: 0) : 0)
    }

    /// Value, count, percent, histogram.
    public var columnCount: Int { 4 }
    /// One row per entry.
    public var rowCount: Int { entries.count }

    /// The counted column's title, then `count`, `percent`, `histogram`.
    public func title(ofColumn column: Int) -> String {
        switch column {
        case Self.valueColumn: return valueTitle
        case Self.countColumn: return "count"
        case Self.percentColumn: return "percent"
        default: return "histogram"
        }
    }

    /// Rows counted for `entry`.
    public func count(of entry: Entry) -> Int { Self.count(of: entry, table: table, bins: bins) }

    static func count(of entry: Entry, table: FrequencyTable, bins: FrequencyBins?) -> Int {
        switch entry {
        case .value(let rank): return table.count(at: rank)
        case .bin(let index): return bins?.bins[index].count ?? 0
        case .null: return table.nullCount
        case .stray: return bins?.strayCount ?? 0
        }
    }

    /// The row's share of the rows counted, 0...1.
    public func fraction(ofRow row: Int) -> Double {
        table.total == 0 ? 0 : Double(count(of: entries[row])) / Double(table.total)
    }

    /// The value (`.null` for the null row), the count, the percentage (`12.34%`), and the
    /// bar's fraction of the largest count.
    public func value(row: Int, column: Int) -> DataTableValueType {
        let entry = entries[row]
        switch column {
        case Self.valueColumn:
            switch entry {
            case .value(let rank): return .string(table.text(at: rank))
            case .bin(let index): return .string(bins?.bins[index].label ?? "")
            case .null: return .null
            case .stray: return .string(table.kind == .dateTime ? Self.strayDateLabel : Self.strayLabel)
            }
        case Self.countColumn:
            return .int(count(of: entry))
        case Self.percentColumn:
            return .string(Self.percentText(fraction(ofRow: row)))
        default:
            return .double(largestCount == 0 ? 0 : Double(count(of: entry)) / Double(largestCount))
        }
    }

    /// Bins sort in value order (their labels would not), values as written.
    public func sortText(row: Int, column: Int) -> String {
        if column == Self.valueColumn, case .bin(let index) = entries[row] {
            let digits = String(index)
            return String(repeating: "0", count: max(0, 12 - digits.count)) + digits
        }
        if column == Self.percentColumn { return String(count(of: entries[row])) }
        return text(row: row, column: column)
    }

    /// The counted column's kind for values (bins and the other columns: by their own).
    public func sortKeyKind(ofColumn column: Int) -> SortKeyKind? {
        switch column {
        case Self.valueColumn: return bins == nil ? table.kind : .text
        case Self.countColumn, Self.percentColumn: return .integer
        default: return .decimal
        }
    }

    /// `12.34%`: two decimals.
    public static func percentText(_ fraction: Double) -> String {
        let hundredths = Int(saturating: (fraction * 10_000).rounded())
        let fractionDigits = hundredths % 100
        return "\(hundredths / 100).\(fractionDigits < 10 ? "0" : "")\(fractionDigits)%"
    }
}
