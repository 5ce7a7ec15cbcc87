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
