import Glibc
import Synchronization

/// The summaries of a table's columns (`ColumnSummary`), computed off the UI thread.
///
/// Columns are summarized one after another, each over every given row: the rows are split
/// into one contiguous share per core, each worker reads its share's fields of the column
/// straight from the data source (raw bytes from a mapped file, no `String` per field), and the
/// shares merge. Each column's summary is published as soon as it is done (`summaries`,
/// `generation`), so a screen showing them fills in column by column. `fraction` tells the
/// progress; `cancel()` stops the workers within 16K rows.
///
/// From a source with raw records (a CSV file) a column's pass remembers where each row's next
/// field starts, so the pass over the next column starts there: over all columns in file order
/// each byte of a row is scanned once (finding field k from the row's start every time scanned
/// each row four to five times over 8 columns, and was a third of the summary's time).
///
/// A text column whose sort keys the table keeps (`keptKeys`, from `SortKeyCache`) is counted
/// from them instead, and left out of the field pass (`ColumnSummary.fromKeptKeys`,
/// docs/decisions/0157).
///
/// Memory: 8 bytes per row for one column's values at a time (the exact quantiles select
/// among them), 4 bytes per row for where the next field starts, plus each worker's distinct
/// counter (bounded by `distinctLimit`); a text column counted from kept keys, 4 bytes per
/// distinct text.
public final class ColumnSummaryJob: @unchecked Sendable {
    /// A column to summarize and how to read it.
    public struct Column: Sendable, Hashable {
        /// The column's index in the data source.
        public var index: Int
        /// Its title.
        public var title: String
        /// The kind its fields are read as.
        public var kind: SortKeyKind
        /// How its values are written.
        public var format: ValueFormat

        /// Column `index` titled `title`, read as `kind` in `format`.
        public init(index: Int, title: String, kind: SortKeyKind, format: ValueFormat = .standard) {
            self.index = index
            self.title = title
            self.kind = kind
            self.format = format
        }
    }

    /// Distinct texts counted exactly per column; past it the count is an estimate.
    public static let defaultDistinctLimit = 100_000

    /// The columns, in the order they are summarized.
    public let columns: [Column]
    /// Rows summarized.
    public let rowCount: Int
    /// Source rows to read (nil: rows `0..<rowCount`).
    private let rows: [UInt32]?
    private let source: UncheckedSendableBox<DataTableDataSource>
    /// The source's raw records, resolved once when the job is made (nil: read text).
    private let rawRecords: UncheckedSendableBox<DataTableRawRecords?>
    private let sourceRowCount: Int
    private let nullTokens: NullTokens
    private let distinctLimit: Int
    private let workerCount: Int
    private let processed = Atomic<Int>(0)
    private let cancelFlag = Atomic<Bool>(false)
    private let state: Mutex<State>
    private let started = ContinuousClock.now
    /// Kept sort keys by source column (text columns are counted from them).
    private let keptKeys: [Int: SortKeyColumn]
    /// Told, for each text column, whether it was counted from kept keys.
    private let keyUse: (@Sendable (_ fromKeys: Bool) -> Void)?

    private struct State {
        var summaries: [ColumnSummary?]
        var generation = 0
        var isFinished = false
        var elapsed: Duration?
    }

    /// A job summarizing `columns` of `source` over `rows` (source row ids; nil: every row below
    /// `sourceRowCount`). Not started: call `start()` (or `run()` on this thread).
    /// - Parameters:
    ///   - source: the rows' data (read by the workers through its thread-safe accessors).
    ///   - columns: the columns to summarize, each with its kind and format.
    ///   - rows: the source rows to read, in any order (nil: every row below `sourceRowCount`).
    ///   - sourceRowCount: the rows when `rows` is nil.
    ///   - nullTokens: the texts that are null (the table's).
    ///   - distinctLimit: distinct texts counted exactly per column.
    ///   - workerCount: workers sharing the rows (nil: one per core, fewer for few rows).
    public convenience init(source: DataTableDataSource, columns: [Column], rows: [UInt32]?, sourceRowCount: Int,
                nullTokens: NullTokens = .standard, distinctLimit: Int = ColumnSummaryJob.defaultDistinctLimit,
                workerCount: Int? = nil) {
        self.init(source: source, columns: columns, rows: rows, sourceRowCount: sourceRowCount, nullTokens: nullTokens,
                  distinctLimit: distinctLimit, workerCount: workerCount, keptKeys: [:], keyUse: nil)
    }

