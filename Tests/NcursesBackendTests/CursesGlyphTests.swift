import Glibc
import Testing
@testable import NcursesBackend

/// How graphemes reach ncurses cells, with glibc's own width table (the one ncurses and most
/// terminals place characters by).
@Suite("Graphemes handed to ncurses")
struct CursesGlyphTests {
    init() { setlocale(LC_CTYPE, "C.UTF-8") }

    private func scalars(_ characters: [wchar_t]) -> [UInt32] { characters.map { UInt32($0) } }

    @Test("A base with combining marks goes whole into one cell")
    func combiningMarks() {
        let glyph = CursesGlyph(grapheme: "e\u{301}", width: 1)
        #expect(scalars(glyph.head) == [0x65, 0x301])
        #expect(glyph.continuation == nil)
    }

    @Test("A CJK character fills both cells itself")
    func wideCharacter() {
        let glyph = CursesGlyph(grapheme: "東", width: 2)
        #expect(scalars(glyph.head) == [0x6771])
        #expect(glyph.continuation == nil)
    }

    @Test("A variation-selector emoji glibc finds narrow keeps a blank in its second cell")
    func narrowToGlibc() {
        let glyph = CursesGlyph(grapheme: "\u{2764}\u{FE0F}", width: 2)
        #expect(scalars(glyph.head) == [0x2764, 0xFE0F])
        #expect(scalars(glyph.continuation ?? []) == [0x20])
    }

    @Test("A flag is split over its two cells: first indicator, then second")
    func flag() {
        let glyph = CursesGlyph(grapheme: "🇯🇵", width: 2)
        #expect(scalars(glyph.head) == [0x1F1EF])
        #expect(scalars(glyph.continuation ?? []) == [0x1F1F5])
    }

    @Test("A ZWJ sequence is one placeholder of its width: no joiner or later emoji is sent",
          arguments: ["👨‍👩‍👧", "👩🏽‍💻", "🏳️‍🌈", "👨‍👩‍👧‍👦"])
    func zwjSequence(_ grapheme: String) {
        let character = Character(grapheme)
        let glyph = CursesGlyph(grapheme: character, width: 2)
        let sent = glyph.head + (glyph.continuation ?? [])
        #expect(!sent.contains(0x200D), "a joiner would glue itself to the next cell's text")
        #expect(sent.count == 1 || (sent.count == 2 && sent[1] == 0x20))
        let first = character.unicodeScalars.first!.value
        #expect(UInt32(glyph.head[0]) == first || UInt32(glyph.head[0]) == 0xFFFD)
        // What is sent is exactly two columns wide to glibc.
        #expect(sent.map { CursesGlyph.glibcWidth(Unicode.Scalar(UInt32($0))!) }.reduce(0, +) == 2)
    }

    @Test("A skin-tone emoji shows its base emoji, not the modifier as a second glyph")
    func skinTone() {
        let glyph = CursesGlyph(grapheme: "👍🏽", width: 2)
        #expect(scalars(glyph.head) == [0x1F44D])
        #expect(glyph.continuation == nil)
    }

    @Test("Marks beyond a cell's five characters are left out; unprintable to glibc: U+FFFD padded to the width")
    func placeholder() {
        let tooMany = Character("a\u{301}\u{302}\u{303}\u{304}\u{305}")
        #expect(scalars(CursesGlyph(grapheme: tooMany, width: 1).head) == [0x61, 0x301, 0x302, 0x303, 0x304])
        let unprintable = CursesGlyph(grapheme: "x", width: 2, columns: { _ in -1 })
        #expect(scalars(unprintable.head) == [0xFFFD])
        #expect(scalars(unprintable.continuation ?? []) == [0x20])
    }

    @Test("A printable ASCII grapheme's head is the character itself, as the whole glyph gives it")
    func printableASCII() {
        for value in UInt8(0x20)...UInt8(0x7E) {
            let grapheme = Character(Unicode.Scalar(value))
            let glyph = CursesGlyph(grapheme: grapheme, width: 1)
            #expect(CursesGlyph.printableASCII(grapheme).map { [$0] } == glyph.head)
            #expect(glyph.continuation == nil)
        }
        for other: Character in ["\r\n", "\u{7F}", "\u{1F}", "é", "e\u{301}", "東", "🇯🇵"] {
            #expect(CursesGlyph.printableASCII(other) == nil)
        }
    }
}
