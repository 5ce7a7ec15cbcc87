/// A first `F` of a few-valued text column extracts the column's sort keys, as a sort reads
/// them, keeps them in the table's `SortKeyCache` and counts from them: the next `F`, sort, `I`
/// or `|` filter of the column reads no field (docs/decisions/0158).
struct FrequencyKeyExtraction: Sendable {
    /// The cache the keys go to.
    let cache: SortKeyCache
    /// What the keys are read with (a sort's key for the column: `.text`, its format, the null
    /// tokens, every source row, today's edits).
    let key: SortKeyCache.Key
    /// The data the job reads (generation, edits, complete).
    let stamp: SortKeyCache.Stamp

    /// Rows in the sample that tells a few-valued column (`looksFewValued`).
    static let sampleRows = 4_096
    /// The sample's rows come in this many runs of consecutive rows spread over the file.
    static let sampleRuns = 64
    /// Keys are extracted for a column of at most one distinct value in this many rows: the
    /// extraction of a mostly-distinct column (its texts ranked, as a sort ranks them) costs
    /// more than counting its fields.
    static let mostDistinct = 8

    /// An extraction for a first `F` of `key`'s column over `rows`, or nil when the keys would
    /// not be kept (the source is still loading) or most rows are not counted (extracting reads
    /// every row: a filter keeping fewer than half of them counts faster from its fields).
    init?(cache: SortKeyCache, key: SortKeyCache.Key, stamp: SortKeyCache.Stamp, rows: FrequencyRows) {
        guard key.kind == .text, stamp.isComplete, key.rowCount > 0, rows.count * 2 >= key.rowCount else { return nil }
        self.cache = cache
        self.key = key
        self.stamp = stamp
    }

    /// What `run` did.
    enum Outcome {
        /// The keys, extracted and kept.
        case keys(SortKeyColumn)
        /// Nothing read: the source has no raw fields, or the column looks too nearly distinct for
        /// its keys to be worth extracting (the caller counts the fields).
        case notExtracted
        /// Cancelled while extracting: nothing kept.
        case cancelled
    }

    /// Samples the column and, when it looks few-valued, extracts its keys over both cores
    /// exactly as a sort does (`SortKeyColumn.extract` with the raw field reader), keeps them
    /// (`SortKeyCache.store`) and returns them. `control` reports progress and cancels.
    func run(source: DataTableDataSource, control: ExtractionControl) -> Outcome {
        let column = key.column, count = key.rowCount
        guard let reader = (source as? DataTableRawRecords)?.makeRawColumnReader(column: column, rowCount: count) else {
            return .notExtracted
        }
        if control.isCancelled() { return .cancelled }
        guard looksFewValued(source: source) else { return .notExtracted }
        guard let keys = SortKeyColumn.extract(kind: key.kind, count: count, format: key.format, nullTokens: key.nullTokens,
                                               control: control, reader: reader)
        else { return .cancelled }
        cache.store(keys, for: key, stamp: stamp)
        return .keys(keys)
    }

    /// Whether the column looks to hold at most one distinct value in `mostDistinct` rows: the
    /// values of `sampleRows` rows (in `sampleRuns` runs spread over the file, read as the
    /// frequency engine reads them) hold at most that share of distinct texts. A guess: a wrong
    /// one costs an extraction (the count then reads the kept keys) or a count from the fields,
    /// never a wrong count.
    /// - Complexity: O(`sampleRows`) field reads, stopping at the first text past the share.
    func looksFewValued(source: DataTableDataSource) -> Bool {
        let count = key.rowCount
        let reading = FieldReading(source: source, column: key.column, rowCount: count, kind: .text, format: key.format,
                                   nullTokens: key.nullTokens)
        let runs = count <= Self.sampleRows ? 1 : Self.sampleRuns
        let runLength = min(count, Self.sampleRows) / runs
        var distinct = DistinctCounter(limit: runs * runLength / Self.mostDistinct)
        var scratch: [UInt8] = []
        var fits = true
        for run in 0..<runs {
            // Run `run` starts at its share of the rows that leave room for a whole run.
            let start = (count - runLength) * run / max(1, runs - 1)
            for row in start..<start + runLength {
                FrequencyAccumulator.withCountedBytes(row: row, reading: reading, scratch: &scratch) { value, _ in
                    fits = distinct.add(value)
                }
                if !fits { return false }
            }
        }
        return true
    }
}
