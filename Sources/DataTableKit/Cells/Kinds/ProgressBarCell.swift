import TerminalSurface

/// A fraction drawn as a bar in eighth blocks followed by the percentage: `███████▍   74%`.
///
/// `configure(with:)` reads a number on the cell's `scale`: `.fraction` (0 to 1, the default),
/// `.percent` (0 to 100) or `.maximum(x)` (0 to x); text ending in `%` is a percentage whatever
/// the scale. The scale is never guessed from the value (0.8 on `.percent` is 0.8%, not 80%).
///
/// The bar takes the room the percentage (right-aligned in 4 columns) leaves, at 8 steps a
/// column (U+2588 FULL BLOCK, U+2589–U+258F for the partial column). With `prefersASCII` the
/// bar is `#` per whole column: `#######    74%`. Narrower than 8 columns the bar is dropped
/// and only `74%` is shown, right-aligned; narrower than the percentage, nothing. A nil
/// fraction shows nothing. Fractions outside 0...1 show their percentage, with the bar clamped.
public final class ProgressBarCell: LayoutCell {
    /// The identifier the table's built-in providers register it under.
    public static let reuseIdentifier = "progress"

    /// What the numbers `configure(with:)` reads are out of.
    public enum Scale: Hashable, Sendable {
        /// 0 to 1: `0.74` is 74%.
        case fraction
        /// 0 to 100: `74` is 74%, `0.8` is 0.8%.
        case percent
        /// 0 to a maximum: with 5, `3.7` is 74%.
        case maximum(Double)

        /// The value that means 100%.
        public var upperBound: Double {
            switch self {
            case .fraction: 1
            case .percent: 100
            case .maximum(let maximum): maximum
            }
        }
    }

    /// The progress, 0 to 1; nil for none (an empty cell).
    public var fraction: Double?
    /// What the numbers `configure(with:)` reads are out of (default `.fraction`).
    public var scale: Scale = .fraction
    /// The value that means 100% for `configure(with:)`: nil on the `.fraction` scale.
    @available(*, deprecated, message: "set `scale` (.fraction, .percent or .maximum(x)); nil is now .fraction, not a guess")
    public var maximum: Double? {
        get { scale == .fraction ? nil : scale.upperBound }
        set { scale = newValue.map { .maximum($0) } ?? .fraction }
    }
    /// The bar's style (laid over the background).
    public var barStyle = Style(foreground: .palette(34))
    /// The percentage's style.
    public var percentStyle: Style = .plain
    /// Whether the percentage follows the bar (false: the bar takes the whole cell, as in a
    /// histogram whose numbers stand in other columns).
    public var showsPercentage = true

    /// An empty cell (the registry makes cells with it).
    public required init() {}

    /// Resets every property to its default.
    public override func prepareForReuse() {
        super.prepareForReuse()
        fraction = nil
        scale = .fraction
        barStyle = Style(foreground: .palette(34))
        percentStyle = .plain
        showsPercentage = true
    }

    /// Sets `fraction` from a number on `scale` (`0.74` on `.fraction`, `74` on `.percent`, `3.7`
    /// on `.maximum(5)`) or text holding one, optionally ending in `%` (`74%`, always a
    /// percentage). Anything else, or a scale whose maximum is 0, gives nil.
    public func configure(with value: DataTableValueType) {
        fraction = nil
        guard let (number, isPercent) = Self.number(of: value) else { return }
        let upperBound = isPercent ? 100 : scale.upperBound
        guard upperBound != 0, upperBound.isFinite else { return }
        fraction = number / upperBound
    }

    /// The finite number `configure(with:)` reads from `value`, and whether it was written as a
    /// percentage (`74%`): a number, or text of one (spaces around it and before a trailing `%`
    /// allowed). Nil for anything else.
    /// - Complexity: O(1): text longer than 64 bytes is not read.
    public static func number(of value: DataTableValueType) -> (number: Double, isPercent: Bool)? {
        var number = value.doubleValue
        var isPercent = false
        // A number is short: a long field is not one (and is not scanned for one every frame).
        if number == nil, case .string(let text) = value, text.utf8.count <= 64 {
            let trimmed = text.trimmingSpaces
            if trimmed.hasSuffix("%") {
                number = Double(String(trimmed.dropLast()).trimmingSpaces)
                isPercent = true
            } else {
                number = Double(trimmed)
            }
        }
        guard let number, number.isFinite else { return nil }
        return (number, isPercent)
    }

    /// The percentage shown, rounded: `74%`.
    public var percentText: String? {
        guard let fraction, fraction.isFinite else { return nil }
        let percent = (fraction * 100).rounded()
        guard abs(percent) < 1e9 else { return nil }
        return "\(Int(saturating: percent))%"
    }

    /// The bar for `fraction` in `columns` columns: whole blocks, then one partial block.
    /// - Complexity: O(columns).
    public static func bar(fraction: Double, columns: Int, ascii: Bool) -> String {
        let columns = max(0, columns)
        let clamped = fraction.isFinite ? min(1, max(0, fraction)) : 0
        if ascii { return String(repeating: "#", count: Int(saturating: (clamped * Double(columns)).rounded())) }
        let eighths = Int(saturating: (clamped * Double(columns * 8)).rounded())
        var bar = String(repeating: "\u{2588}", count: eighths / 8)
        if eighths % 8 > 0 { bar.unicodeScalars.append(Unicode.Scalar(0x2590 - UInt32(eighths % 8))!) }
        return bar
    }

    /// Room for a bar of 10 columns and the percentage.
    public override var preferredWidth: Int? { 15 }

    /// The cell's layout: the bar and its percentage.
    public override func layout() -> CellLayout {
        guard let fraction, let percent = percentText else { return .empty }
        let ascii = prefersASCII
        guard showsPercentage else {
            return .custom(width: .flexible(minimum: 1), style: barStyle) { region, style in
                region.put(ProgressBarCell.bar(fraction: fraction, columns: region.width, ascii: ascii), at: .zero, style: style)
            }
        }
        return .hstack(spacing: 1, alignment: .right, [
            .custom(width: .flexible(minimum: 3), style: barStyle) { region, style in
                region.put(ProgressBarCell.bar(fraction: fraction, columns: region.width, ascii: ascii), at: .zero, style: style)
            }.priority(-1),
            .glyph(percent, style: percentStyle, width: .minimum(max(4, percent.displayWidth)), alignment: .right),
        ])
    }
}
