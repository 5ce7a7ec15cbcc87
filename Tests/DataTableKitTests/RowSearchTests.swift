import Testing
import TestSupport
@testable import DataTableKit

private func substring(_ query: String) -> RowMatcher { try! RowMatcher(query: query, mode: .substring) }
private func regex(_ query: String) -> RowMatcher { try! RowMatcher(query: query, mode: .regex) }

/// The matched texts of `matcher.matchRanges(in:)`.
private func matched(_ matcher: RowMatcher, _ text: String) -> [String] {
    matcher.matchRanges(in: text).map { String(text[$0]) }
}

/// Reference: naive search over UTF-8 bytes with ASCII folding.
private func referenceOffsets(_ needle: String, _ text: String, fold: Bool) -> [Int] {
    func f(_ b: UInt8) -> UInt8 { fold && b >= 65 && b <= 90 ? b + 32 : b }
    let h = Array(text.utf8).map(f), p = Array(needle.utf8).map(f)
    var result: [Int] = []
    var i = 0
    while i + p.count <= h.count {
        if Array(h[i..<i + p.count]) == p { result.append(i); i += p.count } else { i += 1 }
    }
    return result
}


// MARK: - Smart case

@Test func lowercaseQueryIgnoresCase() {
    let m = substring("abc")
    #expect(!m.isCaseSensitive)
    #expect(m.matches("ABC"))
    #expect(m.matches("xAbCx"))
    #expect(m.matches("abc"))
    #expect(!m.matches("ab c"))
}

@Test func uppercaseLetterMakesQueryCaseSensitive() {
    let m = substring("Abc")
    #expect(m.isCaseSensitive)
    #expect(m.matches("xAbc"))
    #expect(!m.matches("abc"))
    #expect(!m.matches("ABC"))
    // Non-ASCII upper case counts too.
    #expect(substring("É").isCaseSensitive)
    #expect(!substring("É").matches("é"))
    #expect(substring("É").matches("CAFÉ"))
    // Digits, punctuation, CJK have no case.
    #expect(!substring("42-東京").isCaseSensitive)
}

@Test func regexSmartCaseIgnoresEscapesAndGroupNames() {
    #expect(!regex(#"\D\S\W\p{Lu}"#).isCaseSensitive)
    #expect(!regex(#"(?<Name>ab)\k<Name>"#).isCaseSensitive)
    #expect(regex(#"\dA"#).isCaseSensitive)
    #expect(regex(#"\Dbc"#).matches("xBC"))
    #expect(regex("^ab").matches("ABC"))
    #expect(!regex("^Ab").matches("abc"))
    #expect(regex("^Ab").matches("Abc"))
}

// MARK: - Substring

@Test func asciiSubstringPositions() {
    let m = substring("needle")
    #expect(m.matches("needle"))
    #expect(m.matches("needle in a haystack"))
    #expect(m.matches("a haystack with a needle"))
    #expect(m.matches("hay NEEDLE hay"))
    #expect(!m.matches("needl"))
    #expect(!m.matches(""))
    #expect(!m.matches("a haystack with a needl e in it, long enough for the word loop"))
    #expect(substring("aab").matches("aaab"))
    #expect(substring("x").matches(String(repeating: "y", count: 100) + "X"))
    #expect(!substring("xy").matches(String(repeating: "x", count: 100)))
    // Bytes around 'A'...'Z' are not folded: '@' (0x40) and '[' (0x5B) are not '`' and '{'.
    #expect(!substring("`").matches("@"))
    #expect(!substring("{").matches("["))
}

@Test func emptyQueryMatchesEverythingWithoutRanges() {
    #expect(substring("").matches(""))
    #expect(substring("").matches("abc"))
    #expect(substring("").matchRanges(in: "abc").isEmpty)
    #expect(regex("").matches("abc"))
    #expect(regex("").matchRanges(in: "abc").isEmpty)
}

@Test func byteSearchAgreesWithNaiveSearch() {
    var rng = SplitMix64(state: 42)
    let alphabet: [String] = ["a", "b", "A", "B", "é", "東", "👍", " "]
    func random(_ length: Int) -> String {
        String((0..<length).map { _ in alphabet.randomElement(using: &rng)! }.joined())
    }
    for _ in 0..<3000 {
        let text = random(Int.random(in: 0...40, using: &rng))
        let needle = random(Int.random(in: 1...4, using: &rng))
        let m = substring(needle)
        let fold = !m.isCaseSensitive
        let expected = referenceOffsets(needle, text, fold: fold)
        #expect(m.matches(text) == !expected.isEmpty, "\(needle) in \(text)")
        let offsets = m.matchRanges(in: text).map { text.utf8.distance(from: text.utf8.startIndex, to: $0.lowerBound) }
        #expect(offsets == expected, "\(needle) in \(text)")
    }
}

