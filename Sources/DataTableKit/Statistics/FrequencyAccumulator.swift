/// One thread's counts of a column's values: the distinct values (bytes), how many rows hold
/// each and the first of those rows, and the nulls (a part of `FrequencyCounter`).
///
/// The values start in one table (`FrequencyPartition`), found by hash as each row comes: fast
/// while the table stays in the cache. When it grows past `partitionThreshold` distinct values
/// (a mostly-distinct column: each new value would then cost a cache miss on a slot of a
/// large table), the values are split by hash into `partitionCount` tables, and later rows are
/// staged (hash, row and bytes appended to their table's staging buffer, a sequential write)
/// and interned a staging buffer at a time (`flush()`), so each lookup probes one table that
/// stays in the cache while its rows go in. Nulls are told once per distinct value in the one
/// table (`settleNulls()`), per staged row after the split. Two threads' counts merge table by
/// table, both threads at once (docs/decisions/0139-frequency-by-partitions.md).
struct FrequencyAccumulator {
    /// Distinct values in the one table before it is split.
    static let partitionThreshold = 1 << 15
    /// Tables after the split (a power of two: a hash's low bits pick one).
    static let partitionCount = 64

    /// Staged bytes (all tables) at which they are interned.
    static let stagingLimit = 1 << 21

    /// The one table, until it is split (then empty).
    var single = FrequencyPartition()
    /// The `partitionCount` tables by hash once split (else none).
    var partitions: [FrequencyPartition] = []
    /// Bytes staged in the tables' buffers, not yet interned.
    private var staged = 0
    var nulls = 0
    /// Rows counted (values and nulls).
    var rows = 0
    /// The rows this accumulator will count, when known: the split sizes its tables for the
    /// values those rows are likely to hold.
    var expectedRows = 0

    /// Whether the values are split by hash.
    var isSplit: Bool { !partitions.isEmpty }

    /// Counts the rows of `range` (those set in `bitmap`, when given); `check(counted)` every
    /// `FrequencyCounter.checkInterval` rows reports the rows counted since the last check and
    /// returns whether to stop. Returns false when stopped.
    mutating func count(_ range: Range<Int>, bitmap: [UInt64]?, reading: FieldReading, check: (Int) -> Bool) -> Bool {
        var scratch: [UInt8] = []
        scratch.reserveCapacity(256)
        defer { flush() }
        if let raw = reading.raw {
            return Self.forEachRow(range, bitmap: bitmap, check: check) { row in
                add(raw: raw(row), row: row, reading: reading, scratch: &scratch)
            }
        }
        return Self.forEachRow(range, bitmap: bitmap, check: check) { row in
            add(row: row, rows: 1, reading: reading, scratch: &scratch)
        }
    }

