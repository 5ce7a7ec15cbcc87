import DataTableKit
import TerminalSurface

/// The summary of every column (`I`): one row per column of the table (shown columns in display
/// order, then hidden ones) with its kind, non-null and null counts, distinct values, min, max,
/// mean, median, quartiles, the most frequent value and a histogram, over the rows the table
/// shows. Computed in the background on every core (`ColumnSummaryJob`); the rows fill in
/// column by column, and Esc stops the work (the columns done stay). `Enter` on a row goes back
/// to the table with the cursor on that column.
final class SummarySheet: SheetContent {
    /// The table summarized (the program's, or another sheet's).
    let table: DataTableView
    /// The rows' data, fed by the job.
    let source: SummaryDataSource
    /// What `Enter` does with a source column of `table` (closes the sheet, moves the cursor).
    let onChoose: (Int) -> ScreenOutcome
    private var job: ColumnSummaryJob { source.job }
    /// Whether the table was still loading: the summary covers the rows loaded then.
    private let coversRowsLoadedSoFar: Bool
    /// The sheet's table, once made (its rows flash as their summaries arrive).
    private weak var shownView: DataTableView?

    /// Starts summarizing `table`'s columns over the rows it shows (`distinctLimit`: distinct
    /// values counted exactly per column).
    init(table: DataTableView, distinctLimit: Int = ColumnSummaryJob.defaultDistinctLimit,
         onChoose: @escaping (Int) -> ScreenOutcome) {
        self.table = table
        self.onChoose = onChoose
        coversRowsLoadedSoFar = !(table.sourceLoadState?.isComplete ?? true)
        let job = table.makeColumnSummaryJob(distinctLimit: distinctLimit)
        source = SummaryDataSource(job: job)
        job.start()
    }

    var title: String {
        "summary of \(job.columns.count) column\(job.columns.count == 1 ? "" : "s") over \(grouped(job.rowCount)) "
            + "row\(job.rowCount == 1 ? "" : "s")\(coversRowsLoadedSoFar ? " loaded so far" : "")"
            + "\(job.isCancelled && job.isFinished ? " (cancelled)" : "")  Enter goes to the column"
    }

    var keyHelp: [(keys: String, summary: String)] {
        [("Enter", "back to the table, the cursor on this column"),
         ("q, Esc", "back to the table (Esc first stops the summary while it runs)"),
         (":w FILE", "write this summary to FILE as CSV")]
    }

    /// While the job runs, and while rows that just filled in flash.
    var isBusy: Bool { !job.isFinished || (shownView?.isFlashing ?? false) }

    var progress: String? { job.isFinished ? nil : "summarizing \(Int(saturating: job.fraction * 100))%" }

    func cancelWork(in sheet: SheetScreen) -> Bool {
        guard !job.isFinished, !job.isCancelled else { return false }
        job.cancel()
        sheet.view?.notice = "summary cancelled: the columns done so far stay"
        return true
    }

    /// The title follows the job (cancelled), the flash of rows that filled in fades; the rows
    /// come through the data source's changes.
    func poll(_ sheet: SheetScreen) -> Bool {
        guard let view = sheet.view else { return false }
        if view.configuration.title != title { view.configuration.title = title }
        return view.advanceFlash()
    }

    func activate(sourceRow: Int, in sheet: SheetScreen) -> ScreenOutcome {
        guard job.columns.indices.contains(sourceRow) else { return .ignored }
        return onChoose(job.columns[sourceRow].index)
    }

    /// The sheet's table: text cells, counts right-aligned and sorted as integers, the
    /// histogram drawn by the library's `HistogramCell`; the program's theme, key bindings and
    /// null tokens; the column names frozen on the left; the cursor on the row of the table's
    /// cursor column (so `I` then `Enter` comes back to it).
    func makeView(size: Size) -> DataTableView {
        typealias Field = SummaryDataSource.Field
        var configuration = DataTableConfiguration()
        configuration.title = title
        configuration.theme = table.configuration.theme
        configuration.prefersASCII = table.configuration.prefersASCII
        configuration.keyBindings = table.configuration.keyBindings
        configuration.nullTokens = table.configuration.nullTokens
        configuration.columnKinds = [Field.nonNull.rawValue: ColumnKindSetting(kind: .integer),
                                     Field.null.rawValue: ColumnKindSetting(kind: .integer),
                                     Field.distinct.rawValue: ColumnKindSetting(kind: .integer),
                                     Field.kind.rawValue: ColumnKindSetting(kind: .text),
                                     Field.mostFrequent.rawValue: ColumnKindSetting(kind: .text),
                                     Field.histogram.rawValue: ColumnKindSetting(kind: .text)]
        configuration.fixedColumns = DataTableFixedColumns(leftColumns: 1)
        configuration.cellSizingMode = .custom(provider: Self.cellProvider())
        let view = DataTableView(dataSource: source, configuration: configuration, size: size)
        shownView = view
        if !table.columns.isEmpty, let row = job.columns.firstIndex(where: { $0.index == table.cursorSourceColumn }) {
            view.viewport.moveCursor(to: DataTableIndexPath(row: row, column: 0))
        }
        return view
    }

    /// Text cells (numbers right-aligned); the histogram column draws `HistogramCell`s.
    static func cellProvider() -> DataTableCustomCellProvider {
        let textCells = TextCellProvider()  // single lines, truncated at the tail
        return DataTableCustomCellProvider(
            register: { $0.register(HistogramCell.self, forCellReuseIdentifier: HistogramCell.reuseIdentifier) },
            reuseIdentifierFor: { indexPath in
                indexPath.column == SummaryDataSource.Field.histogram.rawValue ? HistogramCell.reuseIdentifier
                    : TextCell.reuseIdentifier
            },
            configure: { cell, value, context in
                if let histogram = cell as? HistogramCell {
                    histogram.configure(with: value)
                    return
                }
                textCells.configure(cell, with: value, context: context)
            })
    }
}
