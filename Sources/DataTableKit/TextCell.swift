import TerminalSurface

/// The default cell: one label showing the value's text, numbers right-aligned.
public final class TextCell: DataTableCell {
    public static let reuseIdentifier = "text"

    /// The label the cell draws; configuration sets its text, alignment and style.
    public var label = Label()

    public required init() {}

    public override func prepareForReuse() {
        super.prepareForReuse()
        label = Label()
    }

    public override func draw(in region: SurfaceRegion) {
        super.draw(in: region)
        var label = self.label
        label.style = backgroundStyle.patched(with: label.style)
        label.draw(in: region)
    }
}
