/// What one worker learns about one column from its share of the rows, one field at a time;
/// the shares merge (`merge`) and the whole becomes a `ColumnSummary` (`summary`).
///
/// Fields are read as a sort reads them (`SortKeyColumn`): numbers with `ValueParsing.number`,
/// dates with `ValueParsing.dateTime`, booleans with `ValueParsing.boolean`, each in the column's
/// `ValueFormat`; what the kind cannot read is null when it is a null token (numbers also take
/// the numeric-only tokens; text keeps blank fields as values), else a stray. Each value goes
/// to `values` (8 bytes a value, for the exact quantiles), the sum (`NumberSum`: whole numbers
/// exactly, others compensated, never overflowing), and the smallest
/// and largest with their rows (their texts as written are read again once at the end, not
/// copied whenever a larger value comes: every row, in a file sorted by the column).
struct ColumnSummaryAccumulator {
    let kind: SortKeyKind
    let format: ValueFormat
    let nullTokens: NullTokens
    var rows = 0
    var nulls = 0
    var strays = 0
    var distinct: DistinctCounter
    /// Where this share's values go: `values[0..<valueCount]` (room for one per row), as
    /// doubles, or as `Int64`s while `holdsIntegers`.
    let values: UnsafeMutablePointer<Double>
    var valueCount = 0
    /// Whether `values` holds `Int64`s: in a number column, while every value is a whole number
    /// within Int64's range, so the quantiles, min and max stay exact past 2^53 (a double holds
    /// 9007199254740993 as ...992). The first other value turns them into doubles.
    var holdsIntegers: Bool
    /// The sum of the values.
    var sum = NumberSum()
    /// The smallest and largest values (as doubles; exact in `minimumInteger` and
    /// `maximumInteger` while `holdsIntegers`).
    var minimum = Double.infinity
    var maximum = -Double.infinity
    var minimumInteger = Int64.max
    var maximumInteger = Int64.min
    /// The source rows of the first smallest and the first largest value.
    var minimumRow = -1
    var maximumRow = -1
    /// Numbers: most decimals written (at most 6); whether every value is a whole number.
    var fractionDigits = 0
    var allIntegral = true
    /// Dates: whether every value is a whole day, a whole second.
    var wholeDays = true
    var wholeSeconds = true
    /// Text: the first and last texts in collation order among those `distinct` left out (a
    /// long one as its key: see `LongField`).
    var leftOutFirst: [UInt8]?
    var leftOutLast: [UInt8]?
    /// A quoted field, unquoted.
    private var scratch: [UInt8] = []

    /// An empty share writing its values from `values` (room for every row it will read).
    init(kind: SortKeyKind, format: ValueFormat, nullTokens: NullTokens, distinctLimit: Int,
         values: UnsafeMutablePointer<Double>) {
        self.kind = kind
        self.format = format
        self.nullTokens = nullTokens
        self.distinct = DistinctCounter(limit: distinctLimit)
        self.values = values
        self.holdsIntegers = kind == .integer || kind == .decimal
        scratch.reserveCapacity(256)
    }

    /// Reads the field of source row `row`. `csvQuoted`: a field starting with `"` is an
    /// undecoded RFC 4180 field (outer quotes dropped, `""` read as `"`); else the bytes are the
    /// content.
    /// - Complexity: O(field length), no allocation (a field with `""` reuses a buffer).
    @inline(__always)
    mutating func add(_ field: UnsafeRawBufferPointer, csvQuoted: Bool, row: Int) {
        guard csvQuoted, field.count > 0, field[0] == UInt8(ascii: "\"") else { return add(content: field, row: row) }
        // A long one with a quote inside is read without a copy of its content (see `LongField`).
        if field.count > LongField.limit + 1, field[1..<(field.count - 1)].contains(UInt8(ascii: "\"")) {
            return LongField.unquoting(field, quote: UInt8(ascii: "\""), short: { add(content: $0, row: row) },
                                       long: { builder, content in addLong(builder, content: content, row: row) })
        }
        // Most quoted fields hold a delimiter, not a quote: their content is read in place.
        var scratch = self.scratch
        self.scratch = []
        TextKey.withContent(field, quoted: true, scratch: &scratch) { add(content: $0, row: row) }
        self.scratch = scratch
    }

