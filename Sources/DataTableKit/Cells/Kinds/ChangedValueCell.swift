import TerminalSurface

/// A value that changed between two versions of a table: the new value in the changed style
/// (bold yellow by default) and, when `showsOldValue`, the old value dimmed on a second line,
/// as a comparison of two files shows a changed cell.
///
/// One line tall unless `showsOldValue` (then two when there is an old value); the lines are
/// truncated with `…` to the width.
public final class ChangedValueCell: LayoutCell {
    /// The identifier a provider registers it under.
    public static let reuseIdentifier = "changed-value"

    /// The new value's text.
    public var text = ""
    /// The old value's text.
    public var oldText = ""
    /// Whether the old value is shown on a second line (when rows wrap).
    public var showsOldValue = false
    /// The new value's style (bold yellow by default).
    public var textStyle = ChangedValueCell.changedStyle
    /// The old value's style (dim by default).
    public var oldTextStyle = Style(attributes: .dim)
    /// Where the text sits in the cell.
    public var alignment: TextAlignment = .left

    /// The default style of a changed value.
    public static let changedStyle = Style(foreground: .yellow, attributes: .bold)

    /// An empty cell (the registry makes cells with it).
    public required init() {}

    /// Resets every property to its default.
    public override func prepareForReuse() {
        super.prepareForReuse()
        text = ""
        oldText = ""
        showsOldValue = false
        textStyle = Self.changedStyle
        oldTextStyle = Style(attributes: .dim)
        alignment = .left
    }

    /// The cell's layout: the new value, over the old one when it is shown.
    public override func layout() -> CellLayout {
        let new = CellLayout.text(text, style: textStyle, width: .flexible(minimum: 0), alignment: alignment)
        guard showsOldValue else { return new }
        return .vstack([new, .text(oldText, style: oldTextStyle, width: .flexible(minimum: 0), alignment: alignment)])
    }
}
