import Dispatch
import Synchronization

/// A value computed on a worker thread, taken once it is there.
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    private let value = Mutex<Value?>(nil)
    private let cancelled = Atomic<Bool>(false)

    /// Starts `work` on a worker; it may check `isCancelled`.
    init(_ work: @escaping @Sendable (BackgroundValue<Value>) -> Value) {
        DispatchQueue.global(qos: .utility).async { [self] in
            let result = work(self)
            value.withLock { $0 = result }
        }
    }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
    func cancel() { cancelled.store(true, ordering: .relaxed) }
    /// The value once computed (taken once).
    func take() -> Value? { value.withLock { v in defer { v = nil }; return v } }
}
