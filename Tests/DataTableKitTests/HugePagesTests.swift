import Foundation
import Testing
import TestSupport
@testable import DataTableKit

/// `HugePages`: large buffers are backed by huge pages where the kernel offers them (read back
/// from /proc/self/smaps, not from the code under test), and the array helpers keep contents.
@Suite struct HugePagesTests {
    /// The kernel's transparent huge page mode ("always", "madvise" or "never"), nil off Linux.
    static var mode: String? {
        guard let text = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8),
              let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]") else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    /// Kilobytes of huge pages in the mapping of /proc/self/smaps that holds `address`.
    static func hugeKilobytes(at address: UnsafeRawPointer) -> Int? {
        // Read whole (a /proc file reports no size, so read it to its end).
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps"),
              let data = try? handle.readToEnd() else { return nil }
        let smaps = String(decoding: data, as: UTF8.self)
        let target = UInt(bitPattern: address)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let ends = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = ends.count == 2 && ends[0] <= target && target < ends[1]
            } else if inside, fields.first == "AnonHugePages:", fields.count >= 2 {
                return Int(fields[1])
            }
        }
        return nil
    }

    @Test func aLargeBufferIsBackedByHugePagesOnceWritten() throws {
        guard let mode = Self.mode, mode != "never" else { return }
        let count = 16 << 20
        let buffer = HugePages.allocate(UInt8.self, capacity: count)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 1, count: count)
        // 16 MiB hold at least seven whole 2 MiB pages wherever the allocation starts.
        let huge = try #require(Self.hugeKilobytes(at: buffer + count / 2))
        #expect(huge >= 2048, "mode \(mode)")
    }

    @Test func growingKeepsEveryElementInOrder() {
        var random = SplitMix64(seed: 159)
        var grown: [UInt64] = [], expected: [UInt64] = []
        // Past the threshold several times over: the huge growth path copies what was there.
        for _ in 0..<(3 * HugePages.threshold / 8) {
            let value = random.next()
            grown.reserveHugeCapacity(forAppending: 1)
            grown.append(value)
            expected.append(value)
        }
        #expect(grown == expected)
        var reserved = [1, 2, 3]
        reserved.reserveHugeCapacity(HugePages.threshold)
        #expect(reserved == [1, 2, 3])
        #expect(reserved.capacity >= HugePages.threshold)
        let slots = TextTable.freeSlots(HugePages.threshold)
        #expect(slots.count == HugePages.threshold && slots.allSatisfy { $0 == 0 })
    }
}
