import TerminalSurface

/// Bin counts drawn as a histogram on one line, one column per bin, bars measured from zero:
/// `▁▃▇█▅▂ ▁`.
///
/// A bin's bar is its count over the largest count in eighths (`▁▂▃▄▅▆▇█`); a bin with any
/// count shows at least `▁`, an empty bin a space, so a small count never looks like none and
/// none never looks like some. Unlike `SparklineCell` (a series scaled from its minimum to its
/// maximum) the bars start at zero, so bins of nearly equal counts look nearly equal. The cell
/// lays the bins out in the columns it has: narrower than the bins, neighbouring bins are added
/// together so the whole range stays in view; wider, the bars keep one column a bin, from the
/// left (histograms of different bin counts in one column stay comparable, a column a bin).
/// With `prefersASCII` the bars are `_.-:=+*#`.
public final class HistogramCell: LayoutCell {
    /// The identifier the table's built-in providers register it under.
    public static let reuseIdentifier = "histogram"

    /// The bin counts, first bin first (negative counts read as 0).
    public var counts: [Int] = []
    /// The bars' style.
    public var style = Style(foreground: .palette(39))

    /// An empty cell (the registry makes cells with it).
    public required init() {}

    /// Resets every property to its default.
    public override func prepareForReuse() {
        super.prepareForReuse()
        counts = []
        style = Style(foreground: .palette(39))
    }

    /// Reads the counts of `3 5 0 8` (or separated by commas or semicolons, as
    /// `SparklineCell` reads numbers); one count for a numeric value; nothing otherwise.
    public func configure(with value: DataTableValueType) {
        counts = SparklineCell.numbers(of: value).map { $0 >= 1 && $0 < 9e18 ? Int(saturating: $0) : 0 }
    }

    /// The bars of `counts` in at most `width` columns (see the type). Empty when there are no
    /// counts or no room.
    /// - Complexity: O(counts + width).
    public static func bars(_ counts: [Int], width: Int, ascii: Bool = false) -> String {
        guard !counts.isEmpty, width > 0 else { return "" }
        let bins: [Int]
        if width < counts.count {
            // Bin i goes to column i·width/n: neighbours add up, the columns stay even.
            var merged = [Int](repeating: 0, count: width)
            for (i, count) in counts.enumerated() { merged[i * width / counts.count] += max(0, count) }
            bins = merged
        } else {
            bins = counts.map { max(0, $0) }
        }
        let ramp = ascii ? SparklineCell.asciiRamp : SparklineCell.blocks
        let largest = bins.max() ?? 0
        var line = ""
        for count in bins {
            if count <= 0 || largest <= 0 {
                line.append(" ")
            } else {
                let eighths = Int(saturating: (Double(count) / Double(largest) * 8).rounded(.up))
                line.append(ramp[min(7, max(0, eighths - 1))])
            }
        }
        return line
    }

    /// One column per bin.
    public override var preferredWidth: Int? { counts.isEmpty ? nil : counts.count }

    /// The cell's layout: the bars, in all the columns the cell has.
    public override func layout() -> CellLayout {
        guard !counts.isEmpty else { return .empty }
        let counts = counts, ascii = prefersASCII
        return .custom(width: .flexible(minimum: 1), style: style) { region, style in
            region.put(HistogramCell.bars(counts, width: region.width, ascii: ascii), at: .zero, style: style)
        }
    }
}
