import Testing
import TestSupport
@testable import DataTableKit

/// `TextKey.equal` (overlapping loads for tails and short texts) against `==` of byte arrays:
/// every length from 0 to 40, equal copies and copies differing in one byte at each place.
@Suite struct TextKeyEqualTests {
    @Test func equalBytesAtEveryLengthAndADifferenceAtEveryPlace() {
        var random = SplitMix64(seed: 71)
        for count in 0...40 {
            let x = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            var cases = [x]
            for place in 0..<count {
                var y = x
                y[place] ^= UInt8(1 << (random.next() % 8))
                cases.append(y)
            }
            for y in cases {
                // Past the compared bytes the buffers differ, so nothing beyond `count` may be read as part of the text.
                let left = x + [0xAA, 0xAA], right = y + [0x55, 0x55]
                let equal = left.withUnsafeBytes { l in
                    right.withUnsafeBytes { r in TextKey.equal(l.baseAddress!, r.baseAddress!, count: count) }
                }
                #expect(equal == (x == y), "length \(count)")
            }
        }
    }
}
