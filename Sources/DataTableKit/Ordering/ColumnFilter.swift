/// A filter on one column: which rows of the table it keeps, by that column's value alone.
///
/// Column filters stack on a `DataTableView` (`pushColumnFilter(_:)`): each narrows the rows the
/// ones before it kept, and the whole-row filter (`startFilter(_:)`) combines with them. A
/// filter holds its operands as text; they are read in the column's kind when the filter runs
/// (`ColumnFilterTest`), so the same filter means "numerically" on a number column and
/// "lexicographically" on a text one.
///
/// What each predicate keeps (a field is null when it is empty or one of the table's
/// `NullTokens`; a stray is a value the column's kind cannot read, `n/k` in a number column):
///
/// - `substring`: fields containing the text, by `RowMatcher`'s rules (smart case: ignores case
///   unless the text has an upper-case letter).
/// - `regex`: fields with a match of the PCRE2 pattern (smart case too).
/// - `comparison`: `<`, `<=`, `>`, `>=`, `=`, `!=` against the operand read in the column's
///   kind: numbers numerically (the operand in the column's number format first, then in the
///   standard one: `2,5` in a decimal-comma column, `$1,200`, `12%`), dates and times
///   chronologically (a date without a time stands for its whole day: `<=2020-01-01` keeps
///   all of that day, `>2020-01-01` starts the next), booleans with `false < true`, text by the
///   sort's collation (`RowSorter.sort`: ASCII letters folded first, then the bytes) and `=`
///   on text is exact. An operand a `=`/`!=` cannot read in a typed column compares as text
///   (`=n/k` finds the strays). Nulls satisfy no comparison but `!=`, and strays only `!=` and
///   text equality: `=x` and `!=x` split the rows in two.
/// - `range`: `lower <= value <= upper` (`value < upper` when `includesUpper` is false), in the
///   column's kind as for comparisons; a missing bound is open. Nulls and strays are out.
/// - `equalsAny`: fields whose text is exactly one of the values (what a frequency table lists;
///   `""` is the empty field), or one of `longValues` (fields over 1 KiB, which a frequency table
///   keeps by length and SHA-256: `LongField`), and the null fields too when `includesNull`
///   (nulls read as the frequency table counts them: the null tokens, and blank fields outside
///   text columns).
public struct ColumnFilter: Hashable, Sendable {
    /// How a comparison compares the field's value with the operand.
    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case equal = "="
        case notEqual = "!="
    }

    /// What a column filter keeps (see the type's documentation).
    public enum Predicate: Hashable, Sendable {
        /// Fields containing the text (smart case).
        case substring(String)
        /// Fields matching the PCRE2 pattern (smart case).
        case regex(String)
        /// Fields whose value compares so with the operand, read in the column's kind.
        case comparison(Comparison, String)
        /// Fields whose value lies between the bounds (nil: open), read in the column's kind.
        case range(lower: String?, upper: String?, includesUpper: Bool = true)
        /// Fields whose text is exactly one of the values or of `longValues`, or null when
        /// `includesNull`.
        case equalsAny(Set<String>, includesNull: Bool = false, longValues: Set<LongFieldKey> = [])
    }

    /// The data source column whose values it tests.
    public var column: Int
    /// What it keeps.
    public var predicate: Predicate

    /// A filter of `column`'s values by `predicate`.
    public init(column: Int, predicate: Predicate) {
        self.column = column
        self.predicate = predicate
    }

    /// Rows whose `column` value is exactly one of `values` or `longValues`, or null when
    /// `includesNull` (a frequency table's choice).
    public static func equalsAny(_ values: Set<String>, includesNull: Bool = false, longValues: Set<LongFieldKey> = [],
                                 column: Int) -> ColumnFilter {
        ColumnFilter(column: column, predicate: .equalsAny(values, includesNull: includesNull, longValues: longValues))
    }

    /// How the filter reads in the status line, after the column's title: `>30`, `=Paris`,
    /// `~par`, `~/^P/`, ` 10..20`, ` in {a, b, c}`. Long operands are cut to `limit` characters.
    public func summary(limit: Int = 24) -> String {
        func cut(_ text: String) -> String {
            text.count <= limit ? text : String(text.prefix(max(1, limit - 1))) + "…"
        }
        /// A value of `equalsAny`: the empty one written `""` (a bare `=` reads as "is null").
        func value(_ text: String) -> String { text.isEmpty ? "\"\"" : cut(text) }
        switch predicate {
        case .substring(let text): return "~" + cut(text)
        case .regex(let pattern): return "~/" + cut(pattern) + "/"
        case .comparison(let op, let operand): return op.rawValue + cut(operand)
        case .range(let lower, let upper, let includesUpper):
            return " " + cut(lower ?? "") + (includesUpper ? ".." : "..<") + cut(upper ?? "")
        case .equalsAny(let values, let includesNull, let longValues):
            let sorted = values.sorted() + longValues.map(\.text).sorted()
            if includesNull && sorted.isEmpty { return "=" }
            if sorted.count == 1 && !includesNull { return "=" + value(sorted[0]) }
            let shown = (includesNull ? ["(null)"] : []) + sorted.prefix(includesNull ? 2 : 3).map(value)
            let more = shown.count < sorted.count + (includesNull ? 1 : 0)
                ? ", +\(sorted.count + (includesNull ? 1 : 0) - shown.count)" : ""
            return " in {" + shown.joined(separator: ", ") + more + "}"
        }
    }
}