@Test func cjkSubstring() {
    let m = substring("東京")
    #expect(!m.isCaseSensitive)
    #expect(m.matches("東京都"))
    #expect(m.matches("Tokyo 東京"))
    #expect(!m.matches("京都"))
    #expect(substring("東京 tower").matches("東京 TOWER"))
    #expect(matched(substring("京"), "東京と京都") == ["京", "京"])
}

@Test func emojiSubstring() {
    #expect(substring("👍").matches("ok 👍 fine"))
    #expect(!substring("👍").matches("ok 👎 fine"))
    #expect(substring("🇯🇵").matches("flag 🇯🇵"))
    let family = "👨‍👩‍👧"
    // Byte search finds a scalar inside a Character; the highlight covers the whole Character.
    #expect(substring("👩").matches("a \(family) b"))
    #expect(matched(substring("👩"), "a \(family) b") == [family])
    #expect(matched(substring("👨"), "\(family)\(family)") == [family, family])
    // Two matches inside one Character become one range.
    #expect(matched(substring("\u{200D}"), "x\(family)") == [family])
}

@Test func nonASCIICasedQueryFallsBackToCaseInsensitiveRegex() {
    let m = substring("café")
    #expect(!m.isCaseSensitive)
    #expect(m.pattern != nil)
    #expect(m.matches("CAFÉ"))
    #expect(m.matches("Le Café"))
    #expect(!m.matches("cafe"))
    #expect(matched(m, "café CAFÉ") == ["café", "CAFÉ"])
    #expect(substring("жук").matches("ЖУК"))
    // No normalization (as in the byte search and grep): a decomposed É is another text.
    #expect(!m.matches("CAFE\u{301}"))
    #expect(!substring("zürich").matches("ZU\u{308}RICH"))
    #expect(substring("zu\u{308}rich").matches("ZU\u{308}RICH"))
    #expect(!substring("zürich").matches("zurich"))
    // k matches the Kelvin sign under Unicode case-insensitivity, so it is not in the prefilter.
    #expect(substring("kö").matches("\u{212A}Ö"))
    // Regex metacharacters are literal in substring mode.
    #expect(substring("é.*").matches("É.*"))
    #expect(!substring("é.*").matches("éx"))
}

@Test func fallbackPrefilterTakesTheLongestSafeASCIIRun() {
    func run(_ query: String) -> String { String(decoding: RowMatcher.requiredASCII(query), as: UTF8.self) }
    #expect(run("zürich") == "rich")
    #expect(run("café au lait") == " au lait")
    #expect(run("kös") == "")
    #expect(run("maske ö") == "ma")
    #expect(run("jé\u{301}ab") == "ab")  // `é` + mark is one Character
    #expect(run("жук") == "")
    #expect(substring("zürich").needle == Array("rich".utf8))
}

@Test func substringRangesAreStringIndices() {
    let text = "abXabab"
    let ranges = substring("ab").matchRanges(in: text)
    #expect(ranges.count == 3)
    #expect(ranges.map { text.distance(from: text.startIndex, to: $0.lowerBound) } == [0, 3, 5])
    #expect(matched(substring("aa"), "aaaaa") == ["aa", "aa"])
    #expect(matched(substring("AB"), "ab AB Ab") == ["AB"])
    // Byte search: no normalization, a precomposed query does not find a decomposed text...
    #expect(matched(substring("\u{C9}"), "E\u{301}") == [])
    // ...nor does the caseless fallback; a decomposed query finds the decomposed text.
    #expect(matched(substring("\u{E9}"), "E\u{301}") == [])
    #expect(matched(substring("e\u{301}"), "xE\u{301}") == ["E\u{301}"])
    #expect(matched(substring("e"), "e\u{301}!") == ["e\u{301}"])  // widened to the Character
    #expect(matched(substring("ü"), "Grüße, über") == ["ü", "ü"])
}

@Test func matchesUTF8Bytes() {
    let bytes = Array("Hello, Wörld".utf8)
    bytes.withUnsafeBytes { buffer in
        #expect(substring("wörld").matches(utf8: buffer))
        #expect(!substring("world").matches(utf8: buffer))
        #expect(regex("^hello").matches(utf8: buffer))
    }
}

