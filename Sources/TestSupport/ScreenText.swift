/// Finding things on a captured or rendered screen line.
public enum ScreenText {
    /// The 0-based character position where `text` first starts on `line` (a column, for lines
    /// of one-column characters), or nil.
    /// - Complexity: O(line × text).
    public static func column(of text: String, in line: String) -> Int? {
        let characters = Array(line), needle = Array(text)
        guard !needle.isEmpty, characters.count >= needle.count else { return nil }
        return (0...(characters.count - needle.count)).first { Array(characters[$0..<$0 + needle.count]) == needle }
    }
}
