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
}