// MARK: - Regex

@Test func regexAnchors() {
    #expect(regex("^ab").matches("abc"))
    #expect(!regex("^ab").matches("cab"))
    #expect(regex("c$").matches("abc"))
    #expect(!regex("c$").matches("cab"))
    #expect(regex("^$").matches(""))
    #expect(!regex("^$").matches("x"))
    #expect(regex(#"^\d{3}-\d{4}$"#).matches("555-1234"))
    #expect(!regex(#"^\d{3}-\d{4}$"#).matches("555-12345"))
    #expect(regex("東.").matches("東京"))
}

@Test func regexRanges() {
    #expect(matched(regex(#"\d+"#), "a1b22c333") == ["1", "22", "333"])
    #expect(matched(regex("x*"), "axxbx") == ["xx", "x"])  // empty matches are left out
    #expect(matched(regex("o"), "fOo") == ["O", "o"])
}

@Test func invalidRegexThrowsOneLineMessage() {
    for pattern in ["(", "[a-", "a{2,1}", "\\", "*a", "a)"] {
        do {
            _ = try RowMatcher(query: pattern, mode: .regex)
            Issue.record("\(pattern) compiled")
        } catch let error as RowMatcherError {
            #expect(error.message.hasPrefix("invalid regex: "), "\(error.message)")
            #expect(error.message.count > "invalid regex: ".count)
            #expect(!error.message.contains("\n"))
            #expect(error.description == error.message)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
    #expect(throws: RowMatcherError.self) { try RowMatcher(query: "(", mode: .regex) }
    #expect((try? RowMatcher(query: "(", mode: .regex)) == nil)
    // The same text is a fine substring query.
    #expect(substring("(").matches("f(x)"))
}

@Test func invalidRegexMessageText() throws {
    do {
        _ = try RowMatcher(query: "(", mode: .regex)
    } catch let error as RowMatcherError {
        #expect(error.message == "invalid regex: missing closing parenthesis")
    }
}

// MARK: - find

/// Rows of one searched column (0) plus a column that is never searched (1).
private struct Table {
    var cells: [[String]]
    func text(_ row: Int, _ column: Int) -> String { cells[row][column] }
}

private func table(_ column0: [String]) -> Table {
    Table(cells: column0.map { [$0, "hit"] })
}

private func find(
    _ t: Table, _ query: String, from: Int, forward: Bool = true, order: [Int]? = nil, columns: [Int] = [0]
) -> SearchOutcome {
    RowSearch.find(
        from: from, count: order?.count ?? t.cells.count, forward: forward, columns: columns,
        matcher: substring(query), sourceRow: { order?[$0] ?? $0 }, text: t.text,
        isCancelled: { false }, progress: { _, _ in })
}

@Test func findForwardWrapsAround() {
    let t = table(["a", "hit", "b", "hit", "c"])
    #expect(find(t, "hit", from: 0) == .found(1))
    #expect(find(t, "hit", from: 1) == .found(1))  // starting on a match: inclusive
    #expect(find(t, "hit", from: 2) == .found(3))  // caller passes cursor + 1 for "next"
    #expect(find(t, "hit", from: 4) == .found(1))  // wraps
    #expect(find(t, "hit", from: 5) == .found(1))  // from == count reads as 0
}

@Test func findBackwardWrapsAround() {
    let t = table(["a", "hit", "b", "hit", "c"])
    #expect(find(t, "hit", from: 4, forward: false) == .found(3))
    #expect(find(t, "hit", from: 3, forward: false) == .found(3))  // inclusive
    #expect(find(t, "hit", from: 2, forward: false) == .found(1))  // cursor - 1
    #expect(find(t, "hit", from: 0, forward: false) == .found(3))  // wraps
    #expect(find(t, "hit", from: -1, forward: false) == .found(3))  // -1 reads as count - 1
}

@Test func findOnlyMatchingRowWrapsBackToItself() {
    let t = table(["a", "b", "hit", "c"])
    #expect(find(t, "hit", from: 3) == .found(2))
    #expect(find(t, "hit", from: 1, forward: false) == .found(2))
    #expect(find(t, "hit", from: 2) == .found(2))
}

@Test func findNotFound() {
    let t = table(["a", "b", "c"])
    #expect(find(t, "zzz", from: 1) == .notFound)
    #expect(find(t, "zzz", from: 1, forward: false) == .notFound)
    #expect(find(table([]), "a", from: 0) == .notFound)
    #expect(find(t, "a", from: 0, columns: []) == .notFound)
    // Column 1 holds "hit" everywhere but is not searched.
    #expect(find(t, "hit", from: 0) == .notFound)
    #expect(find(t, "hit", from: 0, columns: [0, 1]) == .found(0))
}

@Test func findReturnsDisplayPositionsThroughPermutation() {
    let t = table(["hit0", "x", "hit2", "y"])
    let order = [3, 2, 1, 0]  // display position -> source row
    #expect(find(t, "hit", from: 0, order: order) == .found(1))  // source row 2
    #expect(find(t, "hit", from: 2, order: order) == .found(3))  // source row 0
    #expect(find(t, "hit0", from: 0, forward: false, order: order) == .found(3))
}

@Test func findVisitsEveryRowOnce() {
    var visited: [Int] = []
    let outcome = RowSearch.find(
        from: 2, count: 5, forward: false, columns: [0], matcher: substring("none"),
        sourceRow: { $0 }, text: { row, _ in visited.append(row); return "" },
        isCancelled: { false }, progress: { _, _ in })
    #expect(outcome == .notFound)
    #expect(visited == [2, 1, 0, 4, 3])
}

@Test func findCancellationStopsQuickly() {
    let count = 1_000_000
    var fetched = 0
    var polls = 0
    let outcome = RowSearch.find(
        from: 0, count: count, forward: true, columns: [0], matcher: substring("none"),
        sourceRow: { $0 }, text: { _, _ in fetched += 1; return "abc" },
        isCancelled: { polls += 1; return polls > 1 }, progress: { _, _ in })
    #expect(outcome == .cancelled)
    #expect(fetched == RowSearch.cancellationInterval)
    // Cancelled before starting: no row is read.
    fetched = 0
    let early = RowSearch.find(
        from: 0, count: count, forward: true, columns: [0], matcher: substring("none"),
        sourceRow: { $0 }, text: { _, _ in fetched += 1; return "abc" },
        isCancelled: { true }, progress: { _, _ in })
    #expect(early == .cancelled)
    #expect(fetched == 0)
}

@Test func findReportsProgress() {
    var reports: [Int] = []
    let count = 200_000
    let outcome = RowSearch.find(
        from: 10, count: count, forward: true, columns: [0], matcher: substring("none"),
        sourceRow: { $0 }, text: { _, _ in "abc" },
        isCancelled: { false }, progress: { scanned, total in #expect(total == count); reports.append(scanned) })
    #expect(outcome == .notFound)
    #expect(reports == [65_536, 131_072, 196_608])
}

// MARK: - filter

@Test func filterKeepsOrderAndSubset() {
    let values = ["apple", "Banana", "cherry", "APPLE pie", "date", "pineapple"]
    let rows: [UInt32] = [5, 3, 1, 0, 4, 2]  // a sorted permutation, say
    let kept = RowSearch.filter(
        rows, columns: [0], matcher: substring("apple"), text: { row, _ in values[row] },
        isCancelled: { false }, progress: { _, _ in })
    #expect(kept == [5, 3, 0])
    let none = RowSearch.filter(
        rows, columns: [0], matcher: substring("zzz"), text: { row, _ in values[row] },
        isCancelled: { false }, progress: { _, _ in })
    #expect(none == [])
    let all = RowSearch.filter(
        rows, columns: [0], matcher: substring(""), text: { row, _ in values[row] },
        isCancelled: { false }, progress: { _, _ in })
    #expect(all == rows)
    #expect(RowSearch.filter([], columns: [0], matcher: substring("a"), text: { _, _ in "" },
                             isCancelled: { false }, progress: { _, _ in }) == [])
}

@Test func filterLooksInAnyOfTheColumns() {
    let cells = [["a", "x"], ["b", "needle"], ["needle", "c"], ["d", "e"]]
    let kept = RowSearch.filter(
        [0, 1, 2, 3], columns: [0, 1], matcher: regex("^need"), text: { cells[$0][$1] },
        isCancelled: { false }, progress: { _, _ in })
    #expect(kept == [1, 2])
}

@Test func filterCancellationAndProgress() {
    let rows = (0..<UInt32(150_000)).map { $0 }
    var polls = 0
    var fetched = 0
    let cancelled = RowSearch.filter(
        rows, columns: [0], matcher: substring("a"), text: { _, _ in fetched += 1; return "a" },
        isCancelled: { polls += 1; return polls > 1 }, progress: { _, _ in })
    #expect(cancelled == nil)
    #expect(fetched == RowSearch.cancellationInterval)
    var reports: [Int] = []
    let kept = RowSearch.filter(
        rows, columns: [0], matcher: substring("1"), text: { row, _ in String(row) },
        isCancelled: { false }, progress: { scanned, total in #expect(total == rows.count); reports.append(scanned) })
    #expect(reports == [65_536, 131_072])
    #expect(kept == rows.filter { String($0).contains("1") })
}

// MARK: - Performance smoke (no timing assertions)

/// Prints ns per field for scans that match nothing (every field is read). 1M rows × 8 columns
/// in a release build (`swift test -c release -Xswiftc -enable-testing --filter RowSearchTests`);
/// 5K rows in a debug build so the ordinary test run stays fast.
@Test func searchPerformanceSmoke() {
    #if DEBUG
    let rowCount = 5_000
    #else
    let rowCount = 1_000_000
    #endif
    let columnCount = 8
    var rng = SplitMix64(state: 7)
    let words = ["alpha", "Bravo", "charlie", "Delta", "echo", "foxtrot", "golf", "Hotel", "india", "Juliet",
                 "kilo", "lima", "2024-01-15", "1234.50", "user@example.com", "New York", "北京", "Zürich"]
    // ~15-byte fields: two words and a number, so lengths vary around the 15-byte small-string limit.
    let cells: [[String]] = (0..<rowCount).map { _ in
        (0..<columnCount).map { _ in
            let a = words.randomElement(using: &rng)!, b = words.randomElement(using: &rng)!
            return String((a + " " + b + " " + String(rng.next() % 100)).prefix(20))
        }
    }
    let totalBytes = cells.reduce(0) { $0 + $1.reduce(0) { $0 + $1.utf8.count } }
    let fields = rowCount * columnCount
    let columns = Array(0..<columnCount)
    let clock = ContinuousClock()

    func measure(_ label: String, _ query: String, _ mode: RowMatcher.Mode, rows limit: Int = rowCount) {
        let matcher = try! RowMatcher(query: query, mode: mode)
        var outcome = SearchOutcome.cancelled
        let elapsed = clock.measure {
            outcome = RowSearch.find(
                from: 0, count: limit, forward: true, columns: columns, matcher: matcher,
                sourceRow: { $0 }, text: { cells[$0][$1] }, isCancelled: { false }, progress: { _, _ in })
        }
        #expect(outcome == .notFound)
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        let perField = ns / Double(limit * columnCount)
        print("search \(label): \(limit) rows × \(columnCount) cols, \(Int(ns / 1e6)) ms, \(perField) ns/field")
    }
    print("search perf: \(fields) fields, \(Double(totalBytes) / Double(fields)) bytes/field average")

    // Baseline: fetching the fields with a matcher that never looks at them (empty columns cost nothing,
    // so fetch through a query that is longer than any field: it returns after a length check).
    measure("fetch + length check", String(repeating: "q", count: 40), .substring)
    measure("ASCII insensitive 'zulu'", "zulu", .substring)
    measure("ASCII sensitive 'Zulu'", "Zulu", .substring)
    measure("ASCII insensitive 1 byte 'q'", "q", .substring)
    measure("CJK '東京'", "東京", .substring)
    measure("non-ASCII cased fallback, prefilter 'richx': 'zürichx'", "zürichx", .substring)
    measure("non-ASCII cased fallback, no prefilter: 'жук'", "жук", .substring, rows: rowCount / 20)
    measure("regex '^zulu'", "^zulu", .regex, rows: rowCount / 20)
    measure("regex 'z[0-9]+x'", "z[0-9]+x", .regex, rows: rowCount / 20)

    // The matcher alone, on the fields already fetched.
    let flat = cells.flatMap { $0 }
    for query in ["zulu", "Zulu", "東京"] {
        let matcher = substring(query)
        var hits = 0
        let elapsed = clock.measure { for field in flat where matcher.matches(field) { hits += 1 } }
        #expect(hits == 0)
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        print("search matcher only '\(query)': \(ns / Double(flat.count)) ns/field")
    }

    let matcher = substring("zulu")
    var kept: [UInt32]? = nil
    let rows = (0..<UInt32(rowCount)).map { $0 }
    let elapsed = clock.measure {
        kept = RowSearch.filter(rows, columns: columns, matcher: matcher, text: { cells[$0][$1] },
                                isCancelled: { false }, progress: { _, _ in })
    }
    #expect(kept == [])
    print("filter 'zulu': \(elapsed)")
}
