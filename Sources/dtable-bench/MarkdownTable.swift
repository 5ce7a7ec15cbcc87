/// The bench's figures as a Markdown table: the first column left-aligned, the others
/// right-aligned, every column as wide as its widest cell.
enum MarkdownTable {
    /// The lines of `rows` (the first one is the header), with the separator line after it.
    static func lines(_ rows: [[String]]) -> [String] {
        guard let header = rows.first else { return [] }
        let widths = (0..<header.count).map { c in rows.map { $0[c].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| " + cells.enumerated().map { c, text in
                let pad = String(repeating: " ", count: widths[c] - text.count)
                return c == 0 ? text + pad : pad + text
            }.joined(separator: " | ") + " |"
        }
        let separator = "|" + widths.enumerated().map { c, w in
            String(repeating: "-", count: w + (c == 0 ? 2 : 1)) + (c == 0 ? "" : ":")
        }.joined(separator: "|") + "|"
        return [line(header), separator] + rows.dropFirst().map(line)
    }

    /// The lines of a table of figures: `title` over the columns' titles, then a row per
    /// metric (key, name): its name, then each column's figure by its key (`-` where the column
    /// has none). With `skippingEmpty`, a metric no column has is left out.
    static func figureLines(title: String, metrics: [(String, String)], columns: [(title: String, values: [String: String])],
                            skippingEmpty: Bool = false) -> [String] {
        var table = [[title] + columns.map(\.title)]
        for (key, name) in metrics where !skippingEmpty || columns.contains(where: { $0.values[key] != nil }) {
            table.append([name] + columns.map { $0.values[key] ?? "-" })
        }
        return lines(table)
    }
}
