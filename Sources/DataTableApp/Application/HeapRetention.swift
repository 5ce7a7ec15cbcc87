import CMalloc

/// How the process's allocator treats the buffers a table's jobs free (docs/decisions/0165).
///
/// Sorts, counts and the summary allocate buffers of up to tens of megabytes per job and free
/// them when it ends. glibc's defaults map each such buffer afresh and give it back to the
/// system when freed, so every job pays a page fault for each 4 KiB it first writes. With
/// ``retainFreedBuffers()`` buffers up to ``heapBufferLimit`` come from the heap and freed
/// memory stays there for the next job, up to ``keptFreeBytes`` at the top of a heap.
/// ``releaseFreedMemory()`` gives back the free blocks of every heap and the free top of the
/// main one (glibc keeps a thread's heap top until that thread frees again): call it when the
/// machine runs short of memory, after dropping what can be dropped.
///
/// These are settings of the whole process, so the library never applies them: a program
/// calls ``retainFreedBuffers()`` once, first thing.
public enum HeapRetention {
    /// Buffers up to this size come from the heap (glibc's largest heap threshold).
    public static let heapBufferLimit = 32 << 20
    /// Free memory at the top of a heap is kept up to this much before it is given back.
    public static let keptFreeBytes = 64 << 20

    /// Has the allocator keep freed buffers for later allocations (see the type). Returns
    /// whether it took both settings.
    @discardableResult
    public static func retainFreedBuffers() -> Bool {
        let threshold = mallopt(M_MMAP_THRESHOLD, Int32(heapBufferLimit))
        let trim = mallopt(M_TRIM_THRESHOLD, Int32(keptFreeBytes))
        return threshold == 1 && trim == 1
    }

    /// Gives free memory back to the system (`malloc_trim`; see the type). Returns whether any
    /// was.
    @discardableResult
    public static func releaseFreedMemory() -> Bool { malloc_trim(0) == 1 }
}

extension HeapRetention {
    /// Free bytes the heaps hold: freed blocks and their free tops, given back or not
    /// (`mallinfo2`'s `fordblks`).
    public static func freeBytes() -> Int { Int(mallinfo2().fordblks) }

    /// Gives back the freed memory the heaps have held for a while: once they hold more than
    /// `keptFreeBytes` beyond what they held after the last release, for `after` at every
    /// check, `release` runs. Back-to-back jobs keep reusing their memory; a table left alone
    /// gives it back. A program calls `check` from its run loop, every few seconds.
    public struct IdleRelease {
        /// How long freed memory may be held before it is given back.
        public let after: Duration
        let freeBytes: () -> Int
        let release: () -> Void
        /// When the heaps were first seen holding too much, since the last release.
        private var heldSince: ContinuousClock.Instant?
        /// Free bytes right after the last release (memory a release cannot give back: the
        /// free tops of threads' heaps, blocks already given back but still free).
        private var baseline = 0
        /// Releases made.
        public private(set) var releases = 0

        /// A check giving back memory held for `after` (by default through `mallinfo2` and
        /// `releaseFreedMemory`).
        public init(after: Duration = .seconds(30), freeBytes: @escaping () -> Int = HeapRetention.freeBytes,
                    release: @escaping () -> Void = { HeapRetention.releaseFreedMemory() }) {
            self.after = after
            self.freeBytes = freeBytes
            self.release = release
        }

        /// Reads the free bytes; when they have stayed over the line since `after` ago, releases
        /// them. True when it released.
        @discardableResult
        public mutating func check(now: ContinuousClock.Instant = .now) -> Bool {
            let held = freeBytes()
            guard held > baseline + HeapRetention.keptFreeBytes else {
                heldSince = nil
                baseline = min(baseline, held)
                return false
            }
            guard let since = heldSince else {
                heldSince = now
                return false
            }
            guard now - since >= after else { return false }
            release()
            releases += 1
            heldSince = nil
            baseline = freeBytes()
            return true
        }
    }
}
