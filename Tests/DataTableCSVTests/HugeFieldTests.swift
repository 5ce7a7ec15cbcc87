import Glibc
import Testing
import DataTableKit
@testable import DataTableCSV

@Suite struct HugeFieldTests {
    let limit = CSVFileDataSource.displayFieldLimit

    /// A file of a header and one row whose second field is `field` written as `raw`.
    func source(raw: String) throws -> CSVFileDataSource {
        let source = try CSVFileDataSource(path: temporaryFile(Array("a,b,c\n1,\(raw),3\n".utf8)))
        source.indexAll()
        return source
    }

    @Test func aFieldOverTheLimitIsShownCutAndReadWholeElsewhere() throws {
        let field = String(repeating: "x", count: 200_000)
        let source = try source(raw: field)
        let shown = source.value(row: 0, column: 1).stringRepresentation
        #expect(shown == String(repeating: "x", count: limit) + "… [64 KiB of 195.3 KiB shown]")
        #expect(source.isValueCut(row: 0, column: 1))
        // The fields around it are whole and in their places.
        #expect(source.value(row: 0, column: 0) == .int(1))
        #expect(source.value(row: 0, column: 2) == .int(3))
        #expect(!source.isValueCut(row: 0, column: 2))
        // Sort keys, filters, commands and the writer read it whole.
        #expect(source.text(row: 0, column: 1) == field)
        #expect(source.fields(row: 0) == ["1", field, "3"])
    }

    @Test func aFieldAtTheLimitIsWhole() throws {
        let field = String(repeating: "y", count: limit)
        let source = try source(raw: field)
        #expect(source.value(row: 0, column: 1) == .string(field))
        #expect(!source.isValueCut(row: 0, column: 1))
    }

    @Test func aCutNeverSplitsACharacter() throws {
        // "é" is 2 bytes and "€" 3: after one "a" the limit falls inside a character.
        for (piece, lead) in [("é", "a"), ("€", "a"), ("€", "ab"), ("😀", "a")] {
            let field = lead + String(repeating: piece, count: 2 * limit / piece.utf8.count)
            let source = try source(raw: field)
            let shown = source.value(row: 0, column: 1).stringRepresentation
            let text = shown.prefix { $0 != "…" }
            #expect(text.utf8.count <= limit && text.utf8.count > limit - 4)
            #expect(text.dropFirst(lead.count).allSatisfy { String($0) == piece }, "\(piece) after \(lead)")
            #expect(shown.hasSuffix(" shown]"))
        }
    }

    @Test func aQuotedFieldWithDoubledQuotesIsCutUnescaped() throws {
        let content = String(repeating: "say \"hi\", ", count: 20_000)  // 200,000 bytes
        let raw = "\"" + content.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
        let source = try source(raw: raw)
        let shown = source.value(row: 0, column: 1).stringRepresentation
        #expect(shown.hasPrefix(String(content.utf8.prefix(limit))!))
        #expect(shown.hasSuffix("… [64 KiB of \(ByteSize.formatted(raw.utf8.count)) shown]"))
        #expect(source.value(row: 0, column: 2) == .int(3))
        #expect(source.text(row: 0, column: 1) == content)
    }

    @Test func anUnterminatedQuotedFieldIsCutToo() throws {
        let source = try CSVFileDataSource(path: temporaryFile(Array(("a,b\n1,\"" + String(repeating: "z", count: 100_000)).utf8)))
        source.indexAll()
        let shown = source.value(row: 0, column: 1).stringRepresentation
        #expect(shown.hasPrefix(String(repeating: "z", count: limit) + "… ["))
    }

    @Test func aHugeTitleIsCut() throws {
        let title = String(repeating: "t", count: 100_000)
        let source = try CSVFileDataSource(path: temporaryFile(Array("id,\(title)\n1,2\n".utf8)))
        #expect(source.title(ofColumn: 1).hasPrefix(String(repeating: "t", count: limit) + "… ["))
        #expect(source.value(row: 0, column: 1) == .int(2))
    }
}
