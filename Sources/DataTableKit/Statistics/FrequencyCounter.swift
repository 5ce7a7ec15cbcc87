import Synchronization

/// The rows a frequency table counts.
public enum FrequencyRows: Sendable, Equatable {
    /// Source rows `0..<count` (a table neither filtered nor hiding rows).
    case first(Int)
    /// These source rows, each once, in any order (the rows a filter kept, in display order),
    /// all below `sourceRowCount`.
    case rows([UInt32], sourceRowCount: Int)

    /// Bit `row % 64` of word `row / 64` set for each row counted below `rowCount` (file
    /// order, whatever order `.rows` lists them in); nil when every row is counted: for `.first`
    /// and for `.rows` listing every source row (a sorted view's order), counted as `.first`.
    func bitmap(rowCount: Int) -> [UInt64]? {
        guard case .rows(let kept, let sourceRowCount) = self, kept.count < sourceRowCount else { return nil }
        return Self.bitmap(of: kept, rowCount: rowCount)
    }

    /// Bit `row % 64` of word `row / 64` set for each of `rows` below `rowCount`.
    static func bitmap<Rows: Sequence>(of rows: Rows, rowCount: Int) -> [UInt64] where Rows.Element: BinaryInteger {
        var words = [UInt64](repeating: 0, count: (rowCount + 63) >> 6)
        for row in rows {
            let row = Int(row)
            if row >= 0 && row < rowCount { words[row >> 6] |= 1 << UInt64(row & 63) }
        }
        return words
    }

    /// How many rows are counted.
    public var count: Int {
        switch self {
        case .first(let count): return count
        case .rows(let rows, _): return rows.count
        }
    }
}

/// Counts the distinct values of one column over some rows: the engine of the frequency table.
///
/// Fields are read as bytes straight from the data source (a mapped file's raw field, CSV
/// quoting undone in a reused buffer; other sources' text) and hashed into tables of distinct
/// values, so a row costs a hash and a probe and no allocation. The rows are split in two
/// halves counted on two threads, each into one table while it fits the cache; past that, in
/// rounds, into 64 tables by hash that the threads share, each interning its own tables
/// (`FrequencyRounds`). Filtered rows are counted
/// in file order through a bitmap of the rows kept (a sorted display order would read the file
/// at random). A text column whose sort keys are kept is counted from them
/// (`count(keys:...)`).
///
/// Measured (release, the frequency bench): docs/decisions/0139-frequency-by-partitions.md.
public enum FrequencyCounter {
    /// Rows between checks of `isCancelled` and reports of progress.
    static let checkInterval = 1 << 14
    /// Below this many rows one thread counts (a second one costs more than it saves).
    static let parallelThreshold = 1 << 16

    /// The frequency table of `column` over `rows` of `source`, or nil when `isCancelled`
    /// returned true. Values are read as `kind` with `format` only to tell nulls (`nullTokens`;
    /// blank fields are null except in text columns, as in sorting). `progress(done)` is called
    /// from the counting threads with the rows counted so far.
    /// - Complexity: O(total field bytes) on two threads, plus O(d log d) to order d distinct values.
    public static func count(
        source: DataTableDataSource, column: Int, rows: FrequencyRows, kind: SortKeyKind,
        format: ValueFormat = .standard, nullTokens: NullTokens = .standard,
        isCancelled: @escaping @Sendable () -> Bool = { false }, progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> FrequencyTable? {
        let rowCount: Int
        var bitmap: [UInt64]?
        switch rows {
        case .first(let count):
            rowCount = min(count, source.rowCount)
        case .rows(_, let sourceRowCount):
            rowCount = min(sourceRowCount, source.rowCount)
            bitmap = rows.bitmap(rowCount: rowCount)
        }
        let reading = FieldReading(source: source, column: column, rowCount: rowCount, kind: kind, format: format,
                                   nullTokens: nullTokens)
        let halves = split(rowCount: rowCount, bitmap: bitmap, counting: rows.count)
        let done = Atomic<Int>(0)
        let rounds = FrequencyRounds(ranges: halves, expectedRows: rows.count)
        return rounds.run(bitmap: bitmap, reading: reading, kind: kind, format: format) { counted in
            if counted > 0 { progress(done.add(counted, ordering: .relaxed).newValue) }
            return isCancelled()
        }
    }

    /// The row ranges the threads count: two halves of the rows counted (at a 64-row boundary
    /// when a bitmap says which), or one range for few rows.
    static func split(rowCount: Int, bitmap: [UInt64]?, counting: Int) -> [Range<Int>] {
        guard counting >= parallelThreshold, rowCount > 128 else { return [0..<rowCount] }
        guard let bitmap else { return [0..<rowCount / 2, rowCount / 2..<rowCount] }
        var seen = 0
        for (word, bits) in bitmap.enumerated() {
            seen += bits.nonzeroBitCount
            if seen >= counting / 2 {
                let middle = min(rowCount, (word + 1) << 6)
                return [0..<middle, middle..<rowCount]
            }
        }
        return [0..<rowCount]
    }
}

/// How one column's fields are read for counting (shared, read-only, by the threads).
struct FieldReading {
    let source: DataTableDataSource
    let column: Int
    /// A mapped file's raw field reader (quotes included), when the source has one.
    let raw: ((Int) -> UnsafeRawBufferPointer)?
    /// A reader of the same records' raw fields a batch of rows at a time, when the source
    /// reads them so (`RawColumnReader.batch`: one version of a live source throughout).
    let batches: ((Range<Int>, inout RawFieldBatch) -> Bool)?
    let quote: UInt8
    let nullTokens: NullTokens
    let kind: SortKeyKind
    let format: ValueFormat
    let numeric: Bool
    let blankIsNull: Bool

    init(source: DataTableDataSource, column: Int, rowCount: Int, kind: SortKeyKind, format: ValueFormat,
         nullTokens: NullTokens) {
        self.source = source
        self.column = column
        let rawRecords = source as? DataTableRawRecords
        let reader = rawRecords?.makeRawColumnReader(column: column, rowCount: rowCount)
        self.raw = reader?.field
        self.batches = reader?.batch
        self.quote = rawRecords?.makeRawRecordReader(rowCount: 0)?.quote ?? UInt8(ascii: "\"")
        self.nullTokens = nullTokens
        self.kind = kind
        self.format = format
        self.numeric = kind == .integer || kind == .decimal
        self.blankIsNull = kind != .text
    }

    /// Whether a field's content is null in the column.
    @inline(__always) func isNull(_ field: UnsafeRawBufferPointer) -> Bool {
        nullTokens.isNull(field, numeric: numeric, blankIsNull: blankIsNull)
    }
}
