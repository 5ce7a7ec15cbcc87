import Testing
import TerminalSurface
import TestSupport
@testable import DataTableKit

/// Draws `label` on a fresh surface of `width` × `height` and returns its snapshot text.
private func render(_ label: Label, width: Int, height: Int = 1, styles: Bool = false) -> String {
    let surface = Surface(size: Size(width: width, height: height))
    label.draw(in: surface.region)
    return Snapshot.text(of: surface, includeStyles: styles)
}

/// Rows of a snapshot without styles, as `|text|` lines.
private func rows(_ lines: String...) -> String { lines.map { "|\($0)|\n" }.joined() }

private let red = Style(foreground: .red)
private let blue = Style(foreground: .blue)
private let green = Style(foreground: .green)

@Suite struct LabelTests {
    // MARK: - Single line

    @Test func aSingleLineLabelTruncatesAsBefore() {
        #expect(render(Label(text: "hello"), width: 3) == rows("he…"))
        #expect(render(Label(text: "hello"), width: 7) == rows("hello  "))
        #expect(render(Label(text: "a\nb"), width: 5) == rows("a␊b  "))
        var label = Label(text: "abcdef")
        label.truncation = .head
        #expect(render(label, width: 4) == rows("…def"))
        label.truncation = .middle
        #expect(render(label, width: 4) == rows("ab…f"))
        // Wrapping modes on one line cut the tail.
        label.lineBreakMode = .byWordWrapping
        #expect(render(label, width: 4) == rows("abc…"))
        label.lineBreakMode = .byCharWrapping
        #expect(render(label, width: 4, height: 3) == rows("abc…", "    ", "    "))
    }

    @Test func truncationMapsOntoLineBreakMode() {
        var label = Label()
        #expect(label.lineBreakMode == .truncatingTail)
        label.truncation = .head
        #expect(label.lineBreakMode == .truncatingHead)
        label.truncation = .middle
        #expect(label.lineBreakMode == .truncatingMiddle)
        label.truncation = .tail
        #expect(label.lineBreakMode == .truncatingTail)
        label.lineBreakMode = .byWordWrapping
        #expect(label.truncation == .tail)
        label.lineBreakMode = .byCharWrapping
        #expect(label.truncation == .tail)
    }

    // MARK: - Several lines

    @Test func aMultiLineLabelWrapsIntoTheRegion() {
        var label = Label(text: "the quick brown fox")
        label.numberOfLines = 0
        label.lineBreakMode = .byWordWrapping
        #expect(render(label, width: 10, height: 3) == rows("the quick ", "brown fox ", "          "))
        label.lineBreakMode = .byCharWrapping
        #expect(render(label, width: 10, height: 3) == rows("the quick ", "brown fox ", "          "))
        #expect(render(label, width: 6, height: 4) == rows("the qu", "ick br", "own fo", "x     "))
        // The truncating modes wrap by word on several lines.
        label.lineBreakMode = .truncatingMiddle
        #expect(render(label, width: 6, height: 4) == rows("the   ", "quick ", "brown ", "fox   "))
    }

    @Test func theLinesStopAtNumberOfLinesOrTheRegionsHeight() {
        var label = Label(text: "the quick brown fox jumps")
        label.numberOfLines = 2
        #expect(render(label, width: 10, height: 4) == rows("the quick ", "brown fox…", "          ", "          "))
        label.numberOfLines = 0
        #expect(render(label, width: 10, height: 2) == rows("the quick ", "brown fox…"))
        #expect(render(label, width: 10, height: 1) == rows("the quick…"))
        label.numberOfLines = 5
        #expect(render(label, width: 10, height: 4) == rows("the quick ", "brown fox ", "jumps     ", "          "))
    }

    @Test func aMultiLineLabelStartsNewLinesAtLineBreaks() {
        var label = Label(text: "one\ntwo\r\nthree")
        label.numberOfLines = 0
        #expect(render(label, width: 5, height: 3) == rows("one  ", "two  ", "three"))
    }

