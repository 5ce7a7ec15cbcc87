import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// Draws `cell` into a fresh surface of `width` × `height` and returns its snapshot text.
private func render(_ cell: TextCell, width: Int, height: Int = 1, styles: Bool = false) -> String {
    let surface = Surface(size: Size(width: width, height: height))
    cell.draw(in: surface.region)
    return Snapshot.text(of: surface, includeStyles: styles)
}

private func rows(_ lines: String...) -> String { lines.map { "|\($0)|\n" }.joined() }

@Suite struct TextCellTests {
    private func cell(_ text: String, border: CellBorder = []) -> TextCell {
        let cell = TextCell()
        cell.label.text = text
        cell.border = border
        return cell
    }

    // MARK: - Border

    @Test func bothBordersAtSeveralWidths() {
        let c = cell("hello world", border: .both)
        #expect(render(c, width: 13) == rows("│hello world│"))
        #expect(render(c, width: 8) == rows("│hello…│"))
        #expect(render(c, width: 3) == rows("│…│"))
        #expect(render(c, width: 2) == rows("││"))
        #expect(render(c, width: 1) == rows("│"))
    }

    @Test func oneBorderAtSeveralWidths() {
        let left = cell("hello", border: .left)
        #expect(render(left, width: 7) == rows("│hello "))
        #expect(render(left, width: 4) == rows("│he…"))
        #expect(render(left, width: 1) == rows("│"))
        let right = cell("hello", border: .right)
        right.label.alignment = .right
        #expect(render(right, width: 7) == rows(" hello│"))
        #expect(render(right, width: 4) == rows("he…│"))
        #expect(render(right, width: 1) == rows("│"))
    }

    @Test func asciiBordersWhenTheCellPrefersASCII() {
        let c = cell("abc", border: .both)
        c.prefersASCII = true
        #expect(render(c, width: 5) == rows("|abc|"))
    }

    @Test func theBorderRunsDownEveryLineOfATallCell() {
        let c = cell("the quick brown fox", border: .both)
        c.label.numberOfLines = 0
        #expect(render(c, width: 11, height: 3) == rows("│the quick│", "│brown fox│", "│         │"))
        #expect(c.heightThatFits(width: 11) == 2)
        #expect(c.heightThatFits(width: 9) == 4)  // 7 columns inside: the / quick / brown / fox
        c.border = []
        #expect(c.heightThatFits(width: 9) == 2)
    }

    @Test func theBorderStyleIsLaidOverTheBackground() {
        let c = cell("ab", border: .left)
        c.backgroundStyle = Style(background: .white)
        c.borderStyle = Style(foreground: .blue)
        #expect(render(c, width: 4, styles: true) == """
            |│ab |
            --- styles
            abbb
            --- legend
            a fg=4 bg=7
            b fg=default bg=7

            """)
    }

    // MARK: - Height

    @Test func heightThatFitsComesFromTheLabel() {
        let c = cell("aaa bbb ccc")
        #expect(c.heightThatFits(width: 3) == 1)
        c.label.numberOfLines = 0
        #expect(c.heightThatFits(width: 3) == 3)
        #expect(c.heightThatFits(width: 7) == 2)
        c.label.numberOfLines = 2
        #expect(c.heightThatFits(width: 3) == 2)
    }

    // MARK: - Background

    @Test func theCellsBackgroundStylePaintsTheWholeCell() {
        let c = cell("ab")
        c.backgroundStyle = Style(background: .red)
        #expect(render(c, width: 4, height: 2, styles: true) == """
            |ab  |
            |    |
            --- styles
            aaaa
            aaaa
            --- legend
            a fg=default bg=1

            """)
    }

    @Test func theLabelsBackgroundPaintsTheWholeCellEvenWhenPrefilled() {
        let c = cell("ab")
        c.backgroundStyle = Style(attributes: .bold)
        c.label.style = Style(foreground: .yellow, background: .green)
        c.isBackgroundPrefilled = true
        #expect(render(c, width: 4, height: 2, styles: true) == """
            |ab  |
            |    |
            --- styles
            aabb
            bbbb
            --- legend
            a fg=3 bg=2 bold
            b fg=default bg=2 bold

            """)
    }

    // MARK: - Reuse

    @Test func prepareForReuseResetsEverything() {
        let c = cell("styled", border: .both)
        c.label.numberOfLines = 0
        c.label.lineBreakMode = .byCharWrapping
        c.label.attributedText = StyledText("x", style: Style(foreground: .red))
        c.label.adjustsTextToFitWidth = true
        c.label.alignment = .center
        c.label.isNumeric = true
        c.label.style = Style(background: .green)
        c.borderStyle = Style(foreground: .blue)
        c.backgroundStyle = Style(background: .red)
        c.isHighlighted = true
        c.prepareForReuse()
        #expect(c.label == Label())
        #expect(c.border == [])
        #expect(c.borderStyle == .plain)
        #expect(c.backgroundStyle == .plain)
        #expect(!c.isHighlighted)
        // Configured again, it draws as a new cell does.
        let fresh = cell("plain")
        c.label.text = "plain"
        #expect(render(c, width: 7, height: 2, styles: true) == render(fresh, width: 7, height: 2, styles: true))
    }

    @Test func theDefaultProviderConfiguresAFreshLookingCell() {
        let provider = TextCellProvider()
        let c = cell("old", border: .both)
        c.label.numberOfLines = 0
        c.prepareForReuse()
        let source = StringRowsDataSource(titles: ["n"], rows: [["42"]])
        let context = CellContext(
            indexPath: DataTableIndexPath(row: 0, column: 0), sourceRow: 0, columnAlignment: .right, isHighlighted: false,
            dataSource: source)
        provider.configure(c, with: .int(42), context: context)
        #expect(render(c, width: 5) == rows("   42"))
        #expect(c.heightThatFits(width: 5) == 1)
    }
}
