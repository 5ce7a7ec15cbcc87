import TerminalSurface

/// A footer cell under a column: the section's sum there, digits grouped when they fit, else
/// the number shortened (`12.3K`). The footer's leading cell starts with `marker` (`Σ`), which
/// says what the row's numbers are, then the sum (or `text`, the row count, when its column
/// has no sum).
public final class SectionSummaryCell: DataTableCell {
    /// The sum shown (nil: `text` only).
    public var summary: DataTableColumnSummary?
    /// Drawn first when not empty ("Σ"; "sum" in ASCII): the leading cell of a footer.
    public var marker = ""
    /// Shown after the marker when there is no sum (the count).
    public var text = ""
    /// The alignment of the sum.
    public var alignment: TextAlignment = .right
    /// The label's style, over the background.
    public var style: Style = .plain

    /// An empty cell.
    public required init() {}

    /// Clears everything.
    public override func prepareForReuse() {
        super.prepareForReuse()
        summary = nil
        marker = ""
        text = ""
        alignment = .right
        style = .plain
    }

    /// Fills the background, then the marker and the sum, cut to the width.
    public override func draw(in region: SurfaceRegion) {
        super.draw(in: region)
        let style = backgroundStyle.patched(with: self.style)
        var x = 0
        if !marker.isEmpty {
            var label = Label(text: marker, alignment: .left, style: style)
            label.truncation = .tail
            label.draw(in: region)
            x = min(region.width, marker.displayWidth + 1)
        }
        guard x < region.width else { return }
        let room = region.region(Rect(x: x, y: 0, width: region.width - x, height: region.height))
        // The count only whole: the marker alone says what the row is.
        let text = self.text.displayWidth <= room.width ? self.text : ""
        var label = Label(text: text, alignment: summary == nil ? .left : alignment, style: style)
        if let summary, summary.count > 0 {
            label.text = summary.formattedSum
            if label.text.displayWidth > room.width {
                label.text = summary.plainSum
                label.adjustsTextToFitWidth = true
            }
        }
        label.truncation = .tail
        label.draw(in: room)
    }
}
