/// The kind a column's keys are compared as.
public enum SortKeyKind: Hashable, Sendable {
    /// Numbers, compared numerically. Same as `.decimal`: a field such as `1.5` or `1e3` in an
    /// integer column is still compared as the number it is, not treated as empty.
    case integer
    /// Numbers, compared numerically: exactly (as fixed-point integers) whenever every value of
    /// the column fits a common decimal scale in 64 bits, which is the case for ordinary
    /// integer, money and measurement columns; otherwise as `Double`.
    case decimal
    /// Dates and times, compared chronologically (see `ValueParsing.dateTime`).
    case dateTime
    /// Booleans, `false` before `true` (see `ValueParsing.boolean`).
    case boolean
    /// Text, compared by the collation documented on `RowSorter.sort`.
    case text
}

/// One column's sort keys, extracted once from the fields of rows `0..<count`, so that sorting
/// compares keys and never parses a field.
///
/// Per row it holds a key, an order-preserving unsigned encoding of the value, so that
/// comparing two keys as `UInt64` compares the values: numbers as fixed-point integers or
/// `Double`s, dates as days, seconds or milliseconds since the epoch, booleans as 0 and 1, and
/// text as the rank of the row's text among the column's distinct texts in collation order
/// (text is sorted once, here, and every later sort by the column, either direction, alone or
/// with other keys, on any subset of rows, sorts integers). Null rows (empty fields and the
/// `NullTokens`) and stray rows (values a numeric, date or boolean column cannot read) are
/// marked in a bitmap; a second bitmap tells the strays, whose key is the rank of their text
/// among the column's strays (they sort after the values, before the nulls).
///
/// Memory: 4 bytes per row when the keys' range fits 32 bits (text ranks always; integers,
/// prices, dates, booleans almost always: stored as `key - minKey`), else 8; plus 2 bits (the
/// stray bitmap only when there are strays). While extracting, numbers, dates and booleans
/// hold 8 bytes per row (numbers 9), text 4; text also holds each distinct text once (every
/// text when most are distinct) and 32 bytes per distinct text for ranking; other kinds hold
/// their distinct strays so.
public struct SortKeyColumn: Sendable {
    /// What the keys compare as.
    public let kind: SortKeyKind
    /// Rows `0..<count` have keys.
    public let count: Int
    /// Rows whose field is empty or a null token; they sort last.
    public var nullCount: Int { exceptionCount - strayCount }
    /// Rows whose field is a value `kind` cannot read (`n/k` in a number column); they sort after
    /// the values and before the nulls, in both directions.
    public let strayCount: Int
    /// Null and stray rows.
    let exceptionCount: Int

    /// Whether the keys are held in 32 bits (`narrowKeys`), else in 64 (`wideKeys`).
    let isNarrow: Bool
    /// When narrow: a value row's key less `minKey`, a stray's rank, 0 for a null.
    let narrowKeys: [UInt32]
    /// When wide: a value row's key, a stray's rank, 0 for a null.
    let wideKeys: [UInt64]
    /// Bit `row % 64` of word `row / 64` set when `row` is null or stray; empty when there are none.
    let nullMask: [UInt64]
    /// The same bits for stray rows only; empty when `strayCount == 0`.
    let strayMask: [UInt64]
    /// Smallest and largest key among value rows (`minKey > maxKey` when there are none).
    let minKey: UInt64
    let maxKey: UInt64
    /// Distinct stray texts (their keys are `0..<strayRankCount`).
    let strayRankCount: Int
    /// Numbers whose keys are `Double`s (no common fixed-point scale), not exact values.
    var keysAreDoubles = false

    /// Whether `row` has no value (empty field or null token); such rows sort last.
    public func isNull(_ row: Int) -> Bool {
        precondition(row >= 0 && row < count, "row \(row) outside 0..<\(count)")
        return isException(row) && !isStray(row)
    }

