/// Horizontal placement of text within a cell.
public enum TextAlignment: Hashable, Sendable {
    case left, center, right
    /// Right for numbers, left for everything else.
    case natural
}
