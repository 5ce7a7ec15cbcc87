import Testing
@testable import TerminalSurface

@Suite struct SurfaceTests {
    @Test func asciiIsWrittenCellByCell() {
        let surface = Surface(size: Size(width: 6, height: 1))
        let end = surface.put("abc", at: Point(x: 1, y: 0), style: .plain)
        #expect(end == 4)
        #expect(surface.line(0) == " abc")
        #expect(surface[1, 0].grapheme == "a")
        #expect(surface[1, 0].width == 1)
    }

    @Test func wideGraphemeTakesACellAndAContinuation() {
        let surface = Surface(size: Size(width: 5, height: 1))
        let end = surface.put("日x", at: .zero, style: .plain)
        #expect(end == 3)
        #expect(surface[0, 0].width == 2)
        #expect(surface[1, 0].isContinuation)
        #expect(surface[2, 0].grapheme == "x")
        #expect(surface.line(0) == "日x")
    }

    @Test func wideGraphemeAtTheClipEdgeBecomesABlank() {
        let surface = Surface(size: Size(width: 4, height: 1))
        surface.put("ab日", at: .zero, style: .plain, clip: Rect(x: 0, y: 0, width: 3, height: 1))
        #expect(surface.line(0) == "ab")
        #expect(surface[2, 0].grapheme == " ")
        #expect(surface[2, 0].width == 1)
        #expect(surface[3, 0].grapheme == " ")
    }

    @Test func overwritingHalfAWideGraphemeBlanksTheOtherHalf() {
        let surface = Surface(size: Size(width: 4, height: 1))
        surface.put("日本", at: .zero, style: .plain)
        surface.put("x", at: Point(x: 1, y: 0), style: .plain)   // right half of 日
        #expect(surface[0, 0].grapheme == " " && surface[0, 0].width == 1)
        #expect(surface[1, 0].grapheme == "x")
        surface.put("y", at: Point(x: 2, y: 0), style: .plain)   // left half of 本
        #expect(surface[3, 0].grapheme == " " && surface[3, 0].width == 1)
        #expect(surface.line(0) == " xy")
    }

    @Test func writesAreClippedToTheRegion() {
        let surface = Surface(size: Size(width: 10, height: 3))
        let region = surface.region(Rect(x: 2, y: 1, width: 4, height: 1))
        region.put("abcdefgh", at: Point(x: -1, y: 0), style: .plain)
        region.put("zzz", at: Point(x: 0, y: 1), style: .plain)  // below the region: dropped
        #expect(surface.lines == ["", "  bcde", ""])
    }

    @Test func subregionsClipToTheirParent() {
        let surface = Surface(size: Size(width: 10, height: 2))
        let outer = surface.region(Rect(x: 1, y: 0, width: 5, height: 1))
        let inner = outer.region(Rect(x: 3, y: 0, width: 10, height: 5))
        #expect(inner.rect == Rect(x: 4, y: 0, width: 2, height: 1))
        inner.fill(Style(attributes: .reverse))
        #expect(surface[3, 0].style == .plain)
        #expect(surface[4, 0].style.attributes == .reverse)
        #expect(surface[6, 0].style == .plain)
    }

    @Test func controlCharactersNeverReachTheSurface() {
        let surface = Surface(size: Size(width: 20, height: 1))
        surface.put("a\u{1B}[31mb\u{7}", at: .zero, style: .plain)
        #expect(surface.line(0) == "a␛[31mb␇")
        for x in 0..<20 {
            let scalars = surface[x, 0].grapheme.unicodeScalars
            #expect(!scalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) })
        }
    }

    @Test func fillSetsStyleAndBlanks() {
        let surface = Surface(size: Size(width: 3, height: 2))
        surface.put("abc", at: .zero, style: .plain)
        let red = Style(foreground: .red)
        surface.fill(Rect(x: 1, y: 0, width: 5, height: 5), style: red)
        #expect(surface.lines == ["a", ""])
        #expect(surface[2, 1].style == red)
        #expect(surface[0, 1].style == .plain)
    }

    @Test func fillThroughTheMiddleOfAWideGraphemeLeavesNoHalf() {
        let surface = Surface(size: Size(width: 4, height: 1))
        surface.put("日本", at: .zero, style: .plain)
        surface.fill(Rect(x: 1, y: 0, width: 2, height: 1), style: .plain)
        #expect(surface[0, 0].width == 1)
        #expect(surface[3, 0].width == 1)
        #expect(surface.line(0) == "")
    }

    @Test func emptyAndTinySurfacesAreSafe() {
        let empty = Surface(size: .zero)
        empty.put("hello", at: .zero, style: .plain)
        empty.fill(Rect(x: 0, y: 0, width: 3, height: 3), style: .plain)
        #expect(empty.lines.isEmpty)
        let one = Surface(size: Size(width: 1, height: 1))
        one.put("日本", at: .zero, style: .plain)
        #expect(one.line(0) == "")
    }

    @Test func ansiLinesCarryStylesAndResets() {
        let surface = Surface(size: Size(width: 4, height: 1))
        surface.put("ab", at: .zero, style: Style(foreground: .red, attributes: .bold))
        let lines = surface.ansiLines(colorCount: 256)
        #expect(lines == ["\u{1B}[0;1;31mab\u{1B}[0m"])
        #expect(surface.ansiLines(colorCount: 0) == ["\u{1B}[0;1mab\u{1B}[0m"])
    }

    @Test func colorsDowngradeToSmallerPalettes() {
        #expect(Color.palette(196).downgraded(toPaletteSize: 8) == .red)
        #expect(Color.palette(3).downgraded(toPaletteSize: 8) == .palette(3))
        #expect(Color.rgb(255, 255, 255).downgraded(toPaletteSize: 256) == .palette(231))
        #expect(Color.default.downgraded(toPaletteSize: 8) == .default)
    }

    @Test func memoryBackendCountsChangedCells() {
        let backend = MemoryBackend(size: Size(width: 3, height: 1))
        let surface = Surface(size: backend.size)
        backend.present(surface)
        #expect(backend.cellsChanged == 3)
        surface.put("x", at: .zero, style: .plain)
        backend.present(surface)
        #expect(backend.cellsChanged == 4)
        #expect(backend.presented?.line(0) == "x")
    }
}
