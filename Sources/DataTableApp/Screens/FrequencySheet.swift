import DataTableKit
import TerminalSurface

/// The frequency table of a column (`F`): its distinct values over the rows the table shows,
/// with their counts, percentages and a bar, most frequent first, and a total. Counted on two
/// worker threads while the sheet shows the progress (Esc cancels). `B` shows a number or date
/// column in bins instead (and back). `Enter` goes back to the table filtered to the value
/// under the cursor, or to every value marked with `m`.
final class FrequencySheet: SheetContent {
    /// What `Enter` chose: values (the null row included or not), or a range of bins.
    enum Choice: Equatable {
        /// Rows whose field is one of `values` or `longValues` (fields over 1 KiB, by length and
        /// SHA-256), or null when `includesNull`.
        case values(Set<String>, includesNull: Bool, longValues: Set<LongFieldKey> = [])
        /// Rows whose value lies in `[lower, upper)`, read in the column's kind (nil: no upper
        /// bound, the bin of infinity).
        case range(lower: String, upper: String?)
    }

    /// The table counted (the program's, or another sheet's).
    let table: DataTableView
    /// The source column counted.
    let column: Int
    let columnTitle: String
    /// What `Enter` does with a choice (filters `table`, closing the sheet).
    let onChoose: (Choice) -> ScreenOutcome
    /// The count while it runs.
    private(set) var job: FrequencyJob?
    /// The counts, once done.
    private(set) var counts: FrequencyTable?
    /// The bins of `counts`, made when first shown (nil: not binnable).
    private var bins: FrequencyBins??
    /// Whether the sheet shows bins.
    private(set) var showsBins = false

    /// The key that switches between values and bins.
    static let binsKey = Key.character("B")

    /// Starts counting `column` of `table` over the rows it shows.
    init(table: DataTableView, column: Int, onChoose: @escaping (Choice) -> ScreenOutcome) {
        self.table = table
        self.column = column
        self.columnTitle = table.dataSource.title(ofColumn: column)
        self.onChoose = onChoose
        job = table.startFrequency(ofColumn: column)
        isPartial = table.sourceLoadState.map { !$0.isComplete } ?? false
    }

    /// Whether the table was still loading when the count started (it covers the rows read so
    /// far, and says so).
    let isPartial: Bool

    /// `frequency of status`, `amount in bins of width 10`, and the bins key for numbers and
    /// dates (short: the status line drops a title that does not fit with the position).
    var title: String {
        var what = "frequency of \(columnTitle)"
        if showsBins, case .some(.some(let bins)) = bins { what = "\(columnTitle) in bins of \(bins.unitName)" }
        let binnable = counts.map { [.integer, .decimal, .dateTime].contains($0.kind) } ?? false
        return what + (binnable ? (showsBins ? "  B values" : "  B bins") : "")
    }

    var keyHelp: [(keys: String, summary: String)] {
        [("Enter", "back to the table, filtered to this value (or to the values marked)"),
         ("m", "mark or unmark a value to filter on"),
         ("B", "numbers and dates: show bins instead of values (again: values)"),
         ("q, Esc", "back to the table"),
         (":w FILE", "write this frequency table to FILE as CSV")]
    }

    /// The next table while its total row is computed (the grouping job), and whether it shows
    /// bins: shown when done.
    private var pendingView: DataTableView?
    private var pendingShowsBins = false
    /// The bins being made (the first `B`), on a worker.
    private var binning: FrequencyBinsJob?

    var isBusy: Bool { job != nil || pendingView != nil || binning != nil }

    var progress: String? {
        if pendingView != nil { return "counting \(columnTitle): ordering the values" }
        guard let job else { return nil }
        // After the last row: the two threads' counts are merged and ordered.
        guard job.fraction < 1 else { return "counting \(columnTitle): ordering the values of \(grouped(job.rowCount)) rows" }
        return "counting \(columnTitle): \(Int(saturating: job.fraction * 100))% of \(grouped(job.rowCount)) rows"
    }

