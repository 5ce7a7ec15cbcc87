import Testing
import TerminalSurface
import DataTableApp
import DataTableKit

/// The columns as error messages list them.
@Suite struct ColumnListingTests {
    @Test func shortListsAreWhole() {
        #expect(ColumnTitleLookup.listing(["id", "name"]) { "\($0 + 1) \($1)" } == "1 id, 2 name")
        #expect(ColumnTitleLookup.listing([]) { "\($0 + 1) \($1)" } == "")
    }

    @Test func aMillionColumnsListTwentyAndCountTheRest() {
        let titles = (1...1_000_000).map { "column \($0)" }
        let clock = ContinuousClock()
        var text = ""
        let elapsed = clock.measure { text = ColumnTitleLookup.listing(titles) { "\($0 + 1) \($1)" } }
        #expect(text.hasPrefix("1 column 1, 2 column 2, "))
        #expect(text.hasSuffix("20 column 20, … and 999,980 more"), "\(text)")
        #expect(text.utf8.count < 1000)
        #expect(elapsed < .milliseconds(50), "\(elapsed)")
    }

    @Test func titlesAreMadeSafeAndCut() {
        let hostile = "x\u{1B}]0;OWNED\u{07}\u{1B}[2J"
        let long = String(repeating: "w", count: 10_000)
        let text = ColumnTitleLookup.listing([hostile, long]) { "{\($1)}" }
        #expect(text == "{x␛]0;OWNED␇␛[2J}, {" + String(repeating: "w", count: 20) + "…" + String(repeating: "w", count: 19) + "}")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test func someColumnsOnly() {
        let titles = ["a", "A", "b", "a"]
        #expect(ColumnTitleLookup.listing(titles, columns: [0, 1, 3]) { "\($0 + 1) \($1)" } == "1 a, 2 A, 4 a")
        let many = Array(repeating: "t", count: 30)
        #expect(ColumnTitleLookup.listing(many, columns: Array(5..<30)) { index, _ in "\(index + 1)" }.hasSuffix("25, … and 5 more"))
    }
}
