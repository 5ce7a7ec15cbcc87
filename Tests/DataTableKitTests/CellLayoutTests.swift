import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

@Suite struct CellLayoutTests {
    typealias R = CellRendering

    @Test func textIsDrawnAlignedInItsWidth() {
        #expect(R.line(.text("abc"), width: 6) == "|abc   |")
        #expect(R.line(.text("abc", width: .fixed(6), alignment: .right), width: 8) == "|   abc  |")
        #expect(R.line(.text("abc", width: .fixed(5), alignment: .center), width: 5) == "| abc |")
        #expect(R.line(.text("abcdef"), width: 4) == "|abc…|")
        #expect(R.line(.text("abcdef", truncation: .head, ellipsis: ""), width: 4) == "|cdef|")
        #expect(R.line(.glyph("abcdef"), width: 4) == "|    |")
    }

    @Test func hstackGivesLeftoverToFlexibleParts() {
        let layout: CellLayout = .hstack(spacing: 1, [.text("ab"), .text("x", width: .flexible), .text("cd")])
        #expect(layout.preferredWidth == 7)
        #expect(CellLayout.distribute([.text("ab"), .text("x", width: .flexible), .text("cd")], spacing: 1, width: 12) == [2, 6, 2])
        #expect(R.line(layout, width: 12) == "|ab x      cd|")
        // Two growing parts share evenly, the first one getting the odd column.
        let two: [CellLayout] = [.spacer(), .text("m"), .spacer()]
        #expect(CellLayout.distribute(two, spacing: 0, width: 6) == [3, 1, 2])
        #expect(R.line(.hstack(two), width: 6) == "|   m  |")
    }

    @Test func hstackAlignmentPlacesPartsThatLeaveRoom() {
        #expect(R.line(.hstack(spacing: 1, alignment: .right, [.text("a"), .text("b")]), width: 6) == "|   a b|")
        #expect(R.line(.hstack(spacing: 1, alignment: .center, [.text("a"), .text("b")]), width: 7) == "|  a b  |")
    }

    @Test func fixedAndMinimumWidths() {
        let parts: [CellLayout] = [.text("abcdef", width: .minimum(3)), .text("xy", width: .fixed(4))]
        #expect(CellLayout.distribute(parts, spacing: 1, width: 20) == [6, 4])
        #expect(CellLayout.distribute(parts, spacing: 1, width: 10) == [5, 4])
        #expect(CellLayout.distribute(parts, spacing: 1, width: 8) == [3, 4])
        #expect(R.line(.hstack(spacing: 1, parts), width: 10) == "|abcd… xy  |")
        // Below the minimums the lowest priority (the last of equals) is dropped.
        #expect(CellLayout.distribute(parts, spacing: 1, width: 7) == [6, nil])
        #expect(R.line(.hstack(spacing: 1, parts), width: 7) == "|abcdef |")
        #expect(R.line(.text("ab", width: .minimum(4)), width: 6) == "|ab    |")
        #expect(CellLayout.text("ab", width: .minimum(4)).preferredWidth == 4)
    }

    @Test func narrowStacksDropLowPriorityPartsThenTruncateTheLastOne() {
        let layout: CellLayout = .hstack(spacing: 1, [
            .glyph("●").priority(-1), .text("Ada Lovelace", width: .flexible(minimum: 4)), .text("42").priority(-1),
        ])
        #expect(R.line(layout, width: 17) == "|● Ada Lovelace 42|")
        #expect(R.line(layout, width: 12) == "|● Ada Lo… 42|")
        // 1 + 1 + 4 + 1 + 2 = 9 columns at least; below that the trailing "42" goes, then the dot.
        #expect(R.line(layout, width: 9) == "|● Ada… 42|")
        #expect(R.line(layout, width: 8) == "|● Ada L…|")
        #expect(R.line(layout, width: 5) == "|Ada …|")
        #expect(R.line(layout, width: 2) == "|A…|")
        #expect(R.line(layout, width: 0) == "||")
    }

    @Test func absentPartsTakeNoSpacing() {
        let layout: CellLayout = .hstack(spacing: 2, [.text("a"), .text(""), .empty, .text("b")])
        #expect(layout.preferredWidth == 4)
        #expect(R.line(layout, width: 5) == "|a  b |")
        #expect(CellLayout.hstack([.text(""), .empty]).height(forWidth: 10) == 0)
    }

    @Test func paddingInsetsTheContentAndNeverGoesNegative() {
        let chip: CellLayout = .text("AB", style: Style(background: .red)).padding(horizontal: 1).background()
        #expect(chip.preferredWidth == 4)
        let surface = R.surface(width: 6) { chip.draw(in: $0) }
        #expect(R.rows(surface) == ["| AB   |"])
        #expect((0..<6).map { surface[$0, 0].style.background } == [.red, .red, .red, .red, .default, .default])
        // Narrower than the padding: nothing drawn, no crash.
        #expect(R.line(chip, width: 2) == "|  |")
        #expect(R.line(chip, width: 3) == "| … |")
        let padded: CellLayout = .text("x").padding(top: 1, left: 2, bottom: 1)
        #expect(padded.height(forWidth: 5) == 3)
        #expect(R.rows(R.surface(width: 4, height: 3) { padded.draw(in: $0) }) == ["|    |", "|  x |", "|    |"])
    }

