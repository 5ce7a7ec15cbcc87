/// A terminal colour: the terminal's default, one of the 256 palette entries, or 24-bit RGB.
///
/// Palette entries 0–7 are the ANSI colours, 8–15 their bright variants. A backend with
/// fewer colours maps an entry down (see `Color.downgraded(toPaletteSize:)`).
public enum Color: Hashable, Sendable {
    case `default`
    case palette(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    /// Palette colour 0.
    public static let black = Color.palette(0)
    /// Palette colour 1.
    public static let red = Color.palette(1)
    /// Palette colour 2.
    public static let green = Color.palette(2)
    /// Palette colour 3.
    public static let yellow = Color.palette(3)
    /// Palette colour 4.
    public static let blue = Color.palette(4)
    /// Palette colour 5.
    public static let magenta = Color.palette(5)
    /// Palette colour 6.
    public static let cyan = Color.palette(6)
    /// Palette colour 7.
    public static let white = Color.palette(7)
    /// Palette colour 8 (grey).
    public static let brightBlack = Color.palette(8)
    /// Palette colour 15.
    public static let brightWhite = Color.palette(15)

    /// The nearest colour a terminal with `count` colours (8, 16 or 256) can show.
    public func downgraded(toPaletteSize count: Int) -> Color {
        switch self {
        case .default:
            return self
        case .palette(let index):
            if Int(index) < count { return self }
            return .palette(Color.nearestANSI(of: Color.rgbComponents(ofPaletteIndex: index), count: count))
        case .rgb(let r, let g, let b):
            if count >= 256 { return .palette(Color.nearest256(r, g, b)) }
            return .palette(Color.nearestANSI(of: (r, g, b), count: count))
        }
    }

    static func rgbComponents(ofPaletteIndex index: UInt8) -> (UInt8, UInt8, UInt8) {
        let i = Int(index)
        if i < 16 {
            let base: [(UInt8, UInt8, UInt8)] = [
                (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
            ]
            return base[i]
        }
        if i >= 232 {
            let v = UInt8(8 + (i - 232) * 10)
            return (v, v, v)
        }
        let c = i - 16
        let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
        return (steps[c / 36], steps[(c / 6) % 6], steps[c % 6])
    }

    static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func step(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
        return UInt8(16 + 36 * step(r) + 6 * step(g) + step(b))
    }

    static func nearestANSI(of rgb: (UInt8, UInt8, UInt8), count: Int) -> UInt8 {
        let limit = count >= 16 ? 16 : 8
        var best = 0, bestDistance = Int.max
        for i in 0..<limit {
            let c = rgbComponents(ofPaletteIndex: UInt8(i))
            let dr = Int(c.0) - Int(rgb.0), dg = Int(c.1) - Int(rgb.1), db = Int(c.2) - Int(rgb.2)
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance { bestDistance = d; best = i }
        }
        return UInt8(best)
    }
}

/// Text attributes a terminal can show on a cell.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The attributes as bits.
    public let rawValue: UInt8
    /// Attributes from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (or bright) text.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim text.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Italic text, where the terminal has it.
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Foreground and background swapped.
    public static let reverse = TextAttributes(rawValue: 1 << 4)

    /// Each attribute alone, in the order escape sequences and descriptions list them, with its
    /// SGR parameter and its name: the one list `SGR.sequence(for:colorCount:)` and test
    /// snapshots read.
    package static let each: [(attribute: TextAttributes, sgrParameter: String, name: String)] = [
        (.bold, "1", "bold"), (.dim, "2", "dim"), (.italic, "3", "italic"), (.underline, "4", "underline"), (.reverse, "7", "reverse"),
    ]
}

/// How a cell looks: foreground, background and attributes.
public struct Style: Hashable, Sendable {
    /// The text's colour.
    public var foreground: Color
    /// The cell's background.
    public var background: Color
    /// Bold, dim, italic, underline, reverse.
    public var attributes: TextAttributes

    /// A style of these colours and attributes (the terminal's defaults when omitted).
    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default colours, no attributes.
    public static let plain = Style()

    /// This style with `other` laid on top: its non-default colours win, attributes add up.
    public func patched(with other: Style) -> Style {
        Style(
            foreground: other.foreground == .default ? foreground : other.foreground,
            background: other.background == .default ? background : other.background,
            attributes: attributes.union(other.attributes)
        )
    }

    /// This style as a terminal without colours shows it: colours dropped, attributes kept.
    public var monochrome: Style { Style(attributes: attributes) }
}
