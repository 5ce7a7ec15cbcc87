/// A fast 64-bit hash of bytes, for telling rows apart across versions of a file within one
/// process (not for anything an adversary chooses to collide: a collision makes two rows
/// look alike, no more).
///
/// Eight bytes at a time, multiply and rotate, then MurmurHash3's finalizer: several times
/// `Hasher`'s speed (docs/decisions/0107).
enum RowHash {
    static let k1: UInt64 = 0x9E37_79B9_7F4A_7C15
    static let k2: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    /// The hash of `bytes`, continuing from `seed`.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        var h = seed ^ (UInt64(bytes.count) &* k1)
        let n = bytes.count
        var i = 0
        while i + 8 <= n {
            let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            h = rotate(h ^ (word &* k2), 31) &* k1
            i += 8
        }
        if i < n {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < n {
                tail |= UInt64(bytes[i]) << shift
                shift += 8
                i += 1
            }
            h = rotate(h ^ (tail &* k2), 31) &* k1
        }
        return finalize(h)
    }

    /// MurmurHash3's 64-bit finalizer: every input bit reaches every output bit.
    @inline(__always)
    static func finalize(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }

    @inline(__always)
    static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 { (value << bits) | (value >> (64 - bits)) }
}
