/// Shortening numbers to fit a column: the table's shrink-to-fit (see `Label.adjustsTextToFitWidth`).
public enum CompactNumber {
    /// Number text in at most `width` columns, or nil when `text` is not a number (as
    /// `NumberText.isNumber` reads it: `-12`, `3.5`, `1e9`, `1,234.5`) or cannot be made to fit.
    ///
    /// Text that fits is returned as is. Otherwise, in order:
    /// 1. decimals are dropped one at a time, rounding half away from zero:
    ///    `1234.5678` → `1234.568` → `1234.57` → `1234.6` → `1235`;
    /// 2. the value is written with a unit, K (10³), M (10⁶), B (10⁹) or T (10¹²), with one
    ///    decimal if there is room and it is not 0, else none: `12345` → `12.3K` → `12K`,
    ///    `1234567` → `1.2M`, `-4500000` → `-4.5M`, `1.5e9` → `1.5B`, `999999` → `1M`.
    ///
    /// Values under 1000 that do not fit as integers give nil (the caller truncates).
    /// - Complexity: O(n) in the text's length, which is at most 64 bytes (longer text gives nil).
    public static func text(_ text: String, fittingWidth width: Int) -> String? {
        guard width > 0, text.utf8.count <= 64, NumberText.isNumber(text) else { return nil }
        if text.utf8.count <= width { return text }
        // Grouping commas and a leading "+" carry no value.
        var plain = String(text.unicodeScalars.filter { $0 != "," })
        if plain.hasPrefix("+") { plain.removeFirst() }
        if plain.utf8.count <= width { return plain }
        // 1. Fewer decimals, on the digits themselves (exact, no binary rounding).
        let hasExponent = plain.contains("e") || plain.contains("E")
        if !hasExponent, let dot = plain.firstIndex(of: ".") {
            let decimals = plain.distance(from: plain.index(after: dot), to: plain.endIndex)
            for keep in stride(from: decimals - 1, through: 0, by: -1) {
                let rounded = roundedDecimal(plain, keeping: keep)
                if rounded.utf8.count <= width { return rounded }
            }
        }
        // 2. A unit.
        guard let value = Double(plain), value.isFinite else { return nil }
        return withUnit(value, fittingWidth: width)
    }

    static let units: [(scale: Double, symbol: String)] = [(1e3, "K"), (1e6, "M"), (1e9, "B"), (1e12, "T")]

    /// `value` with the largest unit it reaches, in `width` columns, or nil.
    static func withUnit(_ value: Double, fittingWidth width: Int) -> String? {
        let sign = value < 0 ? "-" : ""
        let magnitude = abs(value)
        guard magnitude.rounded() >= 1000 else { return nil }
        var unit = units.count - 1
        while unit > 0 && magnitude < units[unit].scale { unit -= 1 }
        for decimals in [1, 0] {
            var u = unit
            let factor = decimals == 1 ? 10.0 : 1.0
            var scaled = (magnitude / units[u].scale * factor).rounded()
            // Rounding may reach the next unit: 999.96K is 1M.
            if scaled >= 1000 * factor && u + 1 < units.count {
                u += 1
                scaled = (magnitude / units[u].scale * factor).rounded()
            }
            guard scaled < 1e18 else { return nil }
            let n = Int(saturating: scaled)
            var s = sign
            if decimals == 1 {
                s += String(n / 10)
                if n % 10 != 0 { s += "." + String(n % 10) }
            } else {
                s += String(n)
            }
            s += units[u].symbol
            if s.utf8.count <= width { return s }
        }
        return nil
    }

    /// `number` (digits, one ".", maybe a leading "-") rounded half away from zero to `keep`
    /// decimals; "-0" comes out as "0".
    static func roundedDecimal(_ number: String, keeping keep: Int) -> String {
        var digits = Array(number.utf8)
        var negative = false
        if digits.first == UInt8(ascii: "-") { negative = true; digits.removeFirst() }
        guard let dot = digits.firstIndex(of: UInt8(ascii: ".")) else { return number }
        var integer = Array(digits[..<dot])
        if integer.isEmpty { integer = [UInt8(ascii: "0")] }
        let fraction = Array(digits[(dot + 1)...])
        var kept = integer + fraction.prefix(keep)
        if fraction.count > keep, fraction[keep] >= UInt8(ascii: "5") {
            // Carry from the last kept digit leftwards.
            var i = kept.count - 1
            while i >= 0 {
                if kept[i] == UInt8(ascii: "9") {
                    kept[i] = UInt8(ascii: "0")
                    i -= 1
                } else {
                    kept[i] += 1
                    break
                }
            }
            if i < 0 { kept.insert(UInt8(ascii: "1"), at: 0) }
        }
        let integerCount = kept.count - min(keep, fraction.count)
        var out = String(decoding: kept[..<integerCount], as: UTF8.self)
        if keep > 0 { out += "." + String(decoding: kept[integerCount...], as: UTF8.self) }
        let isZero = kept.allSatisfy { $0 == UInt8(ascii: "0") }
        return negative && !isZero ? "-" + out : out
    }
}
