/// Column filters answered from a column's kept sort keys (`SortKeyCache`; docs/decisions/0152)
/// instead of reading and parsing its fields.
///
/// The operand is not turned into a key. The kept order of every row by the column puts the
/// values in key order, and a comparison or a range keeps one run of them (the fields below the
/// interval, then those in it, then those above: keys order the values exactly, and reading a
/// field as the test reads it keeps that order). So a binary search in the kept order, reading
/// the fields of O(log n) rows with the test's own reading, finds the run's first and last
/// keys, and a row passes when its key lies between them. The answer is the one reading every
/// field gives, by construction, whatever the operand's scale or format.
extension ColumnFilterTest {
    /// Where a field lies against a comparison's or a range's interval.
    enum Side {
        /// Under the lower bound (or at it, when it is excluded).
        case below
        /// Within the interval.
        case inside
        /// Over the upper bound (or at it, when it is excluded), and not below.
        case above
    }

    /// Whether kept keys can answer this test: a comparison or a range in the column's kind (not
    /// `=x` comparing text in a typed column), or a null test; and the table's null tokens read
    /// the same from keys as from fields (no token is a value of the kind, none holds a quote).
    var answersFromKeptKeys: Bool {
        switch test {
        case .number, .null: break
        case .text, .textEquals: guard kind == .text else { return false }
        case .matcher, .exactly: return false
        }
        guard kind != .text else { return true }
        for token in nullTokens.tokens + nullTokens.numericOnlyTokens {
            if token.contains("\"") || ValueParsing.withBytes(token, { Self.read($0, kind: kind, format: format) }) != nil {
                return false
            }
        }
        return true
    }

    /// Where `field` (its unquoted bytes) lies against the test's interval; nil when it is no
    /// value (null, or a stray), or when the test has no interval.
    func side(of field: UnsafeRawBufferPointer) -> Side? {
        switch test {
        case .number(let interval, _):
            guard !isNull(field), let v = readValue(field) else { return nil }
            if let lower = interval.lower, interval.lowerInclusive ? v < lower : v <= lower { return .below }
            if let upper = interval.upper, interval.upperInclusive ? v > upper : v >= upper { return .above }
            return .inside
        case .text(let interval, _):
            guard !isNull(field) else { return nil }
            return Self.side(of: field, lower: interval.lower, lowerInclusive: interval.lowerInclusive,
                             upper: interval.upper, upperInclusive: interval.upperInclusive)
        case .textEquals(let operand, _):
            guard !isNull(field) else { return nil }
            return Self.side(of: field, lower: operand, lowerInclusive: true, upper: operand, upperInclusive: true)
        case .matcher, .exactly, .null:
            return nil
        }
    }

    private static func side(of field: UnsafeRawBufferPointer, lower: [UInt8]?, lowerInclusive: Bool, upper: [UInt8]?,
                             upperInclusive: Bool) -> Side {
        if let lower {
            let order = lower.withUnsafeBytes { collate(field, $0) }
            if lowerInclusive ? order < 0 : order <= 0 { return .below }
        }
        if let upper {
            let order = upper.withUnsafeBytes { collate(field, $0) }
            if upperInclusive ? order > 0 : order >= 0 { return .above }
        }
        return .inside
    }

    /// The test answered from `keys` (of every row, `0..<keys.count`) and `order` (every row
    /// sorted by them alone), finding the passing keys with `side(row)`: the side of row `row`'s
    /// field as `side(of:)` reads it. nil when the keys cannot answer (see
    /// `answersFromKeptKeys`; numbers kept as `Double`s, whose order can differ from the
    /// fields' read one way by a rounding; a field read at the search that is no value although
    /// its key is one).
    /// - Complexity: O(log n) calls of `side`.
    func onKeptKeys(_ keys: SortKeyColumn, order: SortKeyCache.SortedRows, side: (Int) -> Side?) -> KeptKeyTest? {
        guard answersFromKeptKeys, !keys.keysAreDoubles, order.rows.count == keys.count else { return nil }
        let negated: Bool
        switch test {
        case .null(let isNegated): return KeptKeyTest(keys: keys, lower: 1, upper: 0, mode: .null(negated: isNegated))
        case .number(_, let isNegated), .text(_, let isNegated), .textEquals(_, let isNegated): negated = isNegated
        case .matcher, .exactly: return nil
        }
        // The values lead the order in both directions (strays and nulls after them).
        let values = keys.count - keys.exceptionCount
        func row(_ position: Int) -> Int { Int(order.rows[order.ascending ? position : values - 1 - position]) }
        var failed = false
        func sideAt(_ position: Int) -> Side {
            guard let found = side(row(position)) else {
                failed = true
                return .inside
            }
            return found
        }
        // The first value not below, then the first value above from there.
        var lo = 0, hi = values
        while lo < hi {
            let mid = (lo + hi) / 2
            if sideAt(mid) == .below { lo = mid + 1 } else { hi = mid }
        }
        let first = lo
        hi = values
        while lo < hi {
            let mid = (lo + hi) / 2
            if sideAt(mid) == .above { hi = mid } else { lo = mid + 1 }
        }
        guard !failed else { return nil }
        let end = lo
        guard first < end else { return KeptKeyTest(keys: keys, lower: 1, upper: 0, mode: .interval(negated: negated)) }
        return KeptKeyTest(keys: keys, lower: keys.key(row(first)), upper: keys.key(row(end - 1)),
                           mode: .interval(negated: negated))
    }
}

/// A column filter's test answered from the column's kept keys (`ColumnFilterTest.onKeptKeys`):
/// a row passes by its key alone, no field read.
struct KeptKeyTest: Sendable {
    /// What is tested.
    enum Mode: Sendable {
        /// A value row with a key in `lower...upper` (the others when `negated`: then nulls and
        /// strays pass too).
        case interval(negated: Bool)
        /// A null row (the others when `negated`).
        case null(negated: Bool)
    }

    /// Every row's key.
    let keys: SortKeyColumn
    /// The keys of the first and last passing values (none pass when `lower > upper`).
    let lower: UInt64
    let upper: UInt64
    let mode: Mode

    /// Whether row `row` passes.
    @inline(__always) func passes(row: Int) -> Bool {
        switch mode {
        case .null(let negated):
            return (keys.isException(row) && !keys.isStray(row)) != negated
        case .interval(let negated):
            guard !keys.isException(row) else { return negated }
            let key = keys.key(row)
            return (key >= lower && key <= upper) != negated
        }
    }
}
