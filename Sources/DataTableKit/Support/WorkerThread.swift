import Glibc

/// A thread of its own, not one of a pool's (which may all be busy: a worker someone waits for
/// must run, and a command's reader must not take a pool thread for its whole run).
/// Started through `BackgroundWork.startThread(_:)`.
package struct WorkerThread {
    private let thread: pthread_t

    /// Starts `body` on a new thread; nil when the thread could not be created.
    package init?(_ body: @escaping @Sendable () -> Void) {
        final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return nil
        }
        self.thread = thread
    }

    /// Waits for the thread to end.
    package func join() { pthread_join(thread, nil) }

    /// Lets the thread end on its own (nobody joins it).
    package func detach() { pthread_detach(thread) }
}
