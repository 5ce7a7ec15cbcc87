import TerminalSurface

/// A column as the table lays it out: its title, width in cells, alignment and the kind of
/// values it holds.
public struct TableColumn: Hashable, Sendable {
    public var title: String
    /// Content width in character cells, not counting the gutter after it.
    public var width: Int
    public var alignment: TextAlignment
    /// What the column's values are, inferred from a sample (sorting compares by it).
    public var kind: SortKeyKind

    public init(title: String, width: Int, alignment: TextAlignment = .left, kind: SortKeyKind = .text) {
        self.title = title
        self.width = width
        self.alignment = alignment
        self.kind = kind
    }
}

/// Infers a column's kind from sampled values.
public enum ColumnKindInference {
    /// The first kind among integer, decimal, date/time and boolean that reads every non-empty
    /// sample, else text (also for a column with no non-empty sample).
    public static func kind(of samples: [String]) -> SortKeyKind {
        guard !samples.isEmpty else { return .text }
        if samples.allSatisfy({ ValueParsing.integer($0) != nil }) { return .integer }
        if samples.allSatisfy({ ValueParsing.decimal($0) != nil }) { return .decimal }
        if samples.allSatisfy({ ValueParsing.dateTime($0) != nil }) { return .dateTime }
        if samples.allSatisfy({ ValueParsing.boolean($0) != nil }) { return .boolean }
        return .text
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
            var samples: [String] = []
            for row in rows {
                let value = source.value(row: row, column: column)
                if value == .null { continue }
                // Measured only up to the cap: a huge field costs no more than a short one.
                let text = value.stringRepresentation
                widest = max(widest, TerminalText.prefix(text[...], fittingWidth: maxWidth + 1).width)
                if samples.count < 200 { samples.append(text) }
            }
            let kind = ColumnKindInference.kind(of: samples)
            let alignment: TextAlignment = kind == .integer || kind == .decimal ? .right : .left
            return TableColumn(title: title, width: min(max(widest, minWidth), maxWidth), alignment: alignment, kind: kind)
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
