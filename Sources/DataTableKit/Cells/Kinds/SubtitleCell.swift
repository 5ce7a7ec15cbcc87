import TerminalSurface

/// A title with a dim detail line below it, like UIKit's `.subtitle` style.
///
/// Two lines tall (`heightThatFits` is 1 when `detail` is empty); in a one-line row only the
/// title is shown. Both lines are truncated with `…` to the width.
public final class SubtitleCell: LayoutCell {
    /// The identifier the table's built-in providers register it under.
    public static let reuseIdentifier = "subtitle"

    /// The first line.
    public var title = ""
    /// The second line.
    public var detail = ""
    /// The title's style (bold by default).
    public var titleStyle = Style(attributes: .bold)
    /// The detail's style (dim by default).
    public var detailStyle = Style(attributes: .dim)

    /// An empty cell (the registry makes cells with it).
    public required init() {}

    /// Resets every property to its default.
    public override func prepareForReuse() {
        super.prepareForReuse()
        title = ""
        detail = ""
        titleStyle = Style(attributes: .bold)
        detailStyle = Style(attributes: .dim)
    }

    /// The value's first line is the title, the rest the detail: `"Ada Lovelace\nAnalyst"`.
    public func configure(with value: DataTableValueType) {
        (title, detail) = splitFirstLine(value.stringRepresentation)
    }

    /// The cell's layout: the title over the detail.
    public override func layout() -> CellLayout {
        .vstack([.text(title, style: titleStyle), .text(detail, style: detailStyle)])
    }
}

/// Text up to the first line break, and the text after it ("" when there is none). The break
/// is looked for in the first 4 KB only (a title longer than that is cut at a cell's width
/// anyway), so a huge field costs no more than a short one per frame.
/// - Complexity: O(min(n, 4096)) to find the break, plus the copies.
func splitFirstLine(_ text: String) -> (String, String) {
    let utf8 = text.utf8
    let limit = utf8.index(utf8.startIndex, offsetBy: 4096, limitedBy: utf8.endIndex) ?? utf8.endIndex
    guard let byte = utf8[..<limit].firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else {
        return (text, "")
    }
    var after = utf8.index(after: byte)
    if utf8[byte] == UInt8(ascii: "\r"), after < utf8.endIndex, utf8[after] == UInt8(ascii: "\n") { after = utf8.index(after: after) }
    return (String(text[..<byte]), String(text[after...]))
}
