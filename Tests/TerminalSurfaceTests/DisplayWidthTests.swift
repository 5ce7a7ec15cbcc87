import Testing
import TestSupport
@testable import TerminalSurface

@Suite("Display width")
struct DisplayWidthTests {
    // MARK: - Single clusters

    @Test("ASCII is one column per character")
    func ascii() {
        #expect("".displayWidth == 0)
        #expect("a".displayWidth == 1)
        #expect("Hello, world!".displayWidth == 13)
        #expect(Character("x").displayWidth == 1)
        #expect(Unicode.Scalar("~").displayWidth == 1)
        #expect(Substring("abc def").displayWidth == 7)
        #expect("12345678901234567890x".displayWidth == 21)  // longer than one 8-byte word
    }

    @Test("CJK, kana and Hangul syllables are wide")
    func cjk() {
        #expect(Character("日").displayWidth == 2)
        #expect("日本語".displayWidth == 6)
        #expect("テキスト".displayWidth == 8)
        #expect("한국어".displayWidth == 6)
        #expect(Character("한").displayWidth == 2)
        #expect("\u{3400}".displayWidth == 2)                 // CJK Extension A
        #expect("\u{20000}".displayWidth == 2)                // CJK Extension B (plane 2)
        #expect("\u{3000}".displayWidth == 2)                 // ideographic space (F)
        #expect("a日b".displayWidth == 4)
    }

    @Test("Fullwidth forms are wide, halfwidth forms narrow")
    func fullwidth() {
        #expect("ＡＢＣ".displayWidth == 6)                    // U+FF21...
        #expect("\u{FF01}".displayWidth == 2)                 // FULLWIDTH EXCLAMATION MARK
        #expect("\u{FFE0}".displayWidth == 2)                 // FULLWIDTH CENT SIGN
        #expect("ｱｲｳ".displayWidth == 3)                       // halfwidth katakana
    }

    @Test("Emoji with emoji presentation are wide")
    func emoji() {
        #expect(Character("😀").displayWidth == 2)
        #expect("😀".displayWidth == 2)
        #expect("😀😀".displayWidth == 4)
        #expect("a😀b".displayWidth == 4)
    }

    @Test("ZWJ sequences are one wide cluster")
    func zwjSequences() {
        let technologist = "👩\u{200D}💻"
        #expect(technologist.count == 1)
        #expect(Character(technologist).displayWidth == 2)
        #expect(technologist.displayWidth == 2)
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        #expect(family.count == 1)
        #expect(family.displayWidth == 2)
        let rainbowFlag = "🏳\u{FE0F}\u{200D}🌈"  // text-style base made emoji by FE0F
        #expect(rainbowFlag.count == 1)
        #expect(rainbowFlag.displayWidth == 2)
        #expect("x\(family)y".displayWidth == 4)
    }

    @Test("Skin tone modifiers")
    func skinTone() {
        #expect("👍🏽".count == 1)
        #expect("👍🏽".displayWidth == 2)
        #expect("\u{1F3FD}".displayWidth == 2)                // a lone modifier is an emoji itself
        #expect("\u{261D}\u{1F3FD}".displayWidth == 2)        // text-style base + modifier
    }

    @Test("Flags and lone regional indicators")
    func flags() {
        #expect("🇩🇪".count == 1)
        #expect("🇩🇪".displayWidth == 2)
        #expect(Character("🇩🇪").displayWidth == 2)
        #expect("🇩🇪🇫🇷".displayWidth == 4)
        let lone: Unicode.Scalar = "\u{1F1E9}"
        #expect(lone.displayWidth == 1)
        #expect(Character(lone).displayWidth == 1)
        #expect("\u{1F1E9}".displayWidth == 1)
        #expect("\u{1F1E9}\u{1F1EA}\u{1F1EB}".displayWidth == 3)  // flag + lone indicator
        #expect("a\u{1F1E9}b".displayWidth == 3)
    }

