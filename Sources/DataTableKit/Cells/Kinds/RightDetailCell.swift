import TerminalSurface

/// Text on the left and a dim detail right-aligned on the same line, like UIKit's `.value1`.
///
/// The text is truncated with `…` to leave the detail its room, down to 3 columns of text;
/// narrower than that the detail is dropped and the text has the whole width.
public final class RightDetailCell: LayoutCell {
    /// The identifier the table's built-in providers register it under.
    public static let reuseIdentifier = "right-detail"

    /// The text at the leading edge.
    public var text = ""
    /// The detail at the trailing edge.
    public var detail = ""
    /// The text's style.
    public var textStyle: Style = .plain
    /// The detail's style (dim by default).
    public var detailStyle = Style(attributes: .dim)

    /// An empty cell (the registry makes cells with it).
    public required init() {}

    /// Resets every property to its default.
    public override func prepareForReuse() {
        super.prepareForReuse()
        text = ""
        detail = ""
        textStyle = .plain
        detailStyle = Style(attributes: .dim)
    }

    /// The value's first line is the text, the rest the detail: `"Disk\n74 GB"`.
    public func configure(with value: DataTableValueType) {
        (text, detail) = splitFirstLine(value.stringRepresentation)
    }

    /// The cell's layout: the text, then the detail at the trailing edge.
    public override func layout() -> CellLayout {
        .hstack(spacing: 1, [
            .text(text, style: textStyle, width: .flexible(minimum: min(3, CellLayout.measuredWidth(of: text)))).priority(1),
            .text(detail, style: detailStyle),
        ])
    }
}