    /// Calls `body` with every row of `range` (those set in `bitmap`, when given), in order;
    /// `check` as `count` describes. Returns false when stopped.
    @inline(__always)
    static func forEachRow(_ range: Range<Int>, bitmap: [UInt64]?, check: (Int) -> Bool,
                                   _ body: (Int) -> Void) -> Bool {
        guard let bitmap else {
            var row = range.lowerBound
            while row < range.upperBound {
                let start = row, end = min(range.upperBound, row + FrequencyCounter.checkInterval)
                while row < end {
                    body(row)
                    row += 1
                }
                if check(end - start) { return false }
            }
            return true
        }
        guard !range.isEmpty else { return true }
        var sinceCheck = 0
        let firstWord = range.lowerBound >> 6, lastWord = (range.upperBound - 1) >> 6
        for word in firstWord...lastWord {
            var bits = bitmap[word]
            if word == firstWord { bits &= ~0 << UInt64(range.lowerBound & 63) }
            if word == lastWord, range.upperBound & 63 != 0 { bits &= (1 << UInt64(range.upperBound & 63)) - 1 }
            while bits != 0 {
                body(word << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
                sinceCheck += 1
            }
            if sinceCheck >= FrequencyCounter.checkInterval {
                if check(sinceCheck) { return false }
                sinceCheck = 0
            }
        }
        return !check(sinceCheck)
    }

    /// Counts `rows` rows (the first `row`) of a raw field.
    @inline(__always)
    private mutating func add(raw field: UnsafeRawBufferPointer, row: Int, rows: Int = 1, reading: FieldReading,
                              scratch: inout [UInt8]) {
        // Most fields (not quoted, not long) without the general reader's closures, which copy
        // `reading` (two retains and releases) per call.
        if field.count <= LongField.limit, field.isEmpty || field[0] != reading.quote {
            self.rows += rows
            return add(value: field, row: row, rows: rows, reading: reading)
        }
        if field.count <= LongField.limit + 1 {
            scratch.removeAll(keepingCapacity: true)
            CSVRawRecord.decodeQuoted(field, quote: reading.quote, into: &scratch)
            self.rows += rows
            return scratch.withUnsafeBytes { add(value: $0, row: row, rows: rows, reading: reading) }
        }
        Self.withCountedBytes(raw: field, reading: reading, scratch: &scratch) { bytes, longIsNull in
            add(counted: bytes, longIsNull: longIsNull, row: row, rows: rows, reading: reading)
        }
    }

    /// Counts `rows` rows holding the value of row `row` (the first of them): read once.
    mutating func add(row: Int, rows: Int, reading: FieldReading, scratch: inout [UInt8]) {
        if let raw = reading.raw { return add(raw: raw(row), row: row, rows: rows, reading: reading, scratch: &scratch) }
        var text = reading.source.text(row: row, column: reading.column)
        text.withUTF8 { utf8 in
            let content = UnsafeRawBufferPointer(utf8)
            guard content.count > LongField.limit else {
                self.rows += rows
                return add(value: content, row: row, rows: rows, reading: reading)
            }
            Self.withCountedBytes(content: content, reading: reading) { bytes, longIsNull in
                add(counted: bytes, longIsNull: longIsNull, row: row, rows: rows, reading: reading)
            }
        }
    }

    /// Counts `count` null rows.
    mutating func addNulls(_ count: Int) {
        nulls += count
        rows += count
    }

    /// Counts `rows` rows of counted bytes (`withCountedBytes`).
    @inline(__always)
    private mutating func add(counted bytes: UnsafeRawBufferPointer, longIsNull: Bool, row: Int, rows: Int,
                              reading: FieldReading) {
        self.rows += rows
        if longIsNull {
            nulls += rows
            return
        }
        add(value: bytes, row: row, rows: rows, reading: reading)
    }

    /// Calls `body` with the bytes row `row`'s field is counted by (`withCountedBytes(raw:...)`).
    @inline(__always)
    static func withCountedBytes(row: Int, reading: FieldReading, scratch: inout [UInt8],
                                 _ body: (UnsafeRawBufferPointer, _ longIsNull: Bool) -> Void) {
        if let raw = reading.raw { return withCountedBytes(raw: raw(row), reading: reading, scratch: &scratch, body) }
        var text = reading.source.text(row: row, column: reading.column)
        text.withUTF8 { withCountedBytes(content: UnsafeRawBufferPointer($0), reading: reading, body) }
    }

    /// Calls `body` with the bytes a raw field is counted by: its content (CSV quoting undone in
    /// `scratch`) up to `LongField.limit` bytes, else its key (never copied whole), and whether
    /// such a long content is null (a short one's null test is the caller's).
    @inline(__always)
    static func withCountedBytes(raw field: UnsafeRawBufferPointer, reading: FieldReading, scratch: inout [UInt8],
                                 _ body: (UnsafeRawBufferPointer, _ longIsNull: Bool) -> Void) {
        guard field.count > 0, field[0] == reading.quote else { return withCountedBytes(content: field, reading: reading, body) }
        if field.count > LongField.limit + 1 {
            return LongField.unquoting(
                field, quote: reading.quote, short: { withCountedBytes(content: $0, reading: reading, body) },
                long: { builder, content in withLongKey(builder, content: content, reading: reading, body) })
        }
        scratch.removeAll(keepingCapacity: true)
        CSVRawRecord.decodeQuoted(field, quote: reading.quote, into: &scratch)
        scratch.withUnsafeBytes { withCountedBytes(content: $0, reading: reading, body) }
    }

    /// `withCountedBytes(raw:...)` for a field's content.
    @inline(__always)
    static func withCountedBytes(content: UnsafeRawBufferPointer, reading: FieldReading,
                                 _ body: (UnsafeRawBufferPointer, _ longIsNull: Bool) -> Void) {
        guard content.count > LongField.limit else { return body(content, false) }
        var builder = LongField.Builder()
        builder.append(content)
        withLongKey(builder, content: content, reading: reading, body)
    }

    /// The key of a content longer than `LongField.limit` that `builder` took (`content`: the
    /// content in one piece, when it is; else it cannot be null, a number or a date).
    private static func withLongKey(_ builder: LongField.Builder, content: UnsafeRawBufferPointer?, reading: FieldReading,
                                    _ body: (UnsafeRawBufferPointer, _ longIsNull: Bool) -> Void) {
        if let content, reading.isNull(content) { return body(content, true) }
        let value = content.flatMap { FrequencyTable.value(of: $0, kind: reading.kind, format: reading.format) }
        let key = builder.key(value: value)
        key.withUnsafeBytes { body($0, false) }
    }

    /// `rows` more rows (the first `row`) of a value (its bytes as counted), unless it is null:
    /// the one table tells that once per distinct value (`FrequencyPartition.nullIDs`), staged
    /// rows each.
    @inline(__always)
    private mutating func add(value: UnsafeRawBufferPointer, row: Int, rows: Int, reading: FieldReading) {
        let hash = TextTable.hash(value)
        guard isSplit else {
            let (id, isNew) = single.add(value, hash: hash, rows: rows, firstRow: row)
            if isNew, reading.isNull(value) { single.nullIDs.append(id) }
            if single.count > Self.partitionThreshold { split() }
            return
        }
        if reading.isNull(value) {
            nulls += rows
            return
        }
        let part = Int(truncatingIfNeeded: hash) & (Self.partitionCount - 1)
        guard rows == 1 else { partitions[part].add(value, hash: hash, rows: rows, firstRow: row); return }
        partitions[part].stage(value, hash: hash, row: row)
        staged += value.count + FrequencyPartition.stagedHeader
        if staged >= Self.stagingLimit { flush() }
    }

    /// Interns every staged value, one table after the other.
    mutating func flush() {
        guard staged > 0 else { return }
        for part in partitions.indices { partitions[part].internStaged() }
        staged = 0
    }

    /// Moves the rows of the one table's null values to `nulls`.
    mutating func settleNulls() {
        for id in single.nullIDs {
            nulls += single.counts[id]
            single.counts[id] = 0
        }
        single.nullIDs.removeAll()
    }

    /// Splits the one table into `partitionCount` by hash (its nulls settled first).
    /// - Complexity: O(distinct values).
    mutating func split() {
        guard !isSplit else { return }
        settleNulls()
        let one = single
        single = FrequencyPartition()
        // Sized for half the distinct values the rows so far promise over the rows to come: the
        // first rows of a column promise more than the rest keep (repeats grow with the rows),
        // and a table twice too large misses the cache twice as often; one too small doubles.
        let seen = max(1, rows), distinct = one.count
        let expected = min(max(expectedRows, seen), Int(Double(distinct) * Double(max(expectedRows, seen)) / Double(seen)))
        let averageLength = max(1, one.table.bytes.count / max(1, distinct))
        let capacity = expected / (2 * Self.partitionCount)
        partitions = (0..<Self.partitionCount).map { _ in FrequencyPartition(capacity: capacity, averageLength: averageLength) }
        one.forEachValue { value, rows, firstRow in
            guard rows > 0 else { return }
            let hash = TextTable.hash(value)
            partitions[Int(truncatingIfNeeded: hash) & (Self.partitionCount - 1)].add(value, hash: hash, rows: rows,
                                                                                    firstRow: firstRow)
        }
    }

    /// Adds another thread's counts: table by table on both cores when either is split.
    /// - Complexity: O(distinct values of `other`).
    mutating func merge(_ other: FrequencyAccumulator) {
        var other = other
        flush()
        other.flush()
        settleNulls()
        other.settleNulls()
        nulls += other.nulls
        rows += other.rows
        guard isSplit || other.isSplit else { return single.merge(other.single) }
        split()
        other.split()
        let theirs = other.partitions
        partitions.withUnsafeMutableBufferPointer { mine in
            let box = UncheckedSendableBox(value: mine)
            let parts = mine.count
            // Two halves of the tables, one per core; each merge writes only its own tables.
            BackgroundWork.forEachPart(2) { half in
                for part in half == 0 ? 0..<parts / 2 : parts / 2..<parts { box.value[part].merge(theirs[part]) }
            }
        }
    }

    /// The counts as one table of values (the staged ones interned first): the tables' arenas
    /// are handed over, not copied.
    mutating func table(kind: SortKeyKind, format: ValueFormat) -> FrequencyTable {
        flush()
        settleNulls()
        let partitions = isSplit ? partitions : [single]
        let distinct = partitions.reduce(0) { $0 + $1.count }
        var counts: [Int] = [], firstRows: [Int] = []
        counts.reserveCapacity(distinct)
        firstRows.reserveCapacity(distinct)
        for partition in partitions {
            counts.append(contentsOf: partition.counts)
            firstRows.append(contentsOf: partition.firstRows)
        }
        return FrequencyTable(kind: kind, format: format, total: rows, nullCount: nulls,
                              parts: partitions.map { ($0.table.bytes, $0.table.offsets) }, counts: counts,
                              firstRows: firstRows)
    }
}

/// Distinct values in one table, with how many rows hold each and the first of them.
struct FrequencyPartition {
    /// Every distinct value once; never gives up deduplicating (counts need every id exact).
    var table = TextTable(largeTable: .max)
    var counts: [Int] = []
    var firstRows: [Int] = []
    /// The values that are null (a null token or blank where blanks are null), counted here
    /// until `FrequencyAccumulator.settleNulls()` moves their rows to the nulls.
    var nullIDs: [Int] = []
    /// Values waiting to be interned: hash (8 bytes), row (8), length (4), the bytes.
    private var staging: [UInt8] = []

