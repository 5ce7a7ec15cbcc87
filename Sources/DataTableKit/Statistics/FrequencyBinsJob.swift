import Synchronization

/// The bins of a frequency table made on a worker (`B` in the frequency sheet): binning reads
/// every distinct value (millions in a column of measurements), which the UI thread must not.
public final class FrequencyBinsJob: @unchecked Sendable {
    /// nil until done; then the bins, or nil inside when the table's kind has none.
    private let result = Mutex<FrequencyBins??>(nil)

    /// Starts binning `table` on a worker thread.
    public init(table: FrequencyTable) {
        BackgroundWork.start { [self] in
            let bins = FrequencyBins(table)
            result.withLock { $0 = .some(bins) }
        }
    }

    /// Whether the bins are made.
    public var isDone: Bool { result.withLock { $0 != nil } }

    /// The outcome once done: `.some(nil)` when the column's kind has no bins; nil before.
    public var bins: FrequencyBins?? { result.withLock { $0 } }
}
