/// How one column writes its values, beyond their kind: decided once per column from its
/// values (`infer(from:delimiter:)`) or set by the user, then used for every field the column
/// reads.
///
/// The default reads what the fast paths always read: `.` as the decimal separator, month
/// before day in slashed dates, no explicit date pattern.
public struct ValueFormat: Hashable, Sendable {
    /// The decimal separator: `.` or `,` (`39,1` is 39.1; only where the delimiter is not `,`).
    /// The other of the two groups digits (`1.234,5`).
    public var decimalSeparator: UInt8
    /// Whether an all-numeric slashed or dashed date is day first (`3/7/2018` is 3 July).
    /// Dotted dates (`3.7.2018`) are always day first.
    public var dayFirst: Bool
    /// The explicit date pattern, compiled (see `DatePattern`); when set, dates are read with it
    /// and nothing else.
    public var pattern: DatePattern?

    /// An explicit strftime-style date pattern (`%d.%m.%Y %H:%M`), set with a column's kind (`ColumnKindSetting`);
    /// compiled when set (see `DatePattern` for the directives and `pattern.problem`).
    public var datePattern: String? {
        get { pattern?.source }
        set { pattern = newValue.map(DatePattern.init) }
    }

    /// A format; the defaults read `1234.5` and `7/3/2018` (July 3).
    public init(decimalSeparator: UInt8 = UInt8(ascii: "."), dayFirst: Bool = false, datePattern: String? = nil) {
        self.decimalSeparator = decimalSeparator
        self.dayFirst = dayFirst
        self.pattern = datePattern.map(DatePattern.init)
    }

    /// `.` decimals, month-first dates, no pattern.
    public static let standard = ValueFormat()
}
