import Testing
import TestSupport
@testable import TerminalSurface

@Suite("Terminal text")
struct TerminalTextTests {
    // MARK: - sanitized / isSafe

    @Test("Printable text is returned unchanged")
    func printableUnchanged() {
        for s in ["", "abc", "Hello, world! ~", "日本語", "é e\u{0301} 😀 👩\u{200D}💻 🇩🇪", "\u{A0}\u{A0}", "\u{2400}"] {
            #expect(TerminalText.sanitized(s) == s)
            #expect(TerminalText.isSafe(s))
        }
    }

    @Test("C0 controls become Control Pictures")
    func c0Controls() {
        #expect(TerminalText.sanitized("\u{0}") == "\u{2400}")          // ␀
        #expect(TerminalText.sanitized("a\tb") == "a\u{2409}b")         // ␉
        #expect(TerminalText.sanitized("line\n") == "line\u{240A}")     // ␊
        #expect(TerminalText.sanitized("\r") == "\u{240D}")             // ␍
        #expect(TerminalText.sanitized("\r\n") == "\u{240D}\u{240A}")   // one Character in, two out
        #expect(TerminalText.sanitized("\u{1F}") == "\u{241F}")
        #expect(TerminalText.sanitized("\u{7}") == "␇")
        for v in UInt32(0)...0x1F {
            let s = String(Unicode.Scalar(v)!)
            #expect(TerminalText.sanitized(s) == String(Unicode.Scalar(0x2400 + v)!))
            #expect(!TerminalText.isSafe(s))
        }
    }

    @Test("An escape sequence is made visible")
    func escapeSequence() {
        #expect(TerminalText.sanitized("\u{1B}[31m") == "␛[31m")
        #expect(TerminalText.sanitized("red \u{1B}[31mtext\u{1B}[0m") == "red ␛[31mtext␛[0m")
        #expect(TerminalText.sanitized("\u{1B}]0;title\u{7}") == "␛]0;title␇")
        #expect(!TerminalText.isSafe("\u{1B}[31m"))
    }

    @Test("DEL becomes ␡")
    func del() {
        #expect(TerminalText.sanitized("a\u{7F}") == "a\u{2421}")
        #expect(!TerminalText.isSafe("\u{7F}"))
    }

    @Test("C1 controls become U+FFFD")
    func c1Controls() {
        #expect(TerminalText.sanitized("\u{9B}31m") == "\u{FFFD}31m")   // CSI
        #expect(TerminalText.sanitized("x\u{85}y") == "x\u{FFFD}y")     // NEL
        for v in UInt32(0x80)...0x9F {
            let s = String(Unicode.Scalar(v)!)
            #expect(TerminalText.sanitized(s) == "\u{FFFD}")
            #expect(!TerminalText.isSafe(s))
        }
        #expect(TerminalText.isSafe("\u{A0}\u{BF}é"))                   // C2 A0.., C3 ..: fine
    }

    @Test("Bidi controls become U+FFFD", arguments: [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ] as [UInt32])
    func bidiControls(value: UInt32) {
        let s = "abc" + String(Unicode.Scalar(value)!) + "def"
        #expect(TerminalText.sanitized(s) == "abc\u{FFFD}def")
        #expect(!TerminalText.isSafe(s))
        #expect(!TerminalText.isSafe(String(Unicode.Scalar(value)!)))
    }

    @Test("The line and paragraph separators become U+FFFD", arguments: [0x2028, 0x2029] as [UInt32])
    func lineSeparators(value: UInt32) {
        let s = "abc" + String(Unicode.Scalar(value)!) + "def"
        #expect(TerminalText.sanitized(s) == "abc\u{FFFD}def")
        #expect(!TerminalText.isSafe(s))
        #expect(TerminalText.sanitized(s).displayWidth == s.displayWidth)
    }

    @Test("Neighbours of the unsafe scalars are safe")
    func nearMisses() {
        for v: UInt32 in [0x061B, 0x061D, 0x200D, 0x2010, 0x2027, 0x202F, 0x2065, 0x206A, 0x00A0, 0x2400] {
            let s = String(Unicode.Scalar(v)!)
            #expect(TerminalText.isSafe(s), "U+\(String(v, radix: 16))")
            #expect(TerminalText.sanitized(s) == s)
        }
    }

