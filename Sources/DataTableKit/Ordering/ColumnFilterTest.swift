/// Why a column filter cannot run: an operand its column's kind cannot read, an invalid regex.
public struct ColumnFilterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line for the status line (`not a number: abc`).
    public let message: String

    /// An error saying `message`.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// A `ColumnFilter` made ready for one column's kind and format: tests one field's bytes
/// (unquoted content) with no allocation in the common cases. Built on the UI thread, used by a
/// worker (every part is immutable or thread-safe).
public struct ColumnFilterTest: @unchecked Sendable {
    /// The data source column it reads.
    public let column: Int
    /// Whether it reads the text a sort compares (`sortText`) rather than the shown text, for
    /// sources that hold no raw bytes: comparisons do, as a sort would.
    let readsSortText: Bool
    let test: Test
    /// The kind the column's values are read as.
    let kind: SortKeyKind
    let format: ValueFormat
    let nullTokens: NullTokens

    enum Test {
        /// Substring or regex.
        case matcher(RowMatcher)
        /// Exact text, one of these (by length first), or one of the long values (over
        /// `LongField.limit` bytes, by length and SHA-256), or null when `orNull`.
        case exactly(Set<[UInt8]>, lengths: Set<Int>, orNull: Bool, longValues: Set<LongFieldKey>)
        /// The value read in the kind lies in the interval (or not, when `negated`: then nulls
        /// and strays pass too).
        case number(Interval, negated: Bool)
        /// Text by the sort's collation, in the interval (or not).
        case text(TextInterval, negated: Bool)
        /// The field's text is the operand exactly (or not).
        case textEquals([UInt8], negated: Bool)
        /// The field is null (or not).
        case null(negated: Bool)
    }

    /// Numbers, dates (milliseconds) or booleans (0, 1) between two bounds.
    struct Interval {
        var lower: Double?
        var lowerInclusive = true
        var upper: Double?
        var upperInclusive = true

        @inline(__always) func contains(_ v: Double) -> Bool {
            if let lower, lowerInclusive ? v < lower : v <= lower { return false }
            if let upper, upperInclusive ? v > upper : v >= upper { return false }
            return true
        }
    }

    /// Text between two bounds, by the collation of `RowSorter.sort`.
    struct TextInterval {
        var lower: [UInt8]?
        var lowerInclusive = true
        var upper: [UInt8]?
        var upperInclusive = true

        func contains(_ field: UnsafeRawBufferPointer) -> Bool {
            if let lower {
                let order = lower.withUnsafeBytes { ColumnFilterTest.collate(field, $0) }
                if lowerInclusive ? order < 0 : order <= 0 { return false }
            }
            if let upper {
                let order = upper.withUnsafeBytes { ColumnFilterTest.collate(field, $0) }
                if upperInclusive ? order > 0 : order >= 0 { return false }
            }
            return true
        }
    }

    /// `filter` ready for a column of `kind` written in `format`, with the table's null tokens.
    /// - Throws: `ColumnFilterError` for an operand the kind cannot read in an order comparison
    ///   or a range, or an invalid regex.
    public init(_ filter: ColumnFilter, kind: SortKeyKind, format: ValueFormat = .standard,
                nullTokens: NullTokens = .standard) throws(ColumnFilterError) {
        column = filter.column
        self.kind = kind
        self.format = format
        self.nullTokens = nullTokens
        switch filter.predicate {
        case .substring(let text):
            readsSortText = false
            test = .matcher(try Self.matcher(text, mode: .substring))
        case .regex(let pattern):
            readsSortText = false
            test = .matcher(try Self.matcher(pattern, mode: .regex))
        case .equalsAny(let values, let includesNull, let longValues):
            readsSortText = false
            let bytes = Set(values.map { Array($0.utf8) })
            test = .exactly(bytes, lengths: Set(bytes.map(\.count)), orNull: includesNull, longValues: longValues)
        case .comparison(let comparison, let operand):
            readsSortText = true
            test = try Self.comparisonTest(comparison, operand, kind: kind, format: format)
        case .range(let lower, let upper, let includesUpper):
            readsSortText = true
            test = try Self.rangeTest(lower: lower, upper: upper, includesUpper: includesUpper, kind: kind, format: format)
        }
    }

