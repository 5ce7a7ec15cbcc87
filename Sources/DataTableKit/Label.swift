import TerminalSurface

/// A single line of text laid out in character cells: aligned, truncated with `…`, styled.
public struct Label: Hashable, Sendable {
    public var text: String = ""
    public var alignment: TextAlignment = .natural
    public var style: Style = .plain
    public var truncation: TruncationMode = .tail
    /// Whether `.natural` alignment should treat the text as a number (right-aligned).
    public var isNumeric = false

    public init(text: String = "", alignment: TextAlignment = .natural, style: Style = .plain) {
        self.text = text
        self.alignment = alignment
        self.style = style
    }

    /// Draws the label on row `y` of `region`, padded by nothing (the column gutter is the table's).
    /// - Complexity: O(k) in the visible characters; no allocation for printable ASCII that fits.
    public func draw(in region: SurfaceRegion, y: Int = 0) {
        let width = region.width
        guard width > 0, y < region.height else { return }
        // `truncated` stops measuring once `width` is reached, so a 100 MB field costs what
        // the cell shows, not its length.
        let shown = TerminalText.truncated(text, toWidth: width, mode: truncation)
        let shownWidth = shown.displayWidth
        let x: Int
        switch resolvedAlignment {
        case .right: x = width - shownWidth
        case .center: x = (width - shownWidth) / 2
        case .left, .natural: x = 0
        }
        region.put(shown, at: Point(x: x, y: y), style: style)
    }

    var resolvedAlignment: TextAlignment {
        alignment == .natural ? (isNumeric ? .right : .left) : alignment
    }
}
