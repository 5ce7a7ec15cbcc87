import Testing
import TestSupport
@testable import TerminalSurface

/// The lines as drawn: each line's text, then "…" if it has one.
private func wrap(_ text: String, _ width: Int, _ mode: WrapMode = .word, maxLines: Int = 0) -> [String] {
    TextWrapping.lines(of: text, width: width, mode: mode, maxLines: maxLines).map {
        String($0.text) + ($0.hasEllipsis ? "…" : "")
    }
}

@Suite struct TextWrappingTests {
    // MARK: - By word

    @Test func wordsBreakAtSpaces() {
        #expect(wrap("the quick brown fox", 10) == ["the quick", "brown fox"])
        #expect(wrap("the quick brown fox", 9) == ["the quick", "brown fox"])
        #expect(wrap("the quick brown fox", 5) == ["the", "quick", "brown", "fox"])
        #expect(wrap("the quick brown fox", 19) == ["the quick brown fox"])
        #expect(wrap("abcd efg", 4) == ["abcd", "efg"])
    }

    @Test func spacesAtABreakAreDroppedButLeadingSpacesOfTheTextStay() {
        #expect(wrap("abc   def", 4) == ["abc", "def"])
        #expect(wrap("abc      def", 4) == ["abc", "def"])
        #expect(wrap("  ab cd", 5) == ["  ab", "cd"])
        #expect(wrap("ab cd  ", 2) == ["ab", "cd"])
    }

    @Test func wordsLongerThanTheLineAreBrokenByGrapheme() {
        #expect(wrap("a supercalifragilistic b", 6) == ["a", "superc", "alifra", "gilist", "ic b"])
        #expect(wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"])
        #expect(wrap("ab cd", 1) == ["a", "b", "c", "d"])
    }

    @Test func wordWrapKeepsWideGraphemesWhole() {
        #expect(wrap("日本語テキスト", 5) == ["日本", "語テ", "キス", "ト"])
        #expect(wrap("漢字 かな", 5) == ["漢字", "かな"])
    }

    // MARK: - By character

    @Test func charactersBreakAnywhereAndKeepSpaces() {
        #expect(wrap("hello world", 4, .character) == ["hell", "o wo", "rld"])
        #expect(wrap("ab", 5, .character) == ["ab"])
    }

    @Test func aWideGraphemeNeverStraddlesTwoLines() {
        #expect(wrap("a日本", 2, .character) == ["a", "日", "本"])
        #expect(wrap("日本語テキスト", 5, .character) == ["日本", "語テ", "キス", "ト"])
        #expect(wrap("ab日", 3, .character) == ["ab", "日"])
    }

    @Test func emojiAndCombiningSequencesAreOneGrapheme() {
        #expect(wrap("👩‍💻👍🏽🇩🇪", 3, .character) == ["👩‍💻", "👍🏽", "🇩🇪"])
        #expect(wrap("👩‍💻👍🏽🇩🇪", 4, .character) == ["👩‍💻👍🏽", "🇩🇪"])
        #expect(wrap("e\u{301}e\u{301}e\u{301}", 2, .character) == ["e\u{301}e\u{301}", "e\u{301}"])
    }

    // MARK: - Line breaks

    @Test func explicitLineBreaksEndLines() {
        #expect(wrap("ab\ncd\r\nef\rgh", 10) == ["ab", "cd", "ef", "gh"])
        #expect(wrap("ab\n\ncd", 10) == ["ab", "", "cd"])
        #expect(wrap("ab\n", 10) == ["ab", ""])
        #expect(wrap("\n", 10) == ["", ""])
        #expect(wrap("", 10) == [""])
        #expect(wrap("ab\ncd", 10, .character) == ["ab", "cd"])
    }

    @Test func aLineBreakAtAWrapPointMakesNoEmptyLine() {
        #expect(wrap("abcd\nefg", 4) == ["abcd", "efg"])
        #expect(wrap("abcd  \nefg", 4) == ["abcd", "efg"])
        #expect(wrap("abcd\nefg", 4, .character) == ["abcd", "efg"])
    }

    // MARK: - Line limit

    @Test func theLastLineAllowedEndsInAnEllipsisWhenTextIsCut() {
        #expect(wrap("the quick brown fox jumps", 10, maxLines: 2) == ["the quick", "brown fox…"])
        #expect(wrap("the quick brown fox jumps", 10, maxLines: 1) == ["the quick…"])
        #expect(wrap("hello wonderful world", 10, maxLines: 1) == ["hello won…"])
        #expect(wrap("abcdefghij", 4, .character, maxLines: 2) == ["abcd", "efg…"])
        #expect(wrap("abc\ndef", 10, maxLines: 1) == ["abc…"])
        #expect(wrap("日本語テキスト", 5, maxLines: 2) == ["日本", "語テ…"])
        #expect(wrap("日本語テキスト", 4, maxLines: 2) == ["日本", "語…"])
    }

    @Test func noEllipsisWhenEverythingFits() {
        #expect(wrap("ab cd", 2, maxLines: 2) == ["ab", "cd"])
        #expect(wrap("ab cd", 5, maxLines: 1) == ["ab cd"])
        #expect(wrap("abc\n", 10, maxLines: 1) == ["abc"])
    }

    @Test func trailingSpacesBeforeTheEllipsisAreDropped() {
        #expect(wrap("abcd  efgh ijkl", 7, maxLines: 1) == ["abcd…"])
    }

    // MARK: - Narrow widths