    /// Whether `row` holds a value the column's kind cannot read (a stray).
    public func isStray(_ row: Int) -> Bool {
        precondition(row >= 0 && row < count, "row \(row) outside 0..<\(count)")
        return strayCount > 0 && strayMask[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// Whether `row` is null or stray (has no value key).
    @inline(__always) func isException(_ row: Int) -> Bool {
        exceptionCount > 0 && nullMask[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// Row `row`'s key: the order-preserving value key, a stray's rank among the strays; 0 for
    /// a null.
    func key(_ row: Int) -> UInt64 {
        guard isNarrow else { return wideKeys[row] }
        let stored = UInt64(narrowKeys[row])
        return isException(row) ? stored : minKey &+ stored
    }

    /// Builds keys by calling `field(row)` exactly once per row, in row order.
    ///
    /// `field` returns the field's UTF-8 bytes. Bytes, not `String`, because that is the fast
    /// case for both callers: a memory-mapped file hands out a slice of the mapping with no
    /// copy and no allocation, while a `String` would have to be created per row (~100 ns and an
    /// allocation for anything over 15 bytes). The buffer only needs to stay valid until
    /// `field` is called again (text is copied while it is needed). Callers that hold `String`s
    /// use `extract(kind:count:string:)`.
    ///
    /// - Parameter kind: how the fields read (integer, decimal, date, boolean, text).
    /// - Parameter count: the rows, `0..<count`.
    /// - Parameter field: the bytes of a row's field (see above for how long they must stay valid).
    /// - Parameter csvQuoted: when true, a field that begins with `"` is taken to be an
    ///   undecoded RFC 4180 quoted field straight from the file: the outer quotes are dropped
    ///   and `""` is read as `"`. When false the bytes are the field's content as is.
    /// - Parameter format: how the column writes its values (decimal separator, date order).
    /// - Parameter nullTokens: the texts that are null (sorted last); numeric-only tokens count
    ///   in integer and decimal columns.
    /// - Complexity: one pass over the fields, O(total field bytes), no per-row allocation;
    ///   text then sorts its distinct texts once (see `TextRanker`). Measured, 10M rows, bytes
    ///   from one buffer: integers 0.32 s, prices 0.37 s, ISO dates 0.29 s; text 0.33-0.37 s
    ///   for 11K distinct names, 0.55 s for 100K distinct, 1.35-1.6 s for 10M distinct e-mail
    ///   addresses, 2.8-3.1 s for 10M distinct "First Last 12345678".
    public static func extract(
        kind: SortKeyKind, count: Int, csvQuoted: Bool = false, format: ValueFormat = .standard,
        nullTokens: NullTokens = .standard, field: (Int) -> UnsafeRawBufferPointer
    ) -> SortKeyColumn {
        withoutActuallyEscaping(field) { field in
            build(kind: kind, source: BytesFieldSource(count: count, csvQuoted: csvQuoted, field: field),
                  format: format, nullTokens: nullTokens, control: .serial)!
        }
    }

    /// Builds keys like `extract(kind:count:csvQuoted:format:nullTokens:field:)`, with the rows
    /// split over both cores when `control.concurrent` (then `field` is called from two threads
    /// at once, each row once, each thread in row order over its half: it must be thread-safe),
    /// reporting progress and stopping early when `control` says the work was cancelled (nil).
    static func extract(
        kind: SortKeyKind, count: Int, csvQuoted: Bool, format: ValueFormat, nullTokens: NullTokens,
        control: ExtractionControl, field: (Int) -> UnsafeRawBufferPointer
    ) -> SortKeyColumn? {
        withoutActuallyEscaping(field) { field in
            build(kind: kind, source: BytesFieldSource(count: count, csvQuoted: csvQuoted, field: field),
                  format: format, nullTokens: nullTokens, control: control)
        }
    }

    /// Builds keys of column `column` of `records`' rows `0..<count` from its raw fields read a
    /// batch at a time (`DataTableRawRecords.readRawFields`: no call per row), as
    /// `extract(kind:count:csvQuoted:format:nullTokens:field:)` with `csvQuoted` does from
    /// `makeRawFieldReader`. Nil when `records` reads no batches.
    public static func extract(
        kind: SortKeyKind, count: Int, format: ValueFormat = .standard, nullTokens: NullTokens = .standard,
        records: DataTableRawRecords, column: Int
    ) -> SortKeyColumn? {
        guard let source = records.makeRawColumnReader(column: column, rowCount: count)
            .flatMap({ BatchFieldSource(reader: $0, count: count) }) else { return nil }
        return build(kind: kind, source: source, format: format, nullTokens: nullTokens, control: .serial)
    }

    /// `extract(kind:count:csvQuoted:format:nullTokens:control:field:)` (CSV-quoted fields) from
    /// `reader`'s column, a batch at a time when it reads batches, else a row at a time.
    static func extract(
        kind: SortKeyKind, count: Int, format: ValueFormat, nullTokens: NullTokens, control: ExtractionControl,
        reader: RawColumnReader
    ) -> SortKeyColumn? {
        guard let source = BatchFieldSource(reader: reader, count: count) else {
            return extract(kind: kind, count: count, csvQuoted: true, format: format, nullTokens: nullTokens,
                           control: control, field: reader.field)
        }
        return build(kind: kind, source: source, format: format, nullTokens: nullTokens, control: control)
    }

    /// Builds keys from fields held as `String`s (their UTF-8 bytes, no further decoding).
    /// Calls `string(row)` exactly once per row, in row order.
    public static func extract(
        kind: SortKeyKind, count: Int, format: ValueFormat = .standard, nullTokens: NullTokens = .standard,
        string: (Int) -> String
    ) -> SortKeyColumn {
        extract(kind: kind, count: count, format: format, nullTokens: nullTokens, control: .serial, string: string)!
    }

    /// `extract(kind:count:format:nullTokens:string:)` with progress and cancellation (serial:
    /// `control.concurrent` is ignored, since `string` need not be thread-safe).
    static func extract(
        kind: SortKeyKind, count: Int, format: ValueFormat, nullTokens: NullTokens, control: ExtractionControl,
        string: (Int) -> String
    ) -> SortKeyColumn? {
        var control = control
        control.concurrent = false
        return withoutActuallyEscaping(string) { string in
            build(kind: kind, source: StringFieldSource(count: count, field: string), format: format, nullTokens: nullTokens,
                  control: control)
        }
    }

    static func build<Source: FieldSource>(
        kind: SortKeyKind, source: Source, format: ValueFormat = .standard, nullTokens: NullTokens = .standard,
        control: ExtractionControl = .serial
    ) -> SortKeyColumn? {
        precondition(source.count >= 0 && source.count <= Int(UInt32.max) + 1, "row ids are UInt32")
        switch kind {
        case .integer, .decimal:
            return buildNumeric(kind: kind, source: source, format: format, nullTokens: nullTokens, control: control)
        case .dateTime: return buildDateTime(source: source, format: format, nullTokens: nullTokens, control: control)
        case .boolean: return buildBoolean(source: source, format: format, nullTokens: nullTokens, control: control)
        case .text: return buildText(source: source, nullTokens: nullTokens, control: control)
        }
    }

    // MARK: Numeric

    /// Pass 1 parses every field into a fixed-point value (Int64 mantissa, decimal scale) held in
    /// the key buffer; a value that has none (over 18 significant digits, huge exponents) is held
    /// as a `Double` (scale 255). Each part also finds the smallest and largest mantissa of
    /// each scale, which tell whether every value fits the column's largest scale (else the
    /// column is read as `Double`s) and the keys' range before any key is made. Pass 2 (no
    /// field access) then makes each key (brought to the largest scale, order-preserving) and
    /// narrows it to 32 bits in one go.
    static func buildNumeric<Source: FieldSource>(
        kind: SortKeyKind, source: Source, format: ValueFormat, nullTokens: NullTokens, control: ExtractionControl
    ) -> SortKeyColumn? {
        let count = source.count
        let scales = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
        defer { scales.deallocate() }
        var parts: [(rows: Range<Int>, part: NumericPart)]?
        var keys = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            let keys = buffer.baseAddress!
            parts = inParts(count: count, control: control) { rows -> NumericPart? in
                var part = NumericPart(reading: KeyReading(count: count))
                let mantissas = MantissaRanges.Builder()
                defer { mantissas.deallocate() }
                let finished = source.forEachField(in: rows) { row, raw in
                    if control.checkpoint(row, of: rows) { return false }
                    var value: UInt64 = 0, scale: UInt8 = 0, isStray = false
                    let ok = source.withUnquoted(raw) { bytes -> Bool in
                        guard let number = ValueParsing.number(bytes, format: format) else {
                            if !nullTokens.isNull(bytes, numeric: true) {
                                value = UInt64(part.reading.strays.intern(bytes))
                                isStray = true
                            }
                            return false
                        }
                        if let (mantissa, s) = number.fixedPoint() {
                            value = UInt64(bitPattern: mantissa)
                            scale = s
                        } else {
                            value = ValueParsing.double(number, bytes).bitPattern
                            scale = 255
                        }
                        return true
                    }
                    if ok {
                        if scale == 255 { part.anyDouble = true } else { mantissas.add(Int64(bitPattern: value), scale: scale) }
                    } else {
                        if isStray { part.reading.nulls.setStray(row) } else { part.reading.nulls.setNull(row) }
                    }
                    scales[row] = scale
                    keys[row] = value
                    return true
                }
                guard finished else { return nil }
                part.mantissas = mantissas.ranges
                return part
            }
            initialized = count
        }
        guard let parts else { return nil }
        let reading = KeyReading.merged(parts.map { ($0.rows, $0.part.reading) }, keys: &keys)
        let mantissas = parts.dropFirst().reduce(parts[0].part.mantissas) { $0.union($1.part.mantissas) }
        let nulls = reading.nulls
        // Fixed point works when every value fits the largest scale (exact: the extremes of each
        // scale overflow first).
        if !parts.contains(where: { $0.part.anyDouble }), let range = mantissas.keyRange {
            let strayRanks = reading.strays.rank(&keys, nulls: nulls)
            if mantissas.isUniform {
                return SortKeyColumn(kind: kind, values: keys, nulls: nulls, range: range, strayRanks: strayRanks,
                                     control: control, keying: FixedPointKeying.Uniform())
            }
            return mantissas.factors.withUnsafeBufferPointer { factors in
                SortKeyColumn(kind: kind, values: keys, nulls: nulls, range: range, strayRanks: strayRanks, control: control,
                              keying: FixedPointKeying.Scaled(factors: factors.baseAddress!, scales: UnsafePointer(scales)))
            }
        }
        // `Double`s: every value converted, then narrowed.
        let range = keys.withUnsafeMutableBufferPointer { buffer -> KeyRange? in
            let keys = buffer.baseAddress!
            return KeyRange.over(count: count, control: control) { rows in
                var range = KeyRange()
                for row in rows where !nulls.isNull(row) {
                    let d: Double
                    if scales[row] == 255 {
                        d = Double(bitPattern: keys[row])
                    } else {
                        let scale = Int(scales[row])
                        let m = Double(Int64(bitPattern: keys[row]))
                        d = scale <= 22 ? m / ValueParsing.doublePowersOf10[scale] : m / ValueParsing.pow10(scale)
                    }
                    let key = OrderedKey.double(d)
                    keys[row] = key
                    range.add(key)
                }
                return range
            }
        }
        guard let range else { return nil }
        let strayRanks = reading.strays.rank(&keys, nulls: reading.nulls)
        var column = SortKeyColumn(kind: kind, keys: keys, nulls: reading.nulls, range: range, strayRanks: strayRanks, control: control)
        column.keysAreDoubles = true
        return column
    }

    // MARK: Dates, booleans

    /// Keys are milliseconds since the epoch; divided by a day or a second afterwards when every
    /// value is a whole one, which keeps the key range small (a date-only column spanning 15
    /// years needs 13 bits, so it sorts on the 32-bit fast path). Pass 1 also finds the
    /// earliest and latest value, so the keys' range is known before any key is made, and pass
    /// 2 makes each key and narrows it in one go.
    static func buildDateTime<Source: FieldSource>(
        source: Source, format: ValueFormat, nullTokens: NullTokens, control: ExtractionControl
    ) -> SortKeyColumn? {
        let count = source.count
        var parts: [(rows: Range<Int>, part: DateTimePart)]?
        var keys = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            let keys = buffer.baseAddress!
            parts = inParts(count: count, control: control) { rows -> DateTimePart? in
                var part = DateTimePart(reading: KeyReading(count: count))
                let finished = source.forEachField(in: rows) { row, raw in
                    if control.checkpoint(row, of: rows) { return false }
                    guard let key = readKey(row, raw, of: source, into: keys, reading: &part.reading, nullTokens: nullTokens, {
                        ValueParsing.dateTime($0, format: format).map { UInt64(bitPattern: $0) }
                    }) else { return true }
                    let ms = Int64(bitPattern: key)
                    if ms < part.earliest { part.earliest = ms }
                    if ms > part.latest { part.latest = ms }
                    if part.wholeDays, ms % 86_400_000 != 0 { part.wholeDays = false }
                    if part.wholeSeconds, ms % 1000 != 0 { part.wholeSeconds = false }
                    return true
                }
                guard finished else { return nil }
                return part
            }
            initialized = count
        }
        guard let parts else { return nil }
        let reading = KeyReading.merged(parts.map { ($0.rows, $0.part.reading) }, keys: &keys)
        let wholeDays = parts.allSatisfy(\.part.wholeDays), wholeSeconds = parts.allSatisfy(\.part.wholeSeconds)
        let earliest = parts.map(\.part.earliest).min()!, latest = parts.map(\.part.latest).max()!
        let strayRanks = reading.strays.rank(&keys, nulls: reading.nulls)
        // Keys are monotonic in the values: the extremes' keys bound them.
        func column<Keying: ValueKeying>(_ keying: Keying) -> SortKeyColumn {
            let range = earliest > latest ? KeyRange()
                : KeyRange(min: keying.key(UInt64(bitPattern: earliest), row: 0), max: keying.key(UInt64(bitPattern: latest), row: 0))
            return SortKeyColumn(kind: .dateTime, values: keys, nulls: reading.nulls, range: range, strayRanks: strayRanks,
                                 control: control, keying: keying)
        }
        if wholeDays { return column(DateTimeKeying.Days()) }
        if wholeSeconds { return column(DateTimeKeying.Seconds()) }
        return column(DateTimeKeying.Milliseconds())
    }

    /// Reads row `row`'s key from its field `raw` with `read` into `keys[row]`. A field `read` cannot read is a
    /// stray (its text interned, its id stored, `setStray`) unless it is a null token
    /// (`setNull`); nil then. Shared by the date and boolean builders.
    @inline(__always)
    static func readKey<Source: FieldSource>(
        _ row: Int, _ raw: UnsafeRawBufferPointer, of source: Source, into keys: UnsafeMutablePointer<UInt64>,
        reading: inout KeyReading,
        nullTokens: NullTokens, _ read: (UnsafeRawBufferPointer) -> UInt64?
    ) -> UInt64? {
        var stray: UInt32?
        let key = source.withUnquoted(raw) { bytes -> UInt64? in
            if let key = read(bytes) { return key }
            if !nullTokens.isNull(bytes, numeric: false) { stray = reading.strays.intern(bytes) }
            return nil
        }
        if let key {
            keys[row] = key
        } else if let stray {
            reading.nulls.setStray(row)
            keys[row] = UInt64(stray)
        } else {
            reading.nulls.setNull(row)
            keys[row] = 0
        }
        return key
    }

    static func buildBoolean<Source: FieldSource>(
        source: Source, format: ValueFormat, nullTokens: NullTokens, control: ExtractionControl
    ) -> SortKeyColumn? {
        let count = source.count
        var parts: [(rows: Range<Int>, part: BooleanPart)]?
        var keys = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            let keys = buffer.baseAddress!
            parts = inParts(count: count, control: control) { rows -> BooleanPart? in
                var part = BooleanPart(reading: KeyReading(count: count))
                let finished = source.forEachField(in: rows) { row, raw in
                    if control.checkpoint(row, of: rows) { return false }
                    guard let key = readKey(row, raw, of: source, into: keys, reading: &part.reading, nullTokens: nullTokens, {
                        ValueParsing.boolean($0, format: format).map { $0 ? 1 : 0 }
                    }) else { return true }
                    part.range.add(key)
                    return true
                }
                guard finished else { return nil }
                return part
            }
            initialized = count
        }
        guard let parts else { return nil }
        let reading = KeyReading.merged(parts.map { ($0.rows, $0.part.reading) }, keys: &keys)
        let range = parts.reduce(KeyRange()) { $0.union($1.part.range) }
        let strayRanks = reading.strays.rank(&keys, nulls: reading.nulls)
        return SortKeyColumn(kind: .boolean, keys: keys, nulls: reading.nulls, range: range, strayRanks: strayRanks,
                             control: control)
    }

    // MARK: Text

    /// Text keys are collation ranks: pass 1 interns every field in a table of distinct texts
    /// (hashing; given up when most fields are distinct, see `TextTable`), the distinct texts
    /// are sorted once (`TextRanker`), and each row's key becomes its text's rank, equal texts
    /// equal ranks. Sorting by text is then sorting 32-bit integers, in either direction, in
    /// any combination with other keys, for every later sort of this column. With the rows split
    /// over two threads, each half interns into its own table and the second table's texts are
    /// then interned into the first (their ids mapped), so ranking happens once.
    /// Measured, 1M names (~11K distinct): extraction 0.03 s, then 0.012 s per sort; the first
    /// design, an MSD radix sort of the rows on 8-byte prefixes with full comparisons of ties
    /// at every sort, took 0.34 s per sort.
    static func buildText<Source: FieldSource>(
        source: Source, nullTokens: NullTokens = .standard, largeTable: Int = TextTable.largeTable,
        control: ExtractionControl = .serial
    ) -> SortKeyColumn? {
        let count = source.count
        var parts: [(rows: Range<Int>, part: TextPart)]?
        // Text ids, then ranks, in place: 4 bytes per row.
        var keys = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            let keys = buffer.baseAddress!
            parts = inParts(count: count, control: control) { rows -> TextPart? in
                var part = TextPart(nulls: NullMaskBuilder(count: count), table: TextTable(largeTable: largeTable))
                var scratch: [UInt8] = []
                let finished = source.forEachField(in: rows) { row, field in
                    if control.checkpoint(row, of: rows) { return false }
                    let id: UInt32? = TextKey.withContent(field, quoted: source.isQuoted(field), scratch: &scratch) {
                        nullTokens.isNull($0, numeric: false, blankIsNull: false) ? nil : part.table.intern($0)
                    }
                    if let id { keys[row] = id } else {
                        part.nulls.setNull(row)
                        keys[row] = 0
                    }
                    return true
                }
                guard finished else { return nil }
                return part
            }
            initialized = count
        }
        guard var parts else { return nil }
        var nulls = parts[0].part.nulls
        var table = parts[0].part.table
        parts[0].part.table = TextTable()
        for index in parts.indices.dropFirst() {
            let (rows, part) = parts[index]
            nulls.merge(part.nulls)
            let ids = table.intern(contentsOf: part.table)
            parts[index].part.table = TextTable()
            keys.withUnsafeMutableBufferPointer { keys in
                ids.withUnsafeBufferPointer { ids in
                    for row in rows where !part.nulls.isNull(row) { keys[row] = ids[Int(keys[row])] }
                }
            }
        }
        if control.isCancelled() { return nil }
        let (ranks, rankCount) = table.bytes.withUnsafeBytes { arena in
            table.offsets.withUnsafeBufferPointer { offsets in
                TextRanker.ranks(offsets: offsets, arena: arena.baseAddress)
            }
        }
        table = TextTable()
        if control.isCancelled() { return nil }
        let mask = nulls
        keys.withUnsafeMutableBufferPointer { buffer in
            let keys = buffer.baseAddress!
            ranks.withUnsafeBufferPointer { ranks in
                _ = inParts(count: count, control: control.uncancellable) { rows -> Bool? in
                    for row in rows where !mask.isNull(row) { keys[row] = ranks[Int(keys[row])] }
                    return true
                }
            }
        }
        return SortKeyColumn(
            kind: .text, narrowKeys: keys, nulls: nulls,
            range: rankCount > 0 ? KeyRange(min: 0, max: UInt64(rankCount - 1)) : KeyRange(), strayRanks: 0)
    }

