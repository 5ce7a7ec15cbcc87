import TerminalSurface

/// How a label fits text that is wider than it: wrapping onto more lines, or cutting with `…`.
///
/// As in UIKit: on a single-line label (`numberOfLines` 1) the wrapping modes cut the tail. On
/// a multi-line label every mode wraps (the truncating ones by word) and, when the lines run
/// out, the last line is cut at its tail.
public enum LineBreakMode: Hashable, Sendable {
    case byWordWrapping
    case byCharWrapping
    case truncatingHead
    case truncatingMiddle
    case truncatingTail

    /// How the mode wraps a multi-line label.
    public var wrapMode: WrapMode { self == .byCharWrapping ? .character : .word }

    /// Where the mode cuts a single-line label.
    public var truncationMode: TruncationMode {
        switch self {
        case .truncatingHead: return .head
        case .truncatingMiddle: return .middle
        case .truncatingTail, .byWordWrapping, .byCharWrapping: return .tail
        }
    }
}

/// Text laid out in character cells: aligned, wrapped or truncated with `…`, styled.
public struct Label: Hashable, Sendable {
    /// The text shown (unless `attributedText` is set).
    public var text: String = ""
    /// Styled text, drawn instead of `text` when set; each run's style is laid over `style`.
    public var attributedText: StyledText?
    /// Where the text sits: left, center, right, or natural (numbers right).
    public var alignment: TextAlignment = .natural
    /// UIKit's name for `alignment`.
    public var textAlignment: TextAlignment {
        get { alignment }
        set { alignment = newValue }
    }
    /// The text's colours and attributes (laid over the cell's background).
    public var style: Style = .plain
    /// The most lines the label draws: 1 (the default) for a single line, 0 for as many as the
    /// region has. A single-line label draws a line break as its placeholder `␊`; a multi-line
    /// one starts a new line there.
    public var numberOfLines = 1
    /// How text too long is cut or wrapped.
    public var lineBreakMode: LineBreakMode = .truncatingTail
    /// Whether a number too wide for the label is shortened (`1234567` → `1.2M`, see
    /// `CompactNumber`) before it is truncated. Applies to `text` only; other text is truncated.
    public var adjustsTextToFitWidth = false
    /// Whether `.natural` alignment should treat the text as a number (right-aligned).
    public var isNumeric = false
    /// Set when `text` is a number written in this format (a cell of a column of numbers): one
    /// too wide for the label is written shorter with its value unchanged, or as `#`s (see
    /// `ExactNumber`), never cut with `…`. Applies to a single line of `text`.
    public var exactNumberFormat: ValueFormat?

    /// A label of `text`.
    public init(text: String = "", alignment: TextAlignment = .natural, style: Style = .plain) {
        self.text = text
        self.alignment = alignment
        self.style = style
    }

    /// Where a single line is cut: `lineBreakMode` as a `TruncationMode` (the wrapping modes
    /// read as `.tail`); setting it sets `lineBreakMode` to the matching truncating mode.
    public var truncation: TruncationMode {
        get { lineBreakMode.truncationMode }
        set {
            switch newValue {
            case .head: lineBreakMode = .truncatingHead
            case .middle: lineBreakMode = .truncatingMiddle
            case .tail: lineBreakMode = .truncatingTail
            }
        }
    }

    /// The lines the label needs at `width` columns: 1 for a single-line label, else the lines
    /// its text wraps to, at most `numberOfLines` (at most `TextWrapping.measurementLineLimit`
    /// when that is 0), and at least 1.
    /// - Complexity: O(lines × width): the text after the last line counted is not read.
    public func height(forWidth width: Int) -> Int {
        guard numberOfLines != 1, width > 0 else { return 1 }
        let limit = numberOfLines > 0 ? numberOfLines : TextWrapping.measurementLineLimit
        let source = attributedText?.string ?? fittedText(width: width)
        return max(1, TextWrapping.lineCount(of: source, width: width, mode: lineBreakMode.wrapMode, maxLines: limit))
    }

