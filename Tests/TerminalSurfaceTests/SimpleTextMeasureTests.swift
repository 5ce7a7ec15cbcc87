import Testing
import TestSupport
@testable import TerminalSurface

/// `TerminalText.simpleTextMeasure` (print's fast path for non-ASCII text) agrees with the
/// String functions it stands for, and declines everything they would treat differently.
@Suite struct SimpleTextMeasureTests {
    /// Pieces of text: simple ones, and ones that must be declined (joining, zero-width,
    /// controls, bidi, invalid UTF-8).
    static let simple: [[UInt8]] = ["a", "Zoë", "東京", "👍", "Олег", "✅", "€", "ÿ", "한국", " "].map { Array($0.utf8) }
    static let declined: [[UInt8]] = [
        Array("e\u{301}".utf8), Array("👍🏽".utf8), Array("🇫🇷".utf8), Array("👨‍👩‍👧".utf8), Array("\u{200B}".utf8),
        Array("\u{1B}".utf8), Array("\t".utf8), Array("\u{7F}".utf8), Array("\u{9B}".utf8), Array("\u{202E}".utf8),
        Array("\r\n".utf8), Array("❤️".utf8), [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80],
    ]

    @Test("Random simple text: width, and the prefix that fits, as TerminalText measures them")
    func agreesOnSimpleText() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 12) { bytes += Self.simple[Int(random.next() % UInt64(Self.simple.count))] }
            let room = Int(random.next() % 16)
            let measure = bytes.withUnsafeBytes { TerminalText.simpleTextMeasure($0, room: room) }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(measure?.width == text.displayWidth)
            let prefix = TerminalText.prefix(text[...], fittingWidth: room)
            #expect(measure?.prefixBytes == prefix.text.utf8.count, "\(text) in \(room)")
            #expect(measure?.prefixWidth == prefix.width)
            #expect(text.count == text.unicodeScalars.count)  // one Character per scalar
            #expect(TerminalText.isSafe(text))
        }
    }

    @Test("Text with a joining, zero-width, control or bidi scalar, or invalid UTF-8, is declined")
    func declinesTheRest() {
        var random = SplitMix64(seed: 7)
        for bad in Self.declined {
            let before = Self.simple[Int(random.next() % UInt64(Self.simple.count))]
            let bytes = before + bad + before
            #expect(bytes.withUnsafeBytes { TerminalText.simpleTextMeasure($0, room: 80) } == nil, "\(bytes)")
        }
    }
}
