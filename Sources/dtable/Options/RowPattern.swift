import DataTableKit

/// A regex over the shown fields (`--filter`, `--find`): PCRE2, ignoring case unless it has an
/// upper-case letter; compiled once, when parsed.
struct RowPattern: OptionValue {
    var matcher: RowMatcher

    init(_ text: String, option: String) throws(OptionValueError) {
        do {
            matcher = try RowMatcher(query: text, mode: .regex)
        } catch {
            throw OptionValueError("\(option): \(error)")
        }
    }
}
