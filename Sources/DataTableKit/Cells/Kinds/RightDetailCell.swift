import TerminalSurface

/// Text on the left and a dim detail right-aligned on the same line, like UIKit's `.value1`.
///
/// The text is truncated with `…` to leave the detail its room, down to 3 columns of text;
/// narrower than that the detail is dropped and the text has the whole width.
public final class RightDetailCell: LayoutCell {
    public static let reuseIdentifier = "right-detail"

    public var text = ""
    public var detail = ""
    public var textStyle: Style = .plain
    public var detailStyle = Style(attributes: .dim)

    public required init() {}

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

    public override func layout() -> CellLayout {
        .hstack(spacing: 1, [
            .text(text, style: textStyle, width: .flexible(minimum: min(3, CellLayout.measuredWidth(of: text)))).priority(1),
            .text(detail, style: detailStyle),
        ])
    }
}
