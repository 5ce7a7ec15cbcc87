import Testing
import TestSupport
@testable import TerminalSurface

/// `Surface.put` writes the same cells whichever path it takes (printable ASCII by bytes, text
/// of standalone scalars scalar by scalar, the rest by grapheme clusters), and
/// `TerminalText.widthIfFits` answers as measuring by Characters does: both against readers
/// written here, Character by Character, from the rules in their documentation.
@Suite struct SurfaceWritePathTests {
    /// Pieces of text: ASCII, standalone non-ASCII scalars (Latin, CJK, Hangul, emoji), and
    /// clusters of several scalars (combining marks, modifiers, flags, ZWJ sequences, jamo),
    /// zero-width and control characters.
    static let pieces = ["a", "Kierkegaard", " ", "#42", "Zoë", "東京", "👍", "한", "Ω", "€", "e\u{301}", "👍🏽", "🇫🇷",
                         "👨‍👩‍👧", "❤️", "\u{1100}\u{1161}", "\u{200B}", "\t", "\u{1B}[31m", "\r\n", "\u{202E}", "ä"]

    /// The cells `put(text, at:style:clip:)` writes, Character by Character over the sanitized
    /// text (the general path as documented): a wide grapheme cut by the clip becomes blanks, a
    /// zero-width one draws nothing, a wide grapheme cut in half by a write becomes a blank.
    static func expected(_ cells: [SurfaceCell], width: Int, text: String, at point: Point, style: Style, clip: Rect) -> [SurfaceCell] {
        var cells = cells
        guard point.y >= clip.y, point.y < clip.maxY else { return cells }
        let row = point.y * width
        func set(_ character: Character, _ w: UInt8, at x: Int) {
            let old = cells[row + x].width
            if old == 0 && w != 0 && x > 0 { cells[row + x - 1] = .blank(cells[row + x - 1].style) }
            if old == 2 && w != 2 && x + 1 < width { cells[row + x + 1] = .blank(cells[row + x + 1].style) }
            cells[row + x] = SurfaceCell(grapheme: character, width: w, style: style)
        }
        var x = point.x
        for character in TerminalText.sanitized(text) {
            if x >= clip.maxX { break }
            switch character.displayWidth {
            case 0: continue
            case 2:
                if x >= clip.x && x + 1 < clip.maxX {
                    set(character, 2, at: x)
                    set(" ", 0, at: x + 1)
                } else {
                    if x >= clip.x && x < clip.maxX { set(" ", 1, at: x) }
                    if x + 1 >= clip.x && x + 1 < clip.maxX { set(" ", 1, at: x + 1) }
                }
                x += 2
            default:
                if x >= clip.x { set(character, 1, at: x) }
                x += 1
            }
        }
        return cells
    }

    @Test("Random text at random places and clips, over cells holding wide graphemes: the cells of the general path")
    func everyPathWritesTheCellsOfTheGeneralPath() {
        var random = SplitMix64(seed: 155)
        let size = Size(width: 24, height: 3)
        let under = Style(foreground: .palette(2)), style = Style(attributes: .bold)
        var pathsSeen = (ascii: 0, other: 0)
        for _ in 0..<3000 {
            let surface = Surface(size: size)
            // Whatever is already there: wide graphemes and their continuations included.
            surface.put("東京 ab 👍 한국 xyz 日本語", at: Point(x: Int(random.next() % 4), y: 1), style: under)
            var text = ""
            for _ in 0..<Int(random.next() % 9) { text += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { pathsSeen.ascii += 1 } else { pathsSeen.other += 1 }
            let point = Point(x: Int(random.next() % 28) - 3, y: Int(random.next() % 3))
            let clip = Rect(x: Int(random.next() % 8), y: 0, width: Int(random.next() % 20), height: 3).intersection(surface.bounds)
            let want = Self.expected(surface.cells, width: size.width, text: text, at: point, style: style, clip: clip)
            let end = surface.put(text, at: point, style: style, clip: clip)
            let same = surface.cells == want
            #expect(same, "\(text.debugDescription) at \(point) in \(clip)")
            // Where the text ends: its full width unclipped; past the clip's edge when cut.
            let full = point.x + TerminalText.sanitized(text).displayWidth
            #expect(min(end, max(clip.maxX, point.x)) == min(full, max(clip.maxX, point.x)), "\(text.debugDescription)")
        }
        #expect(pathsSeen.ascii > 100 && pathsSeen.other > 1000)
    }

    @Test("widthIfFits: the width when the whole text fits, measured by Characters")
    func widthIfFitsMeasuresAsCharactersDo() {
        var random = SplitMix64(seed: 23)
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int(random.next() % 7) { text += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            let width = Int(random.next() % 30)
            let total = text.reduce(0) { $0 + $1.displayWidth }
            #expect(TerminalText.widthIfFits(text[...], in: width) == (total <= width ? total : nil), "\(text.debugDescription) in \(width)")
        }
    }
}
