import Testing
import TestSupport
@testable import DataTableCSV

/// `CSVFileDataSource.field(_:in:dialect:)` (the sort keys' field locator, eight bytes at a
/// time) against a byte-at-a-time reference written here, on random records over an alphabet
/// of delimiters, quotes (doubled ones too), CR, LF and multi-byte UTF-8, every column, three
/// dialects, records long enough to cross several words.
@Suite struct RawFieldLocatorTests {
    /// Field `column` of `bytes`, quotes included: the reference.
    static func reference(_ column: Int, _ bytes: [UInt8], dialect: CSVDialect) -> Range<Int>? {
        var field = 0, start = 0, inQuotes = false
        for (i, byte) in bytes.enumerated() {
            if byte == dialect.quote {
                inQuotes.toggle()
            } else if !inQuotes && (byte == dialect.delimiter || byte == 0x0A || byte == 0x0D) {
                if field == column { return start..<i }
                if byte != dialect.delimiter { return nil }
                field += 1
                start = i + 1
            }
        }
        return field == column ? start..<bytes.count : nil
    }

    @Test(arguments: [(UInt8(ascii: ","), UInt8(ascii: "\"")), (UInt8(ascii: ";"), UInt8(ascii: "\"")),
                      (UInt8(ascii: "\t"), UInt8(ascii: "'"))])
    func matchesTheByteAtATimeReference(delimiter: UInt8, quote: UInt8) {
        let dialect = CSVDialect(delimiter: delimiter, quote: quote)
        var random = SplitMix64(state: UInt64(delimiter) << 8 | UInt64(quote))
        let pieces: [[UInt8]] = [[delimiter], [quote], [quote, quote], [0x0A], [0x0D, 0x0A], [0x0D], Array("abcdefghij".utf8),
                                 Array("x".utf8), Array("日本".utf8), [delimiter, delimiter], [0xFF]]
        var mismatches = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            let parts = Int(random.next() % 24)
            for _ in 0..<parts {
                // Mostly plain text and delimiters; the rarer pieces now and then.
                let r = random.next() % 100
                let piece = r < 40 ? pieces[6] : r < 70 ? pieces[0] : r < 80 ? pieces[7] : pieces[Int(random.next() % UInt64(pieces.count))]
                bytes += piece
            }
            bytes.withUnsafeBytes { buffer in
                for column in 0..<10 {
                    let found = CSVFileDataSource.field(column, in: buffer, dialect: dialect)
                    let expected = Self.reference(column, bytes, dialect: dialect)
                    let offset = found.baseAddress.map { buffer.baseAddress!.distance(to: $0) } ?? 0
                    let got = offset..<(offset + found.count)
                    if let expected {
                        if got != expected { mismatches += 1 }
                    } else if !found.isEmpty {
                        mismatches += 1
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }
}
