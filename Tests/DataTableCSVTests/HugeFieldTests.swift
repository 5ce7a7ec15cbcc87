import Glibc
import Testing
import TerminalSurface
import TestSupport
@testable import DataTableApp
@testable import DataTableKit
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

    /// A table app over a row with a 200,000-byte field and a 70,000-byte one (cut, but small
    /// enough for the clipboard), and a delegate that lets the edit form edit.
    final class Editor: TableApplicationDelegate {
        var edits: [String] = []
        func dataTableCanEdit(_ view: DataTableView) -> Bool { true }
        func dataTable(_ view: DataTableView, didEditRow sourceRow: Int, column: Int, text: String) -> String? {
            edits.append(text)
            return nil
        }
    }

    @Test func copiesTakeTheWholeFieldOrNothing() throws {
        let big = String(repeating: "x", count: 200_000), medium = String(repeating: "m", count: 70_000)
        let source = try CSVFileDataSource(path: temporaryFile(Array("a,b\n\(big),\(medium)\n".utf8)))
        source.indexAll()
        let (app, backend) = TableFixtures.application(source, size: Size(width: 60, height: 8), colorCount: 0)
        app.drawFrame()
        app.press(.character("y"))
        #expect(backend.clipboard.isEmpty)
        #expect(app.view.notice == "too large to copy (200,000 bytes; terminals take 74,000)")
        app.press(.right, .character("y"))
        #expect(backend.clipboard == [medium])
        // The record view's copy refuses the record with the huge field rather than cut it.
        app.press(.enter, .character("y"))
        #expect(backend.clipboard == [medium])
        #expect(app.view.notice == "too large to copy (200,000 bytes; terminals take 74,000)")
    }

    @Test func theEditFormDoesNotEditACutField() throws {
        let big = String(repeating: "x", count: 200_000)
        let source = try CSVFileDataSource(path: temporaryFile(Array("a,b\n\(big),1\n".utf8)))
        source.indexAll()
        let (app, _) = TableFixtures.application(source, size: Size(width: 60, height: 8), colorCount: 0)
        let editor = Editor()
        app.delegate = editor
        app.openEditForm(sourceRow: 0)
        app.press(.enter)
        #expect((app.screens.top as? EditFormScreen)?.form.editor == nil)
        #expect(app.view.notice == "this field is too long to edit here (200,000 bytes)")
        app.press(.character("z"), .enter)
        #expect(editor.edits.isEmpty)
        // The small field beside it edits as usual.
        app.press(.down, .enter, .control("u"))
        app.type("2")
        app.press(.enter)
        #expect(editor.edits == ["2"])
    }

    @Test func theRecordViewSaysWhereAHugeFieldWasCut() throws {
        let big = String(repeating: "word ", count: 40_000)
        let source = try CSVFileDataSource(path: temporaryFile(Array("a,b\n\(big),1\n".utf8)))
        source.indexAll()
        let (app, _) = TableFixtures.application(source, size: Size(width: 60, height: 8), colorCount: 0)
        app.openRecordView()
        let screen = try #require(app.screens.top as? RecordScreen)
        let lines = screen.recordView(of: app.view).lines(width: 60)
        #expect(lines.count == 200 + 1 + 1)  // 200 wrapped lines (the most shown), the note, field b
        #expect(lines[200].right == "… [64 KiB of 195.3 KiB shown]")
        #expect(lines.last?.left == "b")
    }
}
