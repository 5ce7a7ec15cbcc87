extension Surface {
    /// The text of row `y`, continuation cells skipped, trailing blanks removed.
    public func line(_ y: Int) -> String {
        var s = ""
        let row = y * size.width
        for x in 0..<size.width where cells[row + x].width != 0 {
            s.append(cells[row + x].grapheme)
        }
        while s.last == " " { s.removeLast() }
        return s
    }

    /// Every row's text (see `line(_:)`).
    public var lines: [String] { (0..<size.height).map(line) }

    /// Rows `range` as text with SGR escape sequences for their styles, each line ending in a reset.
    ///
    /// Used by a program's coloured print; with `colorCount` 0 only attributes are emitted.
    public func ansiLines(_ range: Range<Int>? = nil, colorCount: Int) -> [String] {
        (range ?? 0..<size.height).map { y in
            var s = ""
            var current = Style.plain
            var lastNonBlank = -1
            let row = y * size.width
            for x in 0..<size.width where cells[row + x].grapheme != " " || cells[row + x].style.background != .default
                || cells[row + x].style.attributes.contains(.reverse) || cells[row + x].style.attributes.contains(.underline) {
                lastNonBlank = x
            }
            guard lastNonBlank >= 0 else { return "" }
            for x in 0...lastNonBlank where cells[row + x].width != 0 {
                let cell = cells[row + x]
                let style = colorCount == 0 ? cell.style.monochrome : cell.style
                if style != current {
                    s += SGR.sequence(for: style, colorCount: colorCount)
                    current = style
                }
                s.append(cell.grapheme)
            }
            if current != .plain { s += SGR.reset }
            return s
        }
    }
}

/// Select Graphic Rendition escape sequences for styles.
public enum SGR {
    /// Resets every attribute and colour.
    public static let reset = "\u{1B}[0m"

    /// The sequence that switches any current style to `style` (starts with a reset).
    public static func sequence(for style: Style, colorCount: Int) -> String {
        var parts = ["0"]
        for each in TextAttributes.each where style.attributes.contains(each.attribute) { parts.append(each.sgrParameter) }
        if colorCount > 0 {
            if let fg = code(style.foreground.downgraded(toPaletteSize: colorCount), base: 30) { parts.append(fg) }
            if let bg = code(style.background.downgraded(toPaletteSize: colorCount), base: 40) { parts.append(bg) }
        }
        return "\u{1B}[" + parts.joined(separator: ";") + "m"
    }

    private static func code(_ color: Color, base: Int) -> String? {
        switch color {
        case .default: return nil
        case .palette(let i) where i < 8: return String(base + Int(i))
        case .palette(let i) where i < 16: return String(base + 60 + Int(i) - 8)
        case .palette(let i): return "\(base + 8);5;\(i)"
        case .rgb(let r, let g, let b): return "\(base + 8);2;\(r);\(g);\(b)"
        }
    }
}
