import TerminalSurface

/// A surface written as text for snapshot files: the screen's text, then a style map.
///
/// The text part shows each row between `|` bars (so trailing blanks are visible). The style
/// part gives each row as one letter per cell, with a legend naming each letter's style, so a
/// change of colour or attribute shows up as a readable diff.
public enum Snapshot {
    public static func text(of surface: Surface, includeStyles: Bool = true) -> String {
        var out = ""
        let width = surface.size.width
        for y in 0..<surface.size.height {
            var line = ""
            for x in 0..<width where !surface[x, y].isContinuation { line.append(surface[x, y].grapheme) }
            out += "|" + line + "|\n"
        }
        guard includeStyles else { return out }
        var legend: [Style: Character] = [:]
        var order: [Style] = []
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        out += "--- styles\n"
        for y in 0..<surface.size.height {
            var line = ""
            for x in 0..<width {
                let style = surface[x, y].style
                if legend[style] == nil {
                    legend[style] = order.count < letters.count ? letters[order.count] : "?"
                    order.append(style)
                }
                line.append(legend[style]!)
            }
            out += line + "\n"
        }
        out += "--- legend\n"
        for style in order { out += "\(legend[style]!) \(describe(style))\n" }
        return out
    }

    /// `fg=palette(15) bg=default bold reverse`-style description.
    public static func describe(_ style: Style) -> String {
        var parts = ["fg=\(describe(style.foreground))", "bg=\(describe(style.background))"]
        for each in TextAttributes.each where style.attributes.contains(each.attribute) { parts.append(each.name) }
        return parts.joined(separator: " ")
    }

    static func describe(_ color: Color) -> String {
        switch color {
        case .default: return "default"
        case .palette(let i): return "\(i)"
        case .rgb(let r, let g, let b): return "rgb(\(r),\(g),\(b))"
        }
    }
}
