import Foundation
import Testing
import TestSupport
@testable import DataTableKit

/// The document formats' escaping and typing on random text, against references written here:
/// JSON read back by `JSONSerialization`, Markdown and HTML escaped by a plain character loop,
/// UTF-8 judged by Swift's own decoder, numbers read back as Doubles.
@Suite struct TableFormatEscapingTests {
    /// Random fields: runs of ASCII letters with the bytes every format escapes at every offset
    /// (quotes, backslashes, controls, `|`, `<`, `&`, `'`), multi-byte characters, and some bytes
    /// that are not UTF-8.
    static func fields(count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        let pieces: [[UInt8]] = [Array("abcdefgh".utf8), Array("\"".utf8), Array("\\".utf8), [0x0A], [0x0D, 0x0A], [0x0D], [0x09],
                                 [0x01], [0x7F], Array("|".utf8), Array("<".utf8), Array(">".utf8), Array("&".utf8),
                                 Array("'".utf8), Array("é".utf8), Array("東京".utf8), Array("👍".utf8), [0xFF], [0xC3], [0xED, 0xA0, 0x80]]
        return (0..<count).map { _ in
            var field: [UInt8] = []
            for _ in 0..<Int(random.next() % 12) {
                let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                field += piece.count == 8 ? Array(piece.prefix(Int(random.next() % 9))) : piece
            }
            return field
        }
    }

    func output(_ format: TableFormat, _ fields: [[UInt8]], kind: SortKeyKind = .text) -> [UInt8] {
        let writer = format.makeWriter(columns: [TableFormatColumn(title: "v", kind: kind, nullTokens: .emptyOnly)])
        var bytes: [UInt8] = []
        writer.writeHeader(into: &bytes)
        for (position, field) in fields.enumerated() {
            field.withUnsafeBytes { writer.writeRow([$0], position: position, into: &bytes) }
        }
        writer.writeFooter(rowCount: fields.count, into: &bytes)
        return bytes
    }

    @Test("JSON strings read back by JSONSerialization as the text Swift decodes from the bytes")
    func jsonStrings() throws {
        let fields = Self.fields(count: 3000, seed: 7).filter { !$0.isEmpty }
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(output(.json, fields))) as? [[String: Any]])
        #expect(objects.count == fields.count)
        for (object, field) in zip(objects, fields) {
            #expect(object["v"] as? String == String(decoding: field, as: UTF8.self), "\(field)")
        }
    }

    @Test("Markdown and HTML cells escape as a plain character loop does")
    func markdownAndHTML() {
        let fields = Self.fields(count: 3000, seed: 11)
        var markdown = "| v |\n| --- |\n"
        var html = "<table>\n<thead>\n<tr><th>v</th></tr>\n</thead>\n<tbody>\n"
        for field in fields {
            let text = String(decoding: field, as: UTF8.self)
            var cell = ""
            var previous: Character?
            for scalar in text.unicodeScalars {
                switch scalar {
                case "|", "\\": cell += "\\" + String(scalar)
                case "\r": cell += "<br>"
                case "\n": if previous != "\r" { cell += "<br>" }
                default: cell.unicodeScalars.append(scalar)
                }
                previous = Character(scalar)
            }
            markdown += "| \(cell) |\n"
            var escaped = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": escaped += "&amp;"
                case "<": escaped += "&lt;"
                case ">": escaped += "&gt;"
                case "\"": escaped += "&quot;"
                case "'": escaped += "&#39;"
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            html += "<tr><td>\(escaped)</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        #expect(String(decoding: output(.markdown, fields), as: UTF8.self) == markdown)
        #expect(String(decoding: output(.html, fields), as: UTF8.self) == html)
    }

    @Test("UTF-8 is judged as Swift's decoder judges it")
    func utf8Validation() {
        for field in Self.fields(count: 5000, seed: 13) {
            let valid = field.withUnsafeBytes { TableFormatText.isValidUTF8($0) }
            #expect(valid == (String(validating: field, as: UTF8.self) != nil), "\(field)")
        }
    }

    @Test("Numbers written as they stand read back as the Doubles of their text; others as before")
    func numbers() throws {
        var random = SplitMix64(seed: 5)
        var texts = ["0", "-0", "7", "-12", "512.85", "1.50", "1e5", "2.5E-3", "123456789012345678", "1234567890123456789",
                     "007", "+5", "1.", ".5", "1e400", "0.1234567890123456789", "1,234", "12abc", "-", "1e+99"]
        for _ in 0..<500 {
            let integer = String(Int(random.next() % 2_000_000) - 1_000_000)
            texts.append(random.next() % 2 == 0 ? integer : integer + "." + String(random.next() % 1000))
        }
        let fields = texts.map { Array($0.utf8) }
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(output(.json, fields, kind: .decimal))) as? [[String: Any]])
        for (object, text) in zip(objects, texts) {
            let value = object["v"]
            switch text {
            case "1,234": #expect((value as? NSNumber)?.intValue == 1234)            // thousands separator, typed path
            case "007", "+5": #expect((value as? NSNumber)?.doubleValue == Double(text.dropFirst()))
            case "1.", ".5": #expect((value as? NSNumber)?.doubleValue == Double(text))
            case "1234567890123456789": #expect((value as? NSNumber)?.int64Value == 1_234_567_890_123_456_789)  // an Int, exact
            case "1e400", "0.1234567890123456789", "12abc", "-":
                #expect(value as? String == text, "\(text): \(String(describing: value))")  // never rounded, never inf
            default:
                #expect((value as? NSNumber)?.doubleValue == Double(text), "\(text): \(String(describing: value))")
            }
        }
    }
}