    func cancelWork(in sheet: SheetScreen) -> Bool {
        if binning != nil {
            binning = nil  // its bins are not taken
            return true
        }
        if let pending = pendingView {
            pending.cancelJob()
            pendingView = nil
            return true
        }
        guard let job else { return false }
        job.cancel()
        self.job = nil
        return true
    }

    /// Takes the finished count and shows it; while counting, the progress redraws.
    func poll(_ sheet: SheetScreen) -> Bool {
        if let binning {
            guard let made = binning.bins else { return true }
            self.binning = nil
            bins = made
            _ = showBins(in: sheet)
            return true
        }
        if let pending = pendingView {
            _ = pending.refreshFromDataSource(checkingForChanges: false)
            guard pending.activeJob == nil else { return true }
            pendingView = nil
            showsBins = pendingShowsBins
            sheet.setTable(pending)
            return true
        }
        guard let job else { return false }
        guard job.isDone else { return true }
        self.job = nil
        guard let counts = job.takeTable() else { return true }
        self.counts = counts
        let view = makeView(size: sheet.view?.size ?? table.size, bins: false)
        if isPartial {
            view.showLastingNotice("counted the \(grouped(counts.total)) rows read so far: the file was still loading (F again counts them all)")
        }
        // Shown once its total row is there (Esc meanwhile closes the sheet, not the total).
        pendingView = view
        pendingShowsBins = false
        return poll(sheet)
    }

    func handle(_ key: Key, in sheet: SheetScreen) -> ScreenOutcome? {
        guard key == Self.binsKey else { return nil }
        guard let counts, binning == nil else { return .redraw }
        guard [.integer, .decimal, .dateTime].contains(counts.kind) else {
            sheet.view?.notice = "bins are for number and date columns (\(columnTitle) holds \(counts.kind.name))"
            return .redraw
        }
        // Made once, on a worker (they read every distinct value); `poll` shows them.
        guard bins != nil else {
            binning = FrequencyBinsJob(table: counts)
            sheet.view?.notice = "making the bins of \(columnTitle) (Esc cancels)"
            return .redraw
        }
        return showBins(in: sheet)
    }

    /// Switches between values and the bins made (or says why there are none).
    private func showBins(in sheet: SheetScreen) -> ScreenOutcome {
        guard let counts, let view = sheet.view else { return .redraw }
        guard case .some(.some) = bins else {
            view.notice = "no value of \(columnTitle) reads as a \(counts.kind == .dateTime ? "date" : "number"): no bins"
            return .redraw
        }
        pendingView?.cancelJob()
        pendingShowsBins = !showsBins
        pendingView = makeView(size: view.size, bins: pendingShowsBins)
        _ = poll(sheet)
        return .redraw
    }

    /// `Enter`: the values marked, else the one under the cursor, as a choice for the table.
    func activate(sourceRow: Int, in sheet: SheetScreen) -> ScreenOutcome {
        guard let view = sheet.view, let source = view.dataSource as? FrequencyDataSource else { return .ignored }
        if view.isCursorOnSectionRow {
            view.notice = "the total of the rows counted: Enter on a value filters the table to it"
            return .redraw
        }
        let rows = view.markedRows.isEmpty ? [sourceRow] : view.markedRows
        let entries = rows.map { source.entries[$0] }
        guard let choice = Self.choice(of: entries, in: source) else {
            view.notice = "values that are not numbers or dates have no range to filter on"
            return .redraw
        }
        return onChoose(choice)
    }

