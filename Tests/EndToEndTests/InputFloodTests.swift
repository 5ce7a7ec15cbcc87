import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// q answers after a flood of input: a big paste into the prompt (bracketed: one edit; or
    /// key by key: each key O(1), one frame per batch), and thousands of queued keys (handled
    /// before one frame, not a frame each).
    @Suite("q answers after a flood of input")
    struct InputFlood {
        /// 80 KB of text: CSV-like lines (`withLineBreaks`) or one long line.
        static func pasteText(withLineBreaks: Bool) -> String {
            var text = ""
            var line = 0
            while text.utf8.count < 80 * 1024 {
                line += 1
                text += "row \(line),Name\(line),City\(line),\(line * 7).50" + (withLineBreaks ? "\n" : " ")
            }
            return text
        }

        /// Waits for the status line to start with the prompt showing the end of `text`.
        static func promptShowsEnd(of text: String, in session: TmuxSession) -> Bool {
            let tail = String(text.replacingNewlinesWithSpaces.trimmingTrailingSpaces.suffix(20))
            return session.waitFor(timeout: 20) { Fixture.statusLine($0).hasPrefix(" /") && Fixture.statusLine($0).contains(tail) }
        }

        /// Pastes `text` into `/` through tmux (`bracketed`: as a terminal sends a paste; else the
        /// bytes as typed keys), waits for the prompt to show its end, then Esc and q must end
        /// dtable within 2 s.
        static func pasteIntoSearchThenQuit(_ text: String, bracketed: Bool) throws {
            let directory = try Fixture.directoryWithPeople()
            let session = try Fixture.startViewer(in: directory, width: 100)
            try directory.write("paste.txt", text: text)
            try session.sendKeys("/")
            #expect(session.waitFor { Fixture.statusLine($0).hasPrefix(" /") }, "\(session.lastScreen)")
            try session.tmux("load-buffer", directory.filePath("paste.txt"))
            try session.tmux(arguments: ["paste-buffer"] + (bracketed ? ["-p"] : []) + ["-t", session.target])
            #expect(Self.promptShowsEnd(of: text, in: session), "\(session.lastScreen)")
            try session.sendKeys("Escape", "q")
            #expect(session.waitForExit(timeout: 2) == 0, "\(String(describing: try? session.capture().last))")
        }

        @Test("An 80 KB bracketed paste into / is one edit (line breaks as spaces); Esc then q end dtable within 2 s",
              arguments: [true, false])
        func bracketedPaste(withLineBreaks: Bool) throws {
            try Self.pasteIntoSearchThenQuit(Self.pasteText(withLineBreaks: withLineBreaks), bracketed: true)
        }

        @Test("80 KB pasted into / without brackets (key by key) shows whole; Esc then q end dtable within 2 s")
        func unbracketedPaste() throws {
            try Self.pasteIntoSearchThenQuit(Self.pasteText(withLineBreaks: false), bracketed: false)
        }

        @Test("10,000 queued j keys: q after them ends dtable within 2 s, in far fewer frames than keys")
        func queuedKeys() throws {
            let directory = try TemporaryDirectory()
            // 20,000 rows: every j moves the cursor (a j on the last row changes nothing to draw).
            try directory.write("rows.csv", text: "n,square\n" + (1...20_000).map { "\($0),\($0 * $0)\n" }.joined())
            let stats = directory.track("stats.json")
            let session = try TmuxSession(arguments: [try dtableBinaryPath(), "--stats", stats, "rows.csv"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/20,000") }, "\(session.lastScreen)")
            try session.sendLiteral(String(repeating: "j", count: 10_000))
            try session.sendKeys("q")
            #expect(session.waitForExit(timeout: 2) == 0, "\(String(describing: try? session.capture().last))")
            let json = directory.read("stats.json") ?? ""
            let frames = Self.statistic("frames", in: json)
            // One frame per key was 10,002; batches of what is waiting make a few dozen at most.
            #expect(frames.map { $0 > 0 && $0 < 1_000 } == true, "\(json)")
        }

        /// The number after `"key": ` in a --stats JSON file.
        static func statistic(_ key: String, in json: String) -> Int? {
            let marker = "\"\(key)\": "
            guard let range = json.range(of: marker) else { return nil }
            return Int(json[range.upperBound...].prefix { $0.isNumber })
        }
    }
}

private extension String {
    var replacingNewlinesWithSpaces: String { String(map { $0.isNewline ? " " : $0 }) }
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