    /// Reads one field's content (of source row `row`); one over `LongField.limit` bytes is
    /// counted among the distinct texts by its key (the distinct counter never holds more than
    /// about 1 KiB of a text).
    @inline(__always)
    mutating func add(content field: UnsafeRawBufferPointer, row: Int) {
        guard field.count <= LongField.limit else {
            var builder = LongField.Builder()
            builder.append(field)
            return addLong(builder, content: field, row: row)
        }
        if read(field, row: row) { countDistinct(field) }
    }

    /// Reads a content longer than `LongField.limit` that `builder` took (`content`: the
    /// content in one piece, when it is: else it holds a quote, so it is no number, date or
    /// boolean).
    private mutating func addLong(_ builder: LongField.Builder, content: UnsafeRawBufferPointer?, row: Int) {
        let counted: Bool
        if let content {
            counted = read(content, row: row)
        } else {
            rows += 1
            if kind != .text { strays += 1 }
            counted = true
        }
        if counted { builder.key(value: nil).withUnsafeBytes { countDistinct($0) } }
    }

    /// Counts a field's content in the rows, nulls, strays and values; returns whether it is
    /// counted among the distinct texts (it is not null).
    @inline(__always)
    private mutating func read(_ field: UnsafeRawBufferPointer, row: Int) -> Bool {
        rows += 1
        switch kind {
        case .text:
            if nullTokens.isNull(field, numeric: false, blankIsNull: false) {
                nulls += 1
                return false
            }
        case .integer, .decimal:
            if let number = ValueParsing.number(field, format: format), case let value = ValueParsing.double(number, field),
               !value.isNaN {
                if number.exponent < 0 { fractionDigits = max(fractionDigits, min(6, -number.exponent)) }
                if allIntegral, !Self.isIntegral(value) { allIntegral = false }
                let whole = number.wholeInt64
                sum.add(number, whole: whole, value: value)
                if holdsIntegers, let whole {
                    record(whole, row: row)
                } else {
                    record(value, row: row)
                }
            } else {
                return countNotAValue(field, numeric: true)
            }
        case .dateTime:
            if let ms = ValueParsing.dateTime(field, format: format) {
                if wholeSeconds, ms % 1000 != 0 { wholeSeconds = false }
                if wholeDays, ms % 86_400_000 != 0 { wholeDays = false }
                sum.add(Int(ms))
                record(Double(ms), row: row)
            } else {
                return countNotAValue(field, numeric: false)
            }
        case .boolean:
            if let value = ValueParsing.boolean(field, format: format) {
                sum.add(value ? 1 : 0)
                record(value ? 1.0 : 0.0, row: row)
            } else {
                return countNotAValue(field, numeric: false)
            }
        }
        return true
    }

    /// Counts a field that holds no value of the column's kind: a null token (returns false: it
    /// is not counted among the distinct texts) or a stray (returns true).
    @inline(__always)
    private mutating func countNotAValue(_ field: UnsafeRawBufferPointer, numeric: Bool) -> Bool {
        if nullTokens.isNull(field, numeric: numeric) {
            nulls += 1
            return false
        }
        strays += 1
        return true
    }

    /// Counts a text (at most `LongField.limit` bytes, or a key) among the distinct texts; in a
    /// text column, one left out may be the first or last.
    @inline(__always)
    private mutating func countDistinct(_ text: UnsafeRawBufferPointer) {
        if distinct.add(text) { return }
        if kind == .text {
            noteLeftOut(text)
            if distinct.needsShrinking { shrinkDistinct() }
        } else if distinct.needsShrinking {
            distinct.shrink()
        }
    }

    /// Shrinks the overflowed distinct counter; a text column's texts it drops may be its first
    /// or last.
    private mutating func shrinkDistinct() {
        var first = leftOutFirst, last = leftOutLast
        distinct.shrink { Self.note($0, first: &first, last: &last) }
        leftOutFirst = first
        leftOutLast = last
    }

    /// Whether `value` is a whole number (without a call to libm's `round` per value); an
    /// infinity does not make a column of integers continuous (its bins leave it out).
    @inline(__always) static func isIntegral(_ value: Double) -> Bool {
        guard abs(value) < 9e15 else { return !value.isNaN }
        return Double(Int64(saturating: value)) == value
    }

