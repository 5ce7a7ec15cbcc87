import TerminalSurface

/// The `Enter` screen: one record as a vertical list of fields and values, long values wrapped.
struct RecordView {
    let titles: [String]
    let values: [String]
    /// "record 12 of 500", "row 12 in the file".
    let heading: String
    let theme: TableTheme
    let isMarked: Bool

    /// The lines of the record at `width`: each field's title beside the first line of its
    /// value, continuation lines indented under the value.
    /// - Complexity: O(fields × shown lines); a huge value is wrapped only up to 200 lines.
    func lines(width: Int) -> [(title: String, value: String)] {
        let titleWidth = min(max(4, width / 3), titles.map(\.displayWidth).max() ?? 0)
        let valueWidth = max(1, width - titleWidth - 4)
        var result: [(String, String)] = []
        for (i, title) in titles.enumerated() {
            let value = i < values.count ? values[i] : ""
            let wrapped = TextWrapping.lines(of: value, width: valueWidth, mode: .word, maxLines: 200)
            if wrapped.isEmpty {
                result.append((title, ""))
            } else {
                for (n, line) in wrapped.enumerated() {
                    result.append((n == 0 ? title : "", String(line.text) + (line.hasEllipsis ? TextWrapping.ellipsis : "")))
                }
            }
        }
        return result
    }

    /// Draws the record into `region`, scrolled by `scrollOffset` lines (clamped here).
    func draw(in region: SurfaceRegion, scrollOffset: inout Int) {
        region.fill(.plain)
        guard region.height > 0 else { return }
        region.put(" " + heading + (isMarked ? "  (marked)" : ""), at: .zero, style: theme.helpTitle)
        let entries = lines(width: region.width)
        let titleWidth = min(max(4, region.width / 3), titles.map(\.displayWidth).max() ?? 0)
        let footer = region.height >= 3 ? 1 : 0
        let listTop = region.height >= 2 ? 2 : 1
        let listHeight = max(0, region.height - listTop - footer)
        scrollOffset = max(0, min(scrollOffset, max(0, entries.count - listHeight)))
        for (i, entry) in entries.dropFirst(scrollOffset).prefix(listHeight).enumerated() {
            let y = listTop + i
            var label = Label(text: entry.title, alignment: .right, style: theme.helpKey)
            label.truncation = .tail
            label.draw(in: region.region(Rect(x: 1, y: y, width: titleWidth, height: 1)))
            region.put(entry.value, at: Point(x: titleWidth + 3, y: y), style: .plain)
        }
        if footer == 1 {
            let more = entries.count > listHeight ? "  j/k scroll" : ""
            region.put(" q, Esc or Enter closes  n/p next/previous record" + more,
                       at: Point(x: 0, y: region.height - 1), style: Style(attributes: .dim))
        }
    }
}
