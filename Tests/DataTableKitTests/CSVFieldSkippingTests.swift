import Testing
import TestSupport
@testable import DataTableKit

/// `CSVFieldCursor.field(_:in:)` reaching field N by counting the delimiters of whole words
/// (`startOfField`) and ending it from one word (`endOfField`), against the byte-at-a-time
/// split of `CSVFieldCursorTests`: records of many short fields (several delimiters a word,
/// a field ending in every byte of a word), long plain runs, control bytes below 0x0E that are
/// not line ends (tab, 0x01, 0x0B in a comma file), and quotes and line ends anywhere.
@Suite struct CSVFieldSkippingTests {
    @Test(arguments: 0..<4)
    func everyColumnAsTheByteAtATimeSplit(dialect: Int) {
        let (delimiter, quote) = CSVFieldCursorTests.dialects[dialect]
        let cursor = CSVFieldCursor(delimiter: delimiter, quote: quote)
        var random = SplitMix64(seed: 0x5C1F + UInt64(dialect))
        let plain: [[UInt8]] = [[], Array("7".utf8), Array("42".utf8), Array("abc".utf8), Array("2010-02-07".utf8),
                                Array("grace.okafor6766@corp.example.co.uk".utf8), Array("Zoë".utf8), [0x09], [0x01], [0x0B],
                                Array("-2506.43".utf8)]
        let rare: [[UInt8]] = [[quote], [quote, quote], [0x0A], [0x0D], [0x0D, 0x0A]]
        for _ in 0..<5000 {
            let fields = (0..<(1 + Int(random.next() % 14))).map { _ -> [UInt8] in
                var field = plain[Int(random.next() % UInt64(plain.count))]
                if random.next() % 2 == 0 { field += plain[Int(random.next() % UInt64(plain.count))] }
                if random.next() % 12 == 0 { field.insert(contentsOf: rare[Int(random.next() % UInt64(rare.count))], at: field.count / 2) }
                return field
            }
            var bytes = Array(fields.joined(separator: [delimiter]))
            if random.next() % 2 == 0 { bytes += random.next() % 2 == 0 ? [0x0A] : [0x0D, 0x0A] }
            let expected = CSVFieldCursorTests.referenceSplit(bytes, delimiter: delimiter, quote: quote)
            bytes.withUnsafeBytes { buffer in
                for column in 0...(expected.count + 1) {
                    let field = cursor.field(column, in: buffer)
                    let range = field.baseAddress.map { ($0 - buffer.baseAddress!)..<($0 - buffer.baseAddress! + field.count) }
                    #expect(range == (column < expected.count ? expected[column] : nil), "column \(column) of \(bytes)")
                }
            }
        }
    }
}