    /// Keeps the whole number `value` (of source row `row`; already in `sum`) exactly while
    /// `holdsIntegers`.
    @inline(__always)
    private mutating func record(_ value: Int64, row: Int) {
        UnsafeMutableRawPointer(values).storeBytes(of: value, toByteOffset: valueCount &* 8, as: Int64.self)
        valueCount += 1
        if value < minimumInteger {
            minimumInteger = value
            minimum = Double(value)
            minimumRow = row
        }
        if value > maximumInteger {
            maximumInteger = value
            maximum = Double(value)
            maximumRow = row
        }
    }

    /// Turns the `Int64`s held from `values + start` (`count` of them) into doubles.
    static func integersToDoubles(_ values: UnsafeMutablePointer<Double>, from start: Int, count: Int) {
        let raw = UnsafeMutableRawPointer(values)
        for i in start..<(start + count) {
            let integer = raw.load(fromByteOffset: i &* 8, as: Int64.self)
            values[i] = Double(integer)
        }
    }

    /// Keeps `value` (of source row `row`; already in `sum`) for the quantiles and the range.
    @inline(__always)
    private mutating func record(_ value: Double, row: Int) {
        if holdsIntegers {
            Self.integersToDoubles(values, from: 0, count: valueCount)
            holdsIntegers = false
        }
        values[valueCount] = value
        valueCount += 1
        if value < minimum {
            minimum = value
            minimumRow = row
        }
        if value > maximum {
            maximum = value
            maximumRow = row
        }
    }

    /// Keeps `field` if it is the first or last text so far among those left out.
    private mutating func noteLeftOut(_ field: UnsafeRawBufferPointer) {
        Self.note(field, first: &leftOutFirst, last: &leftOutLast)
    }

    /// Replaces `first` (`last`) with `field` when it sorts before (after) it, or is nil.
    private static func note(_ field: UnsafeRawBufferPointer, first: inout [UInt8]?, last: inout [UInt8]?) {
        if first.map({ first in first.withUnsafeBytes { TextCollation.compare(field, $0) < 0 } }) ?? true {
            first = Array(field.assumingMemoryBound(to: UInt8.self))
        }
        if last.map({ last in last.withUnsafeBytes { TextCollation.compare(field, $0) > 0 } }) ?? true {
            last = Array(field.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Takes in the share of the rows after this one's (`other`'s values must already follow
    /// this share's in memory: `values[valueCount...]`). Ties of the smallest or largest value
    /// keep the earlier row's text.
    mutating func merge(_ other: ColumnSummaryAccumulator) {
        rows += other.rows
        nulls += other.nulls
        strays += other.strays
        sum.add(other.sum)
        if holdsIntegers, other.holdsIntegers {
            if other.minimumInteger < minimumInteger {
                (minimumInteger, minimum, minimumRow) = (other.minimumInteger, other.minimum, other.minimumRow)
            }
            if other.maximumInteger > maximumInteger {
                (maximumInteger, maximum, maximumRow) = (other.maximumInteger, other.maximum, other.maximumRow)
            }
        } else {
            // One way for all: doubles.
            if holdsIntegers { Self.integersToDoubles(values, from: 0, count: valueCount) }
            if other.holdsIntegers { Self.integersToDoubles(values, from: valueCount, count: other.valueCount) }
            holdsIntegers = false
            if other.minimum < minimum {
                minimum = other.minimum
                minimumRow = other.minimumRow
            }
            if other.maximum > maximum {
                maximum = other.maximum
                maximumRow = other.maximumRow
            }
        }
        valueCount += other.valueCount
        fractionDigits = max(fractionDigits, other.fractionDigits)
        allIntegral = allIntegral && other.allIntegral
        wholeDays = wholeDays && other.wholeDays
        wholeSeconds = wholeSeconds && other.wholeSeconds
        var first = leftOutFirst, last = leftOutLast
        distinct.merge(other.distinct) { Self.note($0, first: &first, last: &last) }
        for text in [other.leftOutFirst, other.leftOutLast].compactMap({ $0 }) {
            text.withUnsafeBytes { Self.note($0, first: &first, last: &last) }
        }
        leftOutFirst = first
        leftOutLast = last
    }
}
