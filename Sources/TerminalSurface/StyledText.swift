/// Text in styled runs: the terminal's attributed string.
///
/// Kept as one string plus where each run ends, so that laying it out (wrapping, truncating)
/// works on the whole text at once and a run boundary is never a line boundary by accident.
/// Build it from runs, literals and `+`:
///
///     let text = StyledText("Error: ", style: Style(foreground: .red, attributes: .bold))
///         + StyledText("file not found")
///
/// Adjacent runs of the same style are merged; empty runs are dropped.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// All the runs' text, in order.
    public private(set) var string: String = ""
    /// The UTF-8 offset in `string` where each run ends, ascending.
    private var ends: [Int] = []
    /// Each run's style.
    private var styles: [Style] = []

    /// Empty text.
    public init() {}

    /// One run of `text` in `style`.
    public init(_ text: String, style: Style = .plain) {
        append(text, style: style)
    }

    /// Runs in order.
    public init(_ runs: [(text: String, style: Style)]) {
        for run in runs { append(run.text, style: run.style) }
    }

    /// A plain run.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The runs: each one's text (a slice of `string`) and style.
    public var runs: [(text: Substring, style: Style)] {
        var result: [(text: Substring, style: Style)] = []
        forEachRun(in: string.startIndex..<string.endIndex) { result.append(($0, $1)) }
        return result
    }

    /// Whether there is no text.
    public var isEmpty: Bool { string.isEmpty }

    /// The plain text, styles dropped.
    public var description: String { string }

    /// Adds a run at the end.
    public mutating func append(_ text: String, style: Style = .plain) {
        guard !text.isEmpty else { return }
        string += text
        let end = string.utf8.count
        if let last = styles.last, last == style {
            ends[ends.count - 1] = end
        } else {
            ends.append(end)
            styles.append(style)
        }
    }

    /// Adds all of `other`'s runs at the end.
    public mutating func append(_ other: StyledText) {
        var start = 0
        let utf8 = other.string.utf8
        for (end, style) in zip(other.ends, other.styles) {
            let from = utf8.index(utf8.startIndex, offsetBy: start)
            let to = utf8.index(utf8.startIndex, offsetBy: end)
            append(String(other.string[from..<to]), style: style)
            start = end
        }
    }

    /// The runs of `lhs` then those of `rhs`.
    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// Appends the runs of `rhs`.
    public static func += (lhs: inout StyledText, rhs: StyledText) {
        lhs.append(rhs)
    }

    /// The style of the run holding the byte at `index` of `string` (nil at or past the end).
    public func style(at index: String.Index) -> Style? {
        let offset = string.utf8.distance(from: string.startIndex, to: index)
        let run = runIndex(containing: offset)
        return run < styles.count ? styles[run] : nil
    }

    /// Calls `body` with each run's part inside `range` of `string`, in order, and its style.
    /// - Complexity: O(log r + k), r the runs, k those met in `range`.
    public func forEachRun(in range: Range<String.Index>, _ body: (Substring, Style) throws -> Void) rethrows {
        let utf8 = string.utf8
        let lower = utf8.distance(from: utf8.startIndex, to: range.lowerBound)
        let upper = utf8.distance(from: utf8.startIndex, to: range.upperBound)
        guard lower < upper else { return }
        var run = runIndex(containing: lower)
        var from = range.lowerBound
        while run < ends.count && from < range.upperBound {
            let to = ends[run] >= upper ? range.upperBound : utf8.index(utf8.startIndex, offsetBy: ends[run])
            try body(string[from..<to], styles[run])
            from = to
            run += 1
        }
    }

    /// The first run whose end is past `offset` (`ends.count` when none is).
    private func runIndex(containing offset: Int) -> Int {
        var lo = 0, hi = ends.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ends[mid] <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
