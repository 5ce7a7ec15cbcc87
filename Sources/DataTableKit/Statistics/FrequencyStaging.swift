/// Values of one partition waiting to be interned by the thread that owns it (a part of
/// `FrequencyRounds`): each one its hash (8 bytes), row (8), length (4) and bytes, appended in
/// one write. Storage is manual (grown by doubling, freed by `release()`) so two threads can
/// each write and empty their own buffers of one allocation with no array bookkeeping.
struct FrequencyStaging {
    private var base: UnsafeMutableRawPointer?
    private(set) var count = 0
    private var capacity = 0

    /// Bytes a staged value takes besides its own.
    static let header = 20

    /// Keeps one row of `value` (hash `hash`).
    @inline(__always)
    mutating func stage(_ value: UnsafeRawBufferPointer, hash: UInt64, row: Int) {
        let needed = count + Self.header + value.count
        if needed > capacity { grow(to: needed) }
        let at = base.unsafelyUnwrapped + count
        at.storeBytes(of: hash.littleEndian, as: UInt64.self)
        (at + 8).storeBytes(of: UInt64(row).littleEndian, as: UInt64.self)
        (at + 16).storeBytes(of: UInt32(value.count).littleEndian, as: UInt32.self)
        if let source = value.baseAddress, value.count > 0 { (at + Self.header).copyMemory(from: source, byteCount: value.count) }
        count = needed
    }

    /// Calls `body` with each staged value, its hash and its row, in the order they were staged,
    /// then empties the buffer (its storage kept).
    @inline(__always)
    mutating func drain(_ body: (UnsafeRawBufferPointer, UInt64, Int) -> Void) {
        guard let base else { return }
        var at = 0
        while at < count {
            let hash = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            let row = Int(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)))
            let length = Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: at + 16, as: UInt32.self)))
            body(UnsafeRawBufferPointer(start: base + at + Self.header, count: length), hash, row)
            at += Self.header + length
        }
        count = 0
    }

    /// Calls `body` with each staged value's hash, in the order they were staged.
    @inline(__always)
    func forEachHash(_ body: (UInt64) -> Void) {
        guard let base else { return }
        var at = 0
        while at < count {
            body(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
            let length = Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: at + 16, as: UInt32.self)))
            at += Self.header + length
        }
    }

    private mutating func grow(to needed: Int) {
        var size = max(capacity * 2, 4096)
        while size < needed { size *= 2 }
        let bigger = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        if let base {
            bigger.copyMemory(from: base, byteCount: count)
            base.deallocate()
        }
        base = bigger
        capacity = size
    }

    /// Frees the storage.
    mutating func release() {
        base?.deallocate()
        base = nil
        count = 0
        capacity = 0
    }
}
