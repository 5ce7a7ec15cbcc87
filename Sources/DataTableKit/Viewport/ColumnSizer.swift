import TerminalSurface

/// Sizes columns from their content and the configuration's width modes (their content
/// widths; `ColumnWidthSolver` lays them out).
enum ColumnSizer {
    /// Values the first guess of a column's kind reads (the sampler checks it later).
    static let firstGuessSamples = 256
    /// Columns measured from their values as a table opens (more than a screen shows); the
    /// others start as wide as their titles, text, until the check over the large sample
    /// (`ColumnKindSampler`) measures them off the UI thread.
    static let measuredAtOpen = 512

    /// Measures the first `measuredAtOpen` columns over a sample of rows, as their width modes
    /// say; the others get the width their title and mode give (see `measuredAtOpen`).
    ///
    /// A content-fitted column is as wide as the strategy's measure of its values, at least
    /// `minColumnWidth`, at most `maxColumnWidth`, and always wide enough for its title plus
    /// the sort indicator (▲/▼). Very wide tables sample fewer rows, so that at most about a
    /// million cells are measured.
    /// - Complexity: O(columns + `measuredAtOpen` × sample size).
    static func columns(of source: DataTableDataSource, configuration: DataTableConfiguration) -> [TableColumn] {
        (0..<source.columnCount).map { column in
            let mode = configuration.columnWidthModeProvider?(column) ?? configuration.columnWidthMode
            guard column < measuredAtOpen else {
                let title = source.title(ofColumn: column)
                return TableColumn(title: title, width: width(content: 0, titleWidth: title.displayWidth + 1, mode: mode,
                                                              minWidth: configuration.minColumnWidth,
                                                              maxWidth: configuration.maxColumnWidth))
            }
            return measure(column: column, of: source, mode: mode, defaultSampleSize: configuration.columnWidthSampleSize,
                           minWidth: configuration.minColumnWidth, maxWidth: configuration.maxColumnWidth,
                           nullTokens: configuration.nullTokens)
        }
    }

    static func measure(column: Int, of source: DataTableDataSource, mode: DataTableColumnWidthMode,
                        defaultSampleSize: Int, minWidth: Int, maxWidth: Int,
                        nullTokens: NullTokens = .standard) -> TableColumn {
        let title = source.title(ofColumn: column)
        // One more column for the sort indicator the header puts before the title.
        let titleWidth = title.displayWidth + 1
        let (sampleSize, percentile) = sampling(of: mode, defaultSampleSize: defaultSampleSize)
        let budget = max(2, min(sampleSize, 1_000_000 / max(1, source.columnCount)))
        let rows = sampleRows(count: source.rowCount, sampleSize: budget)
        var widths: [Int] = []
        var samples: [String] = []
        for row in rows {
            let value = source.value(row: row, column: column)
            if value == .null { continue }
            // Measured only up to the cap: a huge field costs no more than a short one.
            let text = value.stringRepresentation
            widths.append(TerminalText.prefix(text[...], fittingWidth: maxWidth + 1).width)
            samples.append(text)
        }
        // A first guess from the first `firstGuessSamples` values measured (the first frame
        // waits for it; docs/decisions/0107); `ColumnKindSampler` checks it over 4,096 rows
        // spread through the file, off the UI thread.
        let (kind, format) = ColumnKindInference.infer(Array(samples.prefix(firstGuessSamples)), nullTokens: nullTokens,
                                                       delimiter: source.fieldDelimiter)
        let alignment: TextAlignment = kind == .integer || kind == .decimal ? .right : .left
        let width = self.width(content: percentileWidth(widths, percentile), titleWidth: titleWidth, mode: mode,
                               minWidth: minWidth, maxWidth: maxWidth)
        return TableColumn(title: title, width: width, alignment: alignment, kind: kind, format: format)
    }

    /// The rows a width mode samples and the share of their widths it fits.
    static func sampling(of mode: DataTableColumnWidthMode, defaultSampleSize: Int) -> (size: Int, percentile: Double) {
        switch mode {
        case .fixed, .fitContentText(.maxMeasured), .fitContentText(.fixed): return (defaultSampleSize, 1)
        case .fitContentText(.sampledMax(let size)): return (size, 1)
        case .fitContentText(.percentileMeasured(let p, let size)): return (size, max(0, min(1, p)))
        }
    }

    /// A column's width by its mode, from the `content` width its values measured and its
    /// title's width (the sort indicator's cell included).
    static func width(content: Int, titleWidth: Int, mode: DataTableColumnWidthMode, minWidth: Int, maxWidth: Int) -> Int {
        switch mode {
        case .fixed(let fixed):
            return max(1, minWidth, fixed)
        case .fitContentText(.fixed(let fixed)):
            return max(1, titleWidth, minWidth, fixed)
        case .fitContentText:
            return max(1, titleWidth, min(max(content, minWidth), maxWidth))
        }
    }

    /// The smallest width that `percentile` of `widths` fit in (0 for none).
    static func percentileWidth(_ widths: [Int], _ percentile: Double) -> Int {
        guard !widths.isEmpty else { return 0 }
        if percentile >= 1 { return widths.max()! }
        let sorted = widths.sorted()
        let index = Int(saturating: (Double(sorted.count) * percentile).rounded(.up)) - 1
        return sorted[max(0, min(sorted.count - 1, index))]
    }

    /// Row ids to sample: the first half of the budget from the top, the rest spread evenly,
    /// ending with the last row.
    static func sampleRows(count: Int, sampleSize: Int) -> [Int] {
        guard count > sampleSize else { return Array(0..<count) }
        let head = sampleSize / 2
        let spread = sampleSize - head
        var rows = Array(0..<head)
        let step = Double(count - head) / Double(spread)
        for i in 0..<spread { rows.append(head + Int(saturating: Double(i) * step)) }
        // The last row too: ids and running numbers are widest at the end.
        if spread > 0 { rows[rows.count - 1] = count - 1 }
        return rows
    }
}
