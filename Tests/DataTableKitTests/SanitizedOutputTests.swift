import Glibc
import Testing
import TerminalSurface
import TestSupport
import DataTableCSV
@testable import DataTableKit

/// Every way text leaves for a terminal or stdout goes through `TerminalText.sanitized`: for
/// random values full of the characters a terminal (or whatever shows the text next) would act
/// on, no output path writes one raw: the screen, print mode's fast path on one thread and on
/// several, its cell pipeline, its coloured lines, and the messages that quote text (issue 19:
/// U+2028 and U+2029 reached `--print` raw).
@Suite struct SanitizedOutputTests {
    /// The scalars no output may hold raw, listed here from the README's Safety section (not
    /// read from the sanitizer): C0, DEL, C1, the bidi controls, the line and paragraph
    /// separators.
    static let unsafe: Set<UInt32> = Set(Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F)
        + [0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069) + [0x2028, 0x2029])

    /// Every unsafe scalar as a piece of a value.
    static let unsafePieces: [String] = unsafe.sorted().map { String(Unicode.Scalar($0)!) }
    /// Their neighbours: CJK, emoji, marks, ASCII, the scalars next to the unsafe ranges.
    static let safePieces = ["a", "plain text", "東京", "👍", "e\u{301}", "\u{2027}", "\u{202F}", "\u{2065}", "\u{206A}",
                             " ", "12.5", "more words here", "\u{A0}"]

    /// A random value of 0 to 8 pieces, one in four unsafe (the input still reads as text, not
    /// as a binary file).
    static func value(_ random: inout SplitMix64) -> String {
        (0..<Int(random.next() % 9)).map { _ in
            let pieces = random.next() % 4 == 0 ? unsafePieces : safePieces
            return pieces[Int(random.next() % UInt64(pieces.count))]
        }.joined()
    }

    /// The raw unsafe scalars in `text` (SGR escapes of coloured lines taken out first).
    static func rawUnsafe(in text: String, allowingSGR: Bool = false) -> [String] {
        var text = text
        if allowingSGR { text = text.replacing(/\x{1B}\[[0-9;]*m/, with: "") }
        return text.unicodeScalars.filter { unsafe.contains($0.value) }.map { String(format: "U+%04X", $0.value) }
    }

    /// A CSV file of `rows` random rows (and random titles), indexed.
    static func randomFile(rows: Int, seed: UInt64) throws -> CSVFileDataSource {
        var random = SplitMix64(seed: seed)
        var text = CSVField.record((0..<4).map { "t\($0)" + value(&random) }) + "\n"
        for _ in 0..<rows { text += CSVField.record((0..<4).map { _ in value(&random) }) + "\n" }
        return try PrintFastPathTests.csvFile(Array(text.utf8))
    }

    @Test(arguments: [1, 2, 3, 4])
    func printedLinesHoldNoRawControl(seed: UInt64) throws {
        let source = try Self.randomFile(rows: 600, seed: seed)
        for width in [12, 200] {
            // Fast path on one thread, on two (small batches), the cell pipeline, colours.
            var one = TablePrinter(width: width)
            one.textRowThreads = 1
            var two = TablePrinter(width: width)
            two.textRowThreads = 2
            two.textBatchRows = 64
            var pipeline = TablePrinter(width: width)
            pipeline.usesTextRowFastPath = false
            for printer in [one, two, pipeline, TablePrinter(width: width, colorCount: 256)] {
                var bytes: [UInt8] = []
                printer.print(DataTableView(dataSource: source), writeBytes: { bytes += $0 })
                let found = Self.rawUnsafe(in: String(decoding: bytes, as: UTF8.self), allowingSGR: printer.colorCount != nil)
                // Line feeds end the lines; none other is raw.
                let lineEnds = bytes.filter { $0 == 0x0A }.count
                #expect(found.filter { $0 != "U+000A" }.isEmpty, "width \(width): \(Set(found))")
                #expect(lineEnds == source.rowCount + 1)
            }
        }
    }

    @Test(arguments: [5, 6])
    func theScreenHoldsNoRawControl(seed: UInt64) throws {
        let source = try Self.randomFile(rows: 50, seed: seed)
        let (app, backend) = TableFixtures.application(source, size: Size(width: 120, height: 30))
        var random = SplitMix64(seed: seed)
        for _ in 0..<3 {
            // A search whose query holds them too (the status line quotes it).
            app.view.startSearch(try RowMatcher(query: Self.value(&random) + "zz", mode: .substring), forward: true)
            app.view.waitForJob()
            app.drawFrame()
            let screen = backend.presented!
            let text = (0..<screen.size.height).map { y in (0..<screen.size.width).map { String(screen[$0, y].grapheme) }.joined() }
            #expect(Self.rawUnsafe(in: text.joined()).isEmpty, "\(Set(Self.rawUnsafe(in: text.joined())))")
            app.press(.pageDown)
        }
    }

    @Test func messagesThatQuoteTextHoldNoRawControl() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let text = Self.value(&random)
            for made in [TerminalText.sanitized(text), TerminalText.quoted(text), TerminalText.excerpt(text, maxWidth: 5)] {
                #expect(Self.rawUnsafe(in: made).isEmpty, "\(text.debugDescription) -> \(made.debugDescription)")
            }
            // The measure of simple text (print's fast path) never takes one for simple.
            let simple = text.utf8.withContiguousStorageIfAvailable {
                TerminalText.simpleTextMeasure(UnsafeRawBufferPointer($0), room: 100)
            } ?? nil
            #expect(simple == nil || Self.rawUnsafe(in: text).isEmpty, "\(text.debugDescription)")
        }
    }
}