    /// What filtering on `entries` of `source` means: their values, or the span of their bins
    /// (nil when only unreadable values were chosen among bins).
    static func choice(of entries: [FrequencyDataSource.Entry], in source: FrequencyDataSource) -> Choice? {
        if let bins = source.bins {
            let indexes = entries.compactMap { entry -> Int? in
                if case .bin(let index) = entry { return index }
                return nil
            }
            guard let first = indexes.min(), let last = indexes.max() else {
                if entries.contains(.null) { return .values([], includesNull: true, longValues: []) }
                return nil
            }
            return .range(lower: bins.bins[first].lowerText, upper: bins.bins[last].upperText)
        }
        var values = Set<String>()
        var longValues = Set<LongFieldKey>()
        var includesNull = false
        for entry in entries {
            switch entry {
            case .value(let rank):
                // A value over 1 KiB is shown cut: the filter keeps it by its length and SHA-256.
                if let key = source.table.longValueKey(at: rank) { longValues.insert(key) } else { values.insert(source.table.text(at: rank)) }
            case .null: includesNull = true
            case .bin, .stray: break
            }
        }
        return .values(values, includesNull: includesNull, longValues: longValues)
    }

    /// The sheet's table over the counts (values or bins): value, count, percent and a bar,
    /// with a footer of the total; the program's theme, key bindings and null tokens.
    func makeView(size: Size, bins showingBins: Bool) -> DataTableView {
        guard let counts else { preconditionFailure("the counts come before the table") }
        let binned = showingBins ? (bins ?? nil) : nil
        let source = FrequencyDataSource(table: counts, bins: binned, valueTitle: columnTitle)
        var configuration = DataTableConfiguration()
        configuration.theme = table.configuration.theme
        configuration.prefersASCII = table.configuration.prefersASCII
        configuration.keyBindings = table.configuration.keyBindings
        configuration.nullTokens = table.configuration.nullTokens
        configuration.columnWidthModeProvider = { column in
            column == FrequencyDataSource.barColumn ? .fixed(width: Self.barWidth) : nil
        }
        configuration.cellSizingMode = .custom(provider: Self.cellProvider(nullStyle: table.configuration.theme.nullValue))
        let view = DataTableView(dataSource: source, configuration: configuration, size: size)
        // Room for the total's "Σ 123 values" under the values.
        let valueWidth = view.columns[FrequencyDataSource.valueColumn].width
        if valueWidth < 12 { view.setWidth(12, ofColumn: FrequencyDataSource.valueColumn) }
        view.setSectionCellProvider(FrequencyTotalCellProvider(total: counts.total, noun: binned == nil ? "values" : "bins"))
        // One section without a header: its footer is the total row (Σ, the values, the rows).
        view.setGrouping(DataTableGrouping(key: .sections(sectionOfRow: Array(repeating: 0, count: source.rowCount),
                                                           titles: ["total"]),
                                           showsHeaders: false, showsFooters: true,
                                           summaryColumns: .columns([FrequencyDataSource.countColumn])))
        return view
    }

    /// The bar column's width.
    static let barWidth = 30

    /// Text cells for the value, count and percent (the null row's value shown as `(null)`,
    /// dimmed); the library's progress bar, without its percentage, for the histogram.
    static func cellProvider(nullStyle: Style) -> DataTableCustomCellProvider {
        let textCells = TextCellProvider()  // single lines, truncated at the tail
        return DataTableCustomCellProvider(
            register: { $0.register(ProgressBarCell.self, forCellReuseIdentifier: ProgressBarCell.reuseIdentifier) },
            reuseIdentifierFor: { indexPath in
                indexPath.column == FrequencyDataSource.barColumn ? ProgressBarCell.reuseIdentifier : TextCell.reuseIdentifier
            },
            configure: { cell, value, context in
                if let bar = cell as? ProgressBarCell {
                    bar.showsPercentage = false
                    bar.fraction = value.doubleValue
                    return
                }
                textCells.configure(cell, with: value, context: context)
                guard let text = cell as? TextCell else { return }
                if context.indexPath.column == FrequencyDataSource.valueColumn,
                   let source = context.dataSource as? FrequencyDataSource, source.entries[context.sourceRow] == .null {
                    text.label.text = FrequencyDataSource.nullLabel
                    text.label.style = text.label.style.patched(with: nullStyle)
                }
            })
    }
}
