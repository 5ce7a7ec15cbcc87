import TerminalSurface

/// How a part behaves across: the columns it cannot do without, the columns it would like,
/// and whether it takes a share of spare room. Padding included.
struct LayoutMeasure: Hashable, Sendable {
    var minimum: Int
    var ideal: Int
    var grows: Bool

    static let absent = LayoutMeasure(minimum: 0, ideal: 0, grows: false)

    /// True for a part that takes no room at all (and no spacing in a stack).
    var isAbsent: Bool { minimum == 0 && ideal == 0 && !grows }
}

extension CellLayout {
    /// The columns the part would like: its content's width (or its fixed or minimum width), padding included.
    /// - Complexity: O(n) in the parts and the text they show.
    public var preferredWidth: Int { measure().ideal }

    /// The fewest columns the part takes while it competes with siblings for room; given less,
    /// a stack drops it (unless it is the last part left).
    public var minimumWidth: Int { measure().minimum }

    /// The lines the part needs when it is `width` columns wide, padding included (0 when it
    /// shows nothing). Stacks are measured as they would be laid out at that width, so parts a
    /// narrow hstack drops do not count.
    /// - Complexity: O(n²) in the parts of a stack (dropping parts one at a time), O(k) in the text.
    public func height(forWidth width: Int) -> Int {
        let width = max(0, width)
        let contentWidth = max(0, width - padding.left - padding.right)
        let lines = contentHeight(forWidth: contentWidth)
        guard lines > 0 else { return isAbsentPart ? 0 : minimumHeight }
        return max(minimumHeight, lines + padding.top + padding.bottom)
    }

    /// The part's horizontal measure (padding included).
    func measure() -> LayoutMeasure {
        let natural = contentMeasure()
        var result: LayoutMeasure
        switch width.kind {
        case .fitting:
            if natural.isAbsent { return .absent }
            result = natural
        case .fixed(let n):
            result = LayoutMeasure(minimum: n, ideal: n, grows: false)
        case .minimum(let n):
            result = LayoutMeasure(minimum: n, ideal: max(n, natural.ideal), grows: false)
        case .flexible(let minimum):
            let least = minimum ?? compressedMinimum(natural)
            result = LayoutMeasure(minimum: least, ideal: max(least, natural.ideal), grows: true)
        }
        let across = padding.left + padding.right
        result.minimum += across
        result.ideal += across
        return result
    }

    /// True when the part shows nothing and asks for no room.
    var isAbsentPart: Bool { measure().isAbsent }

    /// The content's measure under `.fitting`.
    func contentMeasure() -> LayoutMeasure {
        switch content {
        case .empty, .spacer, .custom:
            return .absent
        case .text(let text, _, _, _):
            let w = CellLayout.measuredWidth(of: text)
            return LayoutMeasure(minimum: w, ideal: w, grows: false)
        case .hstack(let spacing, _, let parts):
            let measures = parts.map { $0.measure() }
            let shown = measures.indices.filter { !measures[$0].isAbsent }
            guard !shown.isEmpty else { return .absent }
            let ideal = shown.reduce(spacing * (shown.count - 1)) { $0 + measures[$1].ideal }
            // The part a narrowing stack keeps longest: the highest priority, first of equals.
            let survivor = shown.max { parts[$0].priority < parts[$1].priority || (parts[$0].priority == parts[$1].priority && $0 > $1) }!
            return LayoutMeasure(minimum: measures[survivor].minimum, ideal: ideal, grows: shown.contains { measures[$0].grows })
        case .vstack(_, let parts):
            let measures = parts.map { $0.measure() }.filter { !$0.isAbsent }
            guard !measures.isEmpty else { return .absent }
            return LayoutMeasure(
                minimum: measures.map(\.minimum).max()!, ideal: measures.map(\.ideal).max()!, grows: measures.contains { $0.grows }
            )
        case .firstFitting(let alternatives):
            let measures = alternatives.map { $0.measure() }
            guard let first = measures.first else { return .absent }
            return LayoutMeasure(minimum: measures.map(\.minimum).min()!, ideal: first.ideal, grows: measures.contains { $0.grows })
        }
    }

    /// The least a `.flexible` part without an explicit minimum shrinks to: one column of
    /// text (all of an atomic glyph), nothing of a spacer or custom part, a stack's own minimum.
    private func compressedMinimum(_ natural: LayoutMeasure) -> Int {
        switch content {
        case .text(_, _, _, let isAtomic):
            return isAtomic ? natural.minimum : min(natural.minimum, 1)
        case .empty, .spacer, .custom:
            return 0
        case .hstack, .vstack, .firstFitting:
            return natural.minimum
        }
    }

    /// Lines of content (padding excluded) at `width` columns of content.
    func contentHeight(forWidth width: Int) -> Int {
        switch content {
        case .empty, .spacer:
            return 0
        case .text(let text, _, _, let isAtomic):
            if text.isEmpty || width == 0 { return 0 }
            return isAtomic && CellLayout.measuredWidth(of: text) > width ? 0 : 1
        case .custom(let height, _):
            return width == 0 ? 0 : height
        case .hstack(let spacing, _, let parts):
            let widths = CellLayout.distribute(parts, spacing: spacing, width: width)
            var tallest = 0
            for (part, w) in zip(parts, widths) {
                if let w { tallest = max(tallest, part.height(forWidth: w)) }
            }
            return tallest
        case .vstack(let spacing, let parts):
            let heights = parts.map { $0.height(forWidth: width) }.filter { $0 > 0 }
            return heights.isEmpty ? 0 : heights.reduce(spacing * (heights.count - 1), +)
        case .firstFitting(let alternatives):
            return CellLayout.choose(alternatives, width: width)?.height(forWidth: width) ?? 0
        }
    }

    /// Text is measured up to this many columns: no cell is wider, and a huge field then costs
    /// what a cell can show, not its length.
    static let widestMeasuredText = 1_000

    /// The display width of `text`, or `widestMeasuredText` when it is at least that wide.
    /// - Complexity: O(min(n, widestMeasuredText)).
    static func measuredWidth(of text: String) -> Int {
        if text.utf8.count <= widestMeasuredText { return text.displayWidth }
        return TerminalText.prefix(text[...], fittingWidth: widestMeasuredText).width
    }

    /// The alternative `firstFitting` shows at `width`.
    static func choose(_ alternatives: [CellLayout], width: Int) -> CellLayout? {
        alternatives.first { $0.measure().ideal <= width } ?? alternatives.last
    }
}
