// TextWrapping.swift
//
// Breaking text into lines of a number of columns, by word or by grapheme, for labels that
// are taller than one line. Widths follow `Character.displayWidth`.

/// Where `TextWrapping` breaks a paragraph that is wider than the line.
public enum WrapMode: Sendable, Equatable {
    /// At spaces; a word longer than the line is broken between grapheme clusters, and the
    /// spaces at a break are dropped (continuation lines never start with them).
    case word
    /// Between any two grapheme clusters; spaces are kept where they fall.
    case character
}

/// One line of wrapped text.
public struct WrappedLine: Hashable, Sendable {
    /// The line's text: a slice of the wrapped text, so its indices are the text's own.
    public var text: Substring
    /// The columns `text` takes.
    public var width: Int
    /// True when `TextWrapping.ellipsis` follows `text`: the text was cut after this line, or a
    /// grapheme wider than the whole line stood here (width 1 and a wide character).
    public var hasEllipsis: Bool

    /// A line of `width` columns holding `text`, ending in an ellipsis when `hasEllipsis`.
    public init(text: Substring, width: Int, hasEllipsis: Bool) {
        self.text = text
        self.width = width
        self.hasEllipsis = hasEllipsis
    }

    /// The columns the line takes as drawn, ellipsis included.
    public var displayWidth: Int { width + (hasEllipsis ? TextWrapping.ellipsisWidth : 0) }
}

/// Text laid out in lines of at most `width` display columns.
///
/// Explicit line breaks ("\n", "\r\n", a lone "\r") always end a line; the text between them
/// (a paragraph) is broken by word or by character (`WrapMode`). Empty text, and text ending in
/// a line break, have an empty last line. A grapheme cluster is never split, and a wide one
/// (CJK, emoji) never straddles two lines; one wider than the whole line (width 1) is shown as
/// `…` on a line of its own.
///
/// With `maxLines` > 0 at most that many lines are made; when text remains after the last one,
/// that last line is refilled character by character with the rest of its paragraph and ends in
/// `…` (trailing spaces before the `…` dropped), as a tail-truncating label does.
///
/// Cost is bounded by what is shown: the layout walks the text line by line and stops after
/// the last line it makes, never measuring the rest, so a 100 MB field shown on 3 lines costs
/// about 3 lines' worth. To keep that true for pathological text, a line holds at most
/// `width + 64` grapheme clusters (more zero-width clusters in a row go on the next line) and at
/// most as many spaces are dropped at one break (a longer run of spaces goes on as a blank line).
public enum TextWrapping {
    /// What marks cut text.
    public static let ellipsis = "…"
    static let ellipsisWidth = 1

    /// The most lines `lineCount` counts when it is given no limit (`maxLines` 0): a row's
    /// height need not be measured further than any screen, and a measurement stays cheap.
    public static let measurementLineLimit = 1000

    /// The lines of `text` at `width` columns (none when `width` <= 0).
    ///
    /// - Parameter maxLines: the most lines to make; 0 for no limit.
    /// - Complexity: O(L × (width + 64)) grapheme clusters looked at, L the number of lines
    ///   returned: nothing after the last line is read.
    public static func lines(of text: Substring, width: Int, mode: WrapMode, maxLines: Int = 0) -> [WrappedLine] {
        var breaker = LineBreaker(text: text, width: width, mode: mode, maxLines: maxLines, measuring: false)
        var lines: [WrappedLine] = []
        while let line = breaker.next() { lines.append(line) }
        return lines
    }

    /// `lines(of:width:mode:maxLines:)` for a whole string.
    public static func lines(of text: String, width: Int, mode: WrapMode, maxLines: Int = 0) -> [WrappedLine] {
        lines(of: text[...], width: width, mode: mode, maxLines: maxLines)
    }