    // MARK: Initialisers

    private init(kind: SortKeyKind, count: Int, isNarrow: Bool, narrowKeys: [UInt32], wideKeys: [UInt64],
                 nulls: NullMaskBuilder, range: KeyRange, strayRanks: Int) {
        self.kind = kind
        self.count = count
        self.exceptionCount = nulls.nullCount
        self.strayCount = nulls.strayCount
        self.isNarrow = isNarrow
        self.narrowKeys = narrowKeys
        self.wideKeys = wideKeys
        self.nullMask = nulls.nullCount > 0 ? nulls.words : []
        self.strayMask = nulls.strayCount > 0 ? nulls.strayWords : []
        self.minKey = range.min
        self.maxKey = range.max
        self.strayRankCount = strayRanks
    }

    /// A column of 32-bit keys (stored as `key - range.min`).
    private init(kind: SortKeyKind, narrowKeys: [UInt32], nulls: NullMaskBuilder, range: KeyRange, strayRanks: Int) {
        self.init(kind: kind, count: narrowKeys.count, isNarrow: true, narrowKeys: narrowKeys, wideKeys: [], nulls: nulls,
                  range: range, strayRanks: strayRanks)
    }

    /// A column of the keys `keying` makes of the values in `values` (value rows; a stray keeps
    /// its rank, a null 0), narrowed to 32 bits in the same pass when `range` (of the keys)
    /// allows, as `init(kind:keys:nulls:range:strayRanks:control:)` does.
    private init<Keying: ValueKeying>(kind: SortKeyKind, values: [UInt64], nulls: NullMaskBuilder, range: KeyRange,
                                      strayRanks: Int, control: ExtractionControl, keying: Keying) {
        let count = values.count
        let narrow = range.isEmpty || range.max - range.min <= UInt64(UInt32.max)
        let base = range.isEmpty ? 0 : range.min
        var narrowKeys: [UInt32] = [], wideKeys: [UInt64] = []
        values.withUnsafeBufferPointer { values in
            let values = values.baseAddress
            if narrow {
                narrowKeys = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
                    let keys = buffer.baseAddress
                    _ = inParts(count: count, control: control.uncancellable) { rows -> Bool? in
                        for row in rows {
                            let value = values![row]
                            keys![row] = UInt32(truncatingIfNeeded: nulls.isNull(row) ? value : keying.key(value, row: row) &- base)
                        }
                        return true
                    }
                    initialized = count
                }
            } else {
                wideKeys = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
                    let keys = buffer.baseAddress
                    _ = inParts(count: count, control: control.uncancellable) { rows -> Bool? in
                        for row in rows {
                            let value = values![row]
                            keys![row] = nulls.isNull(row) ? value : keying.key(value, row: row)
                        }
                        return true
                    }
                    initialized = count
                }
            }
        }
        self.init(kind: kind, count: count, isNarrow: narrow, narrowKeys: narrowKeys, wideKeys: wideKeys, nulls: nulls,
                  range: range, strayRanks: strayRanks)
    }

    /// A column of the 64-bit `keys`, narrowed to 32 bits when their range allows (it nearly
    /// always does): value rows become `key - range.min`, strays keep their rank.
    private init(kind: SortKeyKind, keys: [UInt64], nulls: NullMaskBuilder, range: KeyRange, strayRanks: Int,
                 control: ExtractionControl) {
        guard range.isEmpty || range.max - range.min <= UInt64(UInt32.max) else {
            self.init(kind: kind, count: keys.count, isNarrow: false, narrowKeys: [], wideKeys: keys, nulls: nulls,
                      range: range, strayRanks: strayRanks)
            return
        }
        let count = keys.count, base = range.isEmpty ? 0 : range.min
        let narrow = keys.withUnsafeBufferPointer { wide in
            [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
                let narrow = buffer.baseAddress, wide = wide.baseAddress
                _ = inParts(count: count, control: control.uncancellable) { rows -> Bool? in
                    for row in rows {
                        let key = wide![row]
                        narrow![row] = UInt32(truncatingIfNeeded: nulls.isNull(row) ? key : key &- base)
                    }
                    return true
                }
                initialized = count
            }
        }
        self.init(kind: kind, narrowKeys: narrow, nulls: nulls, range: range, strayRanks: strayRanks)
    }
}