    /// The public initializer's job, with `keptKeys` (sort keys over every source row, by
    /// column, read with the column's kind and format and `nullTokens`) counting the text
    /// columns they hold, and `keyUse` told for each text column whether it was.
    init(source: DataTableDataSource, columns: [Column], rows: [UInt32]?, sourceRowCount: Int, nullTokens: NullTokens,
         distinctLimit: Int, workerCount: Int?, keptKeys: [Int: SortKeyColumn],
         keyUse: (@Sendable (_ fromKeys: Bool) -> Void)?) {
        self.keptKeys = keptKeys.filter { $0.value.count == sourceRowCount }
        self.keyUse = keyUse
        self.source = UncheckedSendableBox(value: source)
        self.rawRecords = UncheckedSendableBox(value: source as? DataTableRawRecords)
        self.columns = columns
        self.rows = rows
        self.sourceRowCount = sourceRowCount
        self.rowCount = rows?.count ?? sourceRowCount
        self.nullTokens = nullTokens
        self.distinctLimit = distinctLimit
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let byRows = max(1, (rows?.count ?? sourceRowCount) / Self.rowsPerWorker)
        self.workerCount = max(1, workerCount ?? min(cores, byRows, 8))
        self.state = Mutex(State(summaries: Array(repeating: nil, count: columns.count)))
    }

    /// Fewer rows than this per worker are not worth another thread.
    static let rowsPerWorker = 32_768
    /// Where the next field starts, when that does not fit in 32 bits (read from the start).
    static let unknownStart = UInt32.max

    /// Rows between two checks of the cancel flag (and progress updates).
    static let checkInterval = 16_384

    /// Runs the job on a background thread.
    public func start() {
        BackgroundWork.start { self.run() }
    }

