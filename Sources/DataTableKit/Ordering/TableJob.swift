import Synchronization

/// Work run off the UI thread (sort, filter, search; a program's work such as writing a file):
/// its progress, a cancel flag, and the result the UI thread picks up when it polls.
///
/// The worker writes `processed` and finally `finish(_:)`; the UI thread reads `fraction`,
/// calls `cancel()` (Esc) and takes the result with `takeResult()`.
public final class TableJob: @unchecked Sendable {
    /// Which work a job does.
    public enum Kind: Sendable {
        case sort([SortDescriptor])
        /// Keep the rows that match (over rows in file order).
        case filter(RowMatcher)
        /// Keep the rows that pass a stack of column filters (and the whole-row matcher, if any).
        case columnFilter([ColumnFilter], RowMatcher?)
        /// Find the next row, in display order, that the column filter keeps (`#`).
        case findValue(ColumnFilter)
        /// Find the next (or previous) matching row from the cursor.
        case search(RowMatcher, forward: Bool)
        /// Work of the program around the table (a delegate's), named by its verb ("writing").
        case work(String)

        /// "sorting", "filtering", "searching".
        public var verb: String {
            switch self {
            case .sort: return "sorting"
            case .filter, .columnFilter: return "filtering"
            case .search, .findValue: return "searching"
            case .work(let verb): return verb
            }
        }
    }

    /// What a finished job produced.
    public enum Outcome: Sendable {
        /// A new display order (source row ids) over the first `rowCount` rows.
        case order([UInt32], rowCount: Int)
        /// The display row a search found.
        case found(Int)
        case notFound
        case cancelled
        case failed(String)
        /// Work that finished with a message for the status line.
        case done(String)
        /// Rows grouped into sections (a sort job of a table with a grouping).
        case sections(DataTableSectionedOrder, rowCount: Int)
    }

    /// Sort, filter or search.
    public let kind: Kind
    /// Units of work (rows) in all.
    public let total: Int
    let started = ContinuousClock.now
    private let processedUnits = Atomic<Int>(0)
    private let cancelFlag = Atomic<Bool>(false)
    private let outcome = Mutex<Outcome?>(nil)
    /// The rows a filter job has kept so far, in their final order (shown while it runs).
    let partialRows = PartialRows()
    /// A sort's strays (values its key's kind cannot read) by column, set by the worker.
    let strayCounts = Mutex<[Int: Int]>([:])
    /// The source columns a filter job's whole-row matcher looks in (nil: every column): the
    /// view's `filterColumns` once it is applied.
    let matcherColumns: [Bool]?

    /// A job of `kind` over `total` units of work (rows, bytes).
    public convenience init(kind: Kind, total: Int) {
        self.init(kind: kind, total: total, matcherColumns: nil)
    }

    /// A job of `kind` over `total` units of work whose whole-row matcher looks in
    /// `matcherColumns` (a mask by source column; nil: every column).
    init(kind: Kind, total: Int, matcherColumns: [Bool]?) {
        self.kind = kind
        self.total = total
        self.matcherColumns = matcherColumns
    }

    /// 0...1.
    public var fraction: Double {
        total == 0 ? 1 : min(1, Double(processedUnits.load(ordering: .relaxed)) / Double(total))
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { cancelFlag.load(ordering: .relaxed) }
    /// Asks the worker to stop at its next check.
    public func cancel() { cancelFlag.store(true, ordering: .relaxed) }

    /// Records the units done so far (any thread; read by the progress).
    public func setProcessed(_ units: Int) { processedUnits.store(units, ordering: .relaxed) }

    /// Adds `units` to the units done (several threads may report at once).
    func addProcessed(_ units: Int) { processedUnits.add(units, ordering: .relaxed) }

    /// How a sort's key extraction runs for this job: over both cores, cancelled with it, each
    /// row read counting `1 / units` of a unit of progress (a sort reads a column per key).
    func extractionControl(units: Int) -> ExtractionControl {
        let units = max(1, units)
        return ExtractionControl(concurrent: true, isCancelled: { [self] in isCancelled },
                                 advance: { [self] rows in addProcessed(rows / units) })
    }

    /// Ends the job with `result`, for the UI thread to apply.
    public func finish(_ result: Outcome) { outcome.withLock { $0 = result } }

    /// The outcome once the worker finished (taken once).
    public func takeResult() -> Outcome? { outcome.withLock { value in defer { value = nil }; return value } }

    /// Whether the worker has finished and its outcome is not taken yet.
    var isFinished: Bool { outcome.withLock { $0 != nil } }

    /// The message of a finished job's `.failed` outcome (before it is taken), else nil.
    var failureMessage: String? {
        outcome.withLock { value in
            if case .failed(let message)? = value { return message }
            return nil
        }
    }

    /// Milliseconds since the job started.
    var elapsedMilliseconds: Double {
        let d = ContinuousClock.now - started
        return Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }
}

/// Hands a non-Sendable value to a worker thread whose access the caller has made safe.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value
}

extension TableJob.Outcome {
    /// A search's outcome as a job's.
    init(_ search: SearchOutcome) {
        switch search {
        case .found(let row): self = .found(row)
        case .notFound: self = .notFound
        case .cancelled: self = .cancelled
        }
    }
}