    /// Draws the label from row `y` of `region` down, padded by nothing (the column gutter is
    /// the table's): one line, or as many as `numberOfLines` allows and the region has room for.
    /// Alignment applies to each line.
    /// - Complexity: O(k) in the visible characters; no allocation for a single line of
    ///   printable ASCII that fits (and no `attributedText`).
    public func draw(in region: SurfaceRegion, y: Int = 0) {
        let width = region.width
        guard width > 0, y >= 0, y < region.height else { return }
        if numberOfLines == 1 {
            if let attributedText {
                drawLine(attributedText, width: width, in: region, y: y)
            } else {
                drawLine(adjustsTextToFitWidth || exactNumberFormat != nil ? fittedText(width: width) : text,
                         width: width, in: region, y: y)
            }
            return
        }
        let room = region.height - y
        let maxLines = numberOfLines > 0 ? min(numberOfLines, room) : room
        let source = attributedText?.string ?? fittedText(width: width)
        let lines = TextWrapping.lines(of: source, width: width, mode: lineBreakMode.wrapMode, maxLines: maxLines)
        for (n, line) in lines.enumerated() {
            let point = Point(x: offset(of: line.displayWidth, in: width), y: y + n)
            var x = point.x
            var ellipsisStyle = style
            if let attributedText {
                attributedText.forEachRun(in: line.text.startIndex..<line.text.endIndex) { part, runStyle in
                    ellipsisStyle = style.patched(with: runStyle)
                    x = region.put(part, at: Point(x: x, y: point.y), style: ellipsisStyle)
                }
            } else if !line.text.isEmpty {
                x = region.put(line.text, at: point, style: style)
            }
            if line.hasEllipsis {
                region.put(TextWrapping.ellipsis, at: Point(x: x, y: point.y), style: ellipsisStyle)
            }
        }
    }

    /// Whether `drawFilling(_:in:)` can draw this label: one line of plain text.
    var drawsOneLineOfPlainText: Bool { numberOfLines == 1 && attributedText == nil }

    /// Draws one line of plain text (`drawsOneLineOfPlainText`) at the top of `region` and fills
    /// every other cell of the region with blanks of `background`: the cells of filling the region
    /// first and drawing over it, each written once (docs/decisions/0106).
    func drawFilling(_ background: Style, in region: SurfaceRegion) {
        let width = region.width
        guard width > 0, region.height > 0 else { return }
        if region.height > 1 { region.fill(background, in: Rect(x: 0, y: 1, width: width, height: region.height - 1)) }
        let text = adjustsTextToFitWidth || exactNumberFormat != nil ? fittedText(width: width) : self.text
        let whole = text[...]
        if let fitWidth = TerminalText.widthIfFits(whole, in: width) {
            let x = offset(of: fitWidth, in: width)
            fillAround(x..<(x + fitWidth), width: width, in: region, with: background)
            region.put(whole, at: Point(x: x, y: 0), style: style)
            return
        }
        let parts = TerminalText.truncationParts(whole, toWidth: width, mode: truncation)
        let shownWidth = parts.front.displayWidth + parts.back.displayWidth + Self.ellipsisWidth
        let start = offset(of: shownWidth, in: width)
        fillAround(start..<(start + shownWidth), width: width, in: region, with: background)
        var x = region.put(parts.front, at: Point(x: start, y: 0), style: style)
        x = region.put(TextWrapping.ellipsis, at: Point(x: x, y: 0), style: style)
        if !parts.back.isEmpty { region.put(parts.back, at: Point(x: x, y: 0), style: style) }
    }

    /// Fills the first line of `region` outside `columns` (where the text goes) with `background`,
    /// before the text is written (a fill next to a wide grapheme would blank it).
    private func fillAround(_ columns: Range<Int>, width: Int, in region: SurfaceRegion, with background: Style) {
        if columns.lowerBound > 0 { region.fill(background, in: Rect(x: 0, y: 0, width: columns.lowerBound, height: 1)) }
        if columns.upperBound < width {
            region.fill(background, in: Rect(x: columns.upperBound, y: 0, width: width - columns.upperBound, height: 1))
        }
    }

