import Dispatch

/// The one way work leaves the calling thread. Three shapes, one per need:
/// - `start(_:_:)`: fire and forget on a pool thread; the UI thread polls for the result
///   (sorts, filters, samples, statistics, loading).
/// - `startThread(_:)`: a thread of its own, for work that blocks or that someone waits for
///   (reading a pipe, a command's output, the print pipeline's producers), which a busy pool
///   must not delay.
/// - `forEachPart(_:_:)`: fork and join; runs every part, on both cores, before returning.
///
/// Work that grows with the input never runs on the UI thread: it goes through one of these.
package enum BackgroundWork {
    /// How soon the scheduler runs pooled work: `userInitiated` for what the user waits to
    /// see, `utility` for checks the user did not ask for (kind samples, key fingerprints).
    package enum Priority: Sendable {
        case userInitiated
        case utility
    }

    /// Runs `body` on a pool thread at `priority` and returns at once.
    package static func start(_ priority: Priority = .userInitiated, _ body: @escaping @Sendable () -> Void) {
        let qos: DispatchQoS.QoSClass = priority == .userInitiated ? .userInitiated : .utility
        DispatchQueue.global(qos: qos).async(execute: body)
    }

    /// Runs `body` on a new thread of its own; nil when the thread could not be created (the
    /// caller decides: run it inline, or report it). Join or detach the result.
    package static func startThread(_ body: @escaping @Sendable () -> Void) -> WorkerThread? {
        WorkerThread(body)
    }

    /// Runs `body(part)` for every part in `0..<parts`, spread over the cores, and returns when
    /// all have run.
    package static func forEachPart(_ parts: Int, _ body: @Sendable (Int) -> Void) {
        guard parts > 0 else { return }
        if parts == 1 { body(0); return }
        DispatchQueue.concurrentPerform(iterations: parts, execute: body)
    }
}