// MARK: - Field sources

/// Where `SortKeyColumn.build` reads fields from; lets one generic builder serve raw bytes,
/// raw field batches and `String`s without a per-row conversion.
protocol FieldSource {
    var count: Int { get }
    /// Whether a field that begins with `"` is an undecoded quoted CSV field.
    var csvQuoted: Bool { get }
    /// Calls `body` with each row of `rows` in row order and its field's bytes as they stand
    /// (quoting kept), until `body` returns false; returns whether every row was visited.
    func forEachField(in rows: Range<Int>, _ body: (_ row: Int, _ field: UnsafeRawBufferPointer) -> Bool) -> Bool
}

extension FieldSource {
    /// Calls `body` with the field's bytes, unquoted when they are a quoted CSV field (numeric,
    /// date and boolean parsing: a quoted value cannot contain `""` and be valid anyway).
    @inline(__always)
    func withUnquoted<R>(_ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if csvQuoted, bytes.count >= 2, bytes[0] == UInt8(ascii: "\""), bytes[bytes.count - 1] == UInt8(ascii: "\"") {
            return body(UnsafeRawBufferPointer(rebasing: bytes[1..<(bytes.count - 1)]))
        }
        return body(bytes)
    }

    /// Whether the field's bytes still carry CSV quoting.
    @inline(__always)
    func isQuoted(_ bytes: UnsafeRawBufferPointer) -> Bool {
        csvQuoted && bytes.count > 0 && bytes[0] == UInt8(ascii: "\"")
    }
}