    init() {}

    /// A table sized for about `capacity` values of about `averageLength` bytes.
    init(capacity: Int, averageLength: Int) {
        table = TextTable(largeTable: .max, capacity: capacity, averageLength: averageLength)
        counts.reserveCapacity(capacity)
        firstRows.reserveCapacity(capacity)
    }

    /// Bytes a staged value takes besides its own.
    static let stagedHeader = 20

    var count: Int { counts.count }

    /// Keeps one row of `value` (hash `hash`) for `internStaged()`.
    @inline(__always)
    mutating func stage(_ value: UnsafeRawBufferPointer, hash: UInt64, row: Int) {
        withUnsafeBytes(of: hash.littleEndian) { staging.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt64(row).littleEndian) { staging.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(value.count).littleEndian) { staging.append(contentsOf: $0) }
        staging.append(contentsOf: value)
    }

    /// Counts the staged values, in the order they were staged.
    mutating func internStaged() {
        guard !staging.isEmpty else { return }
        // Taken out while its values go in (no copy), and put back empty with its capacity.
        var buffer: [UInt8] = []
        swap(&buffer, &staging)
        defer {
            buffer.removeAll(keepingCapacity: true)
            swap(&buffer, &staging)
        }
        buffer.withUnsafeBytes { bytes in
            var at = 0
            while at < bytes.count {
                let hash = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                let row = Int(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)))
                let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 16, as: UInt32.self)))
                at += Self.stagedHeader
                add(UnsafeRawBufferPointer(rebasing: bytes[at..<at + length]), hash: hash, rows: 1, firstRow: row)
                at += length
            }
        }
    }

    /// `rows` more rows of `value` (hash `hash`), the first of them `firstRow`; returns its id
    /// and whether it was new.
    @inline(__always) @discardableResult
    mutating func add(_ value: UnsafeRawBufferPointer, hash: UInt64, rows: Int, firstRow: Int) -> (id: Int, isNew: Bool) {
        let id = Int(table.intern(value, hash: hash))
        guard id < counts.count else {
            counts.append(rows)
            firstRows.append(firstRow)
            return (id, true)
        }
        counts[id] += rows
        if firstRow < firstRows[id] { firstRows[id] = firstRow }
        return (id, false)
    }

    /// Calls `body` with every value, its rows and its first row.
    func forEachValue(_ body: (UnsafeRawBufferPointer, Int, Int) -> Void) {
        table.bytes.withUnsafeBytes { arena in
            for id in 0..<counts.count {
                let start = table.offsets[id], end = table.offsets[id + 1]
                body(UnsafeRawBufferPointer(rebasing: arena[start..<end]), counts[id], firstRows[id])
            }
        }
    }

    /// Adds another table's values.
    mutating func merge(_ other: FrequencyPartition) {
        other.forEachValue { value, rows, firstRow in add(value, hash: TextTable.hash(value), rows: rows, firstRow: firstRow) }
    }
}