    @Test func alignmentAppliesToEachLine() {
        var label = Label(text: "a bb ccc")
        label.numberOfLines = 0
        label.alignment = .right
        #expect(render(label, width: 3, height: 3) == rows("  a", " bb", "ccc"))
        label.alignment = .center
        #expect(render(label, width: 5, height: 2) == rows("a bb ", " ccc "))
        label.alignment = .left
        #expect(render(label, width: 5, height: 2) == rows("a bb ", "ccc  "))
        label.alignment = .natural
        label.isNumeric = true
        #expect(render(label, width: 5, height: 2) == rows(" a bb", "  ccc"))
    }

    @Test func anEllipsisLineIsAlignedWithItsEllipsis() {
        var label = Label(text: "abc def ghi")
        label.alignment = .right
        label.numberOfLines = 2
        #expect(render(label, width: 5, height: 2) == rows("  abc", " def…"))
    }

    // MARK: - Height

    @Test func heightForWidthCountsTheWrappedLines() {
        var label = Label(text: "the quick brown fox")
        #expect(label.height(forWidth: 10) == 1)
        label.numberOfLines = 0
        #expect(label.height(forWidth: 10) == 2)
        #expect(label.height(forWidth: 5) == 4)
        #expect(label.height(forWidth: 100) == 1)
        #expect(label.height(forWidth: 0) == 1)
        label.numberOfLines = 3
        #expect(label.height(forWidth: 5) == 3)
        label.text = ""
        #expect(label.height(forWidth: 5) == 1)
        label.text = "a\n\nb"
        #expect(label.height(forWidth: 5) == 3)
        label.attributedText = StyledText("xx yy zz")
        #expect(label.height(forWidth: 2) == 3)
    }

    @Test func heightOfAHugeFieldIsBoundedByTheMeasurementLimit() {
        var label = Label(text: String(repeating: "lorem ipsum ", count: 100_000_000 / 12))
        label.numberOfLines = 0
        #expect(label.height(forWidth: 40) == TextWrapping.measurementLineLimit)
        label.numberOfLines = 3
        #expect(label.height(forWidth: 40) == 3)
        #expect(render(label, width: 12, height: 3) == rows("lorem ipsum ", "lorem ipsum ", "lorem ipsum…"))
    }

    // MARK: - Styled text