    @Test("Combining marks count 0 alone and add nothing to a cluster")
    func combining() {
        let decomposed = "e\u{0301}"
        #expect(decomposed.count == 1)
        #expect(Character(decomposed).displayWidth == 1)
        #expect(decomposed.displayWidth == 1)
        #expect("caf\u{E9}".displayWidth == 4)               // precomposed é
        #expect("cafe\u{0301}".displayWidth == 4)            // decomposed
        #expect(Unicode.Scalar(0x0301)!.displayWidth == 0)
        #expect(Character("\u{0301}").displayWidth == 0)
        #expect("\u{0301}".displayWidth == 0)
        #expect("\u{0301}\u{0302}".displayWidth == 0)
        #expect("日\u{3099}".displayWidth == 2)               // wide base + combining kana mark
        #expect("a\u{20DD}".displayWidth == 1)               // enclosing mark (Me)
    }

    @Test("Format characters are zero-width")
    func formatCharacters() {
        #expect("\u{200B}".displayWidth == 0)                // ZERO WIDTH SPACE
        #expect("\u{200D}".displayWidth == 0)                // lone ZWJ
        #expect("\u{FEFF}".displayWidth == 0)                // BOM / ZWNBSP
        #expect("\u{2060}".displayWidth == 0)                // WORD JOINER
        #expect("a\u{200B}b".displayWidth == 2)
        #expect(Unicode.Scalar(0x200B)!.displayWidth == 0)
        #expect(Unicode.Scalar(0xE0001)!.displayWidth == 0)  // LANGUAGE TAG
    }

    @Test("Decisions that differ from a plain Cf/Mc rule")
    func documentedDecisions() {
        #expect("\u{00AD}".displayWidth == 1)                // SOFT HYPHEN: drawn by terminals
        #expect("\u{0600}".displayWidth == 1)                // ARABIC NUMBER SIGN (prepended mark)
        #expect("\u{0903}".displayWidth == 1)                // DEVANAGARI SIGN VISARGA (Mc) alone
        #expect("क\u{093F}".displayWidth == 1)               // consonant + Mc vowel sign: one cluster
        #expect("\u{E000}".displayWidth == 1)                // private use
        #expect("\u{0378}".displayWidth == 1)                // unassigned
        #expect("\u{2028}".displayWidth == 1)                // LINE SEPARATOR (Zl)
        #expect("\u{00E9}".displayWidth == 1)                // ambiguous-width (EAW A) is narrow
        #expect("\u{FFFD}".displayWidth == 1)                // the placeholder itself
    }

    @Test("Text-presentation heart vs emoji-presentation heart")
    func heart() {
        #expect("\u{2764}".displayWidth == 1)                // ❤ (text presentation)
        #expect("\u{2764}\u{FE0F}".displayWidth == 2)        // ❤️
        #expect(Character("\u{2764}\u{FE0F}").displayWidth == 2)
        #expect("\u{2764}\u{FE0E}".displayWidth == 1)        // explicit text presentation
        #expect("1\u{FE0F}\u{20E3}".displayWidth == 2)       // keycap 1️⃣
    }

    @Test("Hangul: syllables wide, medial/final jamo zero alone")
    func hangul() {
        #expect("\u{AC00}".displayWidth == 2)                // 가
        #expect("\u{1100}".displayWidth == 2)                // leading jamo
        #expect("\u{1161}".displayWidth == 0)                // medial jamo alone
        #expect("\u{11A8}".displayWidth == 0)                // final jamo alone
        #expect("\u{D7B0}".displayWidth == 0)                // Jamo Extended-B medial
        let composed = "\u{1100}\u{1161}\u{11A8}"            // 각 as L V T
        #expect(composed.count == 1)
        #expect(composed.displayWidth == 2)
    }

    @Test("Recent emoji come from the Unicode 17 table")
    func newerEmoji() {
        // U+1FAE8 SHAKING FACE (Unicode 15.0): East_Asian_Width W in the table, so 2 whatever
        // Unicode version the standard library knows.
        #expect(Unicode.Scalar(0x1FAE8)!.displayWidth == 2)
        #expect("\u{1FAE8}".displayWidth == 2)
        // U+1FAC8 HAIRY CREATURE (Unicode 17.0).
        #expect(Unicode.Scalar(0x1FAC8)!.displayWidth == 2)
        #expect(DisplayWidth.unicodeVersion == "17.0.0")
    }

