import TerminalSurface

/// A title with a dim detail line below it, like UIKit's `.subtitle` style.
///
/// Two lines tall (`heightThatFits` is 1 when `detail` is empty); in a one-line row only the
/// title is shown. Both lines are truncated with `…` to the width.
public final class SubtitleCell: LayoutCell {
    public static let reuseIdentifier = "subtitle"

    public var title = ""
    public var detail = ""
    public var titleStyle = Style(attributes: .bold)
    public var detailStyle = Style(attributes: .dim)

    public required init() {}

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

    public override func layout() -> CellLayout {
        .vstack([.text(title, style: titleStyle), .text(detail, style: detailStyle)])
    }
}

/// Text up to the first line break, and the text after it ("" when there is none).
func splitFirstLine(_ text: String) -> (String, String) {
    guard let end = text.firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) else { return (text, "") }
    return (String(text[..<end]), String(text[text.index(after: end)...]))
}
