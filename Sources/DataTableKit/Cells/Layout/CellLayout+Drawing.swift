import TerminalSurface

extension CellLayout {
    /// Draws the layout into `region`, every part's style laid over `style` (pass the cell's
    /// `backgroundStyle`). Only parts that fill their background (`background(_:)`) write
    /// blanks; the rest of the region is left as it is.
    /// - Complexity: O(n²) in the parts of a stack that must drop parts, O(k) in the text shown.
    public func draw(in region: SurfaceRegion, style: Style = .plain) {
        place(in: region.bounds, inherited: style) { part, rect, style in
            if part.fillsBackground { region.fill(style, in: rect) }
            let inner = rect.inset(top: part.padding.top, left: part.padding.left, bottom: part.padding.bottom, right: part.padding.right)
            guard !inner.isEmpty else { return }
            switch part.content {
            case .text(let text, let truncation, let ellipsis, _):
                let shown = TerminalText.truncated(text, toWidth: inner.width, mode: truncation, ellipsis: ellipsis)
                let x = CellLayout.offset(spare: inner.width - shown.displayWidth, alignment: part.alignment)
                region.region(inner).put(shown, at: Point(x: x, y: 0), style: style)
            case .custom(_, let draw):
                draw(region.region(inner), style)
            case .empty, .spacer, .hstack, .vstack, .firstFitting:
                break
            }
        }
    }

    /// The tag of the innermost tagged part covering `point` when the layout is drawn at
    /// `size`, or nil (spacing, padding outside a tagged part, parts not shown).
    /// - Complexity: that of laying the parts out, as `draw(in:style:)`.
    public func tag(at point: Point, size: Size) -> String? {
        var found: String?
        place(in: Rect(origin: .zero, size: size), inherited: .plain) { part, rect, _ in
            if let tag = part.tag, rect.contains(point) { found = tag }
        }
        return found
    }

    /// The area of every tagged part shown when the layout is drawn at `size`, in drawing order.
    public func taggedRects(size: Size) -> [(tag: String, rect: Rect)] {
        var found: [(tag: String, rect: Rect)] = []
        place(in: Rect(origin: .zero, size: size), inherited: .plain) { part, rect, _ in
            if let tag = part.tag { found.append((tag, rect)) }
        }
        return found
    }
}
