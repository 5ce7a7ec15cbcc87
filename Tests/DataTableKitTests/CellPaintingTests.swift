import Testing
import TestSupport
import TerminalSurface
@testable import DataTableKit

/// Text cells paint their region in one pass (around their text) instead of a fill and a draw
/// over it: the cells on screen must be exactly those of the old way, whatever was there before.
@Suite struct CellPaintingTests {
    static let samples = ["", "a", "plain ascii text that is long", "Zoë 🚀 Saldaña", "山田 太郎", "李小龙李小龙李小龙",
                          "e\u{301}e\u{301}", "👨‍👩‍👧‍👦 family", "-12.50", "tab\there", "\u{1B}[31mred", "x\u{200B}y",
                          "🇫🇷🇩🇪", String(repeating: "ab", count: 40)]

    /// A surface holding leftovers of another frame: wide graphemes across the cell's edges.
    func dirtySurface(width: Int) -> Surface {
        let surface = Surface(size: Size(width: width, height: 3))
        for y in 0..<3 {
            surface.put(String(repeating: "漢x", count: width), at: Point(x: y % 2, y: y), style: Style(foreground: .red))
        }
        return surface
    }

    @Test func paintingAroundTheTextEqualsFillingThenDrawing() {
        var rng = SplitMix64(seed: 5)
        let alignments: [TextAlignment] = [.left, .right, .center, .natural]
        let truncations: [TruncationMode] = [.tail, .head, .middle]
        for text in Self.samples {
            for _ in 0..<12 {
                let surfaceWidth = 24
                let x = Int.random(in: 0...8, using: &rng), width = Int.random(in: 0...16, using: &rng)
                let height = Int.random(in: 1...3, using: &rng)
                var label = Label(text: text, alignment: alignments.randomElement(using: &rng)!, style: Style(attributes: .bold))
                label.truncation = truncations.randomElement(using: &rng)!
                label.isNumeric = Bool.random(using: &rng)
                let background = Style(background: .palette(UInt8.random(in: 0...15, using: &rng)))
                label.style = background.patched(with: label.style)
                let rect = Rect(x: x, y: 0, width: width, height: height)

                let old = dirtySurface(width: surfaceWidth)
                old.region(rect).fill(background)
                label.draw(in: old.region(rect))

                let new = dirtySurface(width: surfaceWidth)
                #expect(label.drawsOneLineOfPlainText)
                label.drawFilling(background, in: new.region(rect))
                #expect(new.cells == old.cells, "\(text.debugDescription) at \(rect), \(label.alignment), \(label.truncation)")
            }
        }
    }

    @Test func aTextCellPaintsItsWholeRegionOnlyForOneLineOfPlainText() {
        let cell = TextCell()
        #expect(cell.paintsWholeRegion)
        cell.label.numberOfLines = 0
        #expect(!cell.paintsWholeRegion)
        cell.prepareForReuse()
        cell.border = .left
        #expect(!cell.paintsWholeRegion)
        cell.prepareForReuse()
        cell.label.attributedText = StyledText("styled")
        #expect(!cell.paintsWholeRegion)
        #expect(!DataTableCell().paintsWholeRegion)
    }

    @Test func rowGapsAreWhatNoColumnCovers() {
        func column(_ x: Int, _ width: Int) -> Viewport.VisibleColumn { Viewport.VisibleColumn(column: 0, x: x, width: width) }
        #expect(DataTableView.gaps(between: [], width: 10) == [0..<10])
        #expect(DataTableView.gaps(between: [column(0, 3), column(4, 2)], width: 10) == [3..<4, 6..<10])
        #expect(DataTableView.gaps(between: [column(4, 2), column(0, 3)], width: 10) == [3..<4, 6..<10])
        #expect(DataTableView.gaps(between: [column(1, 20)], width: 10) == [0..<1])
        #expect(DataTableView.gaps(between: [column(0, 10)], width: 10) == [])
    }
}
