import Testing
import TestSupport

extension EndToEnd {
    /// Graphemes an ncurses cell cannot hold, on a real terminal (tmux).
    @Suite("Graphemes on screen")
    struct Graphemes {
        @Test("A ZWJ family shows one glyph and no joiner; a flag arrives as its two indicators; the next column stays put")
        func zwjAndFlags() throws {
            let directory = try TemporaryDirectory()
            _ = try directory.write("emoji.csv", text: "glyph,after\n👨‍👩‍👧,AFTER1\n🇯🇵,AFTER2\nab,AFTER3\n")
            let session = try TmuxSession(width: 40, height: 8, arguments: [try dtableBinaryPath(), "emoji.csv"],
                                          workingDirectory: directory.path)
            #expect(session.waitFor { $0.row(3).contains("AFTER3") }, "\(session.lastScreen)")
            let screen = session.lastCapture
            let family = screen.row(1), flag = screen.row(2)
            // Before: the joiners were sent after the first emoji and glued to the next cell.
            #expect(!family.unicodeScalars.contains("\u{200D}"), "\(family.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(family.contains("👨") && !family.contains("👩") && !family.contains("👧"), "\(family)")
            // Before: only the first regional indicator was drawn.
            #expect(flag.contains("🇯🇵"), "\(flag.unicodeScalars.map { String($0.value, radix: 16) })")
            // Each glyph takes two columns, so the text after it lines up with the ASCII row.
            let expected = try #require(ScreenText.column(of: "AFTER3", in: screen.row(3)))
            #expect(ScreenText.column(of: "AFTER1", in: family).map { $0 + 1 } == expected, "\(screen)")
            #expect(ScreenText.column(of: "AFTER2", in: flag).map { $0 + 1 } == expected, "\(screen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }
    }
}
