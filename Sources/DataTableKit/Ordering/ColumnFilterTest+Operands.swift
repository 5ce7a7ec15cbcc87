/// Comparisons and ranges: their operands read in the column's kind.
extension ColumnFilterTest {
    /// A milliseconds-per-day span: a date operand without a time stands for its whole day.
    static let dayMilliseconds = 86_400_000.0

    /// An operand read in `kind`: its value and, for a date without a time, the end of its day
    /// (exclusive). Read in the column's format first, then in the standard one.
    static func operand(_ text: String, kind: SortKeyKind, format: ValueFormat) -> (value: Double, end: Double?)? {
        guard kind != .text else { return nil }
        var read: Double?
        for candidate in [format, .standard] {
            read = ValueParsing.withBytes(text) { ColumnFilterTest.read($0, kind: kind, format: candidate) }
            if read != nil { break }
        }
        guard let value = read else { return nil }
        let wholeDay = kind == .dateTime && !text.contains(":")
            && value.truncatingRemainder(dividingBy: dayMilliseconds) == 0
        return (value, wholeDay ? value + dayMilliseconds : nil)
    }

    /// The message for an operand `kind` cannot read.
    static func unreadable(_ text: String, kind: SortKeyKind) -> ColumnFilterError {
        let what: String
        switch kind {
        case .integer, .decimal: what = "not a number"
        case .dateTime: what = "not a date"
        case .boolean: what = "not true or false"
        case .text: what = "cannot compare"
        }
        return ColumnFilterError(message: "\(what): \(TerminalSafe.short(text))")
    }

    static func comparisonTest(_ comparison: ColumnFilter.Comparison, _ operand: String, kind: SortKeyKind,
                               format: ValueFormat) throws(ColumnFilterError) -> Test {
        if operand.isEmpty {
            switch comparison {
            case .equal: return .null(negated: false)
            case .notEqual: return .null(negated: true)
            default: throw ColumnFilterError(message: "nothing to compare with after \(comparison.rawValue)")
            }
        }
        let negated = comparison == .notEqual
        if kind == .text {
            let bytes = Array(operand.utf8)
            var interval = TextInterval()
            switch comparison {
            case .equal, .notEqual: return .textEquals(bytes, negated: negated)
            case .less: interval.upper = bytes; interval.upperInclusive = false
            case .lessOrEqual: interval.upper = bytes
            case .greater: interval.lower = bytes; interval.lowerInclusive = false
            case .greaterOrEqual: interval.lower = bytes
            }
            return .text(interval, negated: false)
        }
        guard let (x, end) = Self.operand(operand, kind: kind, format: format) else {
            // `=n/k` in a number column finds the strays written so.
            if comparison == .equal || comparison == .notEqual {
                return .textEquals(Array(operand.utf8), negated: negated)
            }
            throw unreadable(operand, kind: kind)
        }
        var interval = Interval()
        switch comparison {
        case .less:
            interval.upper = x; interval.upperInclusive = false
        case .lessOrEqual:
            if let end { interval.upper = end; interval.upperInclusive = false } else { interval.upper = x }
        case .greater:
            if let end { interval.lower = end } else { interval.lower = x; interval.lowerInclusive = false }
        case .greaterOrEqual:
            interval.lower = x
        case .equal, .notEqual:
            interval.lower = x
            if let end { interval.upper = end; interval.upperInclusive = false } else { interval.upper = x }
        }
        return .number(interval, negated: negated)
    }

    static func rangeTest(lower: String?, upper: String?, includesUpper: Bool, kind: SortKeyKind,
                          format: ValueFormat) throws(ColumnFilterError) -> Test {
        if kind == .text {
            var interval = TextInterval()
            interval.lower = lower.map { Array($0.utf8) }
            interval.upper = upper.map { Array($0.utf8) }
            interval.upperInclusive = includesUpper
            return .text(interval, negated: false)
        }
        var interval = Interval()
        if let lower {
            guard let (x, _) = Self.operand(lower, kind: kind, format: format) else { throw unreadable(lower, kind: kind) }
            interval.lower = x
        }
        if let upper {
            guard let (x, end) = Self.operand(upper, kind: kind, format: format) else { throw unreadable(upper, kind: kind) }
            if includesUpper, let end {
                interval.upper = end
                interval.upperInclusive = false
            } else {
                interval.upper = x
                interval.upperInclusive = includesUpper
            }
        }
        return .number(interval, negated: false)
    }
}

/// Operands quoted in messages: cut short (the status line sanitizes control characters).
enum TerminalSafe {
    static func short(_ text: String, limit: Int = 40) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
