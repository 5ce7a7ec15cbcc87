/// SHA-256 (FIPS 180-4), fed in pieces: what tells long values apart without keeping them
/// (`LongField`).
struct SHA256 {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB, 0x5BE0_CD19)
    /// A block not yet full.
    private var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var buffered = 0
    /// Bytes fed so far.
    private(set) var length: UInt64 = 0

    private static let k: [UInt32] = [
        0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
        0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
        0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
        0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
        0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
        0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
        0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
        0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
    ]

    init() {}

    /// The digest of `bytes`.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var sha = SHA256()
        sha.update(bytes)
        return sha.finalize()
    }

    /// Feeds `bytes`.
    /// - Complexity: O(bytes).
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var p = bytes.baseAddress else { return }
        var n = bytes.count
        length &+= UInt64(n)
        if buffered > 0 {
            let take = min(n, 64 - buffered)
            withUnsafeMutableBytes(of: &buffer) { $0.baseAddress!.advanced(by: buffered).copyMemory(from: p, byteCount: take) }
            buffered += take
            p += take
            n -= take
            guard buffered == 64 else { return }
            var block = buffer
            withUnsafeBytes(of: &block) { compress($0.baseAddress!) }
            buffered = 0
        }
        while n >= 64 {
            compress(p)
            p += 64
            n -= 64
        }
        if n > 0 {
            withUnsafeMutableBytes(of: &buffer) { $0.baseAddress!.copyMemory(from: p, byteCount: n) }
            buffered = n
        }
    }

    /// The 32-byte digest of everything fed (the hash is spent).
    mutating func finalize() -> [UInt8] {
        let bits = length &* 8
        var padding = [UInt8](repeating: 0, count: (buffered < 56 ? 56 : 120) - buffered + 8)
        padding[0] = 0x80
        for i in 0..<8 { padding[padding.count - 1 - i] = UInt8(truncatingIfNeeded: bits >> UInt64(8 * i)) }
        let total = length
        padding.withUnsafeBytes { update($0) }
        length = total
        var digest = [UInt8](repeating: 0, count: 32)
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        for (i, word) in words.enumerated() {
            for j in 0..<4 { digest[i * 4 + j] = UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * j)) }
        }
        return digest
    }

    /// One 64-byte block at `p` (no calls or array accesses in the rounds).
    private mutating func compress(_ p: UnsafeRawPointer) {
        Self.k.withUnsafeBufferPointer { constants in compress(p, constants: constants.baseAddress!) }
    }

    private mutating func compress(_ p: UnsafeRawPointer, constants k: UnsafePointer<UInt32>) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            let w = schedule.baseAddress!
            var i = 0
            while i < 16 {
                w[i] = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
                i &+= 1
            }
            while i < 64 {
                let x = w[i &- 15], y = w[i &- 2]
                let s0 = (x >> 7 | x << 25) ^ (x >> 18 | x << 14) ^ (x >> 3)
                let s1 = (y >> 17 | y << 15) ^ (y >> 19 | y << 13) ^ (y >> 10)
                w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
                i &+= 1
            }
            var (a, b, c, d, e, f, g, h) = state
            i = 0
            while i < 64 {
                let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
                let t1 = h &+ s1 &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
                let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
                let t2 = s0 &+ ((a & b) ^ (a & c) ^ (b & c))
                h = g
                g = f
                f = e
                e = d &+ t1
                d = c
                c = b
                b = a
                a = t1 &+ t2
                i &+= 1
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                     state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
        }
    }
}
