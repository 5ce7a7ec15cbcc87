import Testing
import TestSupport
@testable import DataTableKit

/// `CSVFieldCursor` (split, field end, unquote) against a simple reader written here, on random
/// records: well-formed ones made of fields with quotes, doubled quotes, delimiters, CR and LF
/// (their texts must come back), and byte soup, malformed quoting included (the split must be
/// the byte-at-a-time quote-parity split, and the unquoting its byte-at-a-time rule).
@Suite struct CSVFieldCursorTests {
    static let dialects: [(delimiter: UInt8, quote: UInt8)] = [
        (UInt8(ascii: ","), UInt8(ascii: "\"")), (UInt8(ascii: ";"), UInt8(ascii: "\"")),
        (UInt8(ascii: "\t"), UInt8(ascii: "'")), (UInt8(ascii: "|"), UInt8(ascii: "\"")),
    ]

    /// The fields of `bytes` as offsets, one byte at a time: every quote toggles, a delimiter
    /// outside quotes ends a field, a CR or LF outside quotes ends the record.
    static func referenceSplit(_ bytes: [UInt8], delimiter: UInt8, quote: UInt8) -> [Range<Int>] {
        var fields: [Range<Int>] = [], start = 0, inQuotes = false
        for (i, byte) in bytes.enumerated() {
            if byte == quote {
                inQuotes.toggle()
            } else if !inQuotes && byte == delimiter {
                fields.append(start..<i)
                start = i + 1
            } else if !inQuotes && (byte == 0x0A || byte == 0x0D) {
                fields.append(start..<i)
                return fields
            }
        }
        fields.append(start..<bytes.count)
        return fields
    }

    /// A raw field's content, one byte at a time: not starting with the quote, as it stands;
    /// else without its first byte and its last when that is a quote, a doubled quote read as one.
    static func referenceUnquote(_ field: [UInt8], quote: UInt8) -> [UInt8] {
        guard field.first == quote else { return field }
        let end = field.count >= 2 && field.last == quote ? field.count - 1 : field.count
        var out: [UInt8] = [], i = 1
        while i < end {
            out.append(field[i])
            i += field[i] == quote && i + 1 < end && field[i + 1] == quote ? 2 : 1
        }
        return out
    }

    /// `text` as a CSV field: quoted (quotes doubled) when it holds the delimiter, the quote, CR
    /// or LF, or at random otherwise.
    static func encode(_ text: [UInt8], delimiter: UInt8, quote: UInt8, random: inout SplitMix64) -> [UInt8] {
        let special = text.contains { $0 == delimiter || $0 == quote || $0 == 0x0A || $0 == 0x0D }
        guard special || random.next() % 4 == 0 else { return text }
        return [quote] + text.flatMap { $0 == quote ? [quote, quote] : [$0] } + [quote]
    }