    @Test("Control characters count 1 (they are drawn as 1-column placeholders)")
    func controls() {
        #expect("\u{0}".displayWidth == 1)
        #expect("\t".displayWidth == 1)
        #expect("\u{1B}[31m".displayWidth == 5)
        #expect("\u{7F}".displayWidth == 1)
        #expect("\u{9B}".displayWidth == 1)
        #expect(Unicode.Scalar(0x85)!.displayWidth == 1)
        #expect("\r\n".count == 1)
        #expect(Character("\r\n").displayWidth == 2)         // drawn as "␍␊"
        #expect("a\r\nb".displayWidth == 4)
        #expect("é\r\nb".displayWidth == 4)                  // non-ASCII path
        #expect("\u{202E}".displayWidth == 1)                // bidi override, drawn as "�"
        #expect("\u{2066}x\u{2069}".displayWidth == 3)
    }

    // MARK: - Consistency of the fast paths

    @Test("kind(of:) fast paths agree with the table for every scalar")
    func fastPathsAgreeWithTable() {
        var mismatches: [UInt32] = []
        for v in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(v) {
            if DisplayWidth.kind(of: v) != DisplayWidth.tableKind(of: v) { mismatches.append(v) }
        }
        #expect(mismatches.isEmpty)
    }

    @Test("Every Emoji_Presentation scalar but the regional indicators is wide in the table")
    func emojiPresentationIsWide() {
        var narrow: [UInt32] = []
        for v in UInt32(0)...0x10FFFF {
            guard let s = Unicode.Scalar(v), s.properties.isEmojiPresentation,
                  !DisplayWidth.isRegionalIndicator(v) else { continue }
            if s.displayWidth != 2 { narrow.append(v) }
        }
        #expect(narrow.isEmpty, "\(narrow.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("The table is sorted and every width is 0, 1 or 2")
    func tableShape() {
        let seg = DisplayWidth.segments
        #expect(seg.first.map { $0 >> 8 } == 0)
        #expect(zip(seg, seg.dropFirst()).allSatisfy { ($0.0 >> 8) < ($0.1 >> 8) })
        #expect(seg.allSatisfy { $0 & 0x03 != 3 && $0 & 0xEC == 0 })
    }

    @Test("Scalars not flagged as joining always form a cluster of their own")
    func nonJoiningScalarsBreak() {
        var wrong: [UInt32] = []
        for v in UInt32(0)...0x10FFFF {
            guard let s = Unicode.Scalar(v),
                  DisplayWidth.tableKind(of: v) & DisplayWidth.joinsFlag == 0 else { continue }
            var pair = String.UnicodeScalarView()
            pair.append(s)
            pair.append(s)
            if String(pair).count != 2 { wrong.append(v) }
        }
        #expect(wrong.isEmpty, "first few: \(wrong.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("String width equals the sum of Character widths on mixed text")
    func stringWidthMatchesCharacterSum() {
        let pool: [String] = [
            "a", "Z", " ", "\t", "\r", "\n", "\u{7F}", "\u{85}", "é", "e", "\u{0301}", "\u{0308}",
            "日", "本", "한", "\u{1100}", "\u{1161}", "\u{11A8}", "ｱ", "Ａ", "😀", "👩", "💻",
            "\u{200D}", "\u{FE0F}", "\u{FE0E}", "\u{1F3FD}", "\u{1F1E9}", "\u{1F1EA}", "❤",
            "\u{200B}", "\u{202E}", "\u{00AD}", "\u{0600}", "क", "\u{094D}", "\u{093F}", "ष",
            "\u{E000}", "\u{1FAE8}", "\u{20E3}", "1", "🏳", "🌈",
        ]
        var rng = SplitMix64(seed: 0x5EED)
        var failures: [String] = []
        for _ in 0..<3000 {
            let length = Int(rng.next() % 12)
            var s = ""
            for _ in 0..<length { s += pool[Int(rng.next() % UInt64(pool.count))] }
            let bySum = s.reduce(0) { $0 + $1.displayWidth }
            if s.displayWidth != bySum || s[...].displayWidth != bySum { failures.append(s) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5).map { Array($0.unicodeScalars) })")
    }
}