    @Test func widthZeroHasNoLines() {
        #expect(wrap("abc", 0).isEmpty)
        #expect(wrap("abc", -3).isEmpty)
        #expect(TextWrapping.lineCount(of: "abc", width: 0, mode: .word) == 0)
    }

    @Test func aWideGraphemeInOneColumnShowsAsAnEllipsis() {
        #expect(wrap("日本", 1, .character) == ["…", "…"])
        #expect(wrap("a日b", 1, .character) == ["a", "…", "b"])
        #expect(wrap("日\nb", 1) == ["…", "b"])
        #expect(wrap("日本語", 1, .character, maxLines: 2) == ["…", "…"])
        #expect(wrap("abc", 1, .character, maxLines: 2) == ["a", "…"])
    }

    // MARK: - Invariants

    @Test func randomTextNeverExceedsTheWidthAndLosesNothing() {
        let pool = ["a", "b", "xyz", " ", " ", "  ", "日", "本", "👍🏽", "e\u{301}", "\n", "\u{200B}", "🇩🇪", "-"]
        var rng = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...30, using: &rng)).map { _ in pool.randomElement(using: &rng)! }.joined()
            for width in 1...9 {
                for mode in [WrapMode.word, .character] {
                    let lines = TextWrapping.lines(of: text, width: width, mode: mode)
                    #expect(lines.count == TextWrapping.lineCount(of: text, width: width, mode: mode))
                    for line in lines {
                        #expect(line.displayWidth <= width, "\(text.debugDescription) at \(width)")
                        #expect(line.width == line.text.displayWidth)
                    }
                    // Only spaces and line breaks are dropped (and wide graphemes in 1 column).
                    let kept = lines.map { $0.text }.joined().filter { $0 != " " }
                    let all = text.filter { $0 != " " && $0 != "\n" && !(width == 1 && $0.displayWidth == 2) }
                    #expect(kept == all, "\(text.debugDescription) at \(width) \(mode)")
                    if mode == .character {
                        #expect(lines.map { $0.text }.joined() == text.filter { $0 != "\n" && !(width == 1 && $0.displayWidth == 2) })
                    }
                    for limit in 1...3 {
                        let cut = TextWrapping.lines(of: text, width: width, mode: mode, maxLines: limit)
                        #expect(cut.count == min(limit, lines.count))
                        #expect(cut.allSatisfy { $0.displayWidth <= width })
                        #expect(Array(cut.dropLast()) == Array(lines.prefix(cut.count - 1)))
                    }
                }
            }
        }
    }

    // MARK: - Bounded cost

    /// 100 MB of text shown on 3 lines: the layout reads a few lines' worth and stops.
    @Test func aHundredMegabyteFieldIsReadOnlyAsFarAsItIsShown() {
        let huge = String(repeating: "lorem ipsum ", count: 100_000_000 / 12)
        #expect(huge.utf8.count >= 99_999_000)
        for mode in [WrapMode.word, .character] {
            var breaker = LineBreaker(text: huge[...], width: 80, mode: mode, maxLines: 3, measuring: false)
            var lines: [WrappedLine] = []
            while let line = breaker.next() { lines.append(line) }
            #expect(lines.count == 3)
            #expect(lines.last?.hasEllipsis == true)
            // Where the breaker stopped reading: within the fourth line.
            #expect(huge.utf8.distance(from: huge.startIndex, to: breaker.position) < 4 * 81)
            let shown = lines.reduce(0) { $0 + $1.text.utf8.count }
            #expect(shown < 3 * 81)
        }
        // Measuring without a limit stops at the measurement limit.
        var measure = LineBreaker(text: huge[...], width: 80, mode: .word, maxLines: TextWrapping.measurementLineLimit, measuring: true)
        var count = 0
        while measure.next() != nil { count += 1 }
        #expect(count == TextWrapping.measurementLineLimit)
        #expect(huge.utf8.distance(from: huge.startIndex, to: measure.position) < 1001 * 81)
        #expect(TextWrapping.lineCount(of: huge, width: 80, mode: .word) == TextWrapping.measurementLineLimit)
    }

    @Test func pathologicalRunsAreBoundedToo() {
        let spaces = "a" + String(repeating: " ", count: 10_000_000) + "b"
        var breaker = LineBreaker(text: spaces[...], width: 10, mode: .word, maxLines: 3, measuring: false)
        while breaker.next() != nil {}
        #expect(spaces.utf8.distance(from: spaces.startIndex, to: breaker.position) <= 3 * (10 + 10 + 64))

        let word = String(repeating: "x", count: 10_000_000)
        #expect(wrap(word, 5, maxLines: 2) == ["xxxxx", "xxxx…"])

        let zeroWidth = String(repeating: "\u{200B}", count: 1_000_000)
        var invisible = LineBreaker(text: zeroWidth[...], width: 10, mode: .word, maxLines: 2, measuring: false)
        while invisible.next() != nil {}
        #expect(zeroWidth.unicodeScalars.distance(
            from: zeroWidth.startIndex, to: invisible.position) <= 2 * (10 + 64))
    }

    // MARK: - Truncation parts

    @Test func truncationPartsMatchTruncated() {
        for text in ["abcdef", "日本語テキスト", "ab", "👩‍💻abc👍🏽def", ""] {
            for width in 0...8 {
                for mode in [TruncationMode.head, .middle, .tail] {
                    let parts = TerminalText.truncationParts(text[...], toWidth: width, mode: mode)
                    let joined = String(parts.front) + (parts.hasEllipsis ? "…" : "") + String(parts.back)
                    #expect(joined == TerminalText.truncated(text, toWidth: width, mode: mode), "\(text) \(width) \(mode)")
                }
            }
        }
    }
}
