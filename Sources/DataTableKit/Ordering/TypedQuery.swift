/// A search or filter being typed, whose matches the table highlights as it is typed (the
/// program's prompt sets it; nil when none is typed).
public struct TypedQuery: Hashable, Sendable {
    /// The text typed so far.
    public var text: String
    /// A regular expression instead of plain text.
    public var isRegex: Bool

    /// A query of `text`, a regular expression when `isRegex`.
    public init(text: String, isRegex: Bool) {
        self.text = text
        self.isRegex = isRegex
    }
}
