/// Infers a column's kind (and the format its values are written in) from sampled values.
///
/// A column's kind is what its non-null values are. Nulls (`NullTokens`) are set aside first;
/// `-` and the other numeric-only tokens are set aside too while deciding whether the column is
/// numeric, and count as values (usually strays) when it is not. A kind wins when its reader
/// reads every remaining sample, or, tolerating stray values, when it reads at least
/// `minimumShare` (95%) of them and at least `minimumParsedWithStrays` (20) of them: a few `n/k`
/// in a price column keep it numeric (they sort after the numbers, before the nulls), while a
/// column with two numbers and a word stays text. Kinds are tried in the order integer (every
/// value an integer), decimal, date/time, boolean; else text (also for a column with no value).
public enum ColumnKindInference {
    /// The share of non-null samples a kind must read when some do not parse.
    public static let minimumShare = 0.95
    /// The samples a kind must read when some do not parse.
    public static let minimumParsedWithStrays = 20

    /// The kind and format of a column whose sampled field texts are `samples`.
    /// - Parameters:
    ///   - samples: field texts sampled from the column.
    ///   - nullTokens: the texts that are null.
    ///   - delimiter: the file's field delimiter (a decimal comma is possible only when it is not `,`).
    /// - Complexity: O(samples × their length), a handful of parses per sample.
    public static func infer(_ samples: [String], nullTokens: NullTokens = .standard,
                             delimiter: UInt8 = UInt8(ascii: ",")) -> (kind: SortKeyKind, format: ValueFormat) {
        var values: [String] = [], numericOnly: [String] = []
        values.reserveCapacity(samples.count)
        for sample in samples {
            var text = sample
            let (isNull, isNumericOnly) = text.withUTF8 { utf8 -> (Bool, Bool) in
                let bytes = UnsafeRawBufferPointer(utf8)
                return (nullTokens.isNull(bytes, numeric: false), nullTokens.isNumericOnlyToken(bytes))
            }
            if isNumericOnly { numericOnly.append(sample) } else if !isNull { values.append(sample) }
        }
        let format = ValueFormat.infer(from: values, delimiter: delimiter)
        let integers = values.reduce(0) { $0 + (ValueParsing.integer($1, format: format) != nil ? 1 : 0) }
        if integers == values.count, integers > 0 { return (.integer, format) }
        let decimals = values.reduce(0) { $0 + (ValueParsing.decimal($1, format: format) != nil ? 1 : 0) }
        if wins(decimals, of: values.count) { return (integers == decimals ? .integer : .decimal, format) }
        // Not numeric: the numeric-only tokens are values like any other.
        let all = values + numericOnly
        let dates = all.reduce(0) { $0 + (ValueParsing.dateTime($1, format: format) != nil ? 1 : 0) }
        if wins(dates, of: all.count) { return (.dateTime, format) }
        let booleans = all.reduce(0) { $0 + (ValueParsing.boolean($1, format: format) != nil ? 1 : 0) }
        if wins(booleans, of: all.count) { return (.boolean, format) }
        return (.text, format)
    }

    /// The kind alone (see `infer`), with the default null tokens.
    public static func kind(of samples: [String]) -> SortKeyKind { infer(samples).kind }

    /// Whether a kind that reads `parsed` of `total` non-null samples wins (see the type).
    public static func wins(_ parsed: Int, of total: Int) -> Bool {
        guard parsed > 0 else { return false }
        if parsed == total { return true }
        return parsed >= minimumParsedWithStrays && Double(parsed) >= minimumShare * Double(total)
    }
}
