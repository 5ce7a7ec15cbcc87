/// One character cell of a `Surface`: a grapheme cluster, its display width and its style.
///
/// A wide grapheme (CJK, most emoji) occupies its own cell plus the cell to its right, which
/// holds a *continuation* (`width == 0`) that backends skip when writing.
public struct SurfaceCell: Hashable, Sendable {
    /// The grapheme drawn in this cell; a space for blank and continuation cells.
    public var grapheme: Character
    /// Columns the grapheme occupies: 1 or 2, or 0 for the continuation half of a wide grapheme.
    public var width: UInt8
    /// The colours and attributes the grapheme is drawn with.
    public var style: Style

    /// A cell showing `grapheme`, `width` columns wide (0 for the continuation of a wide one).
    public init(grapheme: Character, width: UInt8, style: Style) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// A blank cell with the given style.
    public static func blank(_ style: Style = .plain) -> SurfaceCell {
        SurfaceCell(grapheme: " ", width: 1, style: style)
    }

    /// Whether this is the second column of a wide grapheme (drawn by the cell before it).
    public var isContinuation: Bool { width == 0 }
}
