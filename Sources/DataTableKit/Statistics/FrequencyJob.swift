import Glibc
import Synchronization

/// A frequency count running on a worker (`DataTableView.startFrequency(ofColumn:)`): its
/// progress, a cancel flag, and the table the UI thread takes when it is done.
public final class FrequencyJob: @unchecked Sendable {
    /// The source column counted.
    public let column: Int
    /// The rows counted.
    public let rowCount: Int
    private let progressUnits = Atomic<Int>(0)
    private let cancelFlag = Atomic<Bool>(false)
    private let result = Mutex<FrequencyTable?>(nil)
    private let finished = Atomic<Bool>(false)
    let started = ContinuousClock.now
    /// How long the count took, once it is done.
    public private(set) var elapsed: Duration?

    /// Counts `column` of `source` over `rows` on a worker thread (two threads while counting).
    public convenience init(source: DataTableDataSource, column: Int, rows: FrequencyRows, kind: SortKeyKind,
                            format: ValueFormat = .standard, nullTokens: NullTokens = .standard) {
        self.init(source: source, column: column, rows: rows, kind: kind, format: format, nullTokens: nullTokens,
                  keptKeys: nil)
    }

    /// Counts as above, from `keptKeys` (the column's kept sort keys over every row of
    /// `source`) when they serve (`FrequencyCounter.count(keys:...)`), else from the fields.
    /// With an `extraction` (a text column with no keys kept), a column that looks few-valued
    /// has its keys extracted and kept first, then is counted from them; `cancel()` while they
    /// are read keeps nothing.
    init(source: DataTableDataSource, column: Int, rows: FrequencyRows, kind: SortKeyKind, format: ValueFormat,
         nullTokens: NullTokens, keptKeys: SortKeyColumn?, extraction: FrequencyKeyExtraction? = nil) {
        self.column = column
        self.rowCount = rows.count
        let box = UncheckedSendableBox(value: source)
        BackgroundWork.start { [self] in
            let isCancelled: @Sendable () -> Bool = { [self] in self.isCancelled }
            let progress: @Sendable (Int) -> Void = { [self] in progressUnits.store($0, ordering: .relaxed) }
            var keys = keptKeys
            var counting = progress
            let extracted = extraction.map { $0.run(source: box.value, control: extractionControl(sourceRows: $0.key.rowCount)) }
            switch extracted {
            case .cancelled?:
                finished.store(true, ordering: .releasing)
                return
            case .keys(let extracted)?:
                keys = extracted
                counting = { _ in }  // the extraction filled the bar; counting from keys takes a moment
            case .notExtracted?, nil:
                break
            }
            let kept = keys.flatMap {
                FrequencyCounter.count(keys: $0, source: box.value, column: column, rows: rows, format: format,
                                       nullTokens: nullTokens, isCancelled: isCancelled, progress: counting)
            }
            let table = kept ?? FrequencyCounter.count(
                source: box.value, column: column, rows: rows, kind: kind, format: format, nullTokens: nullTokens,
                isCancelled: isCancelled, progress: progress)
            result.withLock { $0 = table }
            finished.store(true, ordering: .releasing)
        }
    }

    /// How a key extraction for this job runs: over both cores, cancelled with it, each source
    /// row read counting `rowCount / sourceRows` of a unit (the extraction reads every row).
    private func extractionControl(sourceRows: Int) -> ExtractionControl {
        let rowCount = rowCount
        return ExtractionControl(concurrent: true, isCancelled: { [self] in isCancelled }, advance: { [self] rows in
            progressUnits.add(rows * rowCount / max(1, sourceRows), ordering: .relaxed)
        })
    }

    /// 0...1.
    public var fraction: Double {
        rowCount == 0 ? 1 : min(1, Double(progressUnits.load(ordering: .relaxed)) / Double(rowCount))
    }

    /// Asks the worker to stop (Esc); `isDone` follows soon, with no table.
    public func cancel() { cancelFlag.store(true, ordering: .relaxed) }
    /// Whether `cancel()` was called.
    public var isCancelled: Bool { cancelFlag.load(ordering: .relaxed) }
    /// Whether the worker has finished (counted, or stopped).
    public var isDone: Bool { finished.load(ordering: .acquiring) }

    /// The table once the count is done (nil before, or when it was cancelled). Taken once.
    public func takeTable() -> FrequencyTable? {
        guard isDone else { return nil }
        if elapsed == nil { elapsed = ContinuousClock.now - started }
        return result.withLock { value in defer { value = nil }; return value }
    }

    /// Blocks until the count is done and returns its table (tests, the benchmark).
    public func wait() -> FrequencyTable? {
        while !isDone { usleep(200) }
        return takeTable()
    }
}
