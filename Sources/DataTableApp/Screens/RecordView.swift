import DataTableKit
import TerminalSurface

/// The `Enter` screen: one record as a vertical list of fields and values, long values wrapped.
struct RecordView {
    let titles: [String]
    let values: [String]
    /// "record 12 of 500", "row 12 in the file".
    let heading: String
    let theme: TableTheme
    let isMarked: Bool
    /// For fields whose values are shown cut (huge fields), what the value ends with ("… [64 KiB
    /// of 500 MiB shown]"): repeated under the value when its wrapping stops before that end.
    var cutNotes: [Int: String] = [:]
    /// The source's notes on fields (`DataTableFieldNotes`), shown under their values.
    var notes: [Int: String] = [:]

    /// The lines of the record at `width`: each field's title beside the first line of its
    /// value, continuation lines indented under the value.
    /// - Complexity: O(fields × shown lines); a huge value is wrapped only up to 200 lines.
    func lines(width: Int) -> [(left: String, right: String)] {
        let valueWidth = max(1, width - titleWidth(for: width) - 4)
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
                if let note = cutNotes[i], wrapped.last?.hasEllipsis == true { result.append(("", note)) }
                if let note = notes[i] { result.append(("", note)) }
            }
        }
        return result
    }

    /// The title column: the widest title, at most a third of the screen.
    func titleWidth(for width: Int) -> Int {
        min(max(4, width / 3), titles.map(\.displayWidth).max() ?? 0)
    }

    /// Draws the record into `region`, scrolled by `scrollOffset` lines (clamped here).
    func draw(in region: SurfaceRegion, scrollOffset: inout Int) {
        ListScreen(title: heading + (isMarked ? "  (marked)" : ""), entries: lines(width: region.width),
                   leftWidth: titleWidth(for: region.width), leftAlignment: .right, leftStyle: theme.helpKey,
                   titleStyle: theme.helpTitle, footer: "q, Esc or Enter closes  n/p next/previous record")
            .draw(in: region, scrollOffset: &scrollOffset)
    }
}
