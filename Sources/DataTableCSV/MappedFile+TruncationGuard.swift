import Glibc
import Synchronization

/// Keeps a file that shrinks while it is mapped from killing dtable with SIGBUS.
///
/// Reading a page of a mapping past the file's new end raises SIGBUS. The handler checks that
/// the address lies in a registered mapping, maps zero-filled anonymous pages over the rest of
/// that mapping (so the read completes and yields NULs) and counts the fault; the data source
/// then reports "file changed" and stops showing rows past the new end. A SIGBUS anywhere else
/// goes to the handler that was installed before (the terminal restorer, then the runtime).
enum TruncationGuard {
    static let maxRegions = 16
    /// (base, length, faults repaired) of each registered mapping; slots with base 0 are free.
    nonisolated(unsafe) private static let regions: UnsafeMutablePointer<(Int, Int, Int)> = {
        let pointer = UnsafeMutablePointer<(Int, Int, Int)>.allocate(capacity: maxRegions)
        pointer.initialize(repeating: (0, 0, 0), count: maxRegions)
        return pointer
    }()
    nonisolated(unsafe) private static var previous = sigaction()
    nonisolated(unsafe) private static var isInstalled = false
    private static let lock = Mutex(())

    static func register(base: UnsafeRawPointer, length: Int) {
        lock.withLock { _ in
            for i in 0..<maxRegions where regions[i].0 == 0 {
                regions[i] = (Int(bitPattern: base), length, 0)
                return
            }
        }
    }

    static func unregister(base: UnsafeRawPointer) {
        lock.withLock { _ in
            for i in 0..<maxRegions where regions[i].0 == Int(bitPattern: base) { regions[i] = (0, 0, 0) }
        }
    }

    /// Whether a read of the mapping at `base` ran past the file's end.
    static func hasFaulted(base: UnsafeRawPointer) -> Bool {
        lock.withLock { _ in
            (0..<maxRegions).contains { regions[$0].0 == Int(bitPattern: base) && regions[$0].2 > 0 }
        }
    }

    /// Installs the SIGBUS handler (once) on top of whatever handles SIGBUS now. Call it after
    /// the terminal is set up, so that a foreign SIGBUS still restores the terminal.
    static func install() {
        lock.withLock { _ in
            guard !isInstalled else { return }
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { _, info, _ in
                let address = Int(bitPattern: info?.pointee._sifields._sigfault.si_addr)
                let pageSize = Int(getpagesize())
                for i in 0..<TruncationGuard.maxRegions {
                    let (base, length, _) = TruncationGuard.regions[i]
                    guard base != 0, address >= base, address < base + length else { continue }
                    let page = address & ~(pageSize - 1)
                    _ = mmap(UnsafeMutableRawPointer(bitPattern: page), base + length - page, PROT_READ,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
                    TruncationGuard.regions[i].2 += 1
                    return
                }
                // Not ours: put the previous handler back; the faulting read runs again and reaches it.
                sigaction(SIGBUS, &TruncationGuard.previous, nil)
            }
            action.sa_flags = SA_SIGINFO | SA_NODEFER
            sigaction(SIGBUS, &action, &previous)
            isInstalled = true
        }
    }
}
