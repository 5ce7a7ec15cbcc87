import TerminalSurface

/// A column as the table lays it out: its title, width in cells and alignment.
public struct TableColumn: Hashable, Sendable {
    public var title: String
    /// Content width in character cells, not counting the gutter after it.
    public var width: Int
    public var alignment: TextAlignment

    public init(title: String, width: Int, alignment: TextAlignment = .left) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }
}

/// Sizes columns from their content: the widest of the title and a sample of values, capped.
enum ColumnSizer {
    /// Measures every column over a sample of at most `sampleSize` rows: the first rows, plus
    /// rows spread evenly through the rest when the table is larger.
    /// - Complexity: O(columns × sampleSize).
    /// Very wide tables sample fewer rows, so that at most about a million cells are measured.
    static func columns(of source: DataTableDataSource, sampleSize: Int, minWidth: Int, maxWidth: Int) -> [TableColumn] {
        let budget = max(2, min(sampleSize, 1_000_000 / max(1, source.columnCount)))
        let rows = sampleRows(count: source.rowCount, sampleSize: budget)
        return (0..<source.columnCount).map { column in
            let title = source.title(ofColumn: column)
            // One more column for the sort indicator (▲/▼) the header puts before the title.
            var widest = title.displayWidth + 1
            var numbers = 0, nonEmpty = 0
            for row in rows {
                let value = source.value(row: row, column: column)
                if value == .null { continue }
                nonEmpty += 1
                if value.isNumeric { numbers += 1 }
                // Measured only up to the cap: a huge field costs no more than a short one.
                let text = value.stringRepresentation
                widest = max(widest, TerminalText.prefix(text[...], fittingWidth: maxWidth + 1).width)
            }
            let alignment: TextAlignment = nonEmpty > 0 && numbers == nonEmpty ? .right : .left
            return TableColumn(title: title, width: min(max(widest, minWidth), maxWidth), alignment: alignment)
        }
    }

    /// Row ids to sample: the first half of the budget from the top, the rest spread evenly,
    /// ending with the last row.
    static func sampleRows(count: Int, sampleSize: Int) -> [Int] {
        guard count > sampleSize else { return Array(0..<count) }
        let head = sampleSize / 2
        let spread = sampleSize - head
        var rows = Array(0..<head)
        let step = Double(count - head) / Double(spread)
        for i in 0..<spread { rows.append(head + Int(Double(i) * step)) }
        // The last row too: ids and running numbers are widest at the end.
        if spread > 0 { rows[rows.count - 1] = count - 1 }
        return rows
    }
}