struct BytesFieldSource: FieldSource {
    let count: Int
    let csvQuoted: Bool
    let field: (Int) -> UnsafeRawBufferPointer

    @inline(__always)
    func forEachField(in rows: Range<Int>, _ body: (Int, UnsafeRawBufferPointer) -> Bool) -> Bool {
        for row in rows where !body(row, field(row)) { return false }
        return true
    }
}

/// A column of a source's raw fields read a batch at a time
/// (`DataTableRawRecords.readRawFields`): no call per row.
struct BatchFieldSource: FieldSource {
    /// Rows a batch holds (two batches' offsets, 64 KiB, stay in the L2 cache).
    static let batchRows = 4096
    let count: Int
    var csvQuoted: Bool { true }
    /// `RawColumnReader.batch`.
    let read: (Range<Int>, inout RawFieldBatch) -> Bool

    /// Nil when `reader` reads no batches.
    init?(reader: RawColumnReader, count: Int) {
        guard let read = reader.batch else { return nil }
        self.read = read
        self.count = count
    }

    @inline(__always)
    func forEachField(in rows: Range<Int>, _ body: (Int, UnsafeRawBufferPointer) -> Bool) -> Bool {
        var batch = RawFieldBatch.allocate(capacity: Self.batchRows)
        defer { batch.deallocate() }
        var lower = rows.lowerBound
        while lower < rows.upperBound {
            let upper = min(lower &+ Self.batchRows, rows.upperBound)
            // A source that stops reading batches (a wrapper whose column was edited meanwhile)
            // stops the extraction, as a cancellation: its bytes are no longer the column's.
            guard read(lower..<upper, &batch) else { return false }
            for row in lower..<upper where !body(row, batch.field(row)) { return false }
            lower = upper
        }
        return true
    }
}

