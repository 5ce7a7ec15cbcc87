import Dispatch
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
/// Memory: 8 bytes per row for one column's values at a time (the exact quantiles select
/// among them), plus each worker's distinct counter (bounded by `distinctLimit`).
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
    private let sourceRowCount: Int
    private let nullTokens: NullTokens
    private let distinctLimit: Int
    private let workerCount: Int
    private let processed = Atomic<Int>(0)
    private let cancelFlag = Atomic<Bool>(false)
    private let state: Mutex<State>
    private let started = ContinuousClock.now

    private struct State {
        var summaries: [ColumnSummary?]
        var generation = 0
        var isFinished = false
        var elapsed: Duration?
    }

    /// A job summarizing `columns` of `source` over `rows` (source row ids; nil: every row below
    /// `sourceRowCount`). Not started: call `start()` (or `run()` on this thread).
    /// - Parameters:
    ///   - nullTokens: the texts that are null (the table's).
    ///   - distinctLimit: distinct texts counted exactly per column.
    ///   - workerCount: workers sharing the rows (nil: one per core, fewer for few rows).
    public init(source: DataTableDataSource, columns: [Column], rows: [UInt32]?, sourceRowCount: Int,
                nullTokens: NullTokens = .standard, distinctLimit: Int = ColumnSummaryJob.defaultDistinctLimit,
                workerCount: Int? = nil) {
        self.source = UncheckedSendableBox(value: source)
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
    /// Rows between two checks of the cancel flag (and progress updates).
    static let checkInterval = 16_384

    /// Runs the job on a background thread.
    public func start() {
        DispatchQueue.global(qos: .userInitiated).async { self.run() }
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
        for (position, column) in columns.enumerated() {
            if isCancelled { break }
            // Each worker writes its own share and its own part of the buffer.
            let memory = UncheckedSendableBox(value: (shares: shares, buffer: buffer))
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                memory.value.shares[w] = read(column, rows: bounds[w]..<bounds[w + 1], into: memory.value.buffer + bounds[w])
            }
            if isCancelled { break }
            // The shares' values side by side, then one merged share.
            guard var merged = shares[0] else { break }
            for w in 1..<workers {
                guard let share = shares[w] else { continue }
                (buffer + merged.valueCount).update(from: share.values, count: share.valueCount)
                merged.merge(share)
            }
            for w in 0..<workers { shares[w] = nil }
            let summary = merged.summary(column: column.index, title: column.title)
            state.withLock {
                $0.summaries[position] = summary
                $0.generation += 1
            }
        }
        let elapsed = ContinuousClock.now - started
        state.withLock {
            $0.isFinished = true
            $0.elapsed = elapsed
            $0.generation += 1
        }
    }

    /// One worker's share: `column`'s fields of rows at `positions`, values written from `values`.
    private func read(_ column: Column, rows positions: Range<Int>, into values: UnsafeMutablePointer<Double>)
        -> ColumnSummaryAccumulator? {
        var share = ColumnSummaryAccumulator(kind: column.kind, format: column.format, nullTokens: nullTokens,
                                             distinctLimit: distinctLimit, values: values)
        let source = self.source.value, rows = self.rows, index = column.index
        @inline(__always) func sourceRow(_ position: Int) -> Int { rows.map { Int($0[position]) } ?? position }
        let reader = source.makeRawFieldReader(column: index, rowCount: sourceRowCount)
        var position = positions.lowerBound
        while position < positions.upperBound {
            if isCancelled { return nil }
            let end = min(positions.upperBound, position + Self.checkInterval)
            if let reader {
                for p in position..<end { share.add(reader(sourceRow(p)), csvQuoted: true) }
            } else {
                for p in position..<end {
                    var text = source.sortText(row: sourceRow(p), column: index)
                    text.withUTF8 { share.add(content: UnsafeRawBufferPointer($0)) }
                }
            }
            processed.add(end - position, ordering: .relaxed)
            position = end
        }
        return share
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
