// TerminalText+Quoting.swift
//
// Names, titles and values inside messages: made safe with `sanitized`, quoted once.

extension TerminalText {
    /// `text` between single quotes for a message, made safe with `sanitized`: `'a␛]0;x␇.csv'`.
    ///
    /// The one way messages quote a file name, a column title or a value (on stderr as on the
    /// screen), so that nothing quotes twice and nothing reaches the terminal raw. Text wider
    /// than `maxWidth` columns is cut in the middle with "…" (both ends stay readable).
    /// - Complexity: O(length of `text`) to sanitize; when cut, about `maxWidth` columns' worth.
    public static func quoted(_ text: String, maxWidth: Int = .max) -> String {
        "'" + excerpt(text, maxWidth: maxWidth) + "'"
    }

    /// `text` made safe with `sanitized` and cut in the middle to `maxWidth` columns, unquoted.
    ///
    /// Cuts before sanitizing (each placeholder is one column, as the character it replaces
    /// was), so a megabyte of text costs what its shown part does.
    public static func excerpt(_ text: String, maxWidth: Int = .max) -> String {
        guard maxWidth < .max else { return sanitized(text) }
        return sanitized(truncated(text, toWidth: max(1, maxWidth), mode: .middle))
    }
}