    /// Runs the job on this thread (its workers on others) until it finishes or is cancelled.
    public func run() {
        let n = rowCount
        let buffer = UnsafeMutablePointer<Double>.allocate(capacity: max(1, n))
        defer { buffer.deallocate() }
        let workers = workerCount
        let bounds = (0...workers).map { n * $0 / workers }
        let shares = UnsafeMutablePointer<ColumnSummaryAccumulator?>.allocate(capacity: workers)
        shares.initialize(repeating: nil, count: workers)
        defer { shares.deinitialize(count: workers); shares.deallocate() }
        let nextField = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, n))
        defer { nextField.deallocate() }
        /// The column whose fields start at `nextField` (nil: none, rows are read from their start).
        var resumeColumn: Int?
        // Readers made once, here: every column and worker reads one version of a source that a
        // newer one replaces meanwhile (a live source), and where a field starts carries over.
        let records = rawRecords.value?.makeRawRecordReader(rowCount: sourceRowCount)
        for (position, column) in columns.enumerated() {
            if isCancelled { break }
            if column.kind == .text {
                // Left out of the field pass: the next column's pass finds its fields from where this one's start.
                if let summary = summaryFromKeptKeys(column) {
                    keyUse?(true)
                    publish(summary, at: position)
                    processed.add(rowCount, ordering: .relaxed)
                    continue
                }
                if isCancelled { break }
                keyUse?(false)
            }
            // Each worker writes its own share and its own parts of the buffers.
            let memory = UncheckedSendableBox(value: (shares: shares, buffer: buffer, nextField: nextField))
            let resume = resumeColumn
            let readRecords = Atomic<Bool>(false)
            // A column without raw fields (an appended one) is not in the records either.
            let fields = rawRecords.value?.makeRawFieldReader(column: column.index, rowCount: sourceRowCount)
            let readers = UncheckedSendableBox(value: (fields: fields, records: fields == nil ? nil : records))
            BackgroundWork.forEachPart(workers) { w in
                let (share, byRecords) = read(column, rows: bounds[w]..<bounds[w + 1], readers: readers.value,
                                              into: memory.value.buffer + bounds[w],
                                              nextField: memory.value.nextField + bounds[w], resumeColumn: resume)
                memory.value.shares[w] = share
                if byRecords { readRecords.store(true, ordering: .relaxed) }
            }
            resumeColumn = readRecords.load(ordering: .relaxed) ? column.index + 1 : nil
            if isCancelled { break }
            // The shares' values side by side, then one merged share.
            guard var merged = shares[0] else { break }
            for w in 1..<workers {
                guard let share = shares[w] else { continue }
                // Bytes as they are: a share may hold `Int64`s (`holdsIntegers`).
                UnsafeMutableRawPointer(buffer + merged.valueCount).copyMemory(from: share.values,
                                                                               byteCount: share.valueCount * 8)
                merged.merge(share)
            }
            for w in 0..<workers { shares[w] = nil }
            publish(merged.summary(column: column.index, title: column.title) { fieldText(row: $0, column: column.index) },
                    at: position)
        }
        let elapsed = ContinuousClock.now - started
        state.withLock {
            $0.isFinished = true
            $0.elapsed = elapsed
            $0.generation += 1
        }
    }

    /// Publishes the summary of the column at `position` in `columns`.
    private func publish(_ summary: ColumnSummary, at position: Int) {
        state.withLock {
            $0.summaries[position] = summary
            $0.generation += 1
        }
    }

    /// `column`'s summary counted from its kept sort keys; nil when none are kept or they do
    /// not answer it (see `ColumnSummary.fromKeptKeys`), or when cancelled.
    private func summaryFromKeptKeys(_ column: Column) -> ColumnSummary? {
        guard let keys = keptKeys[column.index] else { return nil }
        let count = { (rows: UnsafeBufferPointer<UInt32>?) in
            ColumnSummary.fromKeptKeys(keys, column: column, rows: rows, checkInterval: Self.checkInterval * 16,
                                       isCancelled: { self.isCancelled }) { self.fieldText(row: $0, column: column.index) }
        }
        guard let rows else { return count(nil) }
        return rows.withUnsafeBufferPointer { count($0) }
    }

    /// One worker's share: `column`'s fields of rows at `positions`, values written from `values`.
    /// From raw records, each row's field is found from where `nextField` says field
    /// `resumeColumn` starts (when that is not after the column), and the start of the field
    /// after it is written back; returns whether records were read so.
    private func read(_ column: Column, rows positions: Range<Int>, readers: Readers, into values: UnsafeMutablePointer<Double>,
                      nextField: UnsafeMutablePointer<UInt32>, resumeColumn: Int?)
        -> (ColumnSummaryAccumulator?, byRecords: Bool) {
        if let rows {
            return rows.withUnsafeBufferPointer {
                read(column, rows: positions, ids: $0, readers: readers, into: values, nextField: nextField,
                     resumeColumn: resumeColumn)
            }
        }
        return read(column, rows: positions, ids: nil, readers: readers, into: values, nextField: nextField,
                    resumeColumn: resumeColumn)
    }

    /// A column's raw field reader and the job's record reader (nil: the column has no raw
    /// fields; then no records either), made once by the job.
    typealias Readers = (fields: ((Int) -> UnsafeRawBufferPointer)?, records: RawRecordReader?)

    /// `read` with the row ids at hand (nil: position = source row).
    private func read(_ column: Column, rows positions: Range<Int>, ids: UnsafeBufferPointer<UInt32>?, readers: Readers,
                      into values: UnsafeMutablePointer<Double>, nextField: UnsafeMutablePointer<UInt32>,
                      resumeColumn: Int?) -> (ColumnSummaryAccumulator?, byRecords: Bool) {
        var share = ColumnSummaryAccumulator(kind: column.kind, format: column.format, nullTokens: nullTokens,
                                             distinctLimit: distinctLimit, values: values)
        let source = self.source.value, index = column.index
        @inline(__always) func sourceRow(_ position: Int) -> Int { ids.map { Int($0[position]) } ?? position }
        let (fields, records) = readers
        let first = positions.lowerBound
        var position = first
        while position < positions.upperBound {
            if isCancelled { return (nil, records != nil) }
            let end = min(positions.upperBound, position + Self.checkInterval)
            if let records {
                let cursor = CSVFieldCursor(delimiter: records.delimiter, quote: records.quote)
                // Taken out of the reader once: a call through `records.record` retains and
                // releases its context per row.
                let record = records.record
                let resumes = resumeColumn.map { $0 <= index } ?? false
                let skip = resumes ? index - resumeColumn! : index
                for p in position..<end {
                    let row = sourceRow(p)
                    let bytes = record(row)
                    let resumed = resumes ? nextField[p - first] : Self.unknownStart
                    var start = resumed == Self.unknownStart ? 0 : Int(resumed)
                    for _ in 0..<(resumed == Self.unknownStart ? index : skip) {
                        start = start > bytes.count ? start
                            : cursor.fieldEnd(in: bytes, from: start) + 1
                    }
                    let (field, next) = cursor.field(in: bytes, from: start)
                    // A record over 4 GiB: past 32 bits, the next column reads from the start.
                    nextField[p - first] = next < Int(Self.unknownStart) ? UInt32(next) : Self.unknownStart
                    share.add(field, csvQuoted: true, row: row)
                }
            } else if let fields {
                for p in position..<end {
                    let row = sourceRow(p)
                    share.add(fields(row), csvQuoted: true, row: row)
                }
            } else {
                for p in position..<end {
                    let row = sourceRow(p)
                    var text = source.sortText(row: row, column: index)
                    text.withUTF8 { share.add(content: UnsafeRawBufferPointer($0), row: row) }
                }
            }
            processed.add(end - position, ordering: .relaxed)
            position = end
        }
        return (share, records != nil)
    }

    /// The field of source row `row` in `column` as the workers read it (CSV quotes removed):
    /// the text of a smallest or largest value, cut as `LongField` cuts long values.
    private func fieldText(row: Int, column: Int) -> String {
        let source = self.source.value
        guard row >= 0 else { return "" }
        guard let raw = rawRecords.value?.makeRawFieldReader(column: column, rowCount: sourceRowCount).map({ $0(row) }) else {
            var text = source.sortText(row: row, column: column)
            return text.utf8.count <= LongField.limit ? text : text.withUTF8 { LongField.shownText(ofContent: UnsafeRawBufferPointer($0)) }
        }
        guard raw.first == UInt8(ascii: "\"") else { return LongField.shownText(ofContent: raw) }
        if raw.count > LongField.limit + 1 {
            return LongField.unquoting(raw, quote: UInt8(ascii: "\""), short: { String(decoding: $0, as: UTF8.self) },
                                       long: { builder, _ in builder.shownText })
        }
        var bytes: [UInt8] = []
        TextKey.appendUnquoting(raw, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// 0...1: rows read over all columns.
    public var fraction: Double {
        let total = rowCount * columns.count
        return total == 0 ? 1 : min(1, Double(processed.load(ordering: .relaxed)) / Double(total))
    }

    /// The summaries done so far, by position in `columns` (nil: not yet).
    public var summaries: [ColumnSummary?] { state.withLock { $0.summaries } }

    /// Grows each time a summary is published or the job ends (a screen redraws when it moves).
    public var generation: Int { state.withLock { $0.generation } }

    /// Whether the job ended (done or cancelled).
    public var isFinished: Bool { state.withLock { $0.isFinished } }

    /// How long the job ran, once finished.
    public var elapsed: Duration? { state.withLock { $0.elapsed } }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { cancelFlag.load(ordering: .relaxed) }

    /// Asks the workers to stop; the job then ends with the summaries done so far.
    public func cancel() { cancelFlag.store(true, ordering: .relaxed) }

    /// Blocks until the job ends (tests, scripts, the benchmark).
    public func waitUntilFinished() {
        while !isFinished { usleep(1000) }
    }
}