    /// How many lines `lines(of:width:mode:maxLines:)` would make (0 when `width` <= 0), counted
    /// without building them, and at most `maxLines`, or `measurementLineLimit` when that is 0.
    ///
    /// - Complexity: O(n × (width + 64)) grapheme clusters looked at, n the count returned.
    public static func lineCount(of text: Substring, width: Int, mode: WrapMode, maxLines: Int = 0) -> Int {
        let limit = maxLines > 0 ? maxLines : measurementLineLimit
        var breaker = LineBreaker(text: text, width: width, mode: mode, maxLines: limit, measuring: true)
        var count = 0
        while breaker.next() != nil { count += 1 }
        return count
    }

    /// `lineCount(of:width:mode:maxLines:)` for a whole string.
    public static func lineCount(of text: String, width: Int, mode: WrapMode, maxLines: Int = 0) -> Int {
        lineCount(of: text[...], width: width, mode: mode, maxLines: maxLines)
    }
}

/// Makes the lines one at a time, reading only as far as the line it makes.
struct LineBreaker {
    let text: Substring
    let width: Int
    let mode: WrapMode
    /// 0 for no limit.
    let maxLines: Int
    /// Counting only: the last line is not refilled for its ellipsis.
    let measuring: Bool
    /// The most clusters a line holds, and the most spaces one break drops.
    let clusterLimit: Int

    /// Where the next line starts.
    var position: String.Index
    /// Whether a line starts at `position` even if the text ends there (the text is empty, or
    /// a line break was just read).
    var lineDue = true
    var made = 0
    var finished: Bool

    init(text: Substring, width: Int, mode: WrapMode, maxLines: Int, measuring: Bool) {
        self.text = text
        self.width = width
        self.mode = mode
        self.maxLines = max(maxLines, 0)
        self.measuring = measuring
        self.clusterLimit = width < Int.max / 2 ? width + 64 : Int.max
        position = text.startIndex
        finished = width <= 0
    }

    /// What one grapheme cluster is to line breaking.
    enum Kind { case space, lineBreak, other }

    /// The cluster starting at `i` (< end): where it ends, its columns and its kind.
    @inline(__always)
    func cluster(at i: String.Index) -> (end: String.Index, width: Int, kind: Kind) {
        let end = text.index(after: i)
        let utf8 = text.utf8
        let first = utf8[i]
        if first < 0x80 {
            if first == 0x0A || first == 0x0D { return (end, 0, .lineBreak) }   // "\n", "\r", "\r\n"
            if utf8.index(after: i) == end { return (end, 1, first == 0x20 ? .space : .other) }
        }
        return (end, text[i..<end].displayWidth, .other)
    }

    mutating func next() -> WrappedLine? {
        guard !finished else { return nil }
        if position == text.endIndex && !lineDue {
            finished = true
            return nil
        }
        let start = position
        let line = scanLine(from: start)
        position = line.next
        lineDue = line.lineDue
        made += 1
        let result = WrappedLine(text: text[start..<line.end], width: line.width, hasEllipsis: line.tooWide)
        guard maxLines > 0 && made == maxLines else { return result }
        finished = true
        // The last line allowed: if text remains, refill it with the rest of its paragraph and cut.
        guard position < text.endIndex, !line.tooWide, !measuring else { return result }
        return cutLine(from: start)
    }

    /// The line starting at `start` as the last one, ending in an ellipsis: as many clusters of
    /// the paragraph as fit in `width - 1` columns, trailing spaces dropped.
    func cutLine(from start: String.Index) -> WrappedLine {
        let room = width - TextWrapping.ellipsisWidth
        var i = start, used = 0, count = 0
        var contentEnd = start, contentWidth = 0
        while i < text.endIndex && count < clusterLimit {
            let c = cluster(at: i)
            if c.kind == .lineBreak || used + c.width > room { break }
            used += c.width
            count += 1
            i = c.end
            if c.kind != .space { contentEnd = i; contentWidth = used }
        }
        return WrappedLine(text: text[start..<contentEnd], width: contentWidth, hasEllipsis: true)
    }

