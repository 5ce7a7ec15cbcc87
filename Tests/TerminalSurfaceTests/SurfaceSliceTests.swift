import Testing
@testable import TerminalSurface

/// `put` of a slice writes what `put` of the same text as a `String` writes (the slice is not
/// copied), and fills leave cells that already hold the blank as they are.
@Suite struct SurfaceSliceTests {
    static let texts = ["plain", "Zoë 🚀 Saldaña", "山田 太郎", "e\u{301}x", "\u{1B}[31mred\u{7}", "👨‍👩‍👧‍👦 family", "a\tb\r\nc", ""]

    @Test func aSliceIsWrittenAsItsString() {
        for text in Self.texts {
            for start in 0...min(3, text.count) {
                let slice = text.dropFirst(start).prefix(6)
                for x in [-2, 0, 3, 9] {
                    let a = Surface(size: Size(width: 12, height: 2)), b = Surface(size: Size(width: 12, height: 2))
                    a.put(String(repeating: "漢", count: 6), at: .zero, style: .plain)
                    b.put(String(repeating: "漢", count: 6), at: .zero, style: .plain)
                    let endA = a.put(slice, at: Point(x: x, y: 0), style: Style(foreground: .red), clip: Rect(x: 1, y: 0, width: 9, height: 2))
                    let endB = b.put(String(slice), at: Point(x: x, y: 0), style: Style(foreground: .red), clip: Rect(x: 1, y: 0, width: 9, height: 2))
                    #expect(a.cells == b.cells, "\(slice.debugDescription) at \(x)")
                    #expect(endA == endB)
                }
            }
        }
    }

    @Test func fillingOverBlanksAndWideGraphemes() {
        let surface = Surface(size: Size(width: 8, height: 2))
        surface.put("漢字漢字", at: .zero, style: .plain)
        surface.fill(Rect(x: 3, y: 0, width: 2, height: 2), style: Style(background: .blue))
        // The wide graphemes cut by the fill became blanks; the fill is blue; the rest kept.
        #expect(surface[0, 0].grapheme == "漢" && surface[2, 0].grapheme == " " && surface[2, 0].width == 1)
        #expect(surface[5, 0].grapheme == " " && surface[5, 0].width == 1 && surface[6, 0].grapheme == "字")
        #expect((3..<5).allSatisfy { surface[$0, 0] == .blank(Style(background: .blue)) && surface[$0, 1] == .blank(Style(background: .blue)) })
        // Filling again with the same blank changes nothing; another style changes every cell.
        let before = surface.cells
        surface.fill(Rect(x: 3, y: 0, width: 2, height: 2), style: Style(background: .blue))
        #expect(surface.cells == before)
        surface.fill(Rect(x: 3, y: 0, width: 2, height: 2), style: Style(background: .red))
        #expect((3..<5).allSatisfy { surface[$0, 1] == .blank(Style(background: .red)) })
    }
}