struct StringFieldSource: FieldSource {
    let count: Int
    var csvQuoted: Bool { false }
    let field: (Int) -> String

    @inline(__always)
    func forEachField(in rows: Range<Int>, _ body: (Int, UnsafeRawBufferPointer) -> Bool) -> Bool {
        for row in rows {
            var string = field(row)
            guard string.withUTF8({ body(row, UnsafeRawBufferPointer($0)) }) else { return false }
        }
        return true
    }
}

/// Collects the null bitmap (null and stray rows: no value key) and the stray bitmap while
/// keys are extracted.
struct NullMaskBuilder {
    var words: [UInt64]
    /// Null and stray rows.
    var nullCount = 0
    /// Allocated at the first stray.
    var strayWords: [UInt64] = []
    var strayCount = 0

    init(count: Int) { words = [UInt64](repeating: 0, count: (count + 63) >> 6) }

    @inline(__always) mutating func setNull(_ row: Int) {
        words[row >> 6] |= 1 << UInt64(row & 63)
        nullCount += 1
    }

    @inline(__always) mutating func setStray(_ row: Int) {
        setNull(row)
        if strayWords.isEmpty { strayWords = [UInt64](repeating: 0, count: words.count) }
        strayWords[row >> 6] |= 1 << UInt64(row & 63)
        strayCount += 1
    }