    /// One line from `start`: where its text ends, its columns, where the next line starts, and
    /// whether a line is due there even at the end of the text.
    func scanLine(from start: String.Index) -> (end: String.Index, width: Int, next: String.Index, lineDue: Bool, tooWide: Bool) {
        let end = text.endIndex
        var i = start
        var used = 0
        var count = 0
        var sawNonSpace = false
        // The run of spaces the line ends in so far (if any): where it starts, columns before it.
        var spaceRun: (start: String.Index, width: Int)?
        // The last place the line can break at: the start of a run of spaces after a word.
        var lastBreak: (start: String.Index, width: Int)?
        while i < end {
            let c = cluster(at: i)
            if c.kind == .lineBreak { return (i, used, c.end, true, false) }
            if used + c.width > width || count >= clusterLimit {
                if mode == .word {
                    if c.kind == .space || (spaceRun != nil && sawNonSpace) {
                        // Break here, dropping the spaces on either side of the break.
                        let cut: (start: String.Index, width: Int) = sawNonSpace ? (spaceRun ?? (i, used)) : (i, used)
                        let skip = skipSpaces(from: i)
                        return (cut.start, cut.width, skip.next, skip.lineDue, false)
                    }
                    if let cut = lastBreak {
                        let skip = skipSpaces(from: cut.start)
                        return (cut.start, cut.width, skip.next, skip.lineDue, false)
                    }
                }
                // Not even one visible cluster fits: one wider than the line shows as "…" alone.
                if used == 0 && c.width > width {
                    // A line break right after it is the end of this line, not an empty line.
                    if c.end < end, case let after = cluster(at: c.end), after.kind == .lineBreak {
                        return (i, used, after.end, true, true)
                    }
                    return (i, used, c.end, false, true)
                }
                // By grapheme: a word longer than the line, or character wrapping.
                return (i, used, i, false, false)
            }
            if c.kind == .space {
                if spaceRun == nil { spaceRun = (i, used) }
            } else {
                if let run = spaceRun, sawNonSpace { lastBreak = run }
                spaceRun = nil
                sawNonSpace = true
            }
            used += c.width
            count += 1
            i = c.end
        }
        return (end, used, end, false, false)
    }

    /// Past the spaces at a break (at most `clusterLimit` of them), and past one line break
    /// right after them, which the soft break stands for.
    func skipSpaces(from start: String.Index) -> (next: String.Index, lineDue: Bool) {
        var i = start, count = 0
        while i < text.endIndex && count < clusterLimit {
            let c = cluster(at: i)
            switch c.kind {
            case .space: i = c.end; count += 1
            case .lineBreak: return (c.end, true)
            case .other: return (i, false)
            }
        }
        return (i, false)
    }
}

extension TerminalText {
    /// What `truncated(_:toWidth:mode:)` keeps of `s` with the ellipsis "…": the text before the
    /// ellipsis, the text after it, and whether there is one. Both parts are slices of `s` (for
    /// drawing styled runs); a text that fits is all `front`, without ellipsis.
    ///
    /// - Complexity: O(width) clusters looked at, from either end of `s`.
    public static func truncationParts(
        _ s: Substring, toWidth width: Int, mode: TruncationMode
    ) -> (front: Substring, back: Substring, hasEllipsis: Bool) {
        let none = s[s.endIndex...]
        guard width > 0 else { return (s[s.startIndex..<s.startIndex], none, false) }
        if prefix(s, fittingWidth: width).text.endIndex == s.endIndex { return (s, none, false) }
        let room = width - TextWrapping.ellipsisWidth
        switch mode {
        case .tail:
            return (prefix(s, fittingWidth: room).text, none, true)
        case .head:
            return (s[s.startIndex..<s.startIndex], suffix(s, fittingWidth: room).text, true)
        case .middle:
            let front = prefix(s, fittingWidth: (room + 1) / 2)
            let back = suffix(s[front.text.endIndex...], fittingWidth: room - front.width)
            return (front.text, back.text, true)
        }
    }
}
