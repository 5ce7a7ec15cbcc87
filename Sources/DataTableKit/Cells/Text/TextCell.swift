import TerminalSurface

/// The vertical edges of a cell that have a border line.
public struct CellBorder: OptionSet, Hashable, Sendable {
    /// The edges as bits.
    public let rawValue: UInt8
    /// Edges from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A rule at the left edge.
    public static let left = CellBorder(rawValue: 1 << 0)
    /// A rule at the right edge.
    public static let right = CellBorder(rawValue: 1 << 1)
    /// Rules at both edges.
    public static let both: CellBorder = [.left, .right]
}

/// The default cell: one label showing the value's text, numbers right-aligned.
///
/// A configuration may make the label multi-line (`label.numberOfLines`), style it, give it
/// styled text, and give the cell a border: `│` lines on its left and/or right edge (`|` when
/// the cell `prefersASCII`), which the label is inset by.
public final class TextCell: DataTableCell {
    /// The identifier the table's built-in providers register it under.
    public static let reuseIdentifier = "text"

    /// The label the cell draws; configuration sets its text, alignment and style.
    /// (`@exclusivity(unchecked)`: read for every cell of every frame, on the UI thread only;
    /// docs/decisions/0106.)
    @exclusivity(unchecked) public var label = Label()
    /// The edges that have a border line.
    @exclusivity(unchecked) public var border: CellBorder = []
    /// The border lines' style, laid over the cell's background.
    public var borderStyle: Style = .plain

    /// An empty cell (the registry makes cells with it).
    public required init() {}

    /// The label of a new cell, made once (`prepareForReuse` copies it for every cell coming on screen).
    private static let emptyLabel = Label()

    /// Resets every property to its default.
    public override func prepareForReuse() {
        super.prepareForReuse()
        label = Self.emptyLabel
        border = []
        borderStyle = .plain
    }

    /// One line of plain text without a border: `draw(in:)` paints the region whole (around the
    /// text) when it is not prefilled.
    override var paintsWholeRegion: Bool { border.isEmpty && label.drawsOneLineOfPlainText }

    /// The label's height at the width left inside the border.
    public override func heightThatFits(width: Int) -> Int {
        let insets = self.insets(forWidth: width)
        return label.height(forWidth: width - insets.left - insets.right)
    }

    /// Fills the cell's background, draws its border, then the label inside it.
    ///
    /// The whole area is filled with `backgroundStyle`, with the label's own background (if it
    /// has one) laid over it, so a configuration that colours either paints the whole cell.
    public override func draw(in region: SurfaceRegion) {
        // Each property read once: every read of a class property is a dynamic exclusivity
        // check (docs/decisions/0106).
        var label = self.label
        let cellBackground = backgroundStyle, border = self.border
        if border.isEmpty && label.drawsOneLineOfPlainText && (label.style.background != .default || !isBackgroundPrefilled) {
            // The whole cell is painted (as below: a fill, then the label), each screen cell once.
            let background = label.style.background != .default
                ? cellBackground.patched(with: Style(background: label.style.background)) : cellBackground
            label.style = background.patched(with: label.style)
            label.drawFilling(background, in: region)
            return
        }
        let background: Style
        if label.style.background != .default {
            background = cellBackground.patched(with: Style(background: label.style.background))
            region.fill(background)
        } else {
            background = cellBackground
            super.draw(in: region)
        }
        label.style = background.patched(with: label.style)
        guard !border.isEmpty else {
            label.draw(in: region)
            return
        }
        let insets = self.insets(forWidth: region.width)
        let line: Character = prefersASCII ? "|" : "│"
        let lineStyle = background.patched(with: borderStyle)
        for y in 0..<region.height {
            if insets.left > 0 { region.put(line, at: Point(x: 0, y: y), style: lineStyle) }
            if insets.right > 0 { region.put(line, at: Point(x: region.width - 1, y: y), style: lineStyle) }
        }
        let inner = region.width - insets.left - insets.right
        guard inner > 0 else { return }
        label.draw(in: region.region(Rect(x: insets.left, y: 0, width: inner, height: region.height)))
    }

    /// Columns the border takes on each side at `width`: the left line first, then the right
    /// one if there is still a column for it.
    func insets(forWidth width: Int) -> (left: Int, right: Int) {
        let left = border.contains(.left) && width >= 1 ? 1 : 0
        let right = border.contains(.right) && width - left >= 1 ? 1 : 0
        return (left, right)
    }
}
