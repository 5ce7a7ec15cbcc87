import TerminalSurface

/// A series of numbers drawn as a sparkline, one column each: `▃▅▂█`.
///
/// The values are scaled from their minimum to their maximum over the eight blocks
/// `▁▂▃▄▅▆▇█` (all equal values draw `▄`); with `prefersASCII` over `_.-:=+*#`. When the
/// column is narrower than the series, the last values that fit are shown, on the same scale.
public final class SparklineCell: LayoutCell {
    /// The identifier the table's built-in providers register it under.
    public static let reuseIdentifier = "sparkline"

    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let asciiRamp: [Character] = ["_", ".", "-", ":", "=", "+", "*", "#"]

    /// The values drawn, oldest first.
    public var values: [Double] = []
    /// The bars' style.
    public var style = Style(foreground: .palette(39))

    /// An empty cell (the registry makes cells with it).
    public required init() {}

    /// Resets every property to its default.
    public override func prepareForReuse() {
        super.prepareForReuse()
        values = []
        style = Style(foreground: .palette(39))
    }

    /// Reads the numbers of `3 5 2 8`, `3,5,2,8` or `3; 5; 2` (one number for a numeric
    /// value); words that are not numbers are skipped.
    public func configure(with value: DataTableValueType) {
        values = Self.numbers(of: value)
    }

    /// The numbers of `value`: one for a numeric value, `numbers(in:)` of a text, none for a
    /// boolean or null.
    static func numbers(of value: DataTableValueType) -> [Double] {
        switch value {
        case .int, .double:
            return value.doubleValue.map { [$0] } ?? []
        case .string(let text):
            return numbers(in: text)
        case .bool, .null:
            return []
        }
    }

    /// The finite numbers in `text`, separated by spaces, tabs, commas or semicolons; only
    /// the first `numbersTextLimit` bytes are read (a cell shows a few dozen values at most,
    /// and this runs for every cell on screen in every frame).
    /// - Complexity: O(min(n, numbersTextLimit)).
    public static func numbers(in text: String) -> [Double] {
        let head = text.utf8.count > numbersTextLimit
            ? Substring(String(decoding: text.utf8.prefix(numbersTextLimit), as: UTF8.self)) : Substring(text)
        return head.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" || $0 == "\t" })
            .compactMap { Double($0) }.filter(\.isFinite)
    }

    /// Bytes of a field `numbers(in:)` reads.
    public static let numbersTextLimit = 4096

    /// One character per value, scaled over all of `values`.
    /// - Complexity: O(n) in the values.
    public static func sparkline(_ values: [Double], ascii: Bool = false) -> String {
        let ramp = ascii ? asciiRamp : blocks
        let values = values.filter(\.isFinite)
        guard let low = values.min(), let high = values.max() else { return "" }
        let span = high - low
        var line = ""
        for value in values {
            let level = span > 0 && span.isFinite ? Int(saturating: ((value - low) / span * 7).rounded()) : 3
            line.append(ramp[min(7, max(0, level))])
        }
        return line
    }

    /// The cell's layout: the values as a line of bars.
    public override func layout() -> CellLayout {
        .text(SparklineCell.sparkline(values, ascii: prefersASCII), style: style, truncation: .head, ellipsis: "")
    }
}
