/// The columns of a body row that no cell covers.
extension DataTableView {
    /// The ranges of `0..<width` outside every visible column (between columns, after the last),
    /// in order: what a row fills itself, its cells painting the rest.
    /// - Complexity: O(c log c) in the visible columns; once per frame.
    static func gaps(between columns: [Viewport.VisibleColumn], width: Int) -> [Range<Int>] {
        var gaps: [Range<Int>] = []
        var x = 0
        for column in columns.sorted(by: { $0.x < $1.x }) {
            let start = min(max(column.x, 0), width), end = min(max(column.x + column.width, start), width)
            if start > x { gaps.append(x..<start) }
            x = max(x, end)
        }
        if x < width { gaps.append(x..<width) }
        return gaps
    }
}
