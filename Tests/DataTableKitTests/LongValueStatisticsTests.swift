import DataTableCSV
import Glibc
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// Values over 1 KiB in the frequency table and the summary: kept as a key of bounded size
/// (first bytes, length, SHA-256), shown cut with `…`, and filtered by Enter to exactly the
/// rows counted (see docs/decisions/0083-long-values-in-statistics.md).
@Suite struct LongValueStatisticsTests {
    /// The most a statistic keeps of one value: the first bytes, the marker, length and
    /// SHA-256, and a number.
    static let keptPerValue = LongField.limit + 1 + 8 + 32 + 9

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// A long value's key is its length and SHA-256, whatever pieces it arrives in: checked
    /// against coreutils' `sha256sum` of the same bytes.
    @Test func aLongValuesKeyIsItsLengthAndSHA256WhateverThePieces() throws {
        let directory = try TemporaryDirectory()
        let text = String(repeating: "abcdbcdecdefdefg\u{00E9}", count: 400)
        let path = try directory.write("value", text: text)
        let sum = try runProcess(["sha256sum", path])
        let expected = String(sum.standardOutputText.prefix(64))
        let bytes = Array(text.utf8)
        for pieces in [1, 5, 97] {
            var builder = LongField.Builder()
            bytes.withUnsafeBytes { all in
                var i = 0, k = 0
                while i < all.count {
                    let n = pieces == 1 ? all.count : min(all.count - i, 1 + (k * 7) % pieces)
                    builder.append(UnsafeRawBufferPointer(rebasing: all[i..<(i + n)]))
                    i += n
                    k += 1
                }
            }
            let identity = builder.identityBytes
            #expect(identity.count == 8 + 32)
            #expect(Array(identity.prefix(8)) == withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { Array($0) })
            #expect(Self.hex(Array(identity.dropFirst(8))) == expected, "pieces: \(pieces)")
        }
    }

    /// Long values sharing their first 5,000 bytes, one exactly at the limit, one just over it.
    static let prefix = String(repeating: "x", count: 5000)
    static let values = [prefix + "1", prefix + "1", prefix + "2", String(repeating: "x", count: LongField.limit),
                         prefix + "1", String(repeating: "x", count: LongField.limit + 1), "a", prefix + "2", ""]

    @Test func aLongValueIsCountedWholeButKeptAsABoundedKey() throws {
        let source = StringRowsDataSource(titles: ["v"], rows: Self.values.map { [$0] })
        let table = try #require(FrequencyCounter.count(source: source, column: 0, rows: .first(Self.values.count), kind: .text))
        // Independently: the values by count.
        var expected: [String: Int] = [:]
        for value in Self.values where !value.isEmpty { expected[value, default: 0] += 1 }
        #expect(table.count == expected.count && table.nullCount == 1)
        #expect((0..<table.count).map(table.count(at:)).sorted() == expected.values.sorted())
        for rank in 0..<table.count {
            let text = table.text(at: rank)
            if let value = expected.first(where: { $0.key == text }) {
                #expect(table.longValueKey(at: rank) == nil && value.key.utf8.count <= LongField.limit)
                #expect(value.value == table.count(at: rank))
            } else {
                #expect(table.longValueKey(at: rank) != nil)
                #expect(text == String(repeating: "x", count: LongField.limit) + "…")
            }
        }
        #expect((0..<table.count).compactMap(table.longValueKey(at:)).count == expected.keys.filter { $0.utf8.count > LongField.limit }.count)
        // What is kept: at most about 1 KiB per value, whatever its length.
        #expect(table.valueBytes <= expected.count * Self.keptPerValue, "\(table.valueBytes) bytes kept")
        // Equal first bytes, other ends: two values, two keys.
        let keys = (0..<table.count).compactMap(table.longValueKey(at:))
        #expect(Set(keys).count == 3)
    }

    @Test func aCutValueEndsOnACharacterBoundary() throws {
        let value = String(repeating: "é", count: 700)  // 1,400 bytes; 1,024 is the second byte of an é
        let source = StringRowsDataSource(titles: ["v"], rows: [[value]])
        let table = try #require(FrequencyCounter.count(source: source, column: 0, rows: .first(1), kind: .text))
        #expect(table.text(at: 0) == String(repeating: "é", count: 512) + "…")
    }

    @Test func theSummaryKeepsLongTextsCut() throws {
        let source = StringRowsDataSource(titles: ["v", "n"], rows: Self.values.enumerated().map { i, v in
            [v, i == 0 ? "1" + String(repeating: " ", count: 2000) : String(i + 1)]
        })
        let job = ColumnSummaryJob(source: source, columns: [.init(index: 0, title: "v", kind: .text),
                                                             .init(index: 1, title: "n", kind: .integer)],
                                   rows: nil, sourceRowCount: source.rowCount, workerCount: 2)
        job.run()
        let text = try #require(job.summaries[0])
        var expected = Set(Self.values)
        expected.remove("")  // null
        #expect(text.distinctCount == expected.count && !text.isDistinctCountEstimated && text.nullCount == 1)
        #expect(text.mostFrequent == String(Self.prefix.prefix(LongField.limit)) + "…" && text.mostFrequentCount == 3)
        #expect(text.maximum == String(Self.prefix.prefix(LongField.limit)) + "…")
        let numbers = try #require(job.summaries[1])
        #expect(numbers.minimum == "1" + String(repeating: " ", count: LongField.limit - 1) + "…")
        #expect(numbers.mean == Double((1...9).reduce(0, +)) / 9)
        // The distinct counter keeps at most about 1 KiB of each text.
        var accumulator = ColumnSummaryAccumulator(kind: .text, format: .standard, nullTokens: .standard, distinctLimit: 100,
                                                   values: UnsafeMutablePointer<Double>.allocate(capacity: 16))
        defer { accumulator.values.deallocate() }
        for (row, value) in Self.values.enumerated() {
            var value = value
            value.withUTF8 { accumulator.add(UnsafeRawBufferPointer($0), csvQuoted: true, row: row) }
        }
        #expect(accumulator.distinct.bytes.count <= expected.count * Self.keptPerValue)
    }
}