    /// One line of plain text, cut by `truncation`: the table's hot path.
    ///
    /// Puts slices of `text` (and the ellipsis) without building the cut string: nothing is
    /// allocated per cell (measured: a new string per cut cell per frame, and measuring it again).
    /// The cells written are those of `TerminalText.truncated(text, toWidth: width, mode:)`.
    private func drawLine(_ text: String, width: Int, in region: SurfaceRegion, y: Int) {
        guard width > 0 else { return }
        // `prefix` stops measuring once `width` is reached, so a 100 MB field costs what the
        // cell shows, not its length.
        let whole = text[...]
        if let fitWidth = TerminalText.widthIfFits(whole, in: width) {
            region.put(whole, at: Point(x: offset(of: fitWidth, in: width), y: y), style: style)
            return
        }
        let parts = TerminalText.truncationParts(whole, toWidth: width, mode: truncation)
        let shownWidth = parts.front.displayWidth + parts.back.displayWidth + Self.ellipsisWidth
        var x = region.put(parts.front, at: Point(x: offset(of: shownWidth, in: width), y: y), style: style)
        x = region.put(TextWrapping.ellipsis, at: Point(x: x, y: y), style: style)
        if !parts.back.isEmpty { region.put(parts.back, at: Point(x: x, y: y), style: style) }
    }

    /// One line of styled text, cut by `truncation` across its runs.
    private func drawLine(_ styled: StyledText, width: Int, in region: SurfaceRegion, y: Int) {
        let whole = styled.string[...]
        let parts = TerminalText.truncationParts(whole, toWidth: width, mode: truncation)
        let shownWidth = parts.front.displayWidth + parts.back.displayWidth
            + (parts.hasEllipsis ? TextWrapping.ellipsis.displayWidth : 0)
        var x = offset(of: shownWidth, in: width)
        var lastStyle = style
        styled.forEachRun(in: parts.front.startIndex..<parts.front.endIndex) { part, runStyle in
            lastStyle = style.patched(with: runStyle)
            x = region.put(part, at: Point(x: x, y: y), style: lastStyle)
        }
        guard parts.hasEllipsis else { return }
        // The ellipsis takes the style of the text it replaces: the first character cut.
        let cut = parts.front.endIndex
        if cut < whole.endIndex, let runStyle = styled.style(at: cut) { lastStyle = style.patched(with: runStyle) }
        x = region.put(TextWrapping.ellipsis, at: Point(x: x, y: y), style: lastStyle)
        styled.forEachRun(in: parts.back.startIndex..<parts.back.endIndex) { part, runStyle in
            x = region.put(part, at: Point(x: x, y: y), style: style.patched(with: runStyle))
        }
    }

    /// Columns of `TextWrapping.ellipsis`.
    private static let ellipsisWidth = TextWrapping.ellipsis.displayWidth

    /// `text`, or, when it is wider than `width`: its exact shorter form for `exactNumberFormat`,
    /// its compact form when `adjustsTextToFitWidth` and it is a number.
    /// (A configuration that asks for compact numbers gets them: a unit marks them as rounded.)
    func fittedText(width: Int) -> String {
        guard adjustsTextToFitWidth || exactNumberFormat != nil, text.utf8.count > width else { return text }
        if TerminalText.prefix(text[...], fittingWidth: width).text.endIndex == text.endIndex { return text }
        if adjustsTextToFitWidth, let compact = CompactNumber.text(text, fittingWidth: width) { return compact }
        if let format = exactNumberFormat, numberOfLines == 1 {
            return ExactNumber.text(text, fittingWidth: width, decimalSeparator: format.decimalSeparator)
        }
        return text
    }

    /// The column a line of `lineWidth` columns starts at in `width`.
    @inline(__always)
    private func offset(of lineWidth: Int, in width: Int) -> Int {
        switch resolvedAlignment {
        case .right: return width - lineWidth
        case .center: return (width - lineWidth) / 2
        case .left, .natural: return 0
        }
    }

    var resolvedAlignment: TextAlignment {
        alignment == .natural ? (isNumeric ? .right : .left) : alignment
    }
}
