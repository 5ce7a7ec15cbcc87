/// The filter syntax typed at the `|` prompt (and as a program's filter option with a column name).
extension ColumnFilter {
    /// Reads a filter typed for `column`; nil for empty text.
    ///
    /// With `isRegex` the whole text is a PCRE2 pattern. Otherwise, after leading and trailing
    /// blanks:
    /// - `<X`, `<=X`, `>X`, `>=X`, `=X` (also `==X`), `!=X` compare with `X` (blanks around it
    ///   dropped); `=` alone keeps the null fields, `!=` alone the others;
    /// - `A..B` keeps `A <= value <= B`, `A..<B` keeps `A <= value < B`, and either bound may be
    ///   left out (`10..`, `..2020-06-30`);
    /// - `~TEXT` is a substring search for `TEXT` as typed (to look for `>`, `=` or `..`);
    /// - anything else is a substring search for the text as typed.
    public init?(typed text: String, column: Int, isRegex: Bool) {
        guard !text.isEmpty else { return nil }
        if isRegex {
            self.init(column: column, predicate: .regex(text))
            return
        }
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("~") {
            let rest = String(trimmed.dropFirst())
            guard !rest.isEmpty else { return nil }
            self.init(column: column, predicate: .substring(rest))
            return
        }
        for (prefix, comparison) in Self.operatorPrefixes where trimmed.hasPrefix(prefix) {
            let operand = String(trimmed.dropFirst(prefix.count)).trimmingSpaces
            self.init(column: column, predicate: .comparison(comparison, operand))
            return
        }
        if let range = Self.range(trimmed) {
            self.init(column: column, predicate: range)
            return
        }
        self.init(column: column, predicate: .substring(text))
    }

    /// Operators by prefix, longer ones first so `<=` is not read as `<` then `=`.
    static let operatorPrefixes: [(String, Comparison)] = [
        ("<=", .lessOrEqual), (">=", .greaterOrEqual), ("!=", .notEqual), ("==", .equal),
        ("<", .less), (">", .greater), ("=", .equal),
    ]

    /// `A..B`, `A..<B`, `A..`, `..B`: a range when at least one bound is there.
    static func range(_ text: String) -> Predicate? {
        guard let dots = text.firstRange(of: "..") else { return nil }
        let lower = String(text[..<dots.lowerBound]).trimmingSpaces
        var upper = text[dots.upperBound...]
        var includesUpper = true
        if upper.first == "<" {
            includesUpper = false
            upper = upper.dropFirst()
        }
        let upperText = String(upper).trimmingSpaces
        guard !lower.isEmpty || !upperText.isEmpty else { return nil }
        return .range(lower: lower.isEmpty ? nil : lower, upper: upperText.isEmpty ? nil : upperText,
                      includesUpper: includesUpper)
    }
}
