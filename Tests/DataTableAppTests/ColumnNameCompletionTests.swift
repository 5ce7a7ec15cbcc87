import Testing
@testable import DataTableApp

/// `c`: which column a typed name goes to, and what Tab completes it to.
@Suite struct ColumnNameCompletionTests {
    let completion = ColumnNameCompletion(titles: ["id", "Price", "price_eur", "unit price", "priority", "name"])

    @Test func prefixMatchesComeBeforeSubstringMatches() {
        #expect(completion.matches("pri") == [1, 2, 4, 3])
        #expect(completion.matches("PRICE") == [1, 2, 3])
        #expect(completion.matches("") == Array(0..<6))
        #expect(completion.matches("zzz").isEmpty)
    }

    @Test func enterGoesToTheExactTitleFirst() {
        #expect(completion.target("price") == 1, "ignoring case")
        #expect(completion.target("Price") == 1)
        #expect(completion.target("eur") == 2, "a substring")
        #expect(completion.target("unit") == 3)
        #expect(completion.target("zzz") == nil)
        #expect(completion.target("") == nil)
    }

    @Test func tabCompletesTheSharedPrefixThenWholeTitles() {
        #expect(completion.completion(of: "na") == "name", "one match")
        #expect(completion.completion(of: "pr") == "Pri", "the prefix Price, price_eur and priority share, as the first writes it")
        #expect(completion.completion(of: "pri") == "Price", "nothing longer shared: the first match")
        #expect(completion.completion(of: "eur") == "price_eur")
        #expect(completion.completion(of: "zzz") == nil)
        #expect(completion.cycled(from: 0, base: "pri")?.title == "price_eur")
        #expect(completion.cycled(from: 3, base: "pri")?.title == "Price", "wraps")
        #expect(completion.cycled(from: 0, base: "pri", backwards: true)?.title == "unit price")
    }

    @Test func nonASCIITitlesMatchAndShareTheirPrefixIgnoringCase() {
        let accents = ColumnNameCompletion(titles: ["Ärger", "ärgerlich", "Straße", "groß", "id"])
        #expect(accents.matches("ÄR") == [0, 1])
        #expect(accents.matches("ß") == [2, 3])
        #expect(accents.completion(of: "är") == "Ärger", "as the first title writes it")
        #expect(accents.target("GROSS") == nil)
        #expect(accents.target("groß") == 3)
    }

    /// The hint asks on every frame: a million titles are matched byte by byte (the expected
    /// columns are computed here from the titles' numbers).
    @Test func aMillionTitlesMatchAndComplete() {
        let many = ColumnNameCompletion(titles: (0..<1_000_000).map { "c\($0)" })
        #expect(many.matches("c99999") == [99_999] + Array(999_990...999_999))
        // No title starts with "9999": every match is a substring match, in column order.
        #expect(many.matches("9999") == (0..<1_000_000).filter { String($0).contains("9999") })
        #expect(many.completion(of: "c") == "c0", "nothing longer shared: the first match")
        #expect(many.completion(of: "c12345") == "c12345")
    }
}
