import Glibc
import Testing
import TestSupport

extension EndToEnd {
    /// `F`, `B` and `I` in the real binary on numbers beyond the double range and on one huge
    /// field (see docs/decisions/0082-numbers-at-the-edges.md and 0083-long-values-in-statistics.md).
    @Suite("Statistics at the edges")
    struct StatisticsAtTheEdges {
        /// 30 ordinary decimals (so the column reads as numbers), then the edges of the double
        /// range, infinities written as numbers past it, words that are no numbers, a
        /// denormal, minus zero and Int64's ends.
        static let edgesCSV: String = {
            var text = "id,x\n"
            for i in 1...30 { text += "\(i),\(i).5\n" }
            let edges = ["1e308", "-1e308", "inf", "nan", "1e400", "-1e400", "5e-324", "-0", "9223372036854775807",
                         "-9223372036854775808", "9223372036854775808"]
            for (k, edge) in edges.enumerated() { text += "\(31 + k),\(edge)\n" }
            return text
        }()

        @Test("F, B and I on a column from -1e308 to 1e308 with infinities show their screens; q exits with 0")
        func binsAndSummaryBeyondTheDoubleRange() throws {
            let directory = try TemporaryDirectory()
            try directory.write("edges.csv", text: Self.edgesCSV)
            let session = try TmuxSession(width: 120, height: 34, arguments: [try dtableBinaryPath(), "edges.csv"],
                                          workingDirectory: directory.path)
            try #require(session.waitFor { Fixture.statusLine($0).contains("row 1/41") }, "no table:\n\(session.lastScreen)")
            try session.sendKeys("l", "F")
            #expect(session.waitFor { screen in
                Fixture.statusLine(screen).contains("frequency of x  B bins") && Fixture.words(screen.row(2)).first == "1.5"
            }, "no frequency table:\n\(session.lastScreen)")
            try session.sendKeys("B")
            #expect(session.waitFor { screen in
                Fixture.words(screen.row(1)).prefix(2) == ["-inf", "1"]
                    && screen.contains { Fixture.words($0).prefix(3) == ["[-1e308,", "-9e307)", "1"] }
                    && screen.contains { Fixture.words($0).prefix(2) == ["inf", "1"] }
                    && screen.contains { $0.hasPrefix("(not a number)") }
                    && Fixture.statusLine(screen).contains("in bins of width 1e307")
            }, "no bins:\n\(session.lastScreen)")
            // Enter on the bin of +infinity keeps the one row written 1e400.
            try session.sendKeys("G")
            try session.sendKeys("k", "k", "k")
            #expect(session.waitFor { Fixture.words($0.row(0)).first == "x" })
            try session.sendKeys("Enter")
            #expect(session.waitFor { screen in
                Fixture.statusLine(screen).contains("1 of 41 rows") && Fixture.words(screen.row(1)) == ["35", "1e400"]
            }, "not the row of 1e400:\n\(session.lastScreen)")
            try session.sendKeys("Escape")
            try session.sendKeys("I")
            #expect(session.waitFor { screen in
                let x = Fixture.words(screen.row(2))
                return x.prefix(7) == ["x", "decimal", "40", "1", "40", "-1e400", "1e400"] && x.count > 7 && x[7] == "NaN"
            }, "no summary:\n\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitFor { Fixture.statusLine($0).contains("edges.csv") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit() == 0)
        }

        /// A file with a header and one row holding a field of `megabytes` MiB of `x`, then a
        /// row with a short value.
        func hugeFieldFile(in directory: TemporaryDirectory, megabytes: Int) throws -> String {
            let path = directory.track("huge.csv")
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            #expect(fd >= 0)
            defer { close(fd) }
            _ = "id,text\n1,".withCString { write(fd, $0, strlen($0)) }
            let block = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            for _ in 0..<megabytes { _ = block.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
            _ = "\n2,short\n".withCString { write(fd, $0, strlen($0)) }
            return path
        }

        /// The number after `"key": ` in a --stats JSON file.
        func statistic(_ key: String, in json: String) -> Int? {
            guard let range = json.firstRange(of: "\"\(key)\": ") else { return nil }
            return Int(json[range.upperBound...].prefix { $0.isNumber })
        }

        @Test("F and I on a 32 MiB field keep a few MiB of it; Enter on the cut value keeps its row; q exits within 2 s")
        func statisticsOfAHugeField() throws {
            let directory = try TemporaryDirectory()
            let file = try hugeFieldFile(in: directory, megabytes: 32)
            let stats = directory.track("stats.json")
            let session = try TmuxSession(width: 100, height: 12, arguments: [try dtableBinaryPath(), "--stats", stats, file])
            try #require(session.waitFor(timeout: 60) { Fixture.statusLine($0).contains("row 1/2") }, "\(session.lastScreen)")
            try session.sendKeys("l", "F")
            #expect(session.waitFor(timeout: 90) { screen in
                screen.contains { $0.hasPrefix("Σ 2 values") } && screen.contains { $0.hasPrefix("xxxxxxxx") && $0.contains("…") }
            }, "no frequency table:\n\(session.lastScreen)")
            // Enter on the cut value: the filter keeps the row counted (by length and SHA-256).
            try session.sendKeys("Enter")
            #expect(session.waitFor(timeout: 90) { Fixture.statusLine($0).contains("1 of 2 rows") }, "\(session.lastScreen)")
            try session.sendKeys("Escape")
            try session.sendKeys("I")
            #expect(session.waitFor(timeout: 90) { screen in
                Fixture.words(screen.row(2)).prefix(6) == ["text", "text", "2", "0", "2", "short"]
            }, "no summary:\n\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitFor { Fixture.statusLine($0).contains("huge.csv") }, "\(session.lastScreen)")
            try session.sendKeys("q")
            #expect(session.waitForExit(timeout: 2) == 0, "q did not end dtable within 2 s")
            let json = directory.read("stats.json") ?? ""
            let peak = statistic("rss_anon_peak_kb", in: json) ?? Int.max
            #expect(peak < 16 * 1024, "RssAnon peak \(peak) kB for a 32 MiB field: \(json)")
        }

        @Test("q during F on a 32 MiB field ends dtable within 2 s")
        func quittingWhileAHugeFieldIsCounted() throws {
            let directory = try TemporaryDirectory()
            let file = try hugeFieldFile(in: directory, megabytes: 32)
            let session = try TmuxSession(width: 100, height: 12, arguments: [try dtableBinaryPath(), file])
            try #require(session.waitFor(timeout: 60) { Fixture.statusLine($0).contains("row 1/2") }, "\(session.lastScreen)")
            try session.sendKeys("l", "F")
            try session.sendKeys("q")
            try session.sendKeys("q")
            #expect(session.waitForExit(timeout: 2) == 0, "q did not end dtable within 2 s:\n\(session.lastScreen)")
        }
    }
}
