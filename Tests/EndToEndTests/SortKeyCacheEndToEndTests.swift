import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// Sorting again by a column already sorted (issue 23): the real binary reads the column's
    /// keys once, `--stats` says the later sorts found them kept, and each sort shows the row a
    /// plain reading of the values here expects first.
    @Suite("Sort keys kept")
    struct SortKeysKept {
        @Test("[ ] [ on a ;-separated export with decimal commas: one extraction, two kept, the right row first each time")
        func sortAgainFindsTheKeys() throws {
            // An Excel (de-DE) export: BOM, CRLF, `;`, decimal commas, quoted fields, NA.
            var text = "\u{FEFF}id;betrag\r\n"
            var values: [Int] = []
            func written(_ cents: Int) -> String {
                let magnitude = abs(cents)
                return (cents < 0 ? "-" : "") + "\(magnitude / 100)," + (magnitude % 100 < 10 ? "0" : "") + "\(magnitude % 100)"
            }
            for row in 0..<2_000 {
                let cents = (row * 7_919) % 2_000 - 1_000
                if row % 50 == 7 {
                    text += "\(row + 1);NA\r\n"
                } else {
                    values.append(cents)
                    text += "\(row + 1);" + (row % 9 == 0 ? "\"\(written(cents))\"" : written(cents)) + "\r\n"
                }
            }
            let smallest = written(values.min()!), largest = written(values.max()!)
            let directory = try TemporaryDirectory()
            try directory.write("export.csv", text: text)
            let stats = directory.track("stats.json")
            let session = try TmuxSession(width: 60, height: 8, arguments: [try dtableBinaryPath(), "--stats", stats, "export.csv"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/2,000") }, "\(session.lastScreen)")
            // The kinds' check over the large sample settles first: a kind it corrects sorts
            // again under another key (a second extraction), as it should. Finished jobs now
            // wake the run loop at once, so the keys below can arrive before it.
            usleep(500_000)
            try session.sendKeys("l")
            for (key, first) in [("[", smallest), ("]", largest), ("[", smallest)] {
                try session.sendKeys(key)
                let shown = session.waitFor { screen in
                    screen.count > 1 && screen[1].hasSuffix(" " + first) && !Fixture.statusLine(screen).contains("sorting")
                }
                #expect(shown, "\(key): \(first) first: \(session.lastScreen)")
            }
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
            let json = directory.read("stats.json") ?? ""
            #expect(InputFlood.statistic("sort_key_cache_misses", in: json) == 1, "\(json)")
            #expect(InputFlood.statistic("sort_key_cache_hits", in: json) == 2, "\(json)")
            #expect(InputFlood.statistic("sort_key_cache_entries", in: json) == 1, "\(json)")
            // The keys (4 B a row), the order of every row (4 B a row), the null bitmap (a bit).
            #expect(InputFlood.statistic("sort_key_cache_bytes", in: json) == 2_000 * 8 + 2_048 / 8, "\(json)")
        }
    }
}