    static func randomText(_ pieces: [[UInt8]], random: inout SplitMix64) -> [UInt8] {
        (0..<Int(random.next() % 6)).flatMap { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
    }

    /// Every way the cursor reads a record's fields: visiting them all, field `column`, and
    /// field after field from each one's start (as the column summary does).
    static func cursorSplits(_ bytes: UnsafeRawBufferPointer, _ cursor: CSVFieldCursor, columns: Int)
        -> (all: [Range<Int>], byColumn: [Range<Int>?], chained: [Range<Int>]) {
        var all: [Range<Int>] = []
        _ = cursor.firstField(in: bytes) { _, range in
            all.append(range)
            return false
        }
        let byColumn = (0..<columns).map { column -> Range<Int>? in
            let field = cursor.field(column, in: bytes)
            // No bytes at all (no address): one empty field.
            guard let origin = bytes.baseAddress else { return column == 0 ? 0..<0 : nil }
            guard let base = field.baseAddress else { return nil }
            return (base - origin)..<(base - origin + field.count)
        }
        var chained: [Range<Int>] = [], start = 0
        while start <= bytes.count {
            let (field, next) = cursor.field(in: bytes, from: start)
            let offset = field.baseAddress.flatMap { base in bytes.baseAddress.map { base - $0 } } ?? start
            chained.append(offset..<(offset + field.count))
            #expect(cursor.fieldEnd(in: bytes, from: start) == offset + field.count)
            start = next
        }
        return (all, byColumn, chained)
    }

    @Test(arguments: 0..<4)
    func wellFormedRecordsGiveTheirFieldsBack(dialect: Int) {
        let (delimiter, quote) = Self.dialects[dialect]
        let cursor = CSVFieldCursor(delimiter: delimiter, quote: quote)
        var random = SplitMix64(seed: 0xC5F + UInt64(dialect))
        let pieces: [[UInt8]] = [Array("abcdefghijkl".utf8), Array("x".utf8), [delimiter], [quote], [quote, quote],
                                 [0x0A], [0x0D, 0x0A], [0x0D], Array("日本".utf8), Array("0123456789".utf8)]
        for _ in 0..<5000 {
            let texts = (0..<(1 + Int(random.next() % 12))).map { _ in Self.randomText(pieces, random: &random) }
            let record = texts.map { Self.encode($0, delimiter: delimiter, quote: quote, random: &random) }
                .joined(separator: [delimiter]).map { $0 }
            record.withUnsafeBytes { bytes in
                let (all, byColumn, chained) = Self.cursorSplits(bytes, cursor, columns: texts.count + 2)
                #expect(all.count == texts.count)
                #expect(chained == all)
                #expect(Array(byColumn.prefix(all.count)) == all.map { Optional($0) })
                #expect(byColumn.dropFirst(all.count).allSatisfy { $0 == nil })
                for (range, text) in zip(all, texts) {
                    var out: [UInt8] = []
                    cursor.appendUnquoted(UnsafeRawBufferPointer(rebasing: bytes[range]), to: &out)
                    #expect(out == text)
                }
                // The print path's split (the reader's rule) agrees on well-formed records.
                var fields: [CSVRawRecord.Field] = []
                CSVRawRecord.split(bytes, delimiter: delimiter, quote: quote, into: &fields)
                #expect(fields.map { $0.start..<$0.end } == all)
                for field in fields {
                    var text: [UInt8] = [], content: [UInt8] = []
                    CSVRawRecord.decode(field, in: bytes, quote: quote, into: &text)
                    cursor.appendUnquoted(UnsafeRawBufferPointer(rebasing: bytes[field.start..<field.end]), to: &content)
                    #expect(text == content)
                }
            }
        }
    }

    @Test(arguments: 0..<4)
    func byteSoupSplitsAndUnquotesAsTheByteAtATimeReader(dialect: Int) {
        let (delimiter, quote) = Self.dialects[dialect]
        let cursor = CSVFieldCursor(delimiter: delimiter, quote: quote)
        var random = SplitMix64(seed: 0x50F + UInt64(dialect))
        let pieces: [[UInt8]] = [[delimiter], [quote], [quote, quote], [0x0A], [0x0D], Array("abcdefghij".utf8),
                                 Array("x".utf8), Array("é".utf8), [delimiter, delimiter], [0xFF]]
        for _ in 0..<5000 {
            let bytes = (0..<Int(random.next() % 30)).flatMap { _ in
                random.next() % 3 == 0 ? pieces[5] : pieces[Int(random.next() % UInt64(pieces.count))]
            }
            let expected = Self.referenceSplit(bytes, delimiter: delimiter, quote: quote)
            bytes.withUnsafeBytes { buffer in
                let (all, byColumn, chained) = Self.cursorSplits(buffer, cursor, columns: expected.count + 1)
                #expect(all == expected)
                #expect(chained == expected)
                #expect(Array(byColumn.prefix(expected.count)) == expected.map { Optional($0) })
                #expect(byColumn.last! == nil)
                for range in expected {
                    var out: [UInt8] = []
                    cursor.appendUnquoted(UnsafeRawBufferPointer(rebasing: buffer[range]), to: &out)
                    #expect(out == Self.referenceUnquote(Array(bytes[range]), quote: quote))
                    // The same content lent: uncopied (inside the field) when no quote is in it.
                    var scratch: [UInt8] = []
                    let field = UnsafeRawBufferPointer(rebasing: buffer[range])
                    let (lent, inPlace) = CSVFieldCursor.withUnquoted(field, quote: quote, scratch: &scratch) { content in
                        (Array(content), content.isEmpty || (content.baseAddress! >= field.baseAddress!
                            && content.baseAddress! + content.count <= field.baseAddress! + field.count))
                    }
                    #expect(lent == out)
                    let quotes = bytes[range].dropFirst().dropLast().filter { $0 == quote }.count
                    if quotes == 0 || bytes[range].first != quote { #expect(inPlace) }
                }
            }
        }
    }

    @Test func stopsWhereTheBodySays() {
        let cursor = CSVFieldCursor(delimiter: UInt8(ascii: ","), quote: UInt8(ascii: "\""))
        let record = Array("a,\"b,c\",d,e".utf8)
        record.withUnsafeBytes { bytes in
            var seen: [Int] = []
            let stopped = cursor.firstField(in: bytes) { column, _ in
                seen.append(column)
                return column == 1
            }
            #expect(stopped)
            #expect(seen == [0, 1])
            #expect(!cursor.firstField(in: bytes) { _, _ in false })
            // A start past the end: an empty field, and the same start.
            let (field, next) = cursor.field(in: bytes, from: bytes.count + 1)
            #expect(field.isEmpty && next == bytes.count + 1)
        }
    }
}