    @inline(__always) func isStray(_ row: Int) -> Bool {
        strayCount > 0 && strayWords[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// Adds the rows `other` (of the same row count, other rows) marked.
    mutating func merge(_ other: NullMaskBuilder) {
        guard other.nullCount > 0 else { return }
        for i in words.indices where other.words[i] != 0 { words[i] |= other.words[i] }
        nullCount += other.nullCount
        guard other.strayCount > 0 else { return }
        if strayWords.isEmpty { strayWords = [UInt64](repeating: 0, count: words.count) }
        for i in strayWords.indices where other.strayWords[i] != 0 { strayWords[i] |= other.strayWords[i] }
        strayCount += other.strayCount
    }

    @inline(__always) func isNull(_ row: Int) -> Bool {
        nullCount > 0 && words[row >> 6] & (1 << UInt64(row & 63)) != 0
    }
}

/// The values of a numeric, date or boolean column that its kind cannot read, ranked by the
/// text collation once extraction is done (they sort among themselves as text).
struct StrayTexts {
    private var table = TextTable()

    var count: Int { table.count }

    /// The id of `field`'s text (its bytes as they stand, trimmed of nothing).
    mutating func intern(_ field: UnsafeRawBufferPointer) -> UInt32 { table.intern(field) }

    /// Interns every text of `other`; element `id` of the result is the id here of `other`'s `id`.
    mutating func intern(contentsOf other: StrayTexts) -> [UInt32] { table.intern(contentsOf: other.table) }

    /// Replaces the key of every stray row (its id) with its text's rank; returns the number of
    /// distinct ranks. - Complexity: O(rows) bit tests when there are strays, else nothing.
    func rank(_ keys: inout [UInt64], nulls: NullMaskBuilder) -> Int {
        guard nulls.strayCount > 0 else { return 0 }
        let (ranks, rankCount) = table.bytes.withUnsafeBytes { arena in
            table.offsets.withUnsafeBufferPointer { offsets in
                TextRanker.ranks(offsets: offsets, arena: arena.baseAddress)
            }
        }
        for row in 0..<keys.count where nulls.isStray(row) { keys[row] = UInt64(ranks[Int(keys[row])]) }
        return rankCount
    }
}

/// The distinct texts of a column, each stored once, with a hash table to find them.
///
/// When most fields turn out to be distinct (checked every 64K fields: more than half new, and
/// over `largeTable` texts), hashing is given up and every later field is stored as a new
/// entry: the table then costs only a copy of the bytes (a lookup in a table that size misses
/// the cache), and `TextRanker` finds the duplicates by comparison instead.
struct TextTable {
    /// Entry `id` is `bytes[offsets[id]..<offsets[id + 1]]`.
    var bytes: [UInt8] = []
    var offsets: [Int] = [0]
    var deduplicating = true
    /// Open addressing, linear probing: the high 32 bits of the text's hash (which also pick
    /// the home slot) above entry id + 1; 0 when free. The hash bits turn away most
    /// non-matches without touching the text.
    private var slots = [UInt64](repeating: 0, count: 1024)
    private var seen = 0

    var count: Int { offsets.count - 1 }

    /// Below this many distinct texts the table is kept whatever the ratio: finding a text in
    /// it is cheaper than sorting its copies. Measured, 10M rows of 100K distinct texts in
    /// random order: extraction 2.9 s when hashing stopped after the first 64K fields (more
    /// than half distinct there), 0.55 s with the table kept.
    static let largeTable = 1 << 20
    let largeTable: Int

    init(largeTable: Int = Self.largeTable) { self.largeTable = largeTable }

    /// A table sized for about `capacity` texts of about `averageLength` bytes (it still grows
    /// past them): no doubling and no reallocation on the way there.
    init(largeTable: Int = Self.largeTable, capacity: Int, averageLength: Int) {
        self.largeTable = largeTable
        var size = 1024
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        bytes.reserveCapacity(capacity * averageLength)
        offsets.reserveCapacity(capacity + 1)
    }

    /// The id of `field`'s text, adding it when new.
    @inline(__always)
    mutating func intern(_ field: UnsafeRawBufferPointer) -> UInt32 { intern(field, hash: Self.hash(field)) }

    /// The id of `field`'s text, whose `hash(_:)` the caller has (it picked this table by it),
    /// adding it when new.
    @inline(__always)
    mutating func intern(_ field: UnsafeRawBufferPointer, hash: UInt64) -> UInt32 {
        seen += 1
        if seen & 0xFFFF == 0, deduplicating, count > seen / 2, count >= largeTable {
            deduplicating = false
            slots = []
        }
        guard deduplicating else { return append(field) }
        let (slot, found) = Self.find(field, hash: hash, slots: slots, bytes: bytes, offsets: offsets)
        if let found { return UInt32(found) }
        let id = append(field)
        slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(id + 1)
        if count * 2 > slots.count { grow() }
        return id
    }

    /// Where text `field` (hash `hash`) is in `slots` (open addressing, linear probing, the
    /// hash's high 32 bits above an id + 1, 0 when free; texts in an arena as `bytes` and
    /// `offsets` here): its slot and id, or the free slot where it goes and nil. Shared with
    /// `DistinctCounter`, which keeps its texts the same way.
    /// - Complexity: O(1) probes expected (the table is at most half full).
    @inline(__always)
    static func find(_ field: UnsafeRawBufferPointer, hash: UInt64, slots: [UInt64], bytes: [UInt8],
                     offsets: [Int]) -> (slot: Int, id: Int?) {
        // Through buffer pointers, wrapping arithmetic: the slot is masked, ids and offsets are
        // the table's own.
        slots.withUnsafeBufferPointer { slots in
            offsets.withUnsafeBufferPointer { offsets in
                bytes.withUnsafeBytes { arena in
                    let tag = hash & 0xFFFF_FFFF_0000_0000
                    let mask = slots.count &- 1
                    var slot = Int(truncatingIfNeeded: hash >> 32) & mask
                    while true {
                        let occupant = slots[slot]
                        if occupant == 0 { return (slot, nil) }
                        if occupant & 0xFFFF_FFFF_0000_0000 == tag {
                            let id = Int(truncatingIfNeeded: occupant & 0xFFFF_FFFF) &- 1
                            let start = offsets[id], n = offsets[id &+ 1] &- start
                            if n == field.count
                                && (n == 0 || TextKey.equal(arena.baseAddress! + start, field.baseAddress!, count: n)) {
                                return (slot, id)
                            }
                        }
                        slot = (slot &+ 1) & mask
                    }
                }
            }
        }
    }

    /// The slot a text of hash `hash` is first looked for in, as a value to be used: a caller
    /// about to intern many texts reads their slots first, all at once (independent loads that
    /// overlap), so that the lookups then find them in the cache.
    @inline(__always)
    func homeSlot(hash: UInt64) -> UInt64 {
        slots.withUnsafeBufferPointer { $0[Int(truncatingIfNeeded: hash >> 32) & ($0.count - 1)] }
    }

    /// Interns every text of `other` (another part's table); element `id` of the result is the
    /// id here of `other`'s text `id`.
    mutating func intern(contentsOf other: TextTable) -> [UInt32] {
        other.bytes.withUnsafeBytes { arena in
            (0..<other.count).map { id in
                let start = other.offsets[id], end = other.offsets[id + 1]
                return intern(UnsafeRawBufferPointer(rebasing: arena[start..<end]))
            }
        }
    }

    private mutating func append(_ field: UnsafeRawBufferPointer) -> UInt32 {
        bytes.append(contentsOf: field.assumingMemoryBound(to: UInt8.self))
        offsets.append(bytes.count)
        return UInt32(truncatingIfNeeded: offsets.count - 2)
    }

    /// Doubles the slots (`doubled`).
    private mutating func grow() { slots = Self.doubled(slots) }

    /// `slots` (open addressing, linear probing, the hash's high 32 bits above an id + 1, 0 when
    /// free) in twice as many slots; the home slot comes from the stored hash bits, so no text
    /// is read. Shared with `DistinctCounter`.
    static func doubled(_ slots: [UInt64]) -> [UInt64] {
        var bigger = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        for occupant in slots where occupant != 0 {
            var slot = Int(truncatingIfNeeded: occupant >> 32) & mask
            while bigger[slot] != 0 { slot = (slot + 1) & mask }
            bigger[slot] = occupant
        }
        return bigger
    }

    /// A text of 8 to 24 bytes: its first, middle and last 8 bytes (overlapping, every byte
    /// covered) in two full-width multiplies (wyhash's mix, docs/decisions/0161, 0166); else 8
    /// bytes per step, multiply-xorshift mixing. Shared by every text table, the frequency
    /// partitions and the distinct sketches.
    @inline(__always) static func hash(_ field: UnsafeRawBufferPointer) -> UInt64 {
        let n = field.count
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(n &+ 1)
        guard let p = field.baseAddress else { return h }
        if n >= 8 && n <= 24 {
            // Three overlapping words (first, middle, last), two full-width multiplies (wyhash's mix).
            let a = p.loadUnaligned(as: UInt64.self) ^ 0xA076_1D64_78BD_642F
            let b = p.loadUnaligned(fromByteOffset: (n >> 1) &- 4, as: UInt64.self) ^ 0x8EBC_6AF0_9C88_C6E3
            let c = p.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self) ^ 0xE703_7ED1_A0B4_28DB ^ h
            let m = a.multipliedFullWidth(by: c)
            let m2 = (m.high ^ b).multipliedFullWidth(by: m.low ^ 0x5899_65CC_7537_4CC3)
            return m2.high ^ m2.low
        }
        var i = 0
        while i + 8 <= n {
            h = (h ^ p.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
            i += 8
        }
        if i < n {
            var w: UInt64 = 0
            if n >= 8 {
                w = p.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            } else {
                for k in 0..<n { w |= UInt64(p.load(fromByteOffset: k, as: UInt8.self)) << UInt64(8 * k) }
            }
            h = (h ^ w) &* 0x94D0_49BB_1331_11EB
            h ^= h >> 32
        }
        h = (h ^ (h >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 29)
    }
}

// MARK: - Key encodings

/// Order-preserving maps to `UInt64`: `a < b` exactly when `key(a) < key(b)`.
enum OrderedKey {
    /// Flips the sign bit: Int64.min -> 0, -1 -> 2^63 - 1, 0 -> 2^63.
    @inline(__always) static func int(_ v: Int64) -> UInt64 { UInt64(bitPattern: v) ^ (1 << 63) }

    /// IEEE 754 total order for non-NaN values: negatives have all bits flipped, positives the
    /// sign bit set. -0.0 is read as 0.0 so that the two tie.
    @inline(__always) static func double(_ d: Double) -> UInt64 {
        let bits = (d == 0 ? 0.0 : d).bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }
}

/// The text collation's building blocks (the collation itself is documented on `RowSorter.sort`).
enum TextKey {
    /// Lower-cases the ASCII letters of 8 bytes at once; other bytes (including every byte of a
    /// multi-byte UTF-8 sequence, which has the high bit set) are left alone.
    @inline(__always) static func foldASCII(_ w: UInt64) -> UInt64 { SWAR.foldASCII(w) }

    /// The first 8 bytes (fewer when shorter, zero-padded) of the case-folded field, as a
    /// big-endian integer so that integer order is byte order.
    @inline(__always) static func foldedWord(_ start: UnsafeRawPointer?, count: Int) -> UInt64 {
        guard let start, count > 0 else { return 0 }
        if count >= 8 { return foldASCII(start.loadUnaligned(as: UInt64.self)).bigEndian }
        var w: UInt64 = 0
        for i in 0..<count { w |= UInt64(start.load(fromByteOffset: i, as: UInt8.self)) << UInt64(8 * i) }
        return foldASCII(w).bigEndian
    }

    /// Whether `count` bytes at `x` and `y` are equal: 8 to 24 bytes as three overlapping words,
    /// more 8 bytes a step and the tail by an overlapping load, fewer by two overlapping loads;
    /// no byte loop.
    @inline(__always) static func equal(_ x: UnsafeRawPointer, _ y: UnsafeRawPointer, count: Int) -> Bool {
        func same<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
            x.loadUnaligned(fromByteOffset: offset, as: Word.self) == y.loadUnaligned(fromByteOffset: offset, as: Word.self)
        }
        if count <= 24 && count >= 8 {
            // Three overlapping words (first, middle, last): no loop (a loop's exit is a branch on
            // the length).
            return same(UInt64.self, at: 0) && same(UInt64.self, at: (count >> 1) &- 4) && same(UInt64.self, at: count &- 8)
        }
        if count > 24 {
            var i = 0
            while i + 8 < count {
                if !same(UInt64.self, at: i) { return false }
                i += 8
            }
            return same(UInt64.self, at: count - 8)
        }
        if count >= 4 { return same(UInt32.self, at: 0) && same(UInt32.self, at: count - 4) }
        if count >= 2 { return same(UInt16.self, at: 0) && same(UInt16.self, at: count - 2) }
        return count == 0 || same(UInt8.self, at: 0)
    }

    /// Calls `body` with a field's content: `field` as it stands unless `quoted`, else its
    /// content as `appendUnquoting` reads it (uncopied when it holds no quote, else in `scratch`).
    @inline(__always)
    static func withContent<Result>(_ field: UnsafeRawBufferPointer, quoted: Bool, scratch: inout [UInt8],
                                    _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        guard quoted else { return body(field) }
        return CSVFieldCursor.withUnquoted(field, quote: UInt8(ascii: "\""), scratch: &scratch, body)
    }

    /// Appends a quoted CSV field's content: outer quotes dropped, `""` read as `"`
    /// (`CSVFieldCursor.appendUnquoted` with the `"` quote).
    @inline(__always)
    static func appendUnquoting(_ field: UnsafeRawBufferPointer, to bytes: inout [UInt8]) {
        CSVFieldCursor.appendUnquoted(field, quote: UInt8(ascii: "\""), to: &bytes)
    }
}