    static func matcher(_ query: String, mode: RowMatcher.Mode) throws(ColumnFilterError) -> RowMatcher {
        do {
            return try RowMatcher(query: query, mode: mode)
        } catch {
            throw ColumnFilterError(message: "\(error)")
        }
    }

    /// Whether the test can run into a regex's limits (`isTooComplex`).
    var matcher: RowMatcher? {
        if case .matcher(let matcher) = test { return matcher }
        return nil
    }

    /// Whether the field (its unquoted bytes) passes; a regex out of its limits does not.
    /// - Complexity: O(field length); no allocation but for a several-valued `equalsAny`, or one
    ///   with long values (a field over 1 KiB is hashed).
    public func matches(_ field: UnsafeRawBufferPointer) -> Bool {
        switch test {
        case .matcher(let matcher):
            return matcher.verdict(utf8: field) == .match
        case .exactly(let values, let lengths, let orNull, let longValues):
            if orNull && isNull(field) { return true }
            if field.count > LongField.limit, !longValues.isEmpty, longValues.contains(LongField.identity(ofContent: field)) {
                return true
            }
            guard lengths.contains(field.count) else { return false }
            if values.count == 1, let only = values.first {
                return only.withUnsafeBytes { Self.equal(field, $0) }
            }
            return values.contains(Array(field))
        case .number(let interval, let negated):
            guard !isNull(field), let value = readValue(field) else { return negated }
            return interval.contains(value) != negated
        case .text(let interval, let negated):
            guard !isNull(field) else { return negated }
            return interval.contains(field) != negated
        case .textEquals(let operand, let negated):
            guard !isNull(field) else { return negated }
            return operand.withUnsafeBytes { Self.equal(field, $0) } != negated
        case .null(let negated):
            return isNull(field) != negated
        }
    }

    /// `matches(_:)` for a field held as a `String`.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches(UnsafeRawBufferPointer($0)) }
    }

    /// Whether the field is null in this column (blank fields are values in text columns).
    @inline(__always) func isNull(_ field: UnsafeRawBufferPointer) -> Bool {
        nullTokens.isNull(field, numeric: kind == .integer || kind == .decimal, blankIsNull: kind != .text)
    }

    /// The field read in the column's kind, as a number (dates in milliseconds, booleans 0 or 1).
    @inline(__always) func readValue(_ field: UnsafeRawBufferPointer) -> Double? {
        Self.read(field, kind: kind, format: format)
    }

    static func read(_ field: UnsafeRawBufferPointer, kind: SortKeyKind, format: ValueFormat) -> Double? {
        switch kind {
        case .integer, .decimal: return ValueParsing.decimal(field, format: format)
        case .dateTime: return ValueParsing.dateTime(field, format: format).map(Double.init)
        case .boolean: return ValueParsing.boolean(field, format: format).map { $0 ? 1 : 0 }
        case .text: return nil
        }
    }

    static func equal(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
        guard x.count == y.count else { return false }
        guard let a = x.baseAddress, let b = y.baseAddress else { return true }
        return TextKey.equal(a, b, count: x.count)
    }

    /// The sort's text collation (`RowSorter.sort`): the bytes with ASCII letters lower-cased,
    /// a text before any longer text it begins; equal so, the raw bytes. -1, 0 or 1.
    static func collate(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Int {
        @inline(__always) func fold(_ b: UInt8) -> UInt8 { b &- UInt8(ascii: "A") < 26 ? b | 0x20 : b }
        let n = min(x.count, y.count)
        var i = 0
        while i < n {
            let a = fold(x[i]), b = fold(y[i])
            if a != b { return a < b ? -1 : 1 }
            i += 1
        }
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        i = 0
        while i < n {
            if x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
            i += 1
        }
        return 0
    }
}
