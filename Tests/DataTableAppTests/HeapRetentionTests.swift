import Glibc
import Testing
@testable import DataTableApp

/// Freed job buffers stay in the heap for the next job (docs/decisions/0165): measured as the
/// page faults of writing a second buffer of the same size, counted on this thread only.
@Suite(.serialized) struct HeapRetentionTests {
    /// Minor page faults of the calling thread so far.
    static func threadFaults() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD
        return usage.ru_minflt
    }

    /// Faults of allocating `bytes`, writing every page and freeing it.
    static func faultsOfBuffer(_ bytes: Int) -> Int {
        let before = threadFaults()
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        buffer.initializeMemory(as: UInt8.self, repeating: 1, count: bytes)
        buffer.deallocate()
        return threadFaults() - before
    }

    @Test("A buffer just under the limit comes from the heap and, freed, is taken again without a fault")
    func freedBufferIsReused() {
        #expect(HeapRetention.retainFreedBuffers())
        // glibc's own threshold starts at 128 KiB and rises only to the largest mapped buffer
        // freed so far: a buffer this big is mapped by itself unless retained.
        let bytes = HeapRetention.heapBufferLimit - (1 << 20), pages = bytes / 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        // glibc's chunk header, the word before the buffer: bit 1 set when the chunk is a
        // mapping of its own (`chunk_is_mmapped` in malloc.c).
        #expect(buffer.load(fromByteOffset: -8, as: UInt.self) & 2 == 0)
        buffer.initializeMemory(as: UInt8.self, repeating: 1, count: bytes)
        buffer.deallocate()
        // Another test's thread taking the freed memory in between is the only way to miss,
        // hence the best of three.
        let again = (0..<3).map { _ in Self.faultsOfBuffer(bytes) }.min()!
        #expect(again < pages / 16, "faults \(again) of \(pages) pages")
    }

    /// Pages of `bytes` bytes at `start` (whole pages inside) that are resident (`mincore`).
    static func residentPages(_ start: UnsafeMutableRawPointer, bytes: Int) -> (resident: Int, pages: Int) {
        let first = (Int(bitPattern: start) + 4095) & ~4095, end = (Int(bitPattern: start) + bytes) & ~4095
        let pages = (end - first) / 4096
        var vector = [UInt8](repeating: 0, count: pages)
        guard mincore(UnsafeMutableRawPointer(bitPattern: first), end - first, &vector) == 0 else { return (pages, pages) }
        return (vector.filter { $0 & 1 != 0 }.count, pages)
    }

    @Test("Released, freed memory is the system's again: its pages are no longer resident")
    func releasedMemoryFaultsAgain() {
        #expect(HeapRetention.retainFreedBuffers())
        let bytes = 16 << 20, pages = bytes / 4096
        // A second buffer after the first (no free block is that big: it comes from the heap's
        // top) keeps the first off the top when freed: `malloc_trim` gives back free blocks,
        // not the free top of a thread's heap.
        let big = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        big.initializeMemory(as: UInt8.self, repeating: 1, count: bytes)
        let pin = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        defer { pin.deallocate() }
        // The block's pages, minus the one holding the allocator's header for the freed block
        // (read by the pages themselves, not by faults: another test's thread could take the
        // block back in between).
        let inside = big + 4096, insideBytes = bytes - 2 * 4096
        #expect(Self.residentPages(inside, bytes: insideBytes).resident > pages / 2)
        big.deallocate()
        #expect(HeapRetention.releaseFreedMemory())
        let after = Self.residentPages(inside, bytes: insideBytes)
        #expect(after.resident < after.pages / 16, "\(after.resident) of \(after.pages) pages resident")
    }

    @Test("Freed memory held past the line for 30 seconds is given back, once per new excess")
    func idleReleaseGivesBackWhatWasHeldAWhile() {
        let line = HeapRetention.keptFreeBytes, mib = 1 << 20
        var free = 0, released = 0
        var idle = HeapRetention.IdleRelease(after: .seconds(30), freeBytes: { free }, release: { released += 1 })
        let start = ContinuousClock.now
        // (seconds from the start, free bytes then, whether that check releases)
        let steps: [(Int, Int, Bool)] = [
            // Under the line: nothing, however long.
            (0, line / 2, false), (60, line / 2, false),
            // Over it: timed from the first check that sees it; a dip below starts again.
            (62, line + 10 * mib, false), (80, line + 10 * mib, false), (92, line - mib, false),
            (94, line + 10 * mib, false), (122, line + 10 * mib, false), (124, line + 10 * mib, true),
            // What a release could not give back stays counted as free: not released again.
            (200, line + 10 * mib, false), (300, line + 10 * mib, false),
            // Another job's worth freed on top of it: given back 30 seconds on.
            (302, 2 * line + 11 * mib, false), (332, 2 * line + 11 * mib, true),
        ]
        for (seconds, bytes, releases) in steps {
            free = bytes
            let did = idle.check(now: start + .seconds(seconds))
            #expect(did == releases, "at \(seconds) s")
        }
        let counted = idle.releases
        #expect(released == 2 && counted == 2)
    }
}
