@preconcurrency import CNcursesw
import TerminalSurface

/// Colour pairs allocated from ncurses on demand, remembered per (foreground, background).
struct CursesColorPairs {
    struct Key: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// Pair numbers already allocated.
    private var pairs: [Key: Int32] = [:]
    /// The last style asked for, with its colour count and answer (the cells of a run mostly
    /// share one style).
    private var last: (style: Style, colorCount: Int, answer: (attr_t, Int32))?

    /// The ncurses attributes and extended pair number for a style.
    mutating func attributesAndPair(for style: Style, colorCount: Int) -> (attr_t, Int32) {
        if let last, last.style == style, last.colorCount == colorCount { return last.answer }
        let answer = lookUp(style, colorCount: colorCount)
        last = (style, colorCount, answer)
        return answer
    }

    private mutating func lookUp(_ style: Style, colorCount: Int) -> (attr_t, Int32) {
        var attributes = dt_A_NORMAL
        let a = style.attributes
        if a.contains(.bold) { attributes |= dt_A_BOLD }
        if a.contains(.dim) { attributes |= dt_A_DIM }
        if a.contains(.italic) { attributes |= dt_A_ITALIC }
        if a.contains(.underline) { attributes |= dt_A_UNDERLINE }
        if a.contains(.reverse) { attributes |= dt_A_REVERSE }
        guard colorCount > 0 else { return (attributes, 0) }
        let key = Key(foreground: number(style.foreground, colorCount), background: number(style.background, colorCount))
        if key.foreground == -1 && key.background == -1 { return (attributes, 0) }
        if let pair = pairs[key] { return (attributes, pair) }
        let pair = alloc_pair(key.foreground, key.background)
        let result = pair < 0 ? 0 : pair
        pairs[key] = result
        return (attributes, result)
    }

    private func number(_ color: Color, _ colorCount: Int) -> Int32 {
        switch color.downgraded(toPaletteSize: colorCount) {
        case .default: return -1
        case .palette(let i): return Int32(i)
        case .rgb: return -1
        }
    }
}
