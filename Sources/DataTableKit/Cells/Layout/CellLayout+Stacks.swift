import TerminalSurface

extension CellLayout {
    /// The width of each part of an hstack `width` columns wide, nil for a part not shown
    /// (absent or dropped). Never negative; the widths and spacing of the shown parts add up
    /// to at most `width`. See `hstack(spacing:alignment:_:)` for the rules.
    /// - Complexity: O(n²) in the parts when parts must be dropped, O(n log n) otherwise.
    static func distribute(_ parts: [CellLayout], spacing: Int, width: Int) -> [Int?] {
        let width = max(0, width)
        let measures = parts.map { $0.measure() }
        var shown = measures.indices.filter { !measures[$0].isAbsent }
        func needed() -> Int { shown.reduce(spacing * max(0, shown.count - 1)) { $0 + measures[$1].minimum } }
        while shown.count > 1 && needed() > width {
            // The lowest priority goes first; of equals, the last one.
            let lowest = shown.map { parts[$0].priority }.min()!
            shown.remove(at: shown.lastIndex { parts[$0].priority == lowest }!)
        }
        var widths = [Int?](repeating: nil, count: parts.count)
        guard !shown.isEmpty else { return widths }
        var spare = max(0, width - spacing * (shown.count - 1))
        // 1. Minimums (the last part left may get less than its minimum: all there is).
        for i in shown {
            let w = min(measures[i].minimum, spare)
            widths[i] = w
            spare -= w
        }
        // 2. Towards the preferred widths, highest priority first, then in order.
        let byPriority = shown.enumerated().sorted {
            parts[$0.element].priority != parts[$1.element].priority
                ? parts[$0.element].priority > parts[$1.element].priority : $0.offset < $1.offset
        }.map(\.element)
        for i in byPriority where spare > 0 {
            let more = min(max(0, measures[i].ideal - widths[i]!), spare)
            widths[i]! += more
            spare -= more
        }
        // 3. The rest shared by the parts that grow.
        let growing = shown.filter { measures[$0].grows }
        if spare > 0 && !growing.isEmpty {
            let share = spare / growing.count, extra = spare % growing.count
            for (n, i) in growing.enumerated() { widths[i]! += share + (n < extra ? 1 : 0) }
        }
        return widths
    }

    /// The height of each part of a vstack `height` lines tall and `width` columns wide, nil
    /// for a part not shown (no lines, or dropped for lack of room).
    /// - Complexity: O(n²) in the parts when parts must be dropped.
    static func stackHeights(_ parts: [CellLayout], spacing: Int, width: Int, height: Int) -> [Int?] {
        let lines = parts.map { $0.height(forWidth: width) }
        var shown = lines.indices.filter { lines[$0] > 0 }
        func needed() -> Int { shown.reduce(spacing * max(0, shown.count - 1)) { $0 + lines[$1] } }
        while shown.count > 1 && needed() > height {
            let lowest = shown.map { parts[$0].priority }.min()!
            shown.remove(at: shown.lastIndex { parts[$0].priority == lowest }!)
        }
        var heights = [Int?](repeating: nil, count: parts.count)
        for i in shown { heights[i] = lines[i] }
        return heights
    }

    /// Calls `visit` for this part and every part inside it that is shown when the part
    /// occupies `rect`, outermost first, with the part's area (padding included, never empty)
    /// and the style it draws with (`inherited` patched with the part's style). An atomic
    /// glyph given too little room, and any part given no room, is not visited.
    ///
    /// A part that does not grow takes no more of `rect` than its preferred width (from the
    /// left), except a stack of `.fitting` width, which takes all of it and places its parts
    /// by its alignment.
    func place(in rect: Rect, inherited: Style, visit: (CellLayout, Rect, Style) -> Void) {
        var rect = rect
        if isLeaf || width != .fitting {
            let measure = measure()
            if !measure.grows { rect.size.width = min(rect.width, measure.ideal) }
        }
        guard !rect.isEmpty else { return }
        let style = inherited.patched(with: style)
        let inner = rect.inset(top: padding.top, left: padding.left, bottom: padding.bottom, right: padding.right)
        if case .text(let text, _, _, true) = content, CellLayout.measuredWidth(of: text) > inner.width || inner.height == 0 { return }
        visit(self, rect, style)
        guard !inner.isEmpty else { return }
        switch content {
        case .empty, .spacer, .text, .custom:
            break
        case .hstack(let spacing, let alignment, let parts):
            let widths = CellLayout.distribute(parts, spacing: spacing, width: inner.width)
            let shown = widths.compactMap { $0 }
            let used = shown.reduce(spacing * max(0, shown.count - 1), +)
            var x = inner.x + CellLayout.offset(spare: inner.width - used, alignment: alignment)
            for (part, w) in zip(parts, widths) {
                guard let w else { continue }
                let h = min(inner.height, part.height(forWidth: w))
                part.place(in: Rect(x: x, y: inner.y, width: w, height: h), inherited: style, visit: visit)
                x += w + spacing
            }
        case .vstack(let spacing, let parts):
            let heights = CellLayout.stackHeights(parts, spacing: spacing, width: inner.width, height: inner.height)
            var y = inner.y
            for (part, h) in zip(parts, heights) {
                guard let h, y < inner.maxY else { continue }
                part.place(in: Rect(x: inner.x, y: y, width: inner.width, height: min(h, inner.maxY - y)), inherited: style, visit: visit)
                y += h + spacing
            }
        case .firstFitting(let alternatives):
            CellLayout.choose(alternatives, width: inner.width)?.place(in: inner, inherited: style, visit: visit)
        }
    }

    /// True for text, glyphs, spacers and custom parts; false for stacks.
    var isLeaf: Bool {
        switch content {
        case .empty, .text, .spacer, .custom: return true
        case .hstack, .vstack, .firstFitting: return false
        }
    }

    /// Where content `spare` columns narrower than its room starts.
    static func offset(spare: Int, alignment: TextAlignment) -> Int {
        switch alignment {
        case .left, .natural: return 0
        case .right: return max(0, spare)
        case .center: return max(0, spare) / 2
        }
    }
}
