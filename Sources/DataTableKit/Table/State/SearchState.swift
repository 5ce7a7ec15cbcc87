/// What a table highlights and repeats of searching (a part of `DataTableView`): the last
/// search (`n`/`N`), the query being typed in the program's prompt and its compiled matcher,
/// and whether the last frame gave highlighting up.
struct SearchState {
    /// The last search (for `n`/`N` and highlighting).
    var lastSearch: RowMatcher?
    /// The search or filter being typed in the program's prompt: its matches are highlighted.
    var typedQuery: TypedQuery?
    /// The matcher compiled for the query being typed, kept while its text and mode stay (its
    /// "too complex" state with it).
    private var typedMatcherCache: (text: String, isRegex: Bool, matcher: RowMatcher?)?
    /// Set by a frame whose match highlighting stopped because the pattern is too complex.
    var highlightStopped = false

    /// The matcher of the query being typed (nil: none, or one that does not compile),
    /// compiled once per text and mode.
    mutating func typedQueryMatcher() -> RowMatcher? {
        guard let prompt = typedQuery, !prompt.text.isEmpty else { return nil }
        if let cache = typedMatcherCache, cache.text == prompt.text, cache.isRegex == prompt.isRegex {
            return cache.matcher
        }
        let matcher = try? RowMatcher(query: prompt.text, mode: prompt.isRegex ? .regex : .substring)
        typedMatcherCache = (prompt.text, prompt.isRegex, matcher)
        return matcher
    }
}