    @Test func styledRunsAreLaidOverTheLabelsStyle() {
        var label = Label(text: "ignored", style: Style(attributes: .bold))
        label.attributedText = StyledText("ab", style: red) + StyledText("cd")
        #expect(render(label, width: 5, styles: true) == """
            |abcd |
            --- styles
            aabbc
            --- legend
            a fg=1 bg=default bold
            b fg=default bg=default bold
            c fg=default bg=default

            """)
    }

    @Test func styledRunsWrapAcrossLines() {
        var label = Label()
        label.numberOfLines = 0
        label.attributedText = StyledText("hello ", style: red) + StyledText("wor", style: blue) + StyledText("ld again", style: green)
        #expect(render(label, width: 8, height: 3, styles: true) == """
            |hello   |
            |world   |
            |again   |
            --- styles
            aaaaabbb
            cccddbbb
            dddddbbb
            --- legend
            a fg=1 bg=default
            b fg=default bg=default
            c fg=4 bg=default
            d fg=2 bg=default

            """)
    }

    @Test func aRunSplitByAWrapKeepsItsStyleOnBothLines() {
        var label = Label()
        label.numberOfLines = 0
        label.lineBreakMode = .byCharWrapping
        label.attributedText = StyledText("ab", style: red) + StyledText("cdef", style: blue) + "g"
        #expect(render(label, width: 3, height: 3, styles: true) == """
            |abc|
            |def|
            |g  |
            --- styles
            aab
            bbb
            ccc
            --- legend
            a fg=1 bg=default
            b fg=4 bg=default
            c fg=default bg=default

            """)
    }

    @Test func styledTextIsTruncatedAcrossRuns() {
        var label = Label()
        label.attributedText = StyledText("abc", style: red) + StyledText("def", style: blue)
        // The ellipsis takes the style of the first character it replaces.
        #expect(render(label, width: 5, styles: true) == """
            |abcd…|
            --- styles
            aaabb
            --- legend
            a fg=1 bg=default
            b fg=4 bg=default

            """)
        label.truncation = .middle
        #expect(render(label, width: 5, styles: true) == """
            |ab…ef|
            --- styles
            aaabb
            --- legend
            a fg=1 bg=default
            b fg=4 bg=default

            """)
        label.truncation = .head
        label.alignment = .right
        #expect(render(label, width: 6, styles: true) == """
            |abcdef|
            --- styles
            aaabbb
            --- legend
            a fg=1 bg=default
            b fg=4 bg=default

            """)
        #expect(render(label, width: 4, styles: true) == """
            |…def|
            --- styles
            abbb
            --- legend
            a fg=1 bg=default
            b fg=4 bg=default

            """)
    }

    @Test func aCutStyledLineEndsInAnEllipsisOfItsLastRun() {
        var label = Label()
        label.numberOfLines = 2
        label.attributedText = StyledText("one two ", style: red) + StyledText("three four", style: blue)
        #expect(render(label, width: 7, height: 2, styles: true) == """
            |one two|
            |three… |
            --- styles
            aaaaaaa
            bbbbbbc
            --- legend
            a fg=1 bg=default
            b fg=4 bg=default
            c fg=default bg=default

            """)
    }

    @Test func styledTextRuns() {
        var text: StyledText = "plain"
        text += StyledText(" red", style: red)
        text.append(" more red", style: red)
        text.append("", style: blue)
        #expect(text.string == "plain red more red")
        #expect(text.runs.map { String($0.text) } == ["plain", " red more red"])
        #expect(text.runs.map(\.style) == [.plain, red])
        let built = StyledText([(text: "a", style: red), (text: "b", style: blue)])
        #expect(built.runs.map { String($0.text) } == ["a", "b"])
        #expect(built.style(at: built.string.startIndex) == red)
        #expect(built.style(at: built.string.endIndex) == nil)
        #expect((built + "c").string == "abc")
    }

    // MARK: - Shrinking numbers

    @Test func compactNumbers() {
        let cases: [(String, Int, String?)] = [
            ("1234567", 4, "1.2M"),
            ("1234567", 7, "1234567"),
            ("12345", 4, "12K"),
            ("12345", 5, "12345"),
            ("12345678", 5, "12.3M"),
            ("1234567", 6, "1.2M"),
            ("-4500000", 5, "-4.5M"),
            ("-4500000", 4, "-5M"),
            ("1500000000", 4, "1.5B"),
            ("1.5e9", 4, "1.5B"),
            ("2500000000000", 4, "2.5T"),
            ("1000000", 4, "1M"),
            ("999999", 4, "1M"),
            ("999950", 4, "1M"),
            ("1234.5678", 8, "1234.568"),
            ("1234.5678", 7, "1234.57"),
            ("1234.5678", 6, "1234.6"),
            ("1234.5678", 5, "1235"),
            ("1234.5678", 4, "1235"),
            ("1234.5678", 3, "1K"),
            ("9999.96", 6, "10000"),  // 10000.0 is too wide: no decimals
            ("9999.96", 4, "10K"),
            ("999.96", 3, "1K"),
            ("-0.04", 2, "0"),
            ("0.995", 3, "1.0"),
            ("1,234,567", 4, "1.2M"),
            ("1,234", 4, "1234"),
            ("+1234", 4, "1234"),
            ("123", 2, nil),
            ("-999", 3, nil),
            ("abc", 2, nil),
            ("12 apples", 3, nil),
            ("1234567", 0, nil),
            ("123456789012345678901", 5, nil),
        ]
        for (text, width, expected) in cases {
            #expect(CompactNumber.text(text, fittingWidth: width) == expected, "\(text) in \(width)")
        }
    }

    @Test func adjustsTextToFitWidthShrinksNumbersAndTruncatesTheRest() {
        var label = Label(text: "1234567")
        label.isNumeric = true
        #expect(render(label, width: 5) == rows("1234…"))
        label.adjustsTextToFitWidth = true
        #expect(render(label, width: 5) == rows(" 1.2M"))
        #expect(render(label, width: 7) == rows("1234567"))
        label.text = "1234.5678"
        #expect(render(label, width: 6) == rows("1234.6"))
        label.text = "abcdefg"
        label.isNumeric = false
        #expect(render(label, width: 5) == rows("abcd…"))
        // On several lines a number is shrunk rather than broken.
        label.text = "98765432"
        label.numberOfLines = 0
        #expect(label.height(forWidth: 4) == 1)
        #expect(render(label, width: 4, height: 2) == rows("99M ", "    "))
    }
}
