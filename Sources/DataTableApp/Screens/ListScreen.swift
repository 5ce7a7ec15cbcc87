import DataTableKit
import TerminalSurface

/// A full-screen list of two columns under a title, scrolled, with a footer line: the frame of
/// the help screen and the record view.
struct ListScreen {
    var title: String
    /// Left column (keys, field titles) and right column (what they do, values).
    var entries: [(left: String, right: String)]
    /// Width of the left column (its text is cut to fit).
    var leftWidth: Int
    var leftAlignment: TextAlignment = .left
    var leftStyle: Style
    var titleStyle: Style
    /// The footer; " j/k scroll" is added when the list is longer than the screen.
    var footer: String

    /// Draws the list into `region`, scrolled by `scrollOffset` lines (clamped here).
    /// - Complexity: O(lines shown).
    func draw(in region: SurfaceRegion, scrollOffset: inout Int) {
        region.fill(.plain)
        guard region.height > 0 else { return }
        region.put(" " + title, at: .zero, style: titleStyle)
        let footerHeight = region.height >= 3 ? 1 : 0
        let listTop = region.height >= 2 ? 2 : 1
        let listHeight = max(0, region.height - listTop - footerHeight)
        scrollOffset = max(0, min(scrollOffset, max(0, entries.count - listHeight)))
        for (i, entry) in entries.dropFirst(scrollOffset).prefix(listHeight).enumerated() {
            let y = listTop + i
            var label = Label(text: entry.left, alignment: leftAlignment, style: leftStyle)
            label.truncation = .tail
            label.draw(in: region.region(Rect(x: 2, y: y, width: leftWidth, height: 1)))
            region.put(entry.right, at: Point(x: 4 + leftWidth, y: y), style: .plain)
        }
        if footerHeight == 1 {
            let more = entries.count > listHeight ? "  j/k scroll" : ""
            region.put(" " + footer + more, at: Point(x: 0, y: region.height - 1), style: Style(attributes: .dim))
        }
    }
}
