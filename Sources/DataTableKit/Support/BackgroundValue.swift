import Synchronization

/// A value computed by background work (`BackgroundWork.start`), taken once it is there; the
/// work may check `isCancelled` and stop early.
package final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    private let value = Mutex<Value?>(nil)
    private let cancelled = Atomic<Bool>(false)

    /// Starts `work` at `priority`; it may check `isCancelled`.
    package init(_ priority: BackgroundWork.Priority = .utility,
                 _ work: @escaping @Sendable (BackgroundValue<Value>) -> Value) {
        BackgroundWork.start(priority) { [self] in
            let result = work(self)
            value.withLock { $0 = result }
        }
    }

    /// Whether `cancel()` was called.
    package var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
    /// Asks the work to stop; its value, if any, is never taken.
    package func cancel() { cancelled.store(true, ordering: .relaxed) }
    /// The value once computed (taken once).
    package func take() -> Value? { value.withLock { v in defer { v = nil }; return v } }
}