    @Test("isSafe agrees with sanitized on every scalar below U+3000")
    func isSafeMatchesSanitized() {
        for v in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(v) else { continue }
            // Placed after 8 ASCII bytes as well, to exercise the word-at-a-time loop's exit.
            for s in [String(scalar), "abcdefgh" + String(scalar) + "ij"] {
                #expect(TerminalText.isSafe(s) == (TerminalText.sanitized(s) == s), "U+\(String(v, radix: 16))")
            }
        }
    }

    @Test("isSafe fast path: long ASCII, and an unsafe byte at every position")
    func isSafeFastPath() {
        let clean = String(repeating: "The quick brown fox ~ 0123456789 ", count: 8)
        #expect(TerminalText.isSafe(clean))
        #expect(TerminalText.sanitized(clean) == clean)
        let bytes = Array("0123456789abcdefghijklmnopqrstu".utf8)
        for position in bytes.indices {
            for bad: UInt8 in [0x00, 0x1B, 0x1F, 0x7F] {
                var b = bytes
                b[position] = bad
                let s = String(decoding: b, as: UTF8.self)
                #expect(!TerminalText.isSafe(s))
                #expect(TerminalText.sanitized(s).unicodeScalars.count == bytes.count)
            }
            for ok: UInt8 in [0x20, 0x7E] {
                var b = bytes
                b[position] = ok
                #expect(TerminalText.isSafe(String(decoding: b, as: UTF8.self)))
            }
        }
    }

    @Test("Sanitizing keeps the display width")
    func sanitizedKeepsWidth() {
        for s in ["\u{1B}[31m", "\r\n", "a\u{9B}b", "x\u{202E}y", "\u{2066}日\u{2069}", "\u{0}\u{7F}", "é\u{0301}\t"] {
            #expect(TerminalText.sanitized(s).displayWidth == s.displayWidth, "\(Array(s.unicodeScalars))")
        }
    }

    // MARK: - truncated

    @Test("Tail, head and middle truncation of ASCII")
    func asciiModes() {
        #expect(TerminalText.truncated("abcdef", toWidth: 4) == "abc…")
        #expect(TerminalText.truncated("abcdef", toWidth: 4, mode: .tail) == "abc…")
        #expect(TerminalText.truncated("abcdef", toWidth: 4, mode: .head) == "…def")
        #expect(TerminalText.truncated("abcdef", toWidth: 4, mode: .middle) == "ab…f")
        #expect(TerminalText.truncated("abcdefg", toWidth: 6, mode: .middle) == "abc…fg")
        #expect(TerminalText.truncated("abcdefgh", toWidth: 5, mode: .middle) == "ab…gh")
    }

    @Test("Text that fits is unchanged")
    func fits() {
        #expect(TerminalText.truncated("abcdef", toWidth: 6) == "abcdef")
        #expect(TerminalText.truncated("abcdef", toWidth: 60, mode: .head) == "abcdef")
        #expect(TerminalText.truncated("日本", toWidth: 4, mode: .middle) == "日本")
        #expect(TerminalText.truncated("", toWidth: 3) == "")
        #expect(TerminalText.truncated("e\u{0301}", toWidth: 1) == "e\u{0301}")
    }

    @Test("Widths 0, 1 and 2")
    func tinyWidths() {
        for mode in [TruncationMode.head, .middle, .tail] {
            #expect(TerminalText.truncated("abcdef", toWidth: 0, mode: mode) == "")
            #expect(TerminalText.truncated("abcdef", toWidth: -3, mode: mode) == "")
            #expect(TerminalText.truncated("abcdef", toWidth: 1, mode: mode) == "…")
            #expect(TerminalText.truncated("日本語", toWidth: 1, mode: mode) == "…")
            #expect(TerminalText.truncated("a", toWidth: 1, mode: mode) == "a")
            #expect(TerminalText.truncated("日本語", toWidth: 2, mode: mode) == "…")   // 1 short
            #expect(TerminalText.truncated("ab", toWidth: 2, mode: mode) == "ab")
        }
        #expect(TerminalText.truncated("abcdef", toWidth: 2) == "a…")
        #expect(TerminalText.truncated("abcdef", toWidth: 2, mode: .head) == "…f")
        #expect(TerminalText.truncated("abcdef", toWidth: 2, mode: .middle) == "a…")
    }

    @Test("CJK never leaves half a wide character")
    func cjk() {
        let s = "日本語テキスト"                                                   // 14 columns
        #expect(TerminalText.truncated(s, toWidth: 5) == "日本…")
        #expect(TerminalText.truncated(s, toWidth: 6) == "日本…")                 // 5: 1 short
        #expect(TerminalText.truncated(s, toWidth: 7) == "日本語…")
        #expect(TerminalText.truncated(s, toWidth: 5, mode: .head) == "…スト")
        #expect(TerminalText.truncated(s, toWidth: 6, mode: .head) == "…スト")
        #expect(TerminalText.truncated(s, toWidth: 7, mode: .middle) == "日…スト")  // front gets 2 of 3, back the rest
        #expect(TerminalText.truncated(s, toWidth: 6, mode: .middle) == "日…ト")
        for width in 0...16 {
            for mode in [TruncationMode.head, .middle, .tail] {
                let t = TerminalText.truncated(s, toWidth: width, mode: mode)
                #expect(t.displayWidth <= width)
                #expect(t.displayWidth >= min(width, s.displayWidth) - 1)
            }
        }
        #expect(TerminalText.truncated("a日本", toWidth: 4) == "a日…")
        #expect(TerminalText.truncated("a日本", toWidth: 3) == "a…")
    }

    @Test("Emoji clusters are kept whole")
    func emoji() {
        let s = "😀👩\u{200D}💻🇩🇪👍🏽"                                              // 8 columns
        #expect(s.displayWidth == 8)
        #expect(TerminalText.truncated(s, toWidth: 5) == "😀👩\u{200D}💻…")
        #expect(TerminalText.truncated(s, toWidth: 4) == "😀…")
        #expect(TerminalText.truncated(s, toWidth: 5, mode: .head) == "…🇩🇪👍🏽")
        #expect(TerminalText.truncated(s, toWidth: 5, mode: .middle) == "😀…👍🏽")
        #expect(TerminalText.truncated("e\u{0301}e\u{0301}e\u{0301}", toWidth: 2) == "e\u{0301}…")
        #expect(TerminalText.truncated("ab\r\ncd", toWidth: 3) == "ab…")           // CR LF not split
        #expect(TerminalText.truncated("ab\r\ncd", toWidth: 4) == "ab…")            // 1 short
        #expect(TerminalText.truncated("ab\r\ncd", toWidth: 5) == "ab\r\n…")
    }

    @Test("Custom ellipsis")
    func customEllipsis() {
        #expect(TerminalText.truncated("abcdefgh", toWidth: 6, ellipsis: "...") == "abc...")
        #expect(TerminalText.truncated("abcdefgh", toWidth: 6, mode: .head, ellipsis: "...") == "...fgh")
        #expect(TerminalText.truncated("abcdefgh", toWidth: 2, ellipsis: "...") == "..")
        #expect(TerminalText.truncated("abcdefgh", toWidth: 3, ellipsis: "") == "abc")
        #expect(TerminalText.truncated("abcdefgh", toWidth: 4, mode: .middle, ellipsis: "") == "abgh")
    }

    // MARK: - prefix(fittingWidth:)

    @Test("prefix(fittingWidth:) on ASCII")
    func prefixASCII() {
        let s: Substring = "abcdef"
        #expect(TerminalText.prefix(s, fittingWidth: 0) == ("", 0))
        #expect(TerminalText.prefix(s, fittingWidth: 3) == ("abc", 3))
        #expect(TerminalText.prefix(s, fittingWidth: 6) == ("abcdef", 6))
        #expect(TerminalText.prefix(s, fittingWidth: 99) == ("abcdef", 6))
        #expect(TerminalText.prefix(s, fittingWidth: -1) == ("", 0))
        let slice = "xxabcdefxx".dropFirst(2).dropLast(2)
        let r = TerminalText.prefix(slice, fittingWidth: 4)
        #expect(r.text == "abcd" && r.width == 4)
        #expect(r.text.startIndex == slice.startIndex)
        #expect(TerminalText.prefix("a\r\nb", fittingWidth: 2) == ("a", 1))   // CR LF is 2 wide
        #expect(TerminalText.prefix("a\r\nb", fittingWidth: 3) == ("a\r\n", 3))
        #expect(TerminalText.prefix("abc\u{0301}d", fittingWidth: 3) == ("abc\u{0301}", 3))
        #expect(TerminalText.prefix("abc\u{0301}d", fittingWidth: 2) == ("ab", 2))
    }

    @Test("prefix(fittingWidth:) on wide text")
    func prefixWide() {
        #expect(TerminalText.prefix("日本語", fittingWidth: 3) == ("日", 2))
        #expect(TerminalText.prefix("日本語", fittingWidth: 4) == ("日本", 4))
        #expect(TerminalText.prefix("日本語", fittingWidth: 1) == ("", 0))
        #expect(TerminalText.prefix("a😀b", fittingWidth: 2) == ("a", 1))
        #expect(TerminalText.prefix("a😀b", fittingWidth: 3) == ("a😀", 3))
        #expect(TerminalText.prefix("ab\u{200B}cd", fittingWidth: 2) == ("ab\u{200B}", 2))
        #expect(TerminalText.prefix("🇩🇪🇫🇷", fittingWidth: 3) == ("🇩🇪", 2))
    }

    @Test("prefix and suffix agree with a Character-by-Character reference on mixed text")
    func prefixSuffixMatchReference() {
        let pool: [String] = [
            "a", "b", " ", "\r", "\n", "\t", "é", "e", "\u{0301}", "日", "本", "한", "\u{1100}", "\u{1161}",
            "ｱ", "😀", "👩", "💻", "\u{200D}", "\u{FE0F}", "\u{1F3FD}", "\u{1F1E9}", "\u{1F1EA}", "❤",
            "\u{200B}", "\u{202E}", "\u{0600}", "\u{0D4E}", "क", "\u{094D}", "\u{093F}", "\u{1FAE8}",
        ]
        var rng = SplitMix64(seed: 0xC0FFEE)
        var failures: [String] = []
        for _ in 0..<2000 {
            var s = ""
            for _ in 0..<Int(rng.next() % 10) { s += pool[Int(rng.next() % UInt64(pool.count))] }
            let characters = Array(s)
            for width in 0...8 {
                var used = 0, count = 0
                for c in characters {
                    if used + c.displayWidth > width { break }
                    used += c.displayWidth
                    count += 1
                }
                let p = TerminalText.prefix(s[...], fittingWidth: width)
                if p.text != Substring(String(characters.prefix(count))) || p.width != used { failures.append(s) }
                used = 0
                count = 0
                for c in characters.reversed() {
                    if used + c.displayWidth > width { break }
                    used += c.displayWidth
                    count += 1
                }
                let q = TerminalText.suffix(s[...], fittingWidth: width)
                if q.text != Substring(String(characters.suffix(count))) || q.width != used { failures.append(s) }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5).map { Array($0.unicodeScalars) })")
    }

    @Test("suffix(fittingWidth:)")
    func suffix() {
        #expect(TerminalText.suffix("abcdef", fittingWidth: 2) == ("ef", 2))
        #expect(TerminalText.suffix("日本語", fittingWidth: 3) == ("語", 2))
        #expect(TerminalText.suffix("a\r\nb", fittingWidth: 2) == ("b", 1))
        #expect(TerminalText.suffix("a\r\nb", fittingWidth: 3) == ("\r\nb", 3))
        #expect(TerminalText.suffix("ab", fittingWidth: 0) == ("", 0))
        #expect(TerminalText.suffix("x\u{0600}日", fittingWidth: 1) == ("\u{0600}日", 1))  // Prepend: one 1-wide cluster
        #expect(TerminalText.suffix("ae\u{0301}", fittingWidth: 1) == ("e\u{0301}", 1))
        #expect(TerminalText.suffix("👍🏽x", fittingWidth: 2) == ("x", 1))
    }
}


@Suite struct TerminalTextBoundTests {
    /// Millions of zero-width characters: fitting a few columns reads a bounded prefix, and the
    /// result still fits (the zero-width tail is cut).
    @Test func zeroWidthFloodsAreCutNotScanned() {
        let flood = "ab" + String(repeating: "\u{200B}", count: 2_000_000) + "cd"
        let (text, width) = TerminalText.prefix(flood[...], fittingWidth: 10)
        #expect(width == 2)
        #expect(text.unicodeScalars.count <= 10 + 64 + 2)
        #expect(TerminalText.truncated(flood, toWidth: 5, mode: .tail).unicodeScalars.count < 200)
        #expect(TerminalText.truncated(flood, toWidth: 5, mode: .head).hasSuffix("cd"))
        let combining = "x" + String(repeating: "\u{0301}", count: 1_000) + "y"
        #expect(TerminalText.prefix(combining[...], fittingWidth: 3).width <= 3)
    }
}
