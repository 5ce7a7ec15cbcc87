#if canImport(Glibc)
import Glibc
#endif

/// Huge pages for large buffers written once from one end to the other (sort keys, orders,
/// radix buffers, frequency counts): before a buffer's first write, its whole 2 MiB blocks
/// are offered to the kernel's transparent huge pages (`madvise(MADV_HUGEPAGE)` on Linux; a
/// no-op elsewhere, or when the kernel's mode is `never`). A huge page is one fault where 512
/// small pages are 512 (docs/decisions/0159-huge-pages-for-large-buffers.md).
enum HugePages {
    /// The size of a huge page (x86-64 and most arm64 kernels).
    static let size = 2 << 20

    /// Buffers smaller than this are left alone: they hold at most one whole huge page, and
    /// a small allocation shares its pages with others.
    static let threshold = 4 << 20

    /// Offers the whole huge pages inside `byteCount` bytes at `start` (memory of this process,
    /// not yet written) to the kernel. Contract: the memory stays valid and its contents are
    /// not changed; only its pages' size may.
    @inline(__always)
    static func advise(_ start: UnsafeMutableRawPointer?, byteCount: Int) {
        guard byteCount >= threshold, let start else { return }
        #if os(Linux)
        let address = UInt(bitPattern: start)
        let first = (address + UInt(size - 1)) & ~UInt(size - 1)
        let end = (address + UInt(byteCount)) & ~UInt(size - 1)
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, Int(end - first), MADV_HUGEPAGE)
        #endif
    }

    /// Memory for `capacity` values of `T` (uninitialized, freed with `deallocate()`), offered
    /// huge pages when large.
    static func allocate<T>(_: T.Type, capacity: Int) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        advise(UnsafeMutableRawPointer(pointer), byteCount: capacity * MemoryLayout<T>.stride)
        return pointer
    }
}

extension Array {
    /// `init(unsafeUninitializedCapacity:initializingWith:)` whose storage, when large, is
    /// offered huge pages (`HugePages`) before `initializer` writes it.
    @inline(__always)
    init(hugeUninitializedCapacity capacity: Int,
         initializingWith initializer: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void) rethrows {
        try self.init(unsafeUninitializedCapacity: capacity) { buffer, initialized in
            HugePages.advise(UnsafeMutableRawPointer(buffer.baseAddress), byteCount: buffer.count * MemoryLayout<Element>.stride)
            try initializer(&buffer, &initialized)
        }
    }
}

extension Array {
    /// Makes room for `extra` more elements: when full, the storage grows (doubling) into a new
    /// buffer offered huge pages when large, as `append` would grow it otherwise.
    @inline(__always)
    mutating func reserveHugeCapacity(forAppending extra: Int) {
        if count + extra > capacity { growHuge(toHold: count + extra) }
    }

    /// `reserveCapacity(minimumCapacity)` into storage offered huge pages when large.
    mutating func reserveHugeCapacity(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        guard minimumCapacity * MemoryLayout<Element>.stride >= HugePages.threshold else {
            reserveCapacity(minimumCapacity)
            return
        }
        let old = self
        self = Array(hugeUninitializedCapacity: minimumCapacity) { buffer, initialized in
            old.withUnsafeBufferPointer { _ = buffer.initialize(fromContentsOf: $0) }
            initialized = old.count
        }
    }

    @inline(never)
    private mutating func growHuge(toHold needed: Int) {
        reserveHugeCapacity(Swift.max(needed, 2 * capacity))
    }
}