    @Test func measuredHeights() {
        let two: CellLayout = .vstack([.text("title"), .text("detail")])
        #expect(two.height(forWidth: 10) == 2)
        #expect(CellLayout.vstack(spacing: 1, [.text("a"), .text(""), .text("b")]).height(forWidth: 3) == 3)
        #expect(CellLayout.text("a").minimumHeight(3).height(forWidth: 3) == 3)
        #expect(CellLayout.hstack([.text("a"), two]).height(forWidth: 10) == 2)
        #expect(CellLayout.empty.height(forWidth: 10) == 0)
        // A part the hstack drops does not count.
        let dropped: CellLayout = .hstack(spacing: 1, [.text("abc"), two.priority(-1)])
        #expect(dropped.height(forWidth: 4) == 1)
        #expect(dropped.height(forWidth: 20) == 2)
    }

    @Test func vstackDropsLowPriorityLinesWhenShort() {
        let layout: CellLayout = .vstack([.text("one"), .text("two"), .text("three")])
        #expect(R.rows(R.surface(width: 5, height: 3) { layout.draw(in: $0) }) == ["|one  |", "|two  |", "|three|"])
        #expect(R.rows(R.surface(width: 5, height: 2) { layout.draw(in: $0) }) == ["|one  |", "|two  |"])
        let keepLast: CellLayout = .vstack([.text("one").priority(-1), .text("two"), .text("three")])
        #expect(R.rows(R.surface(width: 5, height: 2) { keepLast.draw(in: $0) }) == ["|two  |", "|three|"])
    }

    @Test func firstFittingPicksTheFirstAlternativeThatFits() {
        let layout: CellLayout = .firstFitting([.glyph("[ long ]"), .glyph("[long]"), .glyph("[l]")])
        #expect(R.line(layout, width: 9) == "|[ long ] |")
        #expect(R.line(layout, width: 7) == "|[long] |")
        #expect(R.line(layout, width: 3) == "|[l]|")
        #expect(R.line(layout, width: 2) == "|  |")
        #expect(layout.preferredWidth == 8)
        #expect(layout.minimumWidth == 3)
    }

    @Test func stylesAreLaidOverTheInheritedStyle() {
        let row = Style(background: .palette(236))
        let layout: CellLayout = .hstack(spacing: 1, [.text("a", style: Style(foreground: .red)), .text("b", style: Style(attributes: .bold))])
        let surface = Surface(size: Size(width: 4, height: 1), style: row)
        layout.draw(in: surface.region, style: row)
        #expect(surface[0, 0].style == Style(foreground: .red, background: .palette(236)))
        #expect(surface[2, 0].style == Style(background: .palette(236), attributes: .bold))
        #expect(surface[3, 0].style == row)
    }

    @Test func tagsHitTestTheirPartsOnly() {
        let layout: CellLayout = .hstack(spacing: 1, [.glyph("[a]").tag("a"), .glyph("[bb]").tag("b")]).padding(left: 1)
        let size = Size(width: 10, height: 1)
        #expect(layout.tag(at: Point(x: 0, y: 0), size: size) == nil)
        #expect(layout.tag(at: Point(x: 1, y: 0), size: size) == "a")
        #expect(layout.tag(at: Point(x: 4, y: 0), size: size) == nil)
        #expect(layout.tag(at: Point(x: 8, y: 0), size: size) == "b")
        #expect(layout.tag(at: Point(x: 9, y: 0), size: size) == nil)
        #expect(layout.taggedRects(size: size).map(\.rect) == [Rect(x: 1, y: 0, width: 3, height: 1), Rect(x: 5, y: 0, width: 4, height: 1)])
    }

    @Test func customPartsDrawIntoTheirOwnRegion() {
        let layout: CellLayout = .hstack(spacing: 1, [
            .text("x"), .custom(width: .flexible) { region, style in region.put(String(repeating: "=", count: 50), at: .zero, style: style) },
            .text("y"),
        ])
        #expect(R.line(layout, width: 8) == "|x ==== y|")
    }

    @Test func partsWithAWidthTakeOnlyThatWidthOutsideAnHstack() {
        let stack: CellLayout = .hstack([.text("ab")]).width(.fixed(4)).background(Style(background: .blue))
        let surface = R.surface(width: 8) { stack.draw(in: $0) }
        #expect((0..<8).map { surface[$0, 0].style.background } == Array(repeating: .blue, count: 4) + Array(repeating: .default, count: 4))
        // A stack of fitting width takes the whole room.
        let fitting: CellLayout = .hstack([.text("ab")]).background(Style(background: .blue))
        let wide = R.surface(width: 8) { fitting.draw(in: $0) }
        #expect((0..<8).allSatisfy { wide[$0, 0].style.background == .blue })
    }

    @Test func hugeTextIsMeasuredOnlyAsFarAsACellCanShow() {
        let huge = String(repeating: "x", count: 2_000_000)
        #expect(CellLayout.text(huge).preferredWidth == CellLayout.widestMeasuredText)
        #expect(CellLayout.measuredWidth(of: "日本") == 4)
        let layout: CellLayout = .hstack(spacing: 1, [.text(huge, width: .flexible), .glyph(huge).priority(-1), .text("end")])
        #expect(R.line(layout, width: 10) == "|xxxxx… end|")
    }
}
