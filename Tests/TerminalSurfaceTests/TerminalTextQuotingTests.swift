import Testing
import TerminalSurface

@Suite("Terminal text in messages")
struct TerminalTextQuotingTests {
    /// A title or file name that would set the window title and clear the screen.
    static let hostile = "a\u{1B}]0;OWNED\u{07}\u{1B}[2J.csv"

    @Test("quoted sanitizes and quotes once")
    func quotedSanitizesAndQuotesOnce() {
        #expect(TerminalText.quoted(Self.hostile) == "'a␛]0;OWNED␇␛[2J.csv'")
        #expect(TerminalText.quoted("/dev/urandom") == "'/dev/urandom'")
        #expect(TerminalText.quoted("") == "''")
        // C1 controls and bidi overrides, as on the screen.
        #expect(TerminalText.quoted("x\u{9B}31m\u{202E}y") == "'x\u{FFFD}31m\u{FFFD}y'")
    }

    @Test("excerpt cuts in the middle, before sanitizing, and is one line")
    func excerptCutsInTheMiddle() {
        #expect(TerminalText.excerpt("abcdefghij", maxWidth: 5) == "ab…ij")
        #expect(TerminalText.excerpt("abc", maxWidth: 5) == "abc")
        #expect(TerminalText.quoted("abcdefghij", maxWidth: 5) == "'ab…ij'")
        let long = String(repeating: "\u{1B}[2J", count: 1_000_000)
        let cut = TerminalText.excerpt(long, maxWidth: 40)
        #expect(cut.displayWidth == 40)
        #expect(!cut.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(TerminalText.excerpt("line one\nline two") == "line one␊line two")
    }
}
