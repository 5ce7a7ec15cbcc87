/// The sum, mean, minimum and maximum of a column's numbers over one section's rows, or over
/// every row shown for the totals row (after the filter).
public struct DataTableColumnSummary: Hashable, Sendable {
    /// The column summarized.
    public var column: Int
    /// Rows whose field read as a number (empty and other fields are skipped).
    public var count = 0
    /// The exact sum while every number was an integer and it fits in an `Int`.
    public var integerSum: Int? { onlyIntegers ? Int(exactly: total.integers) : nil }
    /// Whether every number was an integer (their sum is exact, whatever its size).
    var onlyIntegers = true
    /// Every number added: exact for integers, compensated for decimals, never overflowing
    /// before the end (`NumberSum`).
    var total = NumberSum()
    /// The sum as a double (always set): ±infinity beyond the double range, or when a number
    /// is infinite (`1e400`).
    public var sum: Double { total.value }
    /// The most digits after the decimal point among the numbers (for showing the sum).
    public var fractionDigits = 0
    /// How the column writes its numbers (its decimal separator: `39,1`).
    public var format = ValueFormat.standard
    /// The smallest number added (nil before any).
    public var minimum: Double?
    /// The largest number added (nil before any).
    public var maximum: Double?

    /// An empty summary of `column`.
    public init(column: Int) {
        self.column = column
    }

    /// The mean, when some field was a number.
    public var mean: Double? { count == 0 ? nil : total.mean(count: count) }

    /// Adds one field's text (its raw bytes, CSV quotes allowed); non-numbers are skipped.
    /// - Complexity: O(field length).
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var field = bytes
        if field.count >= 2, field[0] == UInt8(ascii: "\""), field[field.count - 1] == UInt8(ascii: "\"") {
            field = UnsafeRawBufferPointer(rebasing: field[1..<(field.count - 1)])
        }
        if let integer = ValueParsing.integer(field, format: format) {
            count += 1
            total.add(integer)
            extend(toInclude: Double(integer))
        } else if let decimal = ValueParsing.decimal(field, format: format), !decimal.isNaN {
            count += 1
            total.add(decimal)
            extend(toInclude: decimal)
            onlyIntegers = false
            if let dot = field.lastIndex(of: format.decimalSeparator) {
                var digits = 0
                var i = dot + 1
                while i < field.count, field[i] >= UInt8(ascii: "0"), field[i] <= UInt8(ascii: "9") { digits += 1; i += 1 }
                fractionDigits = min(6, max(fractionDigits, digits))
            }
        }
    }

    /// Adds a field's text.
    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    /// The sum as shown in a footer: digits grouped by thousands, as many decimals as the
    /// numbers had ("1,234,567", "-12.50"); "" when no field was a number. A sum of integers is
    /// exact at any size. A column written with decimal commas gets them back (`1.234,5`).
    public var formattedSum: String {
        guard count > 0 else { return "" }
        if onlyIntegers { return localized(grouped(total.integers)) }
        return localized(Self.format(sum, fractionDigits: fractionDigits))
    }

    /// The sum without thousands separators ("1234567", "-12.50"), for a narrow column.
    public var plainSum: String {
        guard count > 0 else { return "" }
        if onlyIntegers { return String(total.integers) }
        return localized(Self.format(sum, fractionDigits: fractionDigits, grouping: false))
    }

    /// `text` (`,` groups, `.` decimals) with the separators swapped for a decimal-comma column.
    func localized(_ text: String) -> String {
        guard format.decimalSeparator == UInt8(ascii: ",") else { return text }
        return String(text.map { $0 == "," ? "." : $0 == "." ? "," : $0 })
    }

    /// The mean as shown in a footer, with two more decimals than the numbers had (at most 6).
    public var formattedMean: String {
        guard let mean else { return "" }
        return localized(Self.format(mean, fractionDigits: min(6, fractionDigits + 2)))
    }

    /// `value` rounded to `fractionDigits`, thousands grouped. The whole part and the fraction are
    /// rounded apart: scaling the whole value would make up digits past a double's precision
    /// (9007199254740996 × 100 is 900719925474099584 as a double).
    static func format(_ value: Double, fractionDigits: Int, grouping: Bool = true) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }
        let magnitude = abs(value)
        var whole = magnitude.rounded(.towardZero)
        var fraction = ((magnitude - whole) * scale).rounded()  // the difference is exact
        if fraction >= scale {
            whole += 1
            fraction = 0
        }
        guard whole < 9e18 else { return String(value) }
        let units = Int(saturating: whole), decimals = Int(saturating: fraction)
        var text = grouping ? DataTableKit.grouped(units) : String(units)
        if fractionDigits > 0 {
            let digits = String(decimals)
            text += "." + String(repeating: "0", count: fractionDigits - digits.count) + digits
        }
        return value < 0 && (units != 0 || decimals != 0) ? "-" + text : text
    }
}
